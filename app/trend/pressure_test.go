package trend_test

import (
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/trend"
	"github.com/gputaskman/gtm/internal/schema"
)

func f64(v float64) *float64 { return &v }

// llmSnap is a refresh at second sec of one LLM process on GPU 0.
func llmSnap(sec int, l schema.LLM) *schema.Snapshot {
	dev, start := 0, t0.Add(-time.Hour)
	return &schema.Snapshot{TakenAt: t0.Add(time.Duration(sec) * time.Second),
		Processes: []schema.Process{{PID: 42, DeviceIndex: &dev, StartTime: &start, LLM: &l}}}
}

// TestPressure: a full KV cache with a queue, a rising preemption counter
// and every slot busy with requests deferred are each named in words a
// user acts on, with since when; a full cache with no queue, a counter
// that does not move, or a first reading of it are not.
func TestPressure(t *testing.T) {
	a := trend.NewAnnotator()
	busy, slots := 4, 4
	steps := []struct {
		l    schema.LLM
		want []string
	}{
		{schema.LLM{KVUsagePercent: f64(97), RequestsWaiting: f64(0), PreemptionsTotal: f64(5)}, nil},
		{schema.LLM{KVUsagePercent: f64(97), RequestsWaiting: f64(12), PreemptionsTotal: f64(5)}, []string{"KV cache full: 12 requests waiting"}},
		{schema.LLM{KVUsagePercent: f64(98), RequestsWaiting: f64(1), PreemptionsTotal: f64(8)},
			[]string{"KV cache full: 1 request waiting", "preempting requests: 3 preemptions since the last refresh (the KV cache is too small for the load)"}},
		{schema.LLM{KVUsagePercent: f64(60), RequestsWaiting: f64(3), PreemptionsTotal: f64(8)}, nil},
		{schema.LLM{SlotsBusy: &busy, SlotsTotal: &slots, RequestsDeferred: f64(2)}, []string{"all 4 slots busy: 2 requests deferred"}},
	}
	var kvSince time.Time
	for i, st := range steps {
		s := llmSnap(i, st.l)
		a.Annotate(s)
		got := s.Processes[0].LLM.Pressure
		if got == nil {
			t.Fatalf("step %d: pressure null after annotation", i)
		}
		if len(got) != len(st.want) {
			t.Fatalf("step %d: %+v, want %q", i, got, st.want)
		}
		for j, w := range st.want {
			if got[j].Text != w {
				t.Errorf("step %d: %q, want %q", i, got[j].Text, w)
			}
			if got[j].Kind == "kv_full" {
				if kvSince.IsZero() {
					kvSince = got[j].Since
				} else if !got[j].Since.Equal(kvSince) {
					t.Errorf("step %d: KV full since %v, first seen %v", i, got[j].Since, kvSince)
				}
			}
		}
	}
}
