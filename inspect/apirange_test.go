package inspect

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

func TestCheckAPIDropsOutOfRange(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	i := func(v int) *int { return &v }
	u := func(v uint64) *uint64 { return &v }
	a := &APIFacts{Server: "vllm", NCtx: u(0), SlotsTotal: i(4), SlotsBusy: i(9), TokensPerSecond: f(math.NaN()),
		RequestsProcessing: f(-1), KVUsageRatio: f(1.5), VRAMBytes: u(math.MaxUint64)}
	checkAPI(a)
	if a.NCtx != nil || a.SlotsBusy != nil || a.TokensPerSecond != nil || a.RequestsProcessing != nil || a.KVUsageRatio != nil || a.VRAMBytes != nil {
		t.Errorf("kept: %+v", a)
	}
	if a.SlotsTotal == nil || *a.SlotsTotal != 4 || len(a.Notes) != 6 {
		t.Errorf("slots %v, notes %q", a.SlotsTotal, a.Notes)
	}
	if _, err := json.Marshal(a); err != nil {
		t.Errorf("not JSON: %v", err)
	}
	good := &APIFacts{Server: "llama-server", NCtx: u(4096), SlotsTotal: i(2), SlotsBusy: i(2), TokensPerSecond: f(42.5),
		RequestsProcessing: f(1), KVUsageRatio: f(0), VRAMBytes: u(8 << 30)}
	checkAPI(good)
	if len(good.Notes) != 0 || good.KVUsageRatio == nil || *good.TokensPerSecond != 42.5 {
		t.Errorf("in-range values dropped: %q", strings.Join(good.Notes, "; "))
	}
}
