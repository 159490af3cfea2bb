package report

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gputaskman/gtm/app/escape"
	"github.com/gputaskman/gtm/app/internal/textfmt"
	"github.com/gputaskman/gtm/app/snapshot"
	"github.com/gputaskman/gtm/inspect"
)

// Detail is everything a snapshot row says about one process, in labelled
// sections ready to show: `gtm inspect` prints it (Text) and the window's
// inspector can lay out the same sections. Every string is a display
// string: unknown values read "n/a", and text that came from processes,
// files or servers has its control characters made visible.
type Detail struct {
	// Title is the identity line: "PID 4242  llama-server  (user alice,
	// started …, parent 1)".
	Title    string
	Sections []DetailSection
	// Notes are footnotes, in order: the LLM block's notes, the
	// presence-not-residency caveat, the row's own notes.
	Notes []string
}

// DetailSection is one labelled part: a value beside the label, lines
// under it, or both.
type DetailSection struct {
	Label string // "Command", "GPU 0", "Runtimes", "Models", "LLM memory", …
	Value string // "" when only Lines follow
	Lines []DetailLine
}

// DetailLine is one line under a section. Depth 1 lines are items (a
// runtime, a model, an app event), depth 2 lines are facts about the item
// above. Key, when set, is a column before Text (a runtime's name).
type DetailLine struct {
	Depth int
	Key   string
	Text  string
}

// ProcessDetail gathers one process's detail: identity, each measured
// counter, runtimes (presence only), models with their evidence and header
// facts, app-adapter state, the LLM memory summary and notes.
func ProcessDetail(p *snapshot.Process) Detail {
	str := FormatString
	started := NA
	if p.StartTime != nil {
		started = p.StartTime.Local().Format("2006-01-02 15:04:05 MST")
	}
	ppid := NA
	if p.PPID != nil {
		ppid = strconv.Itoa(*p.PPID)
	}
	d := Detail{Title: fmt.Sprintf("PID %s  %s  (user %s, started %s, parent %s)", escape.Text(p.PIDLabel), str(p.Name), str(p.User), started, ppid)}
	add := func(label, value string, lines ...DetailLine) {
		d.Sections = append(d.Sections, DetailSection{Label: label, Value: value, Lines: lines})
	}
	add("Command", CommandLine(p.Cmdline))
	add("Executable", str(p.Exe))
	add("Directory", str(p.Cwd))
	if p.DeviceIndex == nil {
		add("GPU", "none listed by the driver now")
	} else {
		add(fmt.Sprintf("GPU %d", *p.DeviceIndex), fmt.Sprintf("VRAM %s (measured)  GPU %s  SM %s  Encoder %s  Decoder %s",
			FormatBytes(p.VRAMBytes), FormatPercent(p.GPUUtilPercent), FormatPercent(p.SMUtilPercent),
			FormatPercent(p.EncoderUtilPercent), FormatPercent(p.DecoderUtilPercent)))
	}
	cpu := NA
	if p.CPUPercent != nil {
		cpu = textfmt.Float(*p.CPUPercent, 1) + "% of all CPUs"
	}
	add("CPU, RAM", fmt.Sprintf("CPU %s  resident %s (measured)", cpu, FormatBytes(p.RSSBytes)))
	add("Category", str(p.Category))

	add("Runtimes", listValue(len(p.Runtimes), p.Runtimes == nil), runtimeLines(p.Runtimes)...)
	add("Models", listValue(len(p.Models), p.Models == nil), modelsLines(p.Models)...)
	if a := p.App; a != nil {
		add("App", fmt.Sprintf("%s: selected model %s (settings prove selection, not a load)", escape.Text(a.App), FormatString(a.SelectedModel)), appLines(a)...)
	}
	if p.LLM != nil {
		add("LLM memory", LLMSummary(p.LLM))
		for _, n := range p.LLM.Notes {
			d.Notes = append(d.Notes, escape.Text(n))
		}
	}
	d.Notes = append(d.Notes, inspect.PresenceNote)
	for _, n := range p.Notes {
		d.Notes = append(d.Notes, escape.Text(n))
	}
	return d
}

// listValue is what a list's section says beside its label: "n/a (not
// inspected)" for a null list, "none found" for an empty one, nothing when
// its items follow.
func listValue(n int, null bool) string {
	switch {
	case null:
		return "n/a (not inspected)"
	case n == 0:
		return "none found"
	}
	return ""
}

// runtimeLines are one line per runtime: its name and the libraries that
// show it (presence, not residency).
func runtimeLines(rs []inspect.Runtime) []DetailLine {
	var lines []DetailLine
	for _, r := range rs {
		name := r.Name
		if r.Detail != "" {
			name += " (" + r.Detail + ")"
		}
		lines = append(lines, DetailLine{Depth: 1, Key: escape.Text(name), Text: escape.Text(strings.Join(r.Libraries, ", "))})
	}
	return lines
}

// modelsLines are every model's lines.
func modelsLines(ms []inspect.Model) []DetailLine {
	var lines []DetailLine
	for _, m := range ms {
		lines = append(lines, modelLines(m)...)
	}
	return lines
}

// appLines are an app adapter's logged model events, each said to be from
// before or since the process started.
func appLines(a *inspect.AppState) []DetailLine {
	var lines []DetailLine
	for _, e := range a.Events {
		fresh := "before this process started"
		if e.Fresh {
			fresh = "since this process started"
		}
		lines = append(lines, DetailLine{Depth: 1, Text: fmt.Sprintf("%s  %s %s (%s)",
			e.Time.Local().Format("2006-01-02 15:04:05 MST"), escape.Text(e.Kind), FormatString(e.Model), fresh)})
	}
	return lines
}

// modelLines are a model's item line (name, evidence, role) and its facts.
func modelLines(m inspect.Model) []DetailLine {
	name := m.Path
	if m.Name != nil {
		name = *m.Name
	}
	status := strings.Join(m.Evidence, "+")
	switch {
	case m.Confirmed:
		status += ", confirmed"
	case m.Candidate:
		status += ", candidate: not proven loaded"
	case m.OpenedAt != nil:
		status += ", not proven resident"
	}
	if m.OpenedAt != nil {
		status += ", opened at " + m.OpenedAt.Local().Format("15:04:05")
	}
	lines := []DetailLine{{Depth: 1, Text: fmt.Sprintf("%s  [%s]  %s", escape.Text(name), escape.Text(status), escape.Text(m.Role))}}
	fact := func(s string) { lines = append(lines, DetailLine{Depth: 2, Text: s}) }
	if m.Name != nil {
		fact(escape.Text(m.Path))
	}
	var facts []string
	add := func(s *string) {
		if s != nil {
			facts = append(facts, *s)
		}
	}
	if m.Kind != nil && len(m.OutputModalities) > 0 {
		facts = append(facts, fmt.Sprintf("%s (outputs %s, per its API)", *m.Kind, strings.Join(m.OutputModalities, ", ")))
	} else {
		add(m.Kind)
	}
	add(m.Architecture)
	add(m.Quantization)
	if m.Layers != nil {
		facts = append(facts, fmt.Sprintf("%d layers", *m.Layers))
	}
	if m.Parameters != nil {
		facts = append(facts, FormatCount(*m.Parameters)+" parameters")
	}
	if m.Weights != nil {
		facts = append(facts, fmt.Sprintf("weights %.2f MiB (%s from %s)", float64(m.Weights.Bytes)/(1<<20), m.Weights.Source, m.Weights.From))
	}
	if len(facts) > 0 {
		fact(escape.Text(strings.Join(facts, ", ")))
	}
	if m.FormatDetail != nil {
		fact(escape.Text(*m.FormatDetail))
	}
	if m.KindLabel != nil {
		fact(escape.Text(*m.KindLabel))
	}
	if m.HeaderError != nil {
		fact("header unreadable: " + escape.Text(*m.HeaderError))
	}
	return lines
}

// Text renders the detail as `gtm inspect` prints it: the title, each
// section's label in a column, items and facts indented under it, notes
// starred.
func (d Detail) Text() string {
	var b strings.Builder
	b.WriteString(d.Title)
	b.WriteByte('\n')
	for _, s := range d.Sections {
		if s.Value != "" {
			fmt.Fprintf(&b, "  %-10s %s\n", s.Label, s.Value)
		} else {
			fmt.Fprintf(&b, "  %s\n", s.Label)
		}
		for _, l := range s.Lines {
			b.WriteString(strings.Repeat("  ", l.Depth+1))
			if l.Key != "" {
				fmt.Fprintf(&b, "%-28s ", l.Key)
			}
			b.WriteString(l.Text)
			b.WriteByte('\n')
		}
	}
	for _, n := range d.Notes {
		fmt.Fprintf(&b, "  * %s\n", n)
	}
	return escape.Lines(b.String())
}

// FormatCount shows a large count briefly: "8.19 B", "596.0 M", "512".
func FormatCount(n uint64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.2f B", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1f M", float64(n)/1e6)
	default:
		return fmt.Sprint(n)
	}
}
