package energy

import (
	"math"
	"slices"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

// Method is how a process's watts are estimated (ProcessPower.Method).
const Method = "the card's active power (its power less its idle floor) times the process's share of the card's engine time " +
	"(SM + encoder + decoder percent, or its busiest engine if higher, over the sum of the card's processes'), over the refresh interval"

// Reasons a process has no estimate (ProcessPower.Reason).
const (
	ReasonMIG      = "MIG: the card's instances share one power reading and the driver gives no per-process engine samples inside an instance, so engine shares do not split the card's power"
	ReasonMPS      = "MPS: the clients of an MPS server share its GPU context, so the driver's per-process engine samples do not split the card's time among them"
	ReasonNoSample = "no engine-utilisation sample for this process in this refresh"
	ReasonNoFloor  = "the card's idle floor is not known yet: it is learned while no process uses an engine"
)

// Device notes this package writes (DeviceEnergy.Notes); a recompute
// replaces them and keeps any other.
const (
	NoteSensor    = "power from the power sensor: one reading per refresh, taken as the interval's mean (the sensor averages over about a second, and some data-centre cards sample only part of the time)"
	NoteNoFloor   = "idle floor not learned yet: it is the lowest power seen while no process used an engine"
	NoteCounterUp = "energy counter did not rise (a reset or a driver reload): this interval's power is the sensor reading"
)

// quantum is the resolution of a process's utilisation: the NVIDIA driver
// reports whole percents, so each reading is within half a point.
const quantum = 0.5

// reading is one refresh's power over its interval.
type reading struct {
	powerW   *float64
	source   string  // "counter", "sensor" or ""
	interval float64 // seconds; 0 on the first refresh or after a clock step
	// swingW is, for a sensor reading, how far it moved since the last
	// one: the interval's true mean lies between the two.
	swingW float64
	notes  []string
}

// measure is the card's power over the interval since st's refresh: the
// counter's rise per second when it rose, else the sensor reading.
func measure(st *devState, counter, sensor *float64, at time.Time) reading {
	var r reading
	if st.seen && at.After(st.at) {
		r.interval = at.Sub(st.at).Seconds()
	}
	if r.interval > 0 && counter != nil && st.counter != nil {
		if *counter >= *st.counter {
			w := (*counter - *st.counter) / r.interval
			r.powerW, r.source = &w, "counter"
			return r
		}
		r.notes = append(r.notes, NoteCounterUp)
	}
	if sensor != nil && finite(*sensor) && *sensor >= 0 {
		w := *sensor
		r.powerW, r.source = &w, "sensor"
		r.notes = append(r.notes, NoteSensor)
		if st.sensor != nil {
			r.swingW = math.Abs(*sensor - *st.sensor)
		}
	}
	return r
}

// device fills d.Energy and its processes' Power for one refresh.
func (a *Annotator) device(d *schema.Device, procs []*schema.Process, at time.Time) {
	key := DeviceKey(d)
	st := a.devs[key]
	if st == nil {
		st = &devState{}
		a.devs[key] = st
	}
	var counter *float64
	var kept []string
	if d.Energy != nil {
		counter, kept = d.Energy.EnergyJoules, foreignNotes(d.Energy.Notes)
	}
	if d.Lost {
		d.Energy = nil
		*st = devState{} // its counter may restart when it comes back
		return
	}
	r := measure(st, counter, d.PowerW, at)
	st.addEnergy(r, counter)
	st.at, st.counter, st.sensor, st.seen = at, counter, d.PowerW, true
	if r.powerW == nil && counter == nil {
		d.Energy = nil
		return
	}
	e := &schema.DeviceEnergy{EnergyJoules: counter, PowerW: r.powerW, Notes: append(append([]string{}, kept...), r.notes...)}
	if r.powerW != nil {
		e.PowerSource = schema.Ptr(r.source)
	}
	if r.interval > 0 {
		e.IntervalSeconds = schema.Ptr(r.interval)
	}
	if st.haveSince {
		e.EnergySinceStartJoules = schema.Ptr(st.since)
		e.EnergySource = schema.Ptr(map[bool]string{false: "counter", true: "integrated"}[st.integrated])
	}
	if r.powerW != nil && idle(d, procs) {
		a.Floors.observe(key, *r.powerW)
	}
	if f, ok := a.Floors.Get(key); ok {
		e.IdleFloorW = schema.Ptr(f)
	} else {
		e.Notes = append(e.Notes, NoteNoFloor)
	}
	if e.PowerW != nil && e.IdleFloorW != nil {
		e.ActiveW = schema.Ptr(math.Max(0, *e.PowerW-*e.IdleFloorW))
	}
	d.Energy = e
	if r.powerW != nil {
		a.split(d, procs, r)
	}
}

// addEnergy adds the interval's energy to the card's total since start:
// the counter's rise, else the power integrated over the interval.
func (st *devState) addEnergy(r reading, counter *float64) {
	if r.interval <= 0 || r.powerW == nil {
		return
	}
	if r.source == "counter" {
		st.since += *counter - *st.counter
	} else {
		st.since += *r.powerW * r.interval
		st.integrated = true
	}
	st.haveSince = true
}

// foreignNotes are the notes another part of gtm (the backend) wrote.
func foreignNotes(notes []string) []string {
	var out []string
	for _, n := range notes {
		if n != NoteSensor && n != NoteNoFloor && n != NoteCounterUp {
			out = append(out, n)
		}
	}
	return out
}

// weight is a process's engine time: SM + encoder + decoder percent, or
// its busiest engine when that is higher (a DRM render engine the SM
// column does not count); ok is false when the driver gave none.
func weight(p *schema.Process) (float64, bool) {
	var sum float64
	ok := false
	for _, v := range []*float64{p.SMUtilPercent, p.EncoderUtilPercent, p.DecoderUtilPercent} {
		if v != nil && finite(*v) {
			sum += max(0, *v)
			ok = true
		}
	}
	if g := p.GPUUtilPercent; g != nil && finite(*g) {
		sum, ok = max(sum, *g), true
	}
	return sum, ok
}

// idle says no engine of the card was busy: the device's own engine
// readings and every process's are zero (a process without a sample
// counts as idle only when the device's utilisation says so).
func idle(d *schema.Device, procs []*schema.Process) bool {
	for _, v := range []*float64{d.GPUUtilPercent, d.EncoderUtilPct, d.DecoderUtilPct} {
		if v != nil && *v > 0 {
			return false
		}
	}
	for _, p := range procs {
		w, ok := weight(p)
		if w > 0 || (!ok && d.GPUUtilPercent == nil) {
			return false
		}
	}
	return true
}

// cardReason is why no process on the card gets an estimate: MIG or MPS.
func cardReason(d *schema.Device, procs []*schema.Process) string {
	if len(d.MIGInstances) > 0 {
		return ReasonMIG
	}
	for _, p := range procs {
		if p.GPUInstanceID != nil {
			return ReasonMIG
		}
	}
	for _, p := range procs {
		if slices.Contains(p.GPUProcessTypes, "mps") {
			return ReasonMPS
		}
	}
	return ""
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
