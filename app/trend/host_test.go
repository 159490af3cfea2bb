package trend_test

import (
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/trend"
	"github.com/gputaskman/gtm/internal/schema"
)

// spillSnap is a refresh at second sec: GPU 0 used to usedPct of 8 GiB,
// PID 5 spilling 2 MiB/s from second 10 (a game on Windows, or an APU's
// GTT on Linux) and offloading a model (RSS growing too).
func spillSnap(sec int, usedPct float64) *schema.Snapshot {
	dev, start := 0, t0.Add(-time.Hour)
	total, used := uint64(8<<30), uint64(usedPct/100*float64(8<<30))
	spill := uint64(512<<20) + uint64(max(0, sec-10))*(2<<20)
	rss := uint64(4<<30) + uint64(max(0, sec-10))*(2<<20)
	vram := uint64(6 << 30)
	return &schema.Snapshot{TakenAt: t0.Add(time.Duration(sec) * time.Second),
		Devices: []schema.Device{{Index: 0, MemoryTotalBytes: &total, MemoryUsedBytes: &used}},
		Processes: []schema.Process{
			{PID: 5, DeviceIndex: &dev, StartTime: &start, VRAMBytes: &vram, SpillBytes: &spill, RSSBytes: &rss,
				LLM: &schema.LLM{Host: &schema.HostParts{}}},
			{PID: 6, DeviceIndex: &dev, StartTime: &start, VRAMBytes: &vram, RSSBytes: &rss},
		}}
}

// TestSpilling: a process whose spill keeps rising while its GPU is 98 %
// full is spilling, in words, since when it began; the same spill beside
// a GPU at 70 % is not (shared memory may be pinned on purpose). RSS is
// trended for the process that offloads a model, not for others.
func TestSpilling(t *testing.T) {
	for _, c := range []struct {
		used float64
		want bool
	}{{98, true}, {70, false}} {
		a := trend.NewAnnotator()
		var s *schema.Snapshot
		var since time.Time
		for sec := 0; sec <= 120; sec++ {
			s = spillSnap(sec, c.used)
			a.Annotate(s)
			if sp := s.Processes[0].Spilling; sp != nil && since.IsZero() {
				since = sp.Since
			}
		}
		p := s.Processes[0]
		if p.SpillTrend == nil || p.SpillTrend.Shape != "steady growth" {
			t.Fatalf("GPU at %v %%: spill trend %+v", c.used, p.SpillTrend)
		}
		switch {
		case c.want && (p.Spilling == nil || !strings.HasPrefix(p.Spilling.Text, "spilling to shared memory: slow (spill +120.0 MiB/min while GPU 0 is 98 % full)") ||
			p.Spilling.Source != "inferred" || !p.Spilling.Since.Equal(since)):
			t.Errorf("GPU at 98 %%: spilling %+v", p.Spilling)
		case !c.want && p.Spilling != nil:
			t.Errorf("GPU at 70 %%: spilling %+v", p.Spilling)
		}
		if p.RSSTrend == nil || p.RSSTrend.Shape != "steady growth" || s.Processes[1].RSSTrend != nil {
			t.Errorf("RSS trends %+v (offloading) %+v (not)", p.RSSTrend, s.Processes[1].RSSTrend)
		}
	}
}
