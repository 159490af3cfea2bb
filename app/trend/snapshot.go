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
	// press remembers each LLM process's preemptions and pressures between
	// refreshes (pressure.go); pressSeen finds those that left.
	press     map[procKey]*pressureState
	pressSeen map[procKey]bool
	host      hostSeries
	reloads   reloads
}

// NewAnnotator uses DefaultParams and DefaultHorizon.
func NewAnnotator() *Annotator {
	return &Annotator{params: DefaultParams, horizon: DefaultHorizon,
		procs: NewTracker[procKey](DefaultParams), devices: NewTracker[int](DefaultParams),
		press: map[procKey]*pressureState{}, pressSeen: map[procKey]bool{}, host: newHostSeries(DefaultParams),
		reloads: newReloads(DefaultParams.Window)}
}

// Annotate adds s's readings and writes the trends into s. Readings the
// driver did not give (null) are gaps, not zeros; a snapshot not after the
// last one (a clock step back) adds nothing but still gets its trends.
func (a *Annotator) Annotate(s *schema.Snapshot) {
	growing := map[int]*growth{} // device → its processes in steady growth
	full := devicesFull(s)
	clear(a.pressSeen)
	for i := range s.Processes {
		p := &s.Processes[i]
		p.VRAMTrend = nil
		k := procKey{pid: p.PID}
		if p.DeviceIndex != nil {
			k.device = *p.DeviceIndex
		}
		if p.StartTime != nil {
			k.start = *p.StartTime
		}
		a.pressure(p, k, s.TakenAt)
		f, fok := full[k.device]
		a.host.add(p, k, s.TakenAt, f, fok && p.DeviceIndex != nil)
		if p.VRAMBytes == nil || p.DeviceIndex == nil {
			continue
		}
		t := a.procs.Add(k, Point{At: s.TakenAt, Bytes: float64(*p.VRAMBytes)})
		p.VRAMTrend = toSchema(t)
		if t.Shape == Growth {
			g := growing[k.device]
			if g == nil {
				g = &growth{}
				growing[k.device] = g
			}
			g.add(p, t.Slope)
		}
	}
	a.procs.Sweep()
	a.host.sweep()
	a.reloads.sweep(s.TakenAt)
	for k := range a.press {
		if !a.pressSeen[k] {
			delete(a.press, k)
		}
	}
	for i := range s.Devices {
		a.device(&s.Devices[i], s.TakenAt, growing[s.Devices[i].Index])
	}
	a.devices.Sweep()
}

// pressure fills p's LLM pressures from its figures now and before.
func (a *Annotator) pressure(p *schema.Process, k procKey, at time.Time) {
	if p.LLM == nil {
		return
	}
	st := a.press[k]
	if st == nil {
		st = &pressureState{}
		a.press[k] = st
	}
	a.pressSeen[k] = true
	p.LLM.Pressure = pressures(p.LLM, at, st)
	a.reloads.add(p, at)
}

// growth sums the steady growth of one device's processes: the rate a
// forecast uses while the device's own series still shows the steps of
// another process's warm-up, and the fastest process, which drives it.
type growth struct {
	rate    Slope
	fastest *schema.Process
	top     float64
}

func (g *growth) add(p *schema.Process, s Slope) {
	g.rate.PerSecond += s.PerSecond
	g.rate.Low += s.Low
	g.rate.High += s.High
	g.rate.Points = max(g.rate.Points, s.Points)
	if g.fastest == nil || s.PerSecond > g.top {
		g.fastest, g.top = p, s.PerSecond
	}
}

// device fills d's trend and forecast: from the device's own steady
// growth, or else from the sum of its processes' (g, nil when none
// grows).
func (a *Annotator) device(d *schema.Device, at time.Time, g *growth) {
	d.VRAMTrend, d.VRAMForecast = nil, nil
	if d.MemoryUsedBytes == nil || d.Lost {
		return
	}
	t := a.devices.Add(d.Index, Point{At: at, Bytes: float64(*d.MemoryUsedBytes)})
	d.VRAMTrend = toSchema(t)
	if d.MemoryTotalBytes == nil {
		return
	}
	used, total := float64(*d.MemoryUsedBytes), float64(*d.MemoryTotalBytes)
	f, ok := Predict(t, used, total, a.horizon)
	method := "the device's free memory over the growth of its used memory: " + t.Method()
	if !ok && g != nil {
		f, ok = PredictRate(g.rate, used, total, a.horizon)
		method = "the device's free memory over the summed growth of its processes in steady growth (Theil–Sen slopes of their own readings)"
	}
	if !ok {
		return
	}
	out := &schema.Forecast{FullInSeconds: f.In.Seconds(), SoonestSeconds: f.Soonest.Seconds(),
		BytesPerSecond: f.PerSecond, Source: "inferred", Method: method}
	if f.Latest > 0 {
		l := f.Latest.Seconds()
		out.LatestSeconds = &l
	}
	if g != nil {
		pid := g.fastest.PID
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
