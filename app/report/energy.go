package report

import (
	"fmt"
	"strings"

	"github.com/gputaskman/gtm/app/escape"
	"github.com/gputaskman/gtm/app/internal/textfmt"
	"github.com/gputaskman/gtm/internal/schema"
)

// Joules is an energy as people read it: J, kJ or MJ.
func Joules(v float64) string {
	switch {
	case v >= 1e6 || v <= -1e6:
		return textfmt.Float(v/1e6, 2) + " MJ"
	case v >= 1e3 || v <= -1e3:
		return textfmt.Float(v/1e3, 1) + " kJ"
	}
	return textfmt.Float(v, 0) + " J"
}

// Watts is a power with its error bar: "187.5 ± 1.6 W"; n/a when unknown.
func Watts(w, errW *float64) string {
	if w == nil {
		return NA
	}
	s := textfmt.Float(*w, 1)
	if errW != nil {
		s += " ± " + textfmt.Float(*errW, 1)
	}
	return s + " W"
}

// PowerLine is a device's power split in one line: the card's power and
// where it came from, its idle floor, its processes' estimated share and
// what none explains, and its energy since gtm started; "" when the card
// has no power or energy reading.
func PowerLine(d schema.Device) string {
	e := d.Energy
	if e == nil {
		return ""
	}
	power := Watts(e.PowerW, nil)
	if e.PowerSource != nil {
		power += " (" + escape.Text(*e.PowerSource) + ")"
	}
	parts := []string{"Power " + power, "idle " + Watts(e.IdleFloorW, nil),
		"processes " + Watts(e.ProcessesW, nil) + " (estimated)", "unattributed " + Watts(e.UnattributedW, nil)}
	line := strings.Join(parts, "  ")
	if e.EnergySinceStartJoules != nil {
		line += "  energy since start " + Joules(*e.EnergySinceStartJoules)
		if e.EnergySource != nil {
			line += " (" + escape.Text(*e.EnergySource) + ")"
		}
	}
	return line
}

// ProcessPowerText is a process's estimated power for a line of its own:
// watts ± error, its share of engine time and its energy so far, or n/a
// and why; "" when the card's power is not split at all.
func ProcessPowerText(p schema.Process) string {
	pp := p.Power
	if pp == nil {
		return ""
	}
	if pp.Watts == nil {
		s := "n/a"
		if pp.Reason != nil {
			s += ": " + escape.Text(*pp.Reason)
		}
		return s
	}
	s := Watts(pp.Watts, pp.ErrorWatts) + " (estimated"
	if pp.Share != nil {
		s += fmt.Sprintf(", %s%% of engine time", textfmt.Float(100**pp.Share, 0))
	}
	s += ")"
	if pp.EnergyJoules != nil {
		s += ", " + Joules(*pp.EnergyJoules) + " so far"
	}
	return s
}

// writePower adds one line per process with a power estimate, led by its
// GPU so that no line but the table's row starts with the PID, and one
// line per reason the others have none ("3 processes: n/a, no
// engine-utilisation sample …"). Absent when no card's power was split.
func writePower(b *strings.Builder, ps []schema.Process) {
	var lines []string
	why := map[string]int{}
	var reasons []string
	for _, p := range ps {
		if p.Power == nil {
			continue
		}
		if p.Power.Watts == nil {
			r := NA
			if p.Power.Reason != nil {
				r = "n/a: " + escape.Text(*p.Power.Reason)
			}
			if why[r] == 0 {
				reasons = append(reasons, r)
			}
			why[r]++
			continue
		}
		lines = append(lines, fmt.Sprintf("  GPU %s  PID %s %s  %s", deviceCell(p.DeviceIndex), escape.Text(p.PIDLabel), FormatString(p.Name), ProcessPowerText(p)))
	}
	for _, r := range reasons {
		lines = append(lines, fmt.Sprintf("  %d %s %s", why[r], textfmt.Plural(why[r], "process", "processes"), r))
	}
	if len(lines) == 0 {
		return
	}
	b.WriteString("\nPower per process (estimated: the card's power above its idle floor, split by engine time; docs/energy.md):\n")
	b.WriteString(strings.Join(lines, "\n") + "\n")
}

// PowerCell is a process's estimated power in a table cell, "187.5 ± 1.6
// W"; n/a when it is not estimated (no power reading, MIG, MPS, no
// samples).
func PowerCell(p schema.Process) string {
	if p.Power == nil {
		return NA
	}
	return Watts(p.Power.Watts, p.Power.ErrorWatts)
}

// energyRows are a process's estimated power, share and energy so far for
// its detail, each saying it is an estimate and how; one row saying why
// when there is no estimate.
func energyRows(p *schema.Process) []Row {
	w := p.Power
	if w == nil {
		return nil
	}
	if w.Watts == nil {
		why := NA
		if w.Reason != nil {
			why = "n/a: " + *w.Reason
		}
		return []Row{{Label: "Power", Value: why}}
	}
	prov := Estimated
	if w.Method != "" {
		prov += " (" + w.Method + ")"
	}
	rows := []Row{provRow("Power", PowerCell(*p), prov)}
	if w.Share != nil {
		rows = append(rows, provRow("Share of engine time", textfmt.Float(100**w.Share, 1)+"%", Estimated))
	}
	if w.EnergyJoules != nil {
		rows = append(rows, provRow("Energy so far", Joules(*w.EnergyJoules)+" ("+textfmt.Float(*w.EnergyJoules/3600, 2)+" Wh)", Estimated))
	}
	return rows
}
