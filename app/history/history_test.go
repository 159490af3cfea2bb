package history

import (
	"math"
	"testing"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

func histSnap(t0 time.Time, sec int, gpu *float64) *schema.Snapshot {
	return &schema.Snapshot{
		TakenAt: t0.Add(time.Duration(sec) * time.Second),
		Devices: []schema.Device{{Index: 0, GPUUtilPercent: gpu, MemoryTotalBytes: schema.Ptr(uint64(8 << 30)),
			MemoryUsedBytes: schema.Ptr(uint64(sec) << 20), PowerLimitW: schema.Ptr(300.0), PowerW: schema.Ptr(float64(sec))}},
	}
}

func TestHistoryBoundedAndOrdered(t *testing.T) {
	h := New(10*time.Second, time.Second)
	if h.Capacity() != 10 {
		t.Fatalf("capacity = %d", h.Capacity())
	}
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := 0; i < 25; i++ {
		h.Add(histSnap(t0, i, schema.Ptr(float64(i))))
	}
	s := h.Series(0, MetricGPU)
	if s.Len() != 10 {
		t.Fatalf("len = %d, want 10 (bounded)", s.Len())
	}
	for i := 0; i < s.Len(); i++ {
		ts, v := s.At(i)
		if v != float32(15+i) || !ts.Equal(t0.Add(time.Duration(15+i)*time.Second)) {
			t.Errorf("sample %d = %v at %v", i, v, ts)
		}
	}
	if _, v, _ := s.Last(); v != 24 {
		t.Errorf("last = %v", v)
	}
	// An older snapshot (a replay going back without Reset) is ignored.
	h.Add(histSnap(t0, 3, schema.Ptr(99.0)))
	if _, v, _ := h.Series(0, MetricGPU).Last(); v != 24 {
		t.Errorf("older snapshot changed the history: last = %v", v)
	}
	h.Reset()
	if h.Series(0, MetricGPU).Len() != 0 {
		t.Error("Reset kept samples")
	}
}

func TestHistoryGapIsNotZero(t *testing.T) {
	h := New(time.Minute, time.Second)
	t0 := time.Now()
	h.Add(histSnap(t0, 0, schema.Ptr(0.0)))
	h.Add(histSnap(t0, 1, nil))
	h.Add(histSnap(t0, 2, schema.Ptr(50.0)))
	s := h.Series(0, MetricGPU)
	_, v0 := s.At(0)
	_, v1 := s.At(1)
	_, v2 := s.At(2)
	if v0 != 0 || !math.IsNaN(float64(v1)) || v2 != 50 {
		t.Errorf("values = %v %v %v, want 0 NaN 50", v0, v1, v2)
	}
	// Unknown temperature everywhere: all gaps, scale still fixed.
	ts := h.Series(0, MetricTemperature)
	for i := 0; i < ts.Len(); i++ {
		if _, v := ts.At(i); !math.IsNaN(float64(v)) {
			t.Errorf("temperature sample %d = %v, want a gap", i, v)
		}
	}
	if ts.Max != 120 {
		t.Errorf("temperature scale = %v", ts.Max)
	}
}

func TestHistoryScales(t *testing.T) {
	h := New(time.Minute, time.Second)
	t0 := time.Now()
	for i := 0; i < 3; i++ {
		s := histSnap(t0, i, nil)
		s.Devices[0].SMClockMHz = schema.Ptr(1000.0 + float64(i)*600)
		h.Add(s)
	}
	cases := []struct {
		m     Metric
		max   float64
		label string
	}{
		{MetricGPU, 100, "%"}, {MetricEncoder, 100, "%"}, {MetricTemperature, 120, "°C"},
		{MetricVRAM, 8 << 30, "total"}, {MetricPower, 300, "limit"}, {MetricSMClock, 2250, "highest seen"},
	}
	for _, c := range cases {
		s := h.Series(0, c.m)
		if s.Max != c.max || s.MaxLabel != c.label {
			t.Errorf("%v scale = %v %q, want %v %q", c.m, s.Max, s.MaxLabel, c.max, c.label)
		}
	}
	if s := h.Series(7, MetricGPU); s.Len() != 0 {
		t.Error("unknown device has samples")
	}
}

func TestHistoryWrapsWithoutGrowing(t *testing.T) {
	h := New(DefaultSpan, time.Second)
	t0 := time.Now()
	for i := 0; i < 3*h.Capacity(); i++ {
		h.Add(histSnap(t0, i, schema.Ptr(1.0)))
	}
	allocs := testing.AllocsPerRun(100, func() {
		t0 = t0.Add(time.Hour)
		h.Add(histSnap(t0, 0, schema.Ptr(1.0)))
	})
	// histSnap itself allocates; Add must not add per-sample allocations.
	if allocs > 12 {
		t.Errorf("%v allocations per Add", allocs)
	}
}

func idleSnap(t0 time.Time, sec int, vram *uint64, gpu *float64, utilOK bool) *schema.Snapshot {
	s := &schema.Snapshot{TakenAt: t0.Add(time.Duration(sec) * time.Second),
		Devices:   []schema.Device{{Index: 0}},
		Processes: []schema.Process{{PID: 42, DeviceIndex: schema.Ptr(0), VRAMBytes: vram, GPUUtilPercent: gpu}}}
	if utilOK {
		s.Sources = append(s.Sources, schema.OK("nvml.process_utilization.gpu0"))
	} else {
		s.Sources = append(s.Sources, schema.Failed("nvml.process_utilization.gpu0", errTest))
	}
	return s
}

type testErr string

func (e testErr) Error() string { return string(e) }

var errTest = testErr("ERROR_NO_PERMISSION")

func TestHistoryIdleFor(t *testing.T) {
	h := New(time.Minute, time.Second)
	t0 := time.Now()
	nine := schema.Ptr(uint64(9 << 30))
	h.Add(idleSnap(t0, 0, nine, schema.Ptr(80.0), true))
	if d, ok := h.IdleFor(0, 42, t0); !ok || d != 0 {
		t.Errorf("busy: %v %v", d, ok)
	}
	h.Add(idleSnap(t0, 1, nine, schema.Ptr(0.0), true))
	h.Add(idleSnap(t0, 5, nine, nil, true)) // no sample: did not run
	if d, ok := h.IdleFor(0, 42, t0.Add(5*time.Second)); !ok || d != 4*time.Second {
		t.Errorf("idle: %v %v, want 4s", d, ok)
	}
	// Utilisation not readable: unknown, not idle.
	h.Add(idleSnap(t0, 6, nine, nil, false))
	if _, ok := h.IdleFor(0, 42, t0.Add(6*time.Second)); ok {
		t.Error("idle known without a utilisation reading")
	}
	// Holding nothing: does not apply.
	h.Add(idleSnap(t0, 7, schema.Ptr(uint64(0)), schema.Ptr(0.0), true))
	if _, ok := h.IdleFor(0, 42, t0.Add(7*time.Second)); ok {
		t.Error("idle for a process that holds no VRAM")
	}
	// Busy again resets; a process that left is forgotten.
	h.Add(idleSnap(t0, 8, nine, schema.Ptr(0.0), true))
	h.Add(idleSnap(t0, 9, nine, schema.Ptr(3.0), true))
	if d, ok := h.IdleFor(0, 42, t0.Add(9*time.Second)); !ok || d != 0 {
		t.Errorf("busy again: %v %v", d, ok)
	}
	h.Add(&schema.Snapshot{TakenAt: t0.Add(10 * time.Second)})
	if len(h.idle) != 0 {
		t.Errorf("idle map keeps %d gone processes", len(h.idle))
	}
}

// A PID reused by a new process (new start time) starts idle afresh: it
// never inherits the old process's idle time.
func TestHistoryIdlePIDReuse(t *testing.T) {
	h := New(time.Minute, time.Second)
	t0 := time.Now()
	nine := schema.Ptr(uint64(9 << 30))
	withStart := func(s *schema.Snapshot, start time.Time) *schema.Snapshot {
		s.Processes[0].StartTime = &start
		return s
	}
	h.Add(withStart(idleSnap(t0, 0, nine, schema.Ptr(0.0), true), t0.Add(-time.Hour)))
	h.Add(withStart(idleSnap(t0, 30, nine, schema.Ptr(0.0), true), t0.Add(-time.Hour)))
	if d, ok := h.IdleFor(0, 42, t0.Add(30*time.Second)); !ok || d != 30*time.Second {
		t.Fatalf("old process idle for %v %v", d, ok)
	}
	h.Add(withStart(idleSnap(t0, 31, nine, schema.Ptr(0.0), true), t0.Add(31*time.Second)))
	if d, ok := h.IdleFor(0, 42, t0.Add(31*time.Second)); !ok || d != 0 {
		t.Errorf("reused PID idle for %v %v, want 0", d, ok)
	}
}
