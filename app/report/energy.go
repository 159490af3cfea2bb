package report

import (
	"fmt"

	"github.com/gputaskman/gtm/app/internal/textfmt"
	"github.com/gputaskman/gtm/internal/schema"
)

// PowerCell is a process's estimated power in a table cell: "187.5 W ±4.2";
// n/a when it is not estimated (no power reading, MIG, MPS, no samples).
func PowerCell(p schema.Process) string {
	w := p.Power
	if w == nil || w.Watts == nil {
		return NA
	}
	s := watts(*w.Watts)
	if w.ErrorWatts != nil {
		s += " ±" + textfmt.Float(*w.ErrorWatts, 1)
	}
	return s
}

// watts is a power in W with one decimal.
func watts(v float64) string { return textfmt.Float(v, 1) + " W" }

// PowerSplitLine splits a card's power into idle, its processes and the
// unattributed rest: "Power 300.0 W (counter): idle 50.0 W · processes
// 250.0 W · unattributed 0.0 W (split estimated)"; "" without a power
// figure.
func PowerSplitLine(d schema.Device) string {
	e := d.Energy
	if e == nil || e.PowerW == nil {
		return ""
	}
	src := ""
	if e.PowerSource != nil {
		src = " (" + *e.PowerSource + ")"
	}
	opt := func(v *float64) string {
		if v == nil {
			return NA
		}
		return watts(*v)
	}
	idle := opt(e.IdleFloorW)
	if e.IdleFloorW == nil {
		idle = "n/a (not seen idle yet)"
	}
	return fmt.Sprintf("Power %s%s: idle %s · processes %s · unattributed %s (split estimated)",
		watts(*e.PowerW), src, idle, opt(e.ProcessesW), opt(e.UnattributedW))
}

// energyText is joules as people read them: "12.3 kJ (3.42 Wh)".
func energyText(j float64) string {
	wh := j / 3600
	switch {
	case j >= 1e6:
		return fmt.Sprintf("%s MJ (%s kWh)", textfmt.Float(j/1e6, 2), textfmt.Float(wh/1000, 3))
	case j >= 1e3:
		return fmt.Sprintf("%s kJ (%s Wh)", textfmt.Float(j/1e3, 1), textfmt.Float(wh, 2))
	}
	return fmt.Sprintf("%s J (%s Wh)", textfmt.Float(j, 0), textfmt.Float(wh, 3))
}

// energyRows are a process's estimated power, share and energy so far,
// each saying it is an estimate and how; one row saying why when there is
// no estimate.
func energyRows(p *schema.Process) []Row {
	w := p.Power
	if w == nil {
		return nil
	}
	prov := Estimated
	if w.Method != "" {
		prov += " (" + w.Method + ")"
	}
	if w.Watts == nil {
		why := NA
		if w.Reason != nil {
			why = "n/a: " + *w.Reason
		}
		return []Row{{Label: "Power", Value: why}}
	}
	rows := []Row{provRow("Power", PowerCell(*p), prov)}
	if w.Share != nil {
		rows = append(rows, provRow("Share of engine time", textfmt.Float(100**w.Share, 1)+"%", Estimated))
	}
	if w.EnergyJoules != nil {
		rows = append(rows, provRow("Energy so far", energyText(*w.EnergyJoules), Estimated))
	}
	return rows
}
