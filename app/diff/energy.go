package diff

import (
	"github.com/gputaskman/gtm/app/report"
	"github.com/gputaskman/gtm/internal/schema"
)

// EnergyChange is the energy used between the two snapshots: a device's
// from its energy counter (Source "counter") or from gtm's energy since
// start (its EnergySource), a process's from its estimated energy since
// gtm first saw it ("estimated"). Before and After are the totals read;
// Joules is their difference, null with a Note when they do not compare
// (a counter that went back, a gtm restarted between them, a side with
// no reading). Totals since start compare only within one gtm run (two
// snapshots of one capture).
type EnergyChange struct {
	Before *float64 `json:"before"`
	After  *float64 `json:"after"`
	Joules *float64 `json:"joules"`
	Source string   `json:"source"`
	Note   *string  `json:"note"`
}

// Notes on an energy change that has no joules.
const (
	NoteEnergyWentBack = "the total went back (a driver reload, another boot or another gtm run): no energy between them"
	NoteEnergyOneSide  = "not read on both sides"
)

// deviceEnergy is a device's energy between the snapshots; nil when
// neither side has an energy block.
func deviceEnergy(b, a *schema.Device) *EnergyChange {
	var eb, ea *schema.DeviceEnergy
	if b != nil {
		eb = b.Energy
	}
	if a != nil {
		ea = a.Energy
	}
	if eb == nil && ea == nil {
		return nil
	}
	if eb == nil || ea == nil {
		return &EnergyChange{Source: "counter", Note: schema.Ptr(NoteEnergyOneSide)}
	}
	if eb.EnergyJoules != nil && ea.EnergyJoules != nil {
		return between(eb.EnergyJoules, ea.EnergyJoules, "counter")
	}
	src := "integrated"
	if ea.EnergySource != nil {
		src = *ea.EnergySource
	}
	return between(eb.EnergySinceStartJoules, ea.EnergySinceStartJoules, src)
}

// processEnergy is a process's estimated energy between the snapshots,
// for the same process only (paired by PID and start time).
func processEnergy(rp rowPair) *EnergyChange {
	var b, a *float64
	if rp.b != nil && rp.b.Power != nil {
		b = rp.b.Power.EnergyJoules
	}
	if rp.a != nil && rp.a.Power != nil {
		a = rp.a.Power.EnergyJoules
	}
	if b == nil && a == nil {
		return nil
	}
	if rp.by != PairedByPIDStart {
		return &EnergyChange{Before: b, After: a, Source: "estimated", Note: schema.Ptr(NoteEnergyOneSide)}
	}
	return between(b, a, "estimated")
}

func between(b, a *float64, source string) *EnergyChange {
	c := &EnergyChange{Before: b, After: a, Source: source}
	switch {
	case b == nil || a == nil:
		c.Note = schema.Ptr(NoteEnergyOneSide)
	case *a < *b:
		c.Note = schema.Ptr(NoteEnergyWentBack)
	default:
		c.Joules = schema.Ptr(*a - *b)
	}
	return c
}

// energyText is an energy change for a line of text.
func energyText(c *EnergyChange) string {
	if c.Joules == nil {
		return "n/a (" + *c.Note + ")"
	}
	return report.Joules(*c.Joules) + " (" + c.Source + ")"
}
