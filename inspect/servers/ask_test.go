package servers

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"time"
)

// said is a server that answers what it is told to.
type said struct {
	facts Facts
	err   error
}

func (said) Name() string           { return "said" }
func (said) Recognise(Process) Role { return NotServer }
func (said) Checks() []Check        { return nil }
func (s said) Probe(context.Context, ProbeRequest) (*Facts, error) {
	if s.err != nil {
		return nil, s.err
	}
	f := s.facts
	return &f, nil
}

func ask(t *testing.T, f Facts, last *Facts) *Facts {
	t.Helper()
	got, err := Ask(context.Background(), said{facts: f}, ProbeRequest{Last: last})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// What a server reports out of range is dropped with a note naming the
// server; the rest stands.
func TestAskDropsOutOfRange(t *testing.T) {
	a := ask(t, Facts{NCtx: i64(0), SlotsTotal: i64(4), SlotsBusy: i64(9), TokensPerSecond: f64(math.NaN()),
		RequestsProcessing: f64(-1), KVUsageRatio: f64(1.5), VRAMBytes: i64(math.MaxInt64)}, nil)
	if a.NCtx != nil || a.SlotsBusy != nil || a.TokensPerSecond != nil || a.RequestsProcessing != nil || a.KVUsageRatio != nil || a.VRAMBytes != nil {
		t.Errorf("kept: %+v", a)
	}
	if a.SlotsTotal == nil || *a.SlotsTotal != 4 || len(a.Notes) != 6 || !strings.HasPrefix(a.Notes[0], "the said API reported n_ctx = 0") {
		t.Errorf("slots %v, notes %q", a.SlotsTotal, a.Notes)
	}
	if _, err := json.Marshal(a.Notes); err != nil {
		t.Errorf("not JSON: %v", err)
	}
	good := ask(t, Facts{NCtx: i64(4096), SlotsTotal: i64(2), SlotsBusy: i64(2), TokensPerSecond: f64(42.5),
		RequestsProcessing: f64(1), KVUsageRatio: f64(0), VRAMBytes: i64(8 << 30), KVCapacityTokens: i64(1 << 20)}, nil)
	if len(good.Notes) != 0 || good.KVUsageRatio == nil || *good.TokensPerSecond != 42.5 || *good.KVCapacityTokens != 1<<20 {
		t.Errorf("in-range values dropped: %q", strings.Join(good.Notes, "; "))
	}
	// a negative size is a server's "not set": unknown, not a fault
	unset := ask(t, Facts{NCtx: i64(-1), VRAMBytes: i64(-1), KVCapacityTokens: i64(-1)}, nil)
	if unset.NCtx != nil || unset.VRAMBytes != nil || unset.KVCapacityTokens != nil || len(unset.Notes) != 0 {
		t.Errorf("negative sizes: %+v", unset)
	}
}

// A server that reports no rate gets one from its generated-token counter
// between two answers at least a second apart; a restarted counter or a
// first answer gives none, and a rate the server reports stands.
func TestAskRate(t *testing.T) {
	long := time.Now().Add(-10 * time.Second)
	got := ask(t, Facts{GenerationTokens: f64(1100)}, &Facts{GenerationTokens: f64(100), At: long})
	if got.TokensPerSecond == nil || *got.TokensPerSecond > 100 || *got.TokensPerSecond < 90 || got.At.IsZero() {
		t.Errorf("rate = %s, want 1000 tokens over about 10 s", showFloat(got.TokensPerSecond))
	}
	for name, c := range map[string]struct{ now, last *Facts }{
		"first answer":      {&Facts{GenerationTokens: f64(1100)}, nil},
		"counter restarted": {&Facts{GenerationTokens: f64(10)}, &Facts{GenerationTokens: f64(100), At: long}},
		"under a second":    {&Facts{GenerationTokens: f64(1100)}, &Facts{GenerationTokens: f64(100), At: time.Now()}},
		"no counter":        {&Facts{}, &Facts{GenerationTokens: f64(100), At: long}},
	} {
		if got := ask(t, *c.now, c.last); got.TokensPerSecond != nil {
			t.Errorf("%s: rate %v", name, *got.TokensPerSecond)
		}
	}
	if got := ask(t, Facts{TokensPerSecond: f64(7), GenerationTokens: f64(1100)}, &Facts{GenerationTokens: f64(100), At: long}); *got.TokensPerSecond != 7 {
		t.Errorf("the server's own rate replaced: %v", *got.TokensPerSecond)
	}
	// a hostile counter's rate is checked like a reported one
	if got := ask(t, Facts{GenerationTokens: f64(1e12)}, &Facts{GenerationTokens: f64(0), At: long}); got.TokensPerSecond != nil || len(got.Notes) != 1 {
		t.Errorf("rate %v notes %q", showFloat(got.TokensPerSecond), got.Notes)
	}
}

func TestAskGaveNothing(t *testing.T) {
	down := errors.New("connection refused")
	if f, err := Ask(context.Background(), said{err: down}, ProbeRequest{}); f != nil || !errors.Is(err, down) {
		t.Errorf("Ask = %+v, %v", f, err)
	}
}
