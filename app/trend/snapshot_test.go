package trend_test

import (
	"math"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/trend"
	"github.com/gputaskman/gtm/internal/schema"
)

func u64(v float64) *uint64 { n := uint64(v); return &n }
func intp(v int) *int       { return &v }

// snap is one refresh: a 24 GiB device holding a process growing 20 MiB/s
// from second 30 (PID 7) and one that warmed up in steps (PID 8).
func snap(sec int, start time.Time) *schema.Snapshot {
	leaking := 1*gib + leak(sec, 30, -1, 20*mib)
	warm := steps([]int{0, 5, 12}, []float64{512 * mib, 3 * gib, 4 * gib})(sec)
	return &schema.Snapshot{
		TakenAt: t0.Add(time.Duration(sec) * time.Second),
		Devices: []schema.Device{{Index: 0, MemoryTotalBytes: u64(24 * gib), MemoryUsedBytes: u64(leaking + warm + 300*mib)}},
		Processes: []schema.Process{
			{PID: 7, DeviceIndex: intp(0), StartTime: &start, VRAMBytes: u64(leaking)},
			{PID: 8, DeviceIndex: intp(0), StartTime: &start, VRAMBytes: u64(warm)},
			{PID: 9, DeviceIndex: intp(0), StartTime: &start}, // memory hidden: no trend
		},
	}
}

// TestAnnotateLeakAndForecast: refresh by refresh, the growing process is
// a leak suspect within 60 s of its start, the device's forecast is right
// to within 20 % and names it, the stepped process is never a suspect,
// and nothing is said in the first 30 s.
func TestAnnotateLeakAndForecast(t *testing.T) {
	a := trend.NewAnnotator()
	start := t0.Add(-time.Hour)
	named := -1
	for sec := 0; sec <= 150; sec++ {
		s := snap(sec, start)
		a.Annotate(s)
		leakT, warmT, hidden, dev := s.Processes[0].VRAMTrend, s.Processes[1].VRAMTrend, s.Processes[2].VRAMTrend, s.Devices[0]
		if sec < 30 && (leakT != nil || dev.VRAMTrend != nil) {
			t.Fatalf("second %d: a trend from under 30 s of readings", sec)
		}
		if hidden != nil {
			t.Fatalf("second %d: a trend for a process whose memory is hidden", sec)
		}
		if warmT != nil && warmT.Shape == string(trend.Growth) {
			t.Fatalf("second %d: the warm-up named steady growth", sec)
		}
		if leakT == nil || leakT.Shape != string(trend.Growth) {
			continue
		}
		if named < 0 {
			named = sec
		}
		if leakT.Source != "inferred" || leakT.Since == nil || leakT.Method == "" {
			t.Errorf("second %d: trend %+v lacks its evidence", sec, leakT)
		}
		f := dev.VRAMForecast
		if f == nil {
			t.Fatalf("second %d: the leak is named, the device has no forecast (trend %+v)", sec, dev.VRAMTrend)
		}
		used := float64(*dev.MemoryUsedBytes)
		truth := (24*gib - used) / (20 * mib)
		if math.Abs(f.FullInSeconds-truth)/truth > 0.2 || f.DrivenByPID == nil || *f.DrivenByPID != 7 {
			t.Errorf("second %d: forecast %.0f s by %v, truth %.0f s by PID 7", sec, f.FullInSeconds, f.DrivenByPID, truth)
		}
	}
	if named < 0 || named > 90 {
		t.Errorf("the leak starting at 30 s was named at %d s", named)
	}
}

// TestAnnotateClearsStale: a snapshot annotated again (a replayed one that
// carries recorded trends) gets only what the annotator infers now.
func TestAnnotateClearsStale(t *testing.T) {
	s := snap(0, t0)
	s.Processes[0].VRAMTrend = &schema.Trend{Shape: "steady growth"}
	s.Devices[0].VRAMForecast = &schema.Forecast{FullInSeconds: 1}
	trend.NewAnnotator().Annotate(s)
	if s.Processes[0].VRAMTrend != nil || s.Devices[0].VRAMForecast != nil {
		t.Error("a recorded trend survived annotation with no history")
	}
}
