package report

import (
	"strings"
	"testing"

	"github.com/gputaskman/gtm/app/snapshot"
	"github.com/gputaskman/gtm/inspect"
)

func section(d Detail, label string) *DetailSection {
	for i := range d.Sections {
		if d.Sections[i].Label == label {
			return &d.Sections[i]
		}
	}
	return nil
}

func TestProcessDetailSections(t *testing.T) {
	snap := goldenSnapshot(t)
	var llama *snapshot.Process
	for i := range snap.Processes {
		if snap.Processes[i].PID == 4242 {
			llama = &snap.Processes[i]
		}
	}
	d := ProcessDetail(llama)
	if !strings.HasPrefix(d.Title, "PID 4242  llama-server  (user alice, started ") {
		t.Errorf("title = %q", d.Title)
	}
	var labels []string
	for _, s := range d.Sections {
		labels = append(labels, s.Label)
	}
	if got := strings.Join(labels, "|"); got != "Command|Executable|Directory|GPU 0|CPU, RAM|Category|Runtimes|Models|LLM memory" {
		t.Errorf("sections = %s", got)
	}
	if s := section(d, "GPU 0"); !strings.Contains(s.Value, "VRAM 6.00 GiB (measured)") {
		t.Errorf("GPU section = %+v", s)
	}
	if s := section(d, "CPU, RAM"); s.Value != "CPU 12.5% of all CPUs  resident 1.00 GiB (measured)" {
		t.Errorf("CPU, RAM = %q", s.Value)
	}
	rt := section(d, "Runtimes")
	if rt.Value != "" || len(rt.Lines) != 2 || rt.Lines[1].Key != "ggml/llama.cpp (CUDA)" || rt.Lines[1].Depth != 1 {
		t.Errorf("runtimes = %+v", rt)
	}
	models := section(d, "Models")
	if len(models.Lines) < 3 || models.Lines[0].Depth != 1 || !strings.Contains(models.Lines[0].Text, "[mapped+cmdline, confirmed]") ||
		models.Lines[2].Depth != 2 || !strings.Contains(models.Lines[2].Text, "weights 604.15 MiB (estimated from gguf)") {
		t.Errorf("models = %+v", models.Lines)
	}
	if llm := section(d, "LLM memory"); !strings.Contains(llm.Value, "(estimated)") || !strings.Contains(llm.Value, "other") {
		t.Errorf("LLM memory = %q", llm.Value)
	}
	if d.Notes[len(d.Notes)-1] != inspect.PresenceNote {
		t.Errorf("notes = %q", d.Notes)
	}
}

// Unknown is n/a, an uninspected list says so, and strings from the
// process cannot smuggle terminal escapes into the detail.
func TestProcessDetailUnknownAndHostile(t *testing.T) {
	name := "evil\x1b]0;owned\x07"
	p := &snapshot.Process{PID: 9, PIDLabel: "H:9", Name: &name, Cmdline: []string{"x\x1b[2J"}, Notes: []string{"note\x1b[1m"}}
	d := ProcessDetail(p)
	for _, want := range []struct{ label, value string }{
		{"Executable", "n/a"}, {"GPU", "none listed by the driver now"}, {"Category", "n/a"},
		{"CPU, RAM", "CPU n/a  resident n/a (measured)"},
		{"Runtimes", "n/a (not inspected)"}, {"Models", "n/a (not inspected)"},
	} {
		if s := section(d, want.label); s == nil || s.Value != want.value {
			t.Errorf("%s = %+v, want %q", want.label, s, want.value)
		}
	}
	text := d.Text()
	if strings.ContainsRune(text, 0x1b) || strings.ContainsRune(text, 0x07) {
		t.Errorf("control characters reach the text: %q", text)
	}
	if !strings.Contains(d.Title, `evil\x1b]0;owned\x07`) || !strings.Contains(text, "H:9") {
		t.Errorf("title = %q", d.Title)
	}
}

func TestFormatCount(t *testing.T) {
	for n, want := range map[uint64]string{8_190_735_360: "8.19 B", 596_049_920: "596.0 M", 512: "512"} {
		if got := FormatCount(n); got != want {
			t.Errorf("FormatCount(%d) = %q, want %q", n, got, want)
		}
	}
}
