package diff

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gputaskman/gtm/app/escape"
	"github.com/gputaskman/gtm/app/internal/textfmt"
	"github.com/gputaskman/gtm/app/report"
	"github.com/gputaskman/gtm/internal/schema"
)

// WriteText writes the diff for people: per device, its measured counters;
// then the processes whose measured VRAM moved by HideBelow or more (or
// that otherwise changed), each with its reported and estimated segments
// and model evidence beneath it. colour adds ANSI colours (the caller
// decides: a terminal, and NO_COLOR unset).
func (d *Diff) WriteText(w io.Writer, colour bool) error {
	t := &textfmt.Table{}
	t.Add(textfmt.Cell{Text: fmt.Sprintf("gtm diff  %s (%s) → %s (%s), %s apart",
		escape.Text(d.Before.Label), textfmt.Stamp(d.Before.TakenAt), escape.Text(d.After.Label), textfmt.Stamp(d.After.TakenAt),
		textfmt.Elapsed(d.ElapsedSeconds)), Colour: textfmt.ColourBold})
	if !eqStr(d.Before.Hostname, d.After.Hostname) {
		t.Add(textfmt.Plain(fmt.Sprintf("hosts differ: %s before, %s after", report.FormatString(d.Before.Hostname), report.FormatString(d.After.Hostname))))
	}
	if len(d.Devices) == 0 {
		t.Add(textfmt.Plain(""))
		t.Add(textfmt.Plain("No GPU in either snapshot."))
	}
	for _, dev := range d.Devices {
		t.Add(textfmt.Plain(""))
		t.Add(textfmt.Cell{Text: escape.Text(fmt.Sprintf("GPU %d  %s", dev.Index, report.FormatString(dev.Name))), Colour: textfmt.ColourBold})
		t.Add(textfmt.Plain("  (measured)"), textfmt.Num("BEFORE"), textfmt.Num("AFTER"), textfmt.Num("CHANGE"))
		t.Add(bytesRow("  memory used", dev.MemoryUsed)...)
		t.Add(bytesRow("  listed processes", dev.ProcessVRAM)...)
		if dev.ProcessVRAMNote != nil {
			t.Add(textfmt.Plain("    (" + *dev.ProcessVRAMNote + ")"))
		}
		if dev.MemoryTotal.State != StateMeasured || *dev.MemoryTotal.Change != 0 {
			t.Add(bytesRow("  memory total", dev.MemoryTotal)...)
		}
		t.Add(numberRow("  GPU busy", dev.GPUUtil, "%", " pts")...)
		t.Add(numberRow("  memory activity", dev.MemoryUtil, "%", " pts")...)
		t.Add(numberRow("  temperature", dev.TemperatureC, " °C", " °C")...)
		t.Add(numberRow("  power", dev.PowerW, " W", " W")...)
		if dev.Energy != nil {
			t.Add(textfmt.Plain("  energy between: " + energyText(dev.Energy)))
		}
	}
	if err := t.Write(w, colour); err != nil {
		return err
	}
	return d.writeProcesses(w, colour)
}

func (d *Diff) writeProcesses(w io.Writer, colour bool) error {
	t := &textfmt.Table{}
	t.Add(textfmt.Plain(""))
	t.Add(textfmt.Cell{Text: fmt.Sprintf("Processes: measured VRAM (moves under %s hidden; --json lists every process)", textfmt.Bytes(d.TextHidesBelowBytes)), Colour: textfmt.ColourBold})
	t.Add(textfmt.Plain("  GPU"), textfmt.Plain("PID"), textfmt.Plain("NAME"), textfmt.Num("BEFORE"), textfmt.Num("AFTER"), textfmt.Num("CHANGE"), textfmt.Plain(""))
	hidden, segments := 0, false
	for _, c := range d.Processes {
		if c.HiddenInText {
			hidden++
			continue
		}
		name := c.After
		if name == nil {
			name = c.Before
		}
		pid := name.PIDLabel
		if c.Before != nil && c.After != nil && c.Before.PIDLabel != c.After.PIDLabel {
			pid = c.Before.PIDLabel + "→" + c.After.PIDLabel
		}
		row := []textfmt.Cell{textfmt.Plain("  " + strconv.Itoa(c.DeviceIndex)), textfmt.Plain(pid), textfmt.Plain(report.FormatString(name.Name))}
		row = append(row, bytesRow("", c.VRAM)[1:]...)
		row = append(row, textfmt.Plain(pairingNote(c)))
		t.Add(row...)
		for _, line := range detailLines(c) {
			t.Add(textfmt.Cell{Text: "      " + escape.Text(line.text), Colour: line.colour})
			segments = segments || line.segment
		}
	}
	if len(d.Processes) == hidden {
		t.Add(textfmt.Plain("  no process moved by " + textfmt.Bytes(d.TextHidesBelowBytes) + " or more"))
	}
	t.Add(textfmt.Plain(""))
	if hidden > 0 {
		t.Add(textfmt.Plain(fmt.Sprintf("%d %s moved less than %s and %s hidden; --json lists %s.", hidden,
			textfmt.Plural(hidden, "process", "processes"), textfmt.Bytes(d.TextHidesBelowBytes), textfmt.Plural(hidden, "is", "are"), textfmt.Plural(hidden, "it", "them"))))
	}
	t.Add(textfmt.Plain("\"not listed\": the process was not running, or used too little GPU to be listed — not zero."))
	if segments {
		t.Add(textfmt.Plain("Segments are reported (load logs, APIs) or estimated (model header math): shown beside the measured VRAM, never added to it."))
	}
	if len(d.ServedModels) > 0 {
		t.Add(textfmt.Plain(""))
		t.Add(textfmt.Cell{Text: "Served models: measured VRAM of all their processes", Colour: textfmt.ColourBold})
		for _, m := range d.ServedModels {
			row := []textfmt.Cell{textfmt.Plain("  " + escape.Text(m.Server)), textfmt.Plain(""), textfmt.Plain(report.FormatString(m.Model))}
			row = append(row, bytesRow("", m.VRAM)[1:]...)
			row = append(row, textfmt.Plain(servedSpan(m)))
			t.Add(row...)
		}
	}
	return t.Write(w, colour)
}

// servedSpan says how many processes and which GPUs a served model spans
// on each side.
func servedSpan(m ServedChange) string {
	side := func(n *int, devs []int) string {
		if n == nil {
			return "not served"
		}
		ds := make([]string, len(devs))
		for i, d := range devs {
			ds[i] = strconv.Itoa(d)
		}
		return fmt.Sprintf("%d %s on GPU %s", *n, textfmt.Plural(*n, "process", "processes"), strings.Join(ds, ","))
	}
	b, a := side(m.ProcessesBefore, m.DevicesBefore), side(m.ProcessesAfter, m.DevicesAfter)
	if b == a {
		return a
	}
	return b + " → " + a
}

type detailLine struct {
	text    string
	colour  string
	segment bool
}

// detailLines are the lines under a process: memory becoming known or
// unknown, inferred sizes, segments, n_ctx, model evidence.
func detailLines(c ProcessChange) []detailLine {
	var out []detailLine
	switch c.VRAM.State {
	case StateBecameKnown:
		out = append(out, detailLine{text: "VRAM became known: n/a before, " + report.FormatBytes(c.VRAM.After) + " now (not a change of " + report.FormatBytes(c.VRAM.After) + ")"})
	case StateBecameUnknown:
		out = append(out, detailLine{text: "VRAM became unknown: " + report.FormatBytes(c.VRAM.Before) + " before, n/a now (not a drop to zero)"})
	}
	if v := c.VRAMInferred; v.State != StateUnknown && v.State != StateNotListedAfter && v.State != StateNotListedBefore {
		out = append(out, detailLine{text: "inferred VRAM (owner matched by evidence, not measured): " + report.FormatBytes(v.Before) + " → " + report.FormatBytes(v.After)})
	} else if v.State == StateNotListedBefore && v.After != nil {
		out = append(out, detailLine{text: "inferred VRAM (not measured): " + report.FormatBytes(v.After)})
	}
	for _, s := range c.Segments {
		line := fmt.Sprintf("%-11s %s → %s", s.Part, partText(s.Before), partText(s.After))
		switch {
		case s.Change != nil && *s.Change == 0:
			line += "  unchanged"
		case s.Change != nil:
			line += "  " + signedBytes(*s.Change)
		case s.Before != nil && s.After != nil:
			line += "  (source changed; not comparable)"
		}
		out = append(out, detailLine{text: line, colour: textfmt.ColourDim, segment: true})
	}
	if n := c.NCtx; n != nil && !eqU64(n.Before, n.After) {
		out = append(out, detailLine{text: "n_ctx       " + nctxText(n.Before, n.BeforeSource) + " → " + nctxText(n.After, n.AfterSource)})
	}
	for _, m := range c.ModelsAppeared {
		out = append(out, detailLine{text: "model file appeared: " + modelText(m) + " — evidence the process opened or named it, not GPU growth"})
	}
	for _, m := range c.ModelsGone {
		out = append(out, detailLine{text: "model file no longer seen: " + modelText(m)})
	}
	if c.Energy != nil && c.Energy.Joules != nil {
		out = append(out, detailLine{text: "energy between: " + energyText(c.Energy)})
	}
	return out
}

func pairingNote(c ProcessChange) string {
	switch {
	case c.Before == nil:
		return "appeared"
	case c.After == nil:
		return "no longer listed"
	case c.Restarted && c.PairedBy != nil:
		how := map[string]string{PairedByNamePorts: "same name and ports", PairedByName: "only process of that name"}[*c.PairedBy]
		return "restarted (" + how + ")"
	}
	return ""
}

// partText is a segment on one side: "512.0 MiB estimated (gguf)", or
// "none" where nobody reported or estimated it.
func partText(p *schema.Part) string {
	if p == nil {
		return "none"
	}
	return textfmt.Bytes(p.Bytes) + " " + p.Source + " (" + p.From + ")"
}

func modelText(m ModelRef) string {
	name := filepath.Base(m.Path)
	if m.Name != nil {
		name = *m.Name + " (" + name + ")"
	}
	if len(m.Evidence) > 0 {
		name += " [" + strings.Join(m.Evidence, ", ") + "]"
	}
	return name
}

func nctxText(v *uint64, src *string) string {
	if v == nil {
		return report.NA
	}
	s := strconv.FormatUint(*v, 10)
	if src != nil {
		s += " (" + *src + ")"
	}
	return s
}

// bytesRow is a label and the before, after and change cells of a byte
// counter. A side without the thing says "not listed"; unknown is n/a.
func bytesRow(label string, c BytesChange) []textfmt.Cell {
	side := func(v *uint64, notListed bool) textfmt.Cell {
		if notListed {
			return textfmt.Cell{Text: "not listed", Right: true, Colour: textfmt.ColourDim}
		}
		return textfmt.Num(report.FormatBytes(v))
	}
	row := []textfmt.Cell{textfmt.Plain(label), side(c.Before, c.State == StateNotListedBefore), side(c.After, c.State == StateNotListedAfter)}
	switch c.State {
	case StateMeasured:
		text := signedBytes(*c.Change)
		if c.PerMinute != nil && *c.Change != 0 {
			text += " (" + signedBytes(int64(*c.PerMinute)) + "/min)"
		}
		row = append(row, changeCell(text, *c.Change))
	case StateBecameKnown:
		row = append(row, textfmt.Num("now known"))
	case StateBecameUnknown:
		row = append(row, textfmt.Num("now unknown"))
	default:
		row = append(row, textfmt.Num(""))
	}
	return row
}

func numberRow(label string, c NumberChange, unit, changeUnit string) []textfmt.Cell {
	side := func(v *float64, notListed bool) textfmt.Cell {
		switch {
		case notListed:
			return textfmt.Cell{Text: "not listed", Right: true, Colour: textfmt.ColourDim}
		case v == nil:
			return textfmt.Num(report.NA)
		}
		return textfmt.Num(textfmt.TrimFloat(*v) + unit)
	}
	row := []textfmt.Cell{textfmt.Plain(label), side(c.Before, c.State == StateNotListedBefore), side(c.After, c.State == StateNotListedAfter)}
	switch c.State {
	case StateMeasured:
		s := textfmt.TrimFloat(*c.Change)
		if *c.Change > 0 || (*c.Change == 0 && !strings.HasPrefix(s, "-")) {
			s = "+" + s
		}
		row = append(row, textfmt.Num(s+changeUnit))
	case StateBecameKnown:
		row = append(row, textfmt.Num("now known"))
	case StateBecameUnknown:
		row = append(row, textfmt.Num("now unknown"))
	default:
		row = append(row, textfmt.Num(""))
	}
	return row
}

// changeCell colours a memory change: growth red, shrinkage green, no
// change plain.
func changeCell(text string, v int64) textfmt.Cell {
	c := textfmt.Num(text)
	switch {
	case v > 0:
		c.Colour = textfmt.ColourRed
	case v < 0:
		c.Colour = textfmt.ColourGreen
	}
	return c
}

// signedBytes shows a change with its sign and one decimal: "+1.2 GiB",
// "-83.0 MiB", "0 B".
func signedBytes(v int64) string {
	sign := "+"
	if v < 0 {
		sign = "-"
	}
	a := uint64(abs64(v))
	switch {
	case v == 0:
		return "0 B"
	case a >= 1<<30:
		return fmt.Sprintf("%s%.1f GiB", sign, float64(a)/(1<<30))
	case a >= 1<<20:
		return fmt.Sprintf("%s%.1f MiB", sign, float64(a)/(1<<20))
	case a >= 1<<10:
		return fmt.Sprintf("%s%.1f KiB", sign, float64(a)/(1<<10))
	}
	return fmt.Sprintf("%s%d B", sign, a)
}
