package main

import (
	"encoding/json"
	"flag"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

var updateInspectText = flag.Bool("update", false, "rewrite testdata/inspect-text.golden")

// inspectTextCases are processes that exercise every part of gtm
// inspect's text (testdata/inspect-processes.json: rows of the demo
// capture while llama-server loads, serves and mpv plays, including
// another user's hidden job, and the schema golden's inspected process
// with a candidate model and a header error), and a process on no GPU with
// an app adapter's state and hostile strings.
func inspectTextCases(t *testing.T) []*schema.Process {
	t.Helper()
	raw, err := os.ReadFile("testdata/inspect-processes.json")
	must(t, err)
	var procs []schema.Process
	must(t, json.Unmarshal(raw, &procs))
	var out []*schema.Process
	for i := range procs {
		out = append(out, &procs[i])
	}

	name, user, sel, model := "handy\x1b[31m", "carol", "whisper-large-v3", "ggml-base.en.bin"
	start := time.Date(2026, 11, 1, 8, 0, 0, 0, time.UTC)
	out = append(out, &schema.Process{PID: 777, PIDLabel: "777", Name: &name, User: &user, StartTime: &start,
		Cmdline: []string{"handy", "--start-hidden\u202e"}, Notes: []string{"a note"},
		Runtimes: []schema.Runtime{}, Models: []schema.Model{},
		App: &schema.AppState{App: "Handy", SelectedModel: &sel, Events: []schema.AppEvent{
			{Time: start.Add(time.Minute), Kind: "load", Model: &model, Fresh: true},
			{Time: start.Add(-time.Hour), Kind: "unload", Model: nil},
		}}})
	return out
}

// TestInspectTextGolden pins gtm inspect's text for many processes.
func TestInspectTextGolden(t *testing.T) {
	local := time.Local
	time.Local = time.UTC // the text shows local times
	defer func() { time.Local = local }()
	var b strings.Builder
	for _, p := range inspectTextCases(t) {
		b.WriteString(inspectText(p))
		b.WriteString("\n")
	}
	golden := "testdata/inspect-text.golden"
	if *updateInspectText {
		must(t, os.WriteFile(golden, []byte(b.String()), 0o644))
	}
	want, err := os.ReadFile(golden)
	must(t, err)
	if b.String() != string(want) {
		t.Errorf("gtm inspect text changed; if on purpose, go test ./cmd/gtm -run InspectTextGolden -update\n%s", b.String())
	}
}

// TestInspectTextCarriesPaneFacts: gtm inspect prints every fact the
// window's process pane shows of a model (its standing when unconfirmed, a
// deleted file, the store that names it, its format, trained context and
// a name's hint) and of a process (its pod, ports and MIG instance). The
// text used to leave them out.
func TestInspectTextCarriesPaneFacts(t *testing.T) {
	s := func(v string) *string { return &v }
	dev, gi, ci, ctx := 0, 3, 1, uint64(40960)
	p := &schema.Process{PID: 9, PIDLabel: "9", Name: s("llama-server"), DeviceIndex: &dev, GPUInstanceID: &gi, ComputeInstanceID: &ci,
		PodUID: s("8f2d1c3e"), Namespace: s("ml"), Pod: s("llama-0"), ListenPorts: []int{8080},
		Models: []schema.Model{{Path: "/m/blobs/sha256-a3de", Name: s("laya:latest"), Store: s("ollama"), Format: s("gguf"),
			Evidence: []string{"mapped"}, Deleted: true, Kind: s("llm"), KindHint: s("decision"), KindLabel: s("likely decision model (laya)"),
			TrainedContext: &ctx}}}
	text := inspectText(p)
	for _, want := range []string{
		"mapped · not confirmed (one source) · file deleted since it was opened",
		"ollama (a store supplies the name, not load evidence)",
		"Format", "gguf", "Trained context", "40960",
		"llm · likely decision model (laya) · hint: decision (from the name, not the header)",
		"GPU 0 · MIG GI 3 CI 1", "Namespace", "llama-0", "TCP 8080",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("gtm inspect lacks %q:\n%s", want, text)
		}
	}
}
