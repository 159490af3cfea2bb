package energy

import (
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

var t0 = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

func dev(counter, sensor *float64, util float64) schema.Device {
	d := schema.Device{Index: 0, UUID: schema.Ptr("GPU-test"), PowerW: sensor, GPUUtilPercent: schema.Ptr(util)}
	if counter != nil {
		d.Energy = &schema.DeviceEnergy{EnergyJoules: counter}
	}
	return d
}

func proc(pid int, sm *float64) schema.Process {
	return schema.Process{PID: pid, DeviceIndex: schema.Ptr(0), SMUtilPercent: sm}
}

func snap(at time.Time, d schema.Device, ps ...schema.Process) *schema.Snapshot {
	return &schema.Snapshot{TakenAt: at, Devices: []schema.Device{d}, Processes: ps}
}

// idleThenBusy learns a 50 W floor, then reads 300 W from the counter
// (300 J in one second) with the given processes.
func idleThenBusy(t *testing.T, ps ...schema.Process) *schema.Snapshot {
	t.Helper()
	a := NewAnnotator(nil)
	a.Annotate(snap(t0, dev(schema.Ptr(1000.0), schema.Ptr(50.0), 0)))
	s := snap(t0.Add(time.Second), dev(schema.Ptr(1300.0), schema.Ptr(290.0), 80), ps...)
	a.Annotate(s)
	return s
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestSplitExact(t *testing.T) {
	s := idleThenBusy(t, proc(1, schema.Ptr(60.0)), proc(2, schema.Ptr(20.0)))
	e := s.Devices[0].Energy
	if *e.PowerW != 300 || *e.PowerSource != "counter" || *e.IdleFloorW != 50 || *e.ActiveW != 250 {
		t.Fatalf("device: power %v (%s) floor %v active %v", *e.PowerW, *e.PowerSource, *e.IdleFloorW, *e.ActiveW)
	}
	a, b := s.Processes[0].Power, s.Processes[1].Power
	if *a.Watts != 187.5 || *b.Watts != 62.5 || *a.Share != 0.75 || *b.Share != 0.25 {
		t.Fatalf("split %v / %v, shares %v / %v; want 187.5 / 62.5", *a.Watts, *b.Watts, *a.Share, *b.Share)
	}
	if *e.ProcessesW != 250 || *e.UnattributedW != 0 {
		t.Fatalf("processes %v unattributed %v", *e.ProcessesW, *e.UnattributedW)
	}
	// whole percents: each share is within 0.5/80 of its reading
	if !near(*a.ErrorWatts, 1.5625) || !near(*b.ErrorWatts, 1.5625) {
		t.Fatalf("error bars %v, %v; want ±1.5625", *a.ErrorWatts, *b.ErrorWatts)
	}
	if a.Source != "estimated" || a.Method != Method || a.Reason != nil {
		t.Fatalf("labels: %+v", a)
	}
	// one second at 187.5 W
	if *a.EnergyJoules != 187.5 {
		t.Fatalf("energy %v", *a.EnergyJoules)
	}
}

func TestMissingSampleWidensErrorBar(t *testing.T) {
	full := idleThenBusy(t, proc(1, schema.Ptr(60.0)), proc(2, schema.Ptr(20.0)))
	part := idleThenBusy(t, proc(1, schema.Ptr(60.0)), proc(2, nil))
	got, was := part.Processes[0].Power, full.Processes[0].Power
	if *got.ErrorWatts <= *was.ErrorWatts {
		t.Fatalf("error with a missing sample %v, not wider than %v", *got.ErrorWatts, *was.ErrorWatts)
	}
	// the sampled process takes the active power; half the card's processes
	// are unsampled, so half of it is in doubt
	if *got.Watts != 250 || !near(*got.ErrorWatts, 125) {
		t.Fatalf("watts %v ± %v; want 250 ± 125", *got.Watts, *got.ErrorWatts)
	}
	miss := part.Processes[1].Power
	if miss.Watts != nil || miss.Reason == nil || *miss.Reason != ReasonNoSample {
		t.Fatalf("unsampled process: %+v", miss)
	}
}

func TestSensorSwingWidensErrorBar(t *testing.T) {
	a := NewAnnotator(nil)
	a.Annotate(snap(t0, dev(nil, schema.Ptr(50.0), 0)))
	steady := snap(t0.Add(time.Second), dev(nil, schema.Ptr(250.0), 50), proc(1, schema.Ptr(50.0)))
	a.Annotate(steady)
	moved := snap(t0.Add(2*time.Second), dev(nil, schema.Ptr(300.0), 50), proc(1, schema.Ptr(50.0)))
	a.Annotate(moved)
	p := moved.Processes[0].Power
	if *moved.Devices[0].Energy.PowerSource != "sensor" || *p.Watts != 250 {
		t.Fatalf("sensor split: %v", *p.Watts)
	}
	// the interval's mean lies between 250 and 300 W
	if !near(*p.ErrorWatts, 50) { // a sole process: its share is 1 whatever its reading
		t.Fatalf("error %v", *p.ErrorWatts)
	}
}

func TestMIGAndMPSHaveNoEstimate(t *testing.T) {
	mig := proc(1, schema.Ptr(60.0))
	mig.GPUInstanceID = schema.Ptr(3)
	mps := proc(2, schema.Ptr(60.0))
	mps.GPUProcessTypes = []string{"compute", "mps"}
	for _, c := range []struct {
		p      schema.Process
		reason string
	}{{mig, ReasonMIG}, {mps, ReasonMPS}} {
		s := idleThenBusy(t, c.p, proc(9, schema.Ptr(20.0)))
		for _, p := range s.Processes {
			if p.Power.Watts != nil || p.Power.ErrorWatts != nil || p.Power.Reason == nil || *p.Power.Reason != c.reason {
				t.Fatalf("pid %d: %+v; want n/a: %s", p.PID, p.Power, c.reason)
			}
		}
		e := s.Devices[0].Energy
		if e.ProcessesW != nil || e.UnattributedW != nil || *e.ActiveW != 250 || *e.IdleFloorW != 50 {
			t.Fatalf("device under %s: %+v", c.reason, e)
		}
	}
}

func TestNoFloorYet(t *testing.T) {
	a := NewAnnotator(nil)
	s := snap(t0, dev(nil, schema.Ptr(300.0), 80), proc(1, schema.Ptr(60.0)), proc(2, schema.Ptr(20.0)))
	a.Annotate(s)
	e := s.Devices[0].Energy
	if e.IdleFloorW != nil || e.ActiveW != nil || e.ProcessesW != nil || e.EnergySinceStartJoules != nil {
		t.Fatalf("unknowns are not null: %+v", e)
	}
	p := s.Processes[0].Power
	if p.Watts != nil || *p.Reason != ReasonNoFloor || *p.Share != 0.75 {
		t.Fatalf("process before the floor: %+v", p)
	}
}

// A ten-minute capture at one snapshot a minute: the card's energy is the
// counter's rise, and idle + processes + unattributed add up to it.
func TestCaptureEnergyIntegratesExactly(t *testing.T) {
	var snaps []*schema.Snapshot
	counter := 10_000.0
	snaps = append(snaps, snap(t0, dev(schema.Ptr(counter), schema.Ptr(50.0), 0)))
	var wantA, wantB float64
	for i := 1; i <= 10; i++ {
		power := 100 + 20*float64(i) // watts over the minute
		counter += power * 60
		snaps = append(snaps, snap(t0.Add(time.Duration(i)*time.Minute), dev(schema.Ptr(counter), schema.Ptr(1.0), 80),
			proc(1, schema.Ptr(60.0)), proc(2, schema.Ptr(20.0))))
		wantA += (power - 50) * 0.75 * 60
		wantB += (power - 50) * 0.25 * 60
	}
	AnnotateAll(snaps)
	last := snaps[len(snaps)-1]
	e := last.Devices[0].Energy
	if *e.EnergySinceStartJoules != counter-10_000 || *e.EnergySource != "counter" {
		t.Fatalf("device energy %v (%s); want %v", *e.EnergySinceStartJoules, *e.EnergySource, counter-10_000)
	}
	a, b := *last.Processes[0].Power.EnergyJoules, *last.Processes[1].Power.EnergyJoules
	if !near(a, wantA) || !near(b, wantB) {
		t.Fatalf("process energy %v, %v; want %v, %v", a, b, wantA, wantB)
	}
	if idle := 50.0 * 600; !near(a+b+idle, *e.EnergySinceStartJoules) {
		t.Fatalf("idle %v + processes %v ≠ card %v", idle, a+b, *e.EnergySinceStartJoules)
	}
}

func TestSensorEnergyIsIntegrated(t *testing.T) {
	a := NewAnnotator(nil)
	var last *schema.Snapshot
	for i, w := range []float64{100, 200, 150} {
		last = snap(t0.Add(time.Duration(i)*2*time.Second), dev(nil, schema.Ptr(w), 0))
		a.Annotate(last)
	}
	e := last.Devices[0].Energy
	if *e.EnergySinceStartJoules != 200*2+150*2 || *e.EnergySource != "integrated" {
		t.Fatalf("integrated %v (%s)", *e.EnergySinceStartJoules, *e.EnergySource)
	}
}

func TestIdleFloorLearnedAndKept(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cache", "idle-floors.json")
	a := NewAnnotator(LoadFloors(path))
	a.Annotate(snap(t0, dev(nil, schema.Ptr(42.0), 0)))
	a.Annotate(snap(t0.Add(time.Second), dev(nil, schema.Ptr(80.0), 0))) // higher: not a floor
	busy := snap(t0.Add(2*time.Second), dev(nil, schema.Ptr(30.0), 90), proc(1, schema.Ptr(90.0)))
	a.Annotate(busy) // lower, but busy: not a floor either
	if err := a.Floors.Save(); err != nil || a.Floors.SaveErr != nil {
		t.Fatalf("save: %v %v", err, a.Floors.SaveErr)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("floor not kept: %v", err)
	}
	again := NewAnnotator(LoadFloors(path))
	s := snap(t0, dev(nil, schema.Ptr(300.0), 90), proc(1, schema.Ptr(90.0)))
	again.Annotate(s)
	if f := s.Devices[0].Energy.IdleFloorW; f == nil || *f != 42 {
		t.Fatalf("next run's floor %v; want 42 W", f)
	}
}

func TestKeptFloorsIgnoreLinksAndJunk(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.json")
	if err := os.WriteFile(real, []byte(`{"version":1,"idle_floor_w":{"uuid:GPU-test":42,"uuid:bad":-1}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if f := LoadFloors(real); func() bool {
		v, ok := f.Get("uuid:GPU-test")
		_, bad := f.Get("uuid:bad")
		return !ok || v != 42 || bad
	}() {
		t.Fatal("a plain file's floors are not read, or a negative one is")
	}
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	if _, ok := LoadFloors(link).Get("uuid:GPU-test"); ok {
		t.Fatal("floors read through a symbolic link")
	}
	big := filepath.Join(dir, "big.json")
	if err := os.WriteFile(big, make([]byte, maxFloorsBytes+1), 0o600); err != nil {
		t.Fatal(err)
	}
	if len(LoadFloors(big).w) != 0 {
		t.Fatal("an oversized file was read")
	}
}

// BenchmarkAnnotate is one refresh's split on 8 GPUs with 32 processes each
// (README's performance table).
func BenchmarkAnnotate(b *testing.B) {
	s := &schema.Snapshot{}
	for d := range 8 {
		s.Devices = append(s.Devices, schema.Device{Index: d, UUID: schema.Ptr("GPU-" + string(rune('a'+d))),
			PowerW: schema.Ptr(200.0), GPUUtilPercent: schema.Ptr(50.0), Energy: &schema.DeviceEnergy{}})
		for p := range 32 {
			s.Processes = append(s.Processes, schema.Process{PID: 1000*d + p, DeviceIndex: schema.Ptr(d), SMUtilPercent: schema.Ptr(float64(p))})
		}
	}
	a := NewAnnotator(nil)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s.TakenAt = t0.Add(time.Duration(i) * time.Second)
		for d := range s.Devices {
			s.Devices[d].Energy.EnergyJoules = schema.Ptr(float64(i) * 200)
		}
		a.Annotate(s)
	}
}
