package report

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/gputaskman/gtm/app/escape"

	"github.com/gputaskman/gtm/internal/schema"
)

// Detail is everything gtm knows about one process, as titled sections of
// rows (label, value, provenance). `gtm inspect` prints it (Text) and the
// window's process pane lays out the same sections with its widgets, so
// a fact is added here once and the two show it alike. Every string is a
// display string: unknown values read "n/a", and text that came from
// processes, files or servers has its control and bidi characters made
// visible (escape.Text).
type Detail struct {
	Title    string // "PID 4242 · llama-server · alice"
	Sections []Section
}

// Section is one titled block of the detail.
type Section struct {
	Title string
	// Caption is a short warning shown under the title.
	Caption string
	// Folder, when set, is a model's folder, which the window offers to
	// open. It is a path to act on, so it is not escaped.
	Folder string
	// Bar is the LLM memory set against the measured VRAM (the LLM
	// section only): the window draws it, the text prints its legend.
	Bar  *Bar
	Rows []Row
}

// Row is one fact: a label, its value and where the value came from.
type Row struct {
	Label string
	Value string
	// Prov says where Value came from, shown after it: a provenance word
	// below, perhaps qualified ("estimated (gguf)"), or the source that
	// said it ("from api"). It is empty for what a process or file is
	// (identity, header facts, evidence) and for a value that names its
	// parts' sources itself.
	Prov string
}

// Provenance words (docs/design.md, evidence rule 2), as rows and the
// window's help use them.
const (
	Measured  = "measured"
	Inferred  = "inferred *"
	Guessed   = "guessed ?"
	Estimated = "estimated"
	Reported  = "reported"
)

// RuntimeCaption stands under the runtimes: a library proves presence only.
const RuntimeCaption = "A loaded library proves presence, not GPU work."

// Text is the row's value as both renderings show it: the value, then its
// provenance after "  · ".
func (r Row) Text() string {
	if r.Prov == "" {
		return r.Value
	}
	return r.Value + "  · " + r.Prov
}

// provRow is a row whose value came from prov; an unknown value is n/a
// with no provenance (nothing was read).
func provRow(label, value, prov string) Row {
	if value == NA {
		return Row{Label: label, Value: NA}
	}
	return Row{Label: label, Value: value, Prov: prov}
}

// ProcessDetail gathers process p's detail. snap, when given (the window
// has one; `gtm inspect` reads one process and has none), names p's GPU
// among several and the model it serves with other processes.
func ProcessDetail(snap *schema.Snapshot, p *schema.Process) Detail {
	d := Detail{Title: fmt.Sprintf("PID %s · %s", p.PIDLabel, FormatString(p.Name))}
	if p.User != nil {
		d.Title += " · " + *p.User
	}
	// What fills the GPU comes first: an LLM's breakdown, the counters,
	// the models and the server; who the process is follows.
	if p.LLM != nil {
		d.Sections = append(d.Sections, llmSection(p))
	}
	d.Sections = append(d.Sections, countersSection(snap, p))
	d.Sections = append(d.Sections, modelSections(p)...)
	if p.LLM != nil {
		d.Sections = append(d.Sections, serverSection(p.LLM))
	}
	if g := servedModelOf(snap, p); g != nil {
		d.Sections = append(d.Sections, servedSection(g))
	}
	if p.App != nil {
		d.Sections = append(d.Sections, appSection(p.App))
	}
	d.Sections = append(d.Sections, runtimesSection(p.Runtimes), processSection(p), notesSection(p))
	d.escape()
	return d
}

// escape shows control and bidi characters in names, paths, command
// lines and notes (which came from processes, files and servers) as
// visible escapes, so they cannot forge lines or reorder what is shown.
// gtm's own text passes through unchanged; escaping twice changes nothing.
func (d *Detail) escape() {
	d.Title = escape.Text(d.Title)
	for k := range d.Sections {
		s := &d.Sections[k]
		s.Title, s.Caption = escape.Text(s.Title), escape.Text(s.Caption)
		for r := range s.Rows {
			row := &s.Rows[r]
			row.Label, row.Value, row.Prov = escape.Text(row.Label), escape.Text(row.Value), escape.Text(row.Prov)
		}
	}
}

// runtimesSection is one row per runtime and the libraries that show it
// (presence, not residency).
func runtimesSection(rs []schema.Runtime) Section {
	s := Section{Title: "Runtimes", Caption: RuntimeCaption}
	switch {
	case rs == nil:
		s.Rows = append(s.Rows, Row{Value: "n/a (not inspected)"})
	case len(rs) == 0:
		s.Rows = append(s.Rows, Row{Value: "none found"})
	}
	for _, r := range rs {
		name := r.Name
		if r.Detail != "" {
			name += " (" + r.Detail + ")"
		}
		s.Rows = append(s.Rows, Row{Label: name, Value: strings.Join(r.Libraries, ", ")})
	}
	return s
}

// appSection is an app adapter's state: the model its settings select
// and its logged model events, each said to be from before or since the
// process started.
func appSection(a *schema.AppState) Section {
	s := Section{Title: "App · " + a.App,
		Caption: "Settings prove selection, not a load; log events are history, not proof of what is resident now."}
	s.Rows = append(s.Rows,
		Row{Label: "Selected model", Value: FormatString(a.SelectedModel)},
		Row{Label: "Settings", Value: FormatString(a.SettingsPath)},
		Row{Label: "Log", Value: FormatString(a.LogPath)},
	)
	for _, e := range a.Events {
		fresh := "before this process started"
		if e.Fresh {
			fresh = "since this process started"
		}
		s.Rows = append(s.Rows, Row{Label: "Event", Value: fmt.Sprintf("%s  %s %s (%s)",
			e.Time.Local().Format("2006-01-02 15:04:05 MST"), e.Kind, FormatString(e.Model), fresh)})
	}
	for _, n := range a.Notes {
		s.Rows = append(s.Rows, Row{Label: "Note", Value: n})
	}
	return s
}

// PresenceNote is said beside runtimes and mapped files, in the text and
// the window alike: they show what a process holds, not where its GPU
// memory goes (docs/design.md, evidence rule 4).
const PresenceNote = "A loaded library or mapped file proves presence, not GPU residency or GPU work."

// notesSection is the presence caveat and the row's own notes; the LLM's
// notes stand beside its bar and are not repeated.
func notesSection(p *schema.Process) Section {
	s := Section{Title: "Notes"}
	llm := map[string]bool{}
	if p.LLM != nil {
		for _, n := range p.LLM.Notes {
			llm[escape.Text(n)] = true
		}
	}
	for _, n := range append([]string{PresenceNote}, p.Notes...) {
		if n = escape.Text(n); !llm[n] {
			s.Rows = append(s.Rows, Row{Value: n})
		}
	}
	return s
}

// Text renders the detail as `gtm inspect` prints it: the title, each
// section's title indented under it, and the section's caption, bar
// legend and rows under that, labels in a column.
func (d Detail) Text() string {
	var b strings.Builder
	b.WriteString(d.Title)
	b.WriteByte('\n')
	for _, s := range d.Sections {
		fmt.Fprintf(&b, "  %s\n", s.Title)
		if s.Caption != "" {
			fmt.Fprintf(&b, "    %s\n", s.Caption)
		}
		rows := s.Rows
		if s.Bar != nil {
			fmt.Fprintf(&b, "    %s\n", s.Bar.Caption())
			rows = append(s.Bar.Legend(), rows...)
		}
		writeRows(&b, rows)
	}
	return escape.Lines(b.String())
}

// maxLabel caps the label column, as the window caps its key column: a
// longer label pushes its value along.
const maxLabel = 28

// writeRows writes rows with their labels in a column as wide as the
// widest label; a row with no label starts where labels do.
func writeRows(b *strings.Builder, rows []Row) {
	w := 0
	for _, r := range rows {
		w = max(w, utf8.RuneCountInString(r.Label))
	}
	w = min(w, maxLabel)
	for _, r := range rows {
		if r.Label == "" {
			fmt.Fprintf(b, "    %s\n", r.Text())
			continue
		}
		pad := max(w-utf8.RuneCountInString(r.Label), 0)
		fmt.Fprintf(b, "    %s%s  %s\n", r.Label, strings.Repeat(" ", pad), r.Text())
	}
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
