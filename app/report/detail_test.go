package report

import (
	"strings"
	"testing"

	"github.com/gputaskman/gtm/internal/schema"
)

func findSection(d Detail, title string) *Section {
	for i := range d.Sections {
		if d.Sections[i].Title == title {
			return &d.Sections[i]
		}
	}
	return nil
}

func findRow(s *Section, label string) *Row {
	if s == nil {
		return nil
	}
	for i := range s.Rows {
		if s.Rows[i].Label == label {
			return &s.Rows[i]
		}
	}
	return nil
}

func golden4242(t *testing.T) (*schema.Snapshot, *schema.Process) {
	t.Helper()
	snap := goldenSnapshot(t)
	for i := range snap.Processes {
		if snap.Processes[i].PID == 4242 {
			return snap, &snap.Processes[i]
		}
	}
	t.Fatal("no PID 4242 in the golden snapshot")
	return nil, nil
}

// The sections come in the window's order (what fills the GPU first, who
// the process is last), and each number carries its provenance apart from
// its value.
func TestProcessDetailSections(t *testing.T) {
	snap, p := golden4242(t)
	d := ProcessDetail(snap, p)
	if d.Title != "PID 4242 · llama-server · alice" {
		t.Errorf("title = %q", d.Title)
	}
	var titles []string
	for _, s := range d.Sections {
		titles = append(titles, s.Title)
	}
	if got := strings.Join(titles, "|"); got != "LLM memory|GPU counters|Model · qwen3:0.6b|Server|Runtimes|Process|Notes" {
		t.Errorf("sections = %s", got)
	}
	gpu := findSection(d, "GPU counters")
	for label, want := range map[string]Row{
		"VRAM":         {"VRAM", "6.00 GiB", Measured},
		"Resident RAM": {"Resident RAM", "1.00 GiB", Measured},
		"CPU":          {"CPU", "12% of all CPUs", Measured},
	} {
		if r := findRow(gpu, label); r == nil || *r != want {
			t.Errorf("%s = %+v, want %+v", label, r, want)
		}
	}
	model := findSection(d, "Model · qwen3:0.6b")
	if r := findRow(model, "Weights"); r == nil || r.Prov != "estimated (gguf)" || r.Text() != "604.15 MiB  · estimated (gguf)" {
		t.Errorf("weights = %+v", r)
	}
	if r := findRow(model, "Evidence"); r == nil || r.Value != "mapped + cmdline · confirmed" || r.Prov != "" {
		t.Errorf("evidence = %+v", r)
	}
	llm := findSection(d, "LLM memory")
	if llm.Bar == nil || llm.Bar.Parts[len(llm.Bar.Parts)-1].Name != OtherPart {
		t.Fatalf("LLM bar = %+v", llm.Bar)
	}
	notes := findSection(d, "Notes")
	if len(notes.Rows) == 0 || notes.Rows[0].Value != PresenceNote {
		t.Errorf("notes = %+v", notes.Rows)
	}
}

// Unknown is n/a with no provenance (nothing was read), an uninspected
// list says so, and strings from the process cannot smuggle terminal
// escapes into the detail or its text.
func TestProcessDetailUnknownAndHostile(t *testing.T) {
	name := "evil\x1b]0;owned\x07"
	p := &schema.Process{PID: 9, PIDLabel: "H:9", Name: &name, Cmdline: []string{"x\x1b[2J"}, Notes: []string{"note\x1b[1m"}}
	d := ProcessDetail(nil, p)
	for _, want := range []struct{ section, label, value string }{
		{"Process", "Executable", "n/a"}, {"GPU counters", "GPU", "none listed by the driver now"}, {"Process", "Category", "n/a"},
		{"GPU counters", "VRAM", "n/a"}, {"GPU counters", "CPU", "n/a"}, {"GPU counters", "Activity", "n/a"},
		{"Runtimes", "", "n/a (not inspected)"}, {"Models", "", "n/a (not inspected)"},
	} {
		r := findRow(findSection(d, want.section), want.label)
		if r == nil || r.Value != want.value || r.Prov != "" {
			t.Errorf("%s/%s = %+v, want %q and no provenance", want.section, want.label, r, want.value)
		}
	}
	text := d.Text()
	if strings.ContainsRune(text, 0x1b) || strings.ContainsRune(text, 0x07) {
		t.Errorf("control characters reach the text: %q", text)
	}
	if !strings.Contains(d.Title, `evil\x1b]0;owned\x07`) || !strings.Contains(text, "H:9 (a host PID, seen from a container)") ||
		!strings.Contains(text, `note\x1b[1m`) {
		t.Errorf("text = %q", text)
	}
}

// A model's weaknesses are part of its evidence row: one source, a file
// deleted since it was opened; the kind keeps the header's word beside a
// name's label and the API's output modalities.
func TestProcessDetailModelStanding(t *testing.T) {
	s := func(v string) *string { return &v }
	p := &schema.Process{PID: 1, PIDLabel: "1", Models: []schema.Model{
		{Path: "/m/laya.gguf", Evidence: []string{"mapped"}, Deleted: true, Kind: s("llm"), KindLabel: s("likely decision model (laya)"),
			OutputModalities: []string{"text", "decisions"}},
		{Path: "/m/kev.gguf", Evidence: []string{"mapped"}, KindLabel: s("likely decision model (kev)")},
	}}
	d := ProcessDetail(nil, p)
	laya := findSection(d, "Model · laya.gguf")
	if r := findRow(laya, "Evidence"); r == nil || r.Value != "mapped · not confirmed (one source) · file deleted since it was opened" {
		t.Errorf("evidence = %+v", r)
	}
	if r := findRow(laya, "Kind"); r == nil || r.Value != "llm (outputs text, decisions, per its API) · likely decision model (laya)" {
		t.Errorf("kind = %+v", r)
	}
	if r := findRow(findSection(d, "Model · kev.gguf"), "Kind"); r == nil || r.Value != "likely decision model (kev)" {
		t.Errorf("kind without a header kind = %+v", r)
	}
	if laya.Folder != "/m" {
		t.Errorf("folder = %q", laya.Folder)
	}
}

// Text lays each section's rows out with their labels in a column, the
// bar's caption and legend first in the LLM section.
func TestDetailText(t *testing.T) {
	vram := uint64(2 << 30)
	p := &schema.Process{PID: 5, PIDLabel: "5", VRAMBytes: &vram, LLM: &schema.LLM{Breakdown: schema.Breakdown{
		Weights: &schema.Part{Bytes: 1 << 30, Source: "reported", From: "log"}}}}
	text := ProcessDetail(nil, p).Text()
	for _, want := range []string{
		"PID 5 · n/a\n  LLM memory\n    Reported by the runtime",
		"\n    full width: measured VRAM 2.00 GiB\n    weights          1024.00 MiB  · reported (log)\n",
		"\n    other / unknown  1024.00 MiB  · inferred (VRAM minus parts)\n    Measured VRAM    2.00 GiB  · measured\n",
		"\n  Notes\n    " + PresenceNote + "\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
}

func TestFormatCount(t *testing.T) {
	for n, want := range map[uint64]string{8_190_735_360: "8.19 B", 596_049_920: "596.0 M", 512: "512"} {
		if got := FormatCount(n); got != want {
			t.Errorf("FormatCount(%d) = %q, want %q", n, got, want)
		}
	}
}
