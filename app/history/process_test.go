package history

import (
	"math"
	"testing"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

// procSnap is a refresh at second sec with PID 7 (started at start)
// holding vram on GPU 0 (nil: hidden by the driver).
func procSnap(t0 time.Time, sec int, start time.Time, vram *uint64) *schema.Snapshot {
	dev, total := 0, uint64(24<<30)
	return &schema.Snapshot{TakenAt: t0.Add(time.Duration(sec) * time.Second),
		Devices:   []schema.Device{{Index: 0, MemoryTotalBytes: &total}},
		Processes: []schema.Process{{PID: 7, DeviceIndex: &dev, StartTime: &start, VRAMBytes: vram}}}
}

// TestProcessVRAM: a process's chart holds its measured VRAM, a gap where
// the driver hid it, the device's total as its scale, at most the
// history's capacity; a new process under the same PID starts a new chart,
// and a process that left is forgotten.
func TestProcessVRAM(t *testing.T) {
	t0 := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	start := t0.Add(-time.Hour)
	h := New(10*time.Second, time.Second)
	for sec := 0; sec < 15; sec++ {
		v := uint64(sec) << 30
		var vram *uint64 = &v
		if sec == 12 {
			vram = nil
		}
		h.Add(procSnap(t0, sec, start, vram))
	}
	dev := 0
	p := &schema.Process{PID: 7, DeviceIndex: &dev, StartTime: &start}
	s := h.ProcessVRAM(p)
	// Scale: the highest reading (14 GiB) and a tenth, rounded up to 256 MiB.
	if s.Len() != 10 || s.Max != 15872<<20 || s.MaxLabel != "highest seen" {
		t.Fatalf("series of %d samples, max %v (%s)", s.Len(), s.Max, s.MaxLabel)
	}
	if at, v := s.At(0); !at.Equal(t0.Add(5*time.Second)) || v != 5<<30 {
		t.Errorf("oldest %v %v", at, v)
	}
	if _, v := s.At(7); !math.IsNaN(float64(v)) {
		t.Errorf("hidden reading %v, want a gap", v)
	}
	reused := start.Add(30 * time.Minute)
	if got := h.ProcessVRAM(&schema.Process{PID: 7, DeviceIndex: &dev, StartTime: &reused}); got.Len() != 0 {
		t.Errorf("a new process with PID 7 has the old one's %d samples", got.Len())
	}
	h.Add(&schema.Snapshot{TakenAt: t0.Add(20 * time.Second)})
	if got := h.ProcessVRAM(p); got.Len() != 0 {
		t.Errorf("a process that left keeps %d samples", got.Len())
	}
}
