// Package history keeps the recent per-device readings behind the
// window's charts in fixed-size rings, and how long processes have idled.
package history

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

// Metric is one of the eight history charts.
type Metric int

// The charts, in the order the window shows them.
const (
	MetricGPU Metric = iota
	MetricSMClock
	MetricVRAM
	MetricMemActivity
	MetricTemperature
	MetricPower
	MetricEncoder
	MetricDecoder
	NumMetrics
)

// MetricNames are the charts' titles, in Metric order.
var MetricNames = [NumMetrics]string{"GPU", "SM clock", "VRAM", "Memory activity", "Temperature", "Power", "Encoder", "Decoder"}

func (m Metric) String() string {
	if m < 0 || m >= NumMetrics {
		return "metric(" + strconv.Itoa(int(m)) + ")"
	}
	return MetricNames[m]
}

// DefaultSpan is how far back the charts reach.
const DefaultSpan = 10 * time.Minute

// History keeps the last samples of every device's chart metrics and how
// long each process has been idle. Its memory is fixed when it is made:
// the rings never grow however long gtm runs. A reading the driver did not
// give is stored as NaN (a gap), never as 0. Not safe for concurrent use:
// the window touches it on its own goroutine only.
type History struct {
	capacity int
	interval time.Duration
	devices  map[int]*deviceRing
	idle     map[idleKey]idleState
	// seen is reused by Add to find processes that left.
	seen map[idleKey]bool
	// procs are the processes' VRAM rings (process.go); procSeen is
	// reused by Add like seen.
	procs    map[procKey]*procRing
	procSeen map[procKey]bool
}

type idleKey struct{ device, pid int }

type idleState struct {
	start time.Time // when the process was first seen idle; zero when busy
	// proc is the process's start time (zero when unknown): a PID reused
	// by a new process starts its idle clock afresh.
	proc time.Time
}

// deviceRing is one device's samples, oldest first from head.
type deviceRing struct {
	times  []time.Time
	values [NumMetrics][]float32
	head   int // index of the oldest sample
	n      int
	// Latest scale references: the adapter's VRAM total and power limit.
	memTotal, powerLimit float64
}

// New keeps span worth of samples taken every interval (at least
// two samples).
func New(span, interval time.Duration) *History {
	if interval <= 0 {
		interval = time.Second
	}
	capacity := int(span / interval)
	if capacity < 2 {
		capacity = 2
	}
	return &History{capacity: capacity, interval: interval, devices: map[int]*deviceRing{},
		idle: map[idleKey]idleState{}, seen: map[idleKey]bool{}}
}

// Capacity is how many samples each device keeps.
func (h *History) Capacity() int { return h.capacity }

// Interval is the refresh interval the history was made for; samples
// further apart than a few intervals leave a gap between them.
func (h *History) Interval() time.Duration { return h.interval }

// Reset forgets everything (a replay seeks backwards).
func (h *History) Reset() {
	clear(h.devices)
	clear(h.idle)
	clear(h.procs)
}

// Add records a snapshot. Snapshots older than the newest one recorded are
// ignored, so a replay that seeks backwards must Reset first.
func (h *History) Add(s *schema.Snapshot) {
	for _, d := range s.Devices {
		r := h.devices[d.Index]
		if r == nil {
			r = &deviceRing{times: make([]time.Time, h.capacity)}
			for m := range r.values {
				r.values[m] = make([]float32, h.capacity)
			}
			h.devices[d.Index] = r
		}
		if r.n > 0 && !s.TakenAt.After(r.times[(r.head+r.n-1)%h.capacity]) {
			continue
		}
		i := ringNext(&r.head, &r.n, h.capacity)
		r.times[i] = s.TakenAt
		r.values[MetricGPU][i] = reading(d.GPUUtilPercent)
		r.values[MetricSMClock][i] = reading(d.SMClockMHz)
		r.values[MetricVRAM][i] = readingBytes(d.MemoryUsedBytes)
		r.values[MetricMemActivity][i] = reading(d.MemoryUtilPercent)
		r.values[MetricTemperature][i] = reading(d.TemperatureC)
		r.values[MetricPower][i] = reading(d.PowerW)
		r.values[MetricEncoder][i] = reading(d.EncoderUtilPct)
		r.values[MetricDecoder][i] = reading(d.DecoderUtilPct)
		if d.MemoryTotalBytes != nil {
			r.memTotal = float64(*d.MemoryTotalBytes)
		}
		if d.PowerLimitW != nil {
			r.powerLimit = *d.PowerLimitW
		}
	}
	h.addIdle(s)
	h.addProcesses(s)
}

// ringNext is where a ring of capacity samples, its oldest at *head and
// *n of them kept, puts the next one: the oldest goes when it is full.
func ringNext(head, n *int, capacity int) int {
	i := (*head + *n) % capacity
	if *n == capacity {
		*head = (*head + 1) % capacity
	} else {
		*n++
	}
	return i
}

// addIdle advances each process's idle clock: a process is idle while it
// holds VRAM and its GPU engines read 0 %. No engine sample counts as 0 %
// only when the driver's per-process utilisation for that device was read
// (it lists only processes that ran); otherwise the clock stops, unknown.
func (h *History) addIdle(s *schema.Snapshot) {
	clear(h.seen)
	for i := range s.Processes {
		p := &s.Processes[i]
		if p.DeviceIndex == nil {
			continue
		}
		k := idleKey{*p.DeviceIndex, p.PID}
		h.seen[k] = true
		holds := (p.VRAMBytes != nil && *p.VRAMBytes > 0) || (p.VRAMBytes == nil && p.VRAMInferredBytes != nil && *p.VRAMInferredBytes > 0)
		var idle, known bool
		switch {
		case !holds:
			// Nothing held: "idle for" does not apply.
		case p.GPUUtilPercent != nil:
			idle, known = *p.GPUUtilPercent == 0, true
		default:
			idle = utilisationRead(s, *p.DeviceIndex)
			known = idle
		}
		var proc time.Time
		if p.StartTime != nil {
			proc = *p.StartTime
		}
		st, had := h.idle[k]
		if had && !st.proc.Equal(proc) {
			had = false // same PID, another process
		}
		switch {
		case !known:
			delete(h.idle, k)
		case idle && (!had || st.start.IsZero()):
			h.idle[k] = idleState{start: s.TakenAt, proc: proc}
		case !idle:
			h.idle[k] = idleState{proc: proc}
		}
	}
	for k := range h.idle {
		if !h.seen[k] {
			delete(h.idle, k)
		}
	}
}

// utilisationRead reports whether the snapshot holds a successful read of
// the driver's per-process utilisation samples for the device.
func utilisationRead(s *schema.Snapshot, device int) bool {
	suffix := ".process_utilization.gpu" + strconv.Itoa(device)
	for _, src := range s.Sources {
		if src.OK && strings.HasSuffix(src.Name, suffix) {
			return true
		}
	}
	return false
}

// IdleFor is how long the process has held VRAM with 0 % GPU, as of the
// last snapshot added (zero when it is busy); ok is false when that is not
// known (no reading, or it holds no VRAM).
func (h *History) IdleFor(device, pid int, now time.Time) (d time.Duration, ok bool) {
	st, had := h.idle[idleKey{device, pid}]
	if !had {
		return 0, false
	}
	if st.start.IsZero() {
		return 0, true
	}
	return now.Sub(st.start), true
}

// Series is one device's samples of one metric, oldest first. Values are
// NaN where no reading was taken. Times and Values are views into the ring,
// valid until the next Add.
type Series struct {
	Metric Metric
	// Times and Values hold the samples in two parts (the ring's wrap):
	// first Times[0]/Values[0], then Times[1]/Values[1].
	Times  [2][]time.Time
	Values [2][]float32
	// Max is the top of the chart's fixed scale; 0 when the scale is not
	// known yet (no limit reported and no reading).
	Max float64
	// MaxLabel says where Max came from ("limit", "total", "highest seen").
	MaxLabel string
}

// Len is the number of samples.
func (s Series) Len() int { return len(s.Values[0]) + len(s.Values[1]) }

// At returns sample i (0 is the oldest).
func (s Series) At(i int) (time.Time, float32) {
	if i < len(s.Values[0]) {
		return s.Times[0][i], s.Values[0][i]
	}
	i -= len(s.Values[0])
	return s.Times[1][i], s.Values[1][i]
}

// Last returns the newest sample; ok is false when there is none.
func (s Series) Last() (time.Time, float32, bool) {
	n := s.Len()
	if n == 0 {
		return time.Time{}, 0, false
	}
	t, v := s.At(n - 1)
	return t, v, true
}

// Series returns a device's samples of one metric (empty when the device
// has none) with its fixed scale: 0–100 % for utilisations, 0–120 °C for
// temperature, the adapter's total for VRAM, the power limit for power, and
// the highest reading kept for clocks (rounded up; the driver gives no
// maximum here) and for power when no limit is reported.
func (h *History) Series(device int, m Metric) Series {
	s := Series{Metric: m}
	r := h.devices[device]
	if r != nil && m >= 0 && m < NumMetrics {
		end := r.head + r.n
		if end <= h.capacity {
			s.Times[0], s.Values[0] = r.times[r.head:end], r.values[m][r.head:end]
		} else {
			s.Times[0], s.Values[0] = r.times[r.head:], r.values[m][r.head:]
			s.Times[1], s.Values[1] = r.times[:end-h.capacity], r.values[m][:end-h.capacity]
		}
	}
	switch m {
	case MetricGPU, MetricMemActivity, MetricEncoder, MetricDecoder:
		s.Max, s.MaxLabel = 100, "%"
	case MetricTemperature:
		s.Max, s.MaxLabel = 120, "°C"
	case MetricVRAM:
		if r != nil && r.memTotal > 0 {
			s.Max, s.MaxLabel = r.memTotal, "total"
		}
	case MetricPower:
		if r != nil && r.powerLimit > 0 {
			s.Max, s.MaxLabel = r.powerLimit, "limit"
		} else if hi := s.highest(); hi > 0 {
			s.Max, s.MaxLabel = roundUp(hi, 50), "highest seen"
		}
	case MetricSMClock:
		if hi := s.highest(); hi > 0 {
			s.Max, s.MaxLabel = roundUp(hi, 250), "highest seen"
		}
	}
	return s
}

func (s *Series) highest() float64 {
	hi := 0.0
	for _, part := range s.Values {
		for _, v := range part {
			if !math.IsNaN(float64(v)) && float64(v) > hi {
				hi = float64(v)
			}
		}
	}
	return hi
}

func roundUp(v, step float64) float64 { return math.Ceil(v/step) * step }

// Devices lists the device indexes with samples.
func (h *History) Devices() []int {
	out := make([]int, 0, len(h.devices))
	for i := range h.devices {
		out = append(out, i)
	}
	return out
}

var nan32 = float32(math.NaN())

func reading(v *float64) float32 {
	if v == nil || math.IsNaN(*v) {
		return nan32
	}
	return float32(*v)
}

func readingBytes(v *uint64) float32 {
	if v == nil {
		return nan32
	}
	return float32(*v)
}
