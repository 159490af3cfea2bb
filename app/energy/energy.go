// Package energy splits each GPU's power among idle, its processes and
// what no process explains, and integrates it into energy (docs/energy.md).
// The card's power is measured (its energy counter or its power sensor);
// the idle floor is inferred (the lowest power seen while no engine was
// busy); a process's watts are ESTIMATED from its share of engine time.
package energy

import (
	"strconv"
	"strings"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

// procKey is one process on one device. The start time keeps a reused PID
// from continuing another process's energy.
type procKey struct {
	device, pid int
	start       time.Time
}

// devState is what one card's split remembers between refreshes.
type devState struct {
	at      time.Time
	counter *float64 // the energy counter at the last refresh, joules
	sensor  *float64 // the power sensor at the last refresh, watts
	// since is the card's energy since the first refresh; integrated is
	// true once an interval had no counter rise and was integrated.
	since      float64
	haveSince  bool
	integrated bool
	seen       bool
}

// Annotator follows snapshots in order and fills each device's Energy and
// each process's Power. Live, the collector runs it on each refresh;
// over a capture (replay, summary) AnnotateAll recomputes them from the
// recorded readings. Not safe for concurrent use.
type Annotator struct {
	// Floors holds the learned idle floors (kept across runs when it has
	// a path); never nil.
	Floors *Floors
	devs   map[string]*devState
	procs  map[procKey]float64 // estimated joules since first seen
	seen   map[procKey]bool
}

// NewAnnotator learns idle floors into floors (nil: learned in memory
// only, for this run).
func NewAnnotator(floors *Floors) *Annotator {
	if floors == nil {
		floors = NewFloors("")
	}
	return &Annotator{Floors: floors, devs: map[string]*devState{},
		procs: map[procKey]float64{}, seen: map[procKey]bool{}}
}

// DeviceKey names a GPU across runs and refreshes: its UUID, else its PCI
// bus id, else its index (which a reboot may change).
func DeviceKey(d *schema.Device) string {
	switch {
	case d.UUID != nil && *d.UUID != "":
		return "uuid:" + *d.UUID
	case d.PCIBusID != nil && *d.PCIBusID != "":
		return "pci:" + strings.ToLower(*d.PCIBusID)
	}
	return "index:" + strconv.Itoa(d.Index)
}

// Annotate fills s's energy blocks from its readings and those of the
// snapshots annotated before it. A snapshot not after the last one (a
// clock step back) starts a new interval without adding energy.
func (a *Annotator) Annotate(s *schema.Snapshot) {
	byDev := map[int][]*schema.Process{}
	for i := range s.Processes {
		p := &s.Processes[i]
		p.Power = nil
		if p.DeviceIndex != nil {
			byDev[*p.DeviceIndex] = append(byDev[*p.DeviceIndex], p)
		}
	}
	clear(a.seen)
	for i := range s.Devices {
		d := &s.Devices[i]
		a.device(d, byDev[d.Index], s.TakenAt)
	}
	for k := range a.procs {
		if !a.seen[k] {
			delete(a.procs, k) // gone: a PID reused later starts afresh
		}
	}
	a.Floors.saveIfDue(s.TakenAt)
}

// AnnotateAll recomputes the energy blocks of a capture's snapshots (in
// the order taken) from their recorded readings. The floor each device
// had when recorded seeds the learning, so a capture taken with a floor
// already known splits the same way; the user's kept floors are not read
// or written. Only a device's first recorded floor seeds it: one learned
// later in the capture is learned again at the same point.
func AnnotateAll(snaps []*schema.Snapshot) {
	f := NewFloors("")
	first := map[string]bool{}
	for _, s := range snaps {
		for i := range s.Devices {
			d := &s.Devices[i]
			k := DeviceKey(d)
			if !first[k] && d.Energy != nil && d.Energy.IdleFloorW != nil {
				f.observe(k, *d.Energy.IdleFloorW)
			}
			first[k] = true
		}
	}
	a := NewAnnotator(f)
	for _, s := range snaps {
		a.Annotate(s)
	}
}
