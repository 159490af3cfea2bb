package diff

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/energy"
	"github.com/gputaskman/gtm/internal/schema"
)

// Two snapshots of one run, a minute apart: the card's counter rose by
// 18 kJ and the process's estimate by its share of the active part.
func TestDiffEnergyBetweenTimedSnapshots(t *testing.T) {
	a := energy.NewAnnotator(nil)
	snap := func(at time.Time, counter, util float64, ps ...schema.Process) *schema.Snapshot {
		d := fxDev(mib, util)
		d.Energy = &schema.DeviceEnergy{EnergyJoules: fxF64(counter)}
		s := &schema.Snapshot{TakenAt: at, Devices: []schema.Device{d}, Processes: ps}
		a.Annotate(s)
		return s
	}
	p := fxProc(7, "python", fxT0, fxU64(mib))
	p.SMUtilPercent = fxF64(50)
	snap(fxT0, 0, 0) // idle: 30 W floor from the sensor
	before := snap(fxT0.Add(time.Minute), 300*60, 50, p)
	p.VRAMBytes = fxU64(100 * mib) // shown in the text: it moved
	after := snap(fxT0.Add(2*time.Minute), 2*300*60, 50, p)
	d, err := Compare(before, after)
	if err != nil {
		t.Fatal(err)
	}
	e := d.Devices[0].Energy
	if e == nil || e.Joules == nil || *e.Joules != 300*60 || e.Source != "counter" {
		t.Fatalf("device energy: %+v", e)
	}
	pe := d.Processes[0].Energy
	if pe == nil || pe.Joules == nil || *pe.Joules != (300-30)*60 || pe.Source != "estimated" {
		t.Fatalf("process energy: %+v", pe)
	}
	var b bytes.Buffer
	if err := d.WriteText(&b, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "energy between: 18.0 kJ (counter)") || !strings.Contains(b.String(), "energy between: 16.2 kJ (estimated)") {
		t.Fatalf("text:\n%s", b.String())
	}
	// the other way round, the totals went back: no energy, and why
	d, _ = Compare(after, before)
	if e := d.Devices[0].Energy; e.Joules != nil || *e.Note != NoteEnergyWentBack {
		t.Fatalf("reversed: %+v", e)
	}
}
