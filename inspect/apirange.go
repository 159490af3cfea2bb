package inspect

import (
	"fmt"
	"math"
)

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

// checkAPI drops every out-of-range number in a, saying which in a.Notes.
func checkAPI(a *APIFacts) {
	if a == nil {
		return
	}
	drop := func(name string, v any, want string) {
		a.Notes = append(a.Notes, fmt.Sprintf("the %s API reported %s = %v, not %s: ignored", a.Server, name, v, want))
	}
	if a.NCtx != nil && (*a.NCtx == 0 || *a.NCtx > maxReportedCtx) {
		drop("n_ctx", *a.NCtx, fmt.Sprintf("1 to %d tokens", maxReportedCtx))
		a.NCtx = nil
	}
	if a.SlotsTotal != nil && (*a.SlotsTotal < 0 || *a.SlotsTotal > maxReportedSlots) {
		drop("total slots", *a.SlotsTotal, fmt.Sprintf("0 to %d", maxReportedSlots))
		a.SlotsTotal = nil
	}
	if a.SlotsBusy != nil && (*a.SlotsBusy < 0 || *a.SlotsBusy > maxReportedSlots || a.SlotsTotal != nil && *a.SlotsBusy > *a.SlotsTotal) {
		drop("busy slots", *a.SlotsBusy, "0 to the total slots")
		a.SlotsBusy = nil
	}
	a.TokensPerSecond = checkFloat(a, "tokens per second", a.TokensPerSecond, 0, maxReportedTokPerSec)
	a.RequestsProcessing = checkFloat(a, "requests processing", a.RequestsProcessing, 0, maxReportedRequests)
	a.KVUsageRatio = checkFloat(a, "KV cache usage ratio", a.KVUsageRatio, 0, 1)
	if a.VRAMBytes != nil && *a.VRAMBytes > maxReportedVRAM {
		drop("VRAM bytes", *a.VRAMBytes, "a possible size")
		a.VRAMBytes = nil
	}
}

// checkFloat returns v when it is finite and within lo..hi, else nil with
// a note on a.
func checkFloat(a *APIFacts, name string, v *float64, lo, hi float64) *float64 {
	if v == nil {
		return nil
	}
	if math.IsNaN(*v) || math.IsInf(*v, 0) || *v < lo || *v > hi {
		a.Notes = append(a.Notes, fmt.Sprintf("the %s API reported %s = %g, not a number from %g to %g: ignored", a.Server, name, *v, lo, hi))
		return nil
	}
	return v
}
