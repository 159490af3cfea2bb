package history

import (
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

// procKey is one process on one device; its start time keeps a PID
// reused by another process from continuing the old one's chart.
type procKey struct {
	device, pid int
	start       time.Time
}

// procRing is one process's measured VRAM samples, oldest first from
// head: the chart in the process pane (per-process history is the chart
// people ask for when hunting a leak).
type procRing struct {
	times  []time.Time
	values []float32
	head   int
	n      int
}

// addProcesses records each process's measured VRAM (NaN, a gap, when the
// driver hid it) and forgets the processes the snapshot no longer lists,
// so the rings follow what runs: memory is capacity × the GPU processes.
func (h *History) addProcesses(s *schema.Snapshot) {
	if h.procs == nil {
		h.procs, h.procSeen = map[procKey]*procRing{}, map[procKey]bool{}
	}
	clear(h.procSeen)
	for i := range s.Processes {
		p := &s.Processes[i]
		if p.DeviceIndex == nil {
			continue
		}
		k := procKey{device: *p.DeviceIndex, pid: p.PID}
		if p.StartTime != nil {
			k.start = *p.StartTime
		}
		h.procSeen[k] = true
		r := h.procs[k]
		if r == nil {
			r = &procRing{times: make([]time.Time, h.capacity), values: make([]float32, h.capacity)}
			h.procs[k] = r
		}
		if r.n > 0 && !s.TakenAt.After(r.times[(r.head+r.n-1)%h.capacity]) {
			continue
		}
		i := ringNext(&r.head, &r.n, h.capacity)
		r.times[i], r.values[i] = s.TakenAt, readingBytes(p.VRAMBytes)
	}
	for k := range h.procs {
		if !h.procSeen[k] {
			delete(h.procs, k)
		}
	}
}

// ProcessVRAM is process p's measured VRAM samples on its device; empty
// when p is not on a device or was not seen.
func (h *History) ProcessVRAM(p *schema.Process) Series {
	s := Series{Metric: MetricVRAM}
	if p == nil || p.DeviceIndex == nil {
		return s
	}
	k := procKey{device: *p.DeviceIndex, pid: p.PID}
	if p.StartTime != nil {
		k.start = *p.StartTime
	}
	if r := h.procs[k]; r != nil {
		end := r.head + r.n
		if end <= h.capacity {
			s.Times[0], s.Values[0] = r.times[r.head:end], r.values[r.head:end]
		} else {
			s.Times[0], s.Values[0] = r.times[r.head:], r.values[r.head:]
			s.Times[1], s.Values[1] = r.times[:end-h.capacity], r.values[:end-h.capacity]
		}
	}
	// Scaled to the process's own highest reading, not the device's
	// total: a leak shows as a rising line however small the process.
	if hi := s.highest(); hi > 0 {
		step := float64(64 << 20)
		if hi > 1<<30 {
			step = 256 << 20
		}
		s.Max, s.MaxLabel = roundUp(hi*1.1, step), "highest seen"
	}
	return s
}
