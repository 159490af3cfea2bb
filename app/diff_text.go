package app

import (
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gputaskman/gtm/inspect"
)

// WriteText writes the diff for people: per device, its measured counters;
// then the processes whose measured VRAM moved by DiffHideBelow or more (or
// that otherwise changed), each with its reported and estimated segments
// and model evidence beneath it. colour adds ANSI colours (the caller
// decides: a terminal, and NO_COLOR unset).
func (d *Diff) WriteText(w io.Writer, colour bool) error {
	t := &textTable{}
	t.add(cell{text: fmt.Sprintf("gtm diff  %s (%s) → %s (%s), %s apart",
		safeText(d.Before.Label), stamp(d.Before.TakenAt), safeText(d.After.Label), stamp(d.After.TakenAt),
		elapsed(d.ElapsedSeconds)), colour: colourBold})
	if !eqStr(d.Before.Hostname, d.After.Hostname) {
		t.add(plain(fmt.Sprintf("hosts differ: %s before, %s after", FormatString(d.Before.Hostname), FormatString(d.After.Hostname))))
	}
	if len(d.Devices) == 0 {
		t.add(plain(""))
		t.add(plain("No GPU in either snapshot."))
	}
	for _, dev := range d.Devices {
		t.add(plain(""))
		t.add(cell{text: safeText(fmt.Sprintf("GPU %d  %s", dev.Index, FormatString(dev.Name))), colour: colourBold})
		t.add(plain("  (measured)"), num("BEFORE"), num("AFTER"), num("CHANGE"))
		t.add(bytesRow("  memory used", dev.MemoryUsed)...)
		t.add(bytesRow("  listed processes", dev.ProcessVRAM)...)
		if dev.ProcessVRAMNote != nil {
			t.add(plain("    (" + *dev.ProcessVRAMNote + ")"))
		}
		if dev.MemoryTotal.State != StateMeasured || *dev.MemoryTotal.Change != 0 {
			t.add(bytesRow("  memory total", dev.MemoryTotal)...)
		}
		t.add(numberRow("  GPU busy", dev.GPUUtil, "%", " pts")...)
		t.add(numberRow("  memory activity", dev.MemoryUtil, "%", " pts")...)
		t.add(numberRow("  temperature", dev.TemperatureC, " °C", " °C")...)
		t.add(numberRow("  power", dev.PowerW, " W", " W")...)
	}
	if err := t.write(w, colour); err != nil {
		return err
	}
	return d.writeProcesses(w, colour)
}

func (d *Diff) writeProcesses(w io.Writer, colour bool) error {
	t := &textTable{}
	t.add(plain(""))
	t.add(cell{text: fmt.Sprintf("Processes: measured VRAM (moves under %s hidden; --json lists every process)", formatBytes(d.TextHidesBelowBytes)), colour: colourBold})
	t.add(plain("  GPU"), plain("PID"), plain("NAME"), num("BEFORE"), num("AFTER"), num("CHANGE"), plain(""))
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
		row := []cell{plain("  " + strconv.Itoa(c.DeviceIndex)), plain(pid), plain(FormatString(name.Name))}
		row = append(row, bytesRow("", c.VRAM)[1:]...)
		row = append(row, plain(pairingNote(c)))
		t.add(row...)
		for _, line := range detailLines(c) {
			t.add(cell{text: "      " + safeText(line.text), colour: line.colour})
			segments = segments || line.segment
		}
	}
	if len(d.Processes) == hidden {
		t.add(plain("  no process moved by " + formatBytes(d.TextHidesBelowBytes) + " or more"))
	}
	t.add(plain(""))
	if hidden > 0 {
		t.add(plain(fmt.Sprintf("%d %s moved less than %s and %s hidden; --json lists %s.", hidden,
			plural(hidden, "process", "processes"), formatBytes(d.TextHidesBelowBytes), plural(hidden, "is", "are"), plural(hidden, "it", "them"))))
	}
	t.add(plain("\"not listed\": the process was not running, or used too little GPU to be listed — not zero."))
	if segments {
		t.add(plain("Segments are reported (load logs, APIs) or estimated (GGUF math): shown beside the measured VRAM, never added to it."))
	}
	return t.write(w, colour)
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
		out = append(out, detailLine{text: "VRAM became known: n/a before, " + FormatBytes(c.VRAM.After) + " now (not a change of " + FormatBytes(c.VRAM.After) + ")"})
	case StateBecameUnknown:
		out = append(out, detailLine{text: "VRAM became unknown: " + FormatBytes(c.VRAM.Before) + " before, n/a now (not a drop to zero)"})
	}
	if v := c.VRAMInferred; v.State != StateUnknown && v.State != StateNotListedAfter && v.State != StateNotListedBefore {
		out = append(out, detailLine{text: "inferred VRAM (owner matched by evidence, not measured): " + FormatBytes(v.Before) + " → " + FormatBytes(v.After)})
	} else if v.State == StateNotListedBefore && v.After != nil {
		out = append(out, detailLine{text: "inferred VRAM (not measured): " + FormatBytes(v.After)})
	}
	for _, s := range c.Segments {
		line := fmt.Sprintf("%-9s %s → %s", s.Part, partText(s.Before), partText(s.After))
		switch {
		case s.Change != nil && *s.Change == 0:
			line += "  unchanged"
		case s.Change != nil:
			line += "  " + signedBytes(*s.Change)
		case s.Before != nil && s.After != nil:
			line += "  (source changed; not comparable)"
		}
		out = append(out, detailLine{text: line, colour: colourDim, segment: true})
	}
	if n := c.NCtx; n != nil && !eqU64(n.Before, n.After) {
		out = append(out, detailLine{text: "n_ctx     " + nctxText(n.Before, n.BeforeSource) + " → " + nctxText(n.After, n.AfterSource)})
	}
	for _, m := range c.ModelsAppeared {
		out = append(out, detailLine{text: "model file appeared: " + modelText(m) + " — evidence the process opened or named it, not GPU growth"})
	}
	for _, m := range c.ModelsGone {
		out = append(out, detailLine{text: "model file no longer seen: " + modelText(m)})
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
func partText(p *inspect.Part) string {
	if p == nil {
		return "none"
	}
	return formatBytes(p.Bytes) + " " + p.Source + " (" + p.From + ")"
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
		return NA
	}
	s := strconv.FormatUint(*v, 10)
	if src != nil {
		s += " (" + *src + ")"
	}
	return s
}

// bytesRow is a label and the before, after and change cells of a byte
// counter. A side without the thing says "not listed"; unknown is n/a.
func bytesRow(label string, c BytesChange) []cell {
	side := func(v *uint64, notListed bool) cell {
		if notListed {
			return cell{text: "not listed", right: true, colour: colourDim}
		}
		return num(FormatBytes(v))
	}
	row := []cell{plain(label), side(c.Before, c.State == StateNotListedBefore), side(c.After, c.State == StateNotListedAfter)}
	switch c.State {
	case StateMeasured:
		row = append(row, changeCell(signedBytes(*c.Change), *c.Change))
	case StateBecameKnown:
		row = append(row, num("now known"))
	case StateBecameUnknown:
		row = append(row, num("now unknown"))
	default:
		row = append(row, num(""))
	}
	return row
}

func numberRow(label string, c NumberChange, unit, changeUnit string) []cell {
	side := func(v *float64, notListed bool) cell {
		switch {
		case notListed:
			return cell{text: "not listed", right: true, colour: colourDim}
		case v == nil:
			return num(NA)
		}
		return num(trimFloat(*v) + unit)
	}
	row := []cell{plain(label), side(c.Before, c.State == StateNotListedBefore), side(c.After, c.State == StateNotListedAfter)}
	switch c.State {
	case StateMeasured:
		s := trimFloat(*c.Change)
		if *c.Change > 0 || (*c.Change == 0 && !strings.HasPrefix(s, "-")) {
			s = "+" + s
		}
		row = append(row, num(s+changeUnit))
	case StateBecameKnown:
		row = append(row, num("now known"))
	case StateBecameUnknown:
		row = append(row, num("now unknown"))
	default:
		row = append(row, num(""))
	}
	return row
}

// changeCell colours a memory change: growth red, shrinkage green, no
// change plain.
func changeCell(text string, v int64) cell {
	c := num(text)
	switch {
	case v > 0:
		c.colour = colourRed
	case v < 0:
		c.colour = colourGreen
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

func trimFloat(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < maxPlain {
		return strconv.FormatInt(int64(v), 10)
	}
	return formatFloat(v, 1)
}

func stamp(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05 UTC") }

func elapsed(sec float64) string {
	if sec < 0 {
		return "-" + time.Duration(-sec*float64(time.Second)).Round(time.Second).String()
	}
	return time.Duration(sec * float64(time.Second)).Round(time.Second).String()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
