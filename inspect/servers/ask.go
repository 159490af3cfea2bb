package servers

import (
	"context"
	"fmt"
	"math"
	"time"
)

// Ask asks s on req.Port what it holds (s.Probe) and returns its answer
// checked (docs/design.md, safety rule 3): a number outside what a server
// can hold is dropped with a note, never the answer, so callers take what
// is left as it is. A server that reports no rate of its own gets one
// from its generated-token counter since req.Last.
func Ask(ctx context.Context, s Server, req ProbeRequest) (*Facts, error) {
	f, err := s.Probe(ctx, req)
	if err != nil {
		return nil, err
	}
	f.At = time.Now()
	if f.TokensPerSecond == nil {
		f.TokensPerSecond = rate(req.Last, f)
	}
	f.check(s.Name())
	return f, nil
}

// rate derives tokens per second from two answers' generated-token
// counters; nil for a first answer, after the counter restarted, or when
// less than a second passed.
func rate(last, f *Facts) *float64 {
	if last == nil || last.GenerationTokens == nil || f.GenerationTokens == nil || *f.GenerationTokens < *last.GenerationTokens {
		return nil
	}
	dt := f.At.Sub(last.At).Seconds()
	if dt < 1 {
		return nil
	}
	r := (*f.GenerationTokens - *last.GenerationTokens) / dt
	return &r
}

// Bounds of what a local server may report and still be believed. A value
// outside them (a hostile or broken server, a counter gone wrong) is
// dropped with a note; it never fails the snapshot (NaN and ±Inf cannot
// even be written as JSON).
const (
	maxReportedCtx       = 1 << 26 // tokens; the largest contexts models ship with are ~1<<24
	maxReportedSlots     = 1 << 16
	maxReportedTokPerSec = 1e7
	maxReportedRequests  = 1e7
	maxReportedVRAM      = 1 << 50 // 1 PiB
)

// check drops every number of f out of range, saying which in f.Notes. A
// negative size is how servers say "not set": it is dropped unremarked.
func (f *Facts) check(server string) {
	drop := func(name string, v any, want string) {
		f.Notes = append(f.Notes, fmt.Sprintf("the %s API reported %s = %v, not %s: ignored", server, name, v, want))
	}
	f.NCtx, f.VRAMBytes, f.KVCapacityTokens = unset(f.NCtx), unset(f.VRAMBytes), unset(f.KVCapacityTokens)
	if f.NCtx != nil && (*f.NCtx == 0 || *f.NCtx > maxReportedCtx) {
		drop("n_ctx", *f.NCtx, fmt.Sprintf("1 to %d tokens", maxReportedCtx))
		f.NCtx = nil
	}
	if f.SlotsTotal != nil && (*f.SlotsTotal < 0 || *f.SlotsTotal > maxReportedSlots) {
		drop("total slots", *f.SlotsTotal, fmt.Sprintf("0 to %d", maxReportedSlots))
		f.SlotsTotal = nil
	}
	if f.SlotsBusy != nil && (*f.SlotsBusy < 0 || *f.SlotsBusy > maxReportedSlots || f.SlotsTotal != nil && *f.SlotsBusy > *f.SlotsTotal) {
		drop("busy slots", *f.SlotsBusy, "0 to the total slots")
		f.SlotsBusy = nil
	}
	f.TokensPerSecond = f.checkFloat(server, "tokens per second", f.TokensPerSecond, 0, maxReportedTokPerSec)
	f.RequestsProcessing = f.checkFloat(server, "requests processing", f.RequestsProcessing, 0, maxReportedRequests)
	f.KVUsageRatio = f.checkFloat(server, "KV cache usage ratio", f.KVUsageRatio, 0, 1)
	if f.VRAMBytes != nil && *f.VRAMBytes > maxReportedVRAM {
		drop("VRAM bytes", *f.VRAMBytes, "a possible size")
		f.VRAMBytes = nil
	}
}

// checkFloat returns v when it is finite and within lo..hi, else nil with
// a note on f.
func (f *Facts) checkFloat(server, name string, v *float64, lo, hi float64) *float64 {
	if v == nil {
		return nil
	}
	if math.IsNaN(*v) || math.IsInf(*v, 0) || *v < lo || *v > hi {
		f.Notes = append(f.Notes, fmt.Sprintf("the %s API reported %s = %g, not a number from %g to %g: ignored", server, name, *v, lo, hi))
		return nil
	}
	return v
}

// unset is v, or nil when v is negative.
func unset(v *int64) *int64 {
	if v == nil || *v < 0 {
		return nil
	}
	return v
}
