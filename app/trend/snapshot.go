package trend

import (
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

// procKey is one process on one device. The start time keeps a PID reused
// by another process, or a process restarted under the same name, from
// continuing the old one's series.
type procKey struct {
	device, pid int
	start       time.Time
}

// Annotator follows snapshots in order and fills each one's trends: every
// process's VRAMTrend and every device's VRAMTrend and VRAMForecast.
// Live, the collector runs it on each refresh; over a capture (replay,
// summary) it recomputes them from the recorded readings, which is why a
// capture needs nothing more than what it records. Not safe for concurrent
// use.
type Annotator struct {
	params  Params
	horizon time.Duration
	procs   *Tracker[procKey]
	devices *Tracker[int]
}

// NewAnnotator uses DefaultParams and DefaultHorizon.
func NewAnnotator() *Annotator {
	return &Annotator{params: DefaultParams, horizon: DefaultHorizon,
		procs: NewTracker[procKey](DefaultParams), devices: NewTracker[int](DefaultParams)}
}

// Annotate adds s's readings and writes the trends into s. Readings the
// driver did not give (null) are gaps, not zeros; a snapshot not after the
// last one (a clock step back) adds nothing but still gets its trends.
func (a *Annotator) Annotate(s *schema.Snapshot) {
	fastest := map[int]*schema.Process{} // device → its fastest-growing process
	for i := range s.Processes {
		p := &s.Processes[i]
		p.VRAMTrend = nil
		if p.VRAMBytes == nil || p.DeviceIndex == nil {
			continue
		}
		k := procKey{device: *p.DeviceIndex, pid: p.PID}
		if p.StartTime != nil {
			k.start = *p.StartTime
		}
		t := a.procs.Add(k, Point{At: s.TakenAt, Bytes: float64(*p.VRAMBytes)})
		p.VRAMTrend = toSchema(t)
		if t.Shape == Growth {
			if f := fastest[k.device]; f == nil || t.Slope.PerSecond > f.VRAMTrend.BytesPerSecond {
				fastest[k.device] = p
			}
		}
	}
	a.procs.Sweep()
	for i := range s.Devices {
		a.device(&s.Devices[i], s.TakenAt, fastest[s.Devices[i].Index])
	}
	a.devices.Sweep()
}

// device fills d's trend and forecast; driver is its fastest-growing
// process, nil when none grows.
func (a *Annotator) device(d *schema.Device, at time.Time, driver *schema.Process) {
	d.VRAMTrend, d.VRAMForecast = nil, nil
	if d.MemoryUsedBytes == nil || d.Lost {
		return
	}
	t := a.devices.Add(d.Index, Point{At: at, Bytes: float64(*d.MemoryUsedBytes)})
	d.VRAMTrend = toSchema(t)
	if d.MemoryTotalBytes == nil {
		return
	}
	f, ok := Predict(t, float64(*d.MemoryUsedBytes), float64(*d.MemoryTotalBytes), a.horizon)
	if !ok {
		return
	}
	out := &schema.Forecast{FullInSeconds: f.In.Seconds(), SoonestSeconds: f.Soonest.Seconds(),
		BytesPerSecond: f.PerSecond, Source: "inferred",
		Method: "the device's used memory over the free memory at its " + t.Method()}
	if f.Latest > 0 {
		l := f.Latest.Seconds()
		out.LatestSeconds = &l
	}
	if driver != nil {
		pid := driver.PID
		out.DrivenByPID = &pid
	}
	d.VRAMForecast = out
}

// toSchema is t as JSON; nil while the shape is unknown.
func toSchema(t Trend) *schema.Trend {
	if t.Shape == Unknown {
		return nil
	}
	out := &schema.Trend{Shape: string(t.Shape), BytesPerSecond: t.Slope.PerSecond,
		BytesPerSecondLow: t.Slope.Low, BytesPerSecondHigh: t.Slope.High,
		WindowSeconds: t.Span.Seconds(), Readings: t.Slope.Points, Method: t.Method(), Source: "inferred"}
	if !t.Since.IsZero() {
		since := t.Since.UTC()
		out.Since = &since
	}
	return out
}

// AnnotateAll recomputes the trends of a capture's snapshots (in the order
// taken) from their recorded readings, replacing any recorded with them:
// what a replay or a summary shows is inferred the same way whichever gtm
// recorded it.
func AnnotateAll(snaps []*schema.Snapshot) {
	a := NewAnnotator()
	for _, s := range snaps {
		a.Annotate(s)
	}
}
