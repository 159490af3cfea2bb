package main

import (
	"encoding/json"
	"flag"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/snapshot"
	"github.com/gputaskman/gtm/inspect"
)

var updateInspectText = flag.Bool("update", false, "rewrite testdata/inspect-text.golden")

// inspectTextCases are processes that exercise every part of gtm
// inspect's text (testdata/inspect-processes.json: rows of the demo
// capture while llama-server loads, serves and mpv plays, including
// another user's hidden job, and the schema golden's inspected process
// with a candidate model and a header error), and a process on no GPU with
// an app adapter's state and hostile strings.
func inspectTextCases(t *testing.T) []*snapshot.Process {
	t.Helper()
	raw, err := os.ReadFile("testdata/inspect-processes.json")
	must(t, err)
	var procs []snapshot.Process
	must(t, json.Unmarshal(raw, &procs))
	var out []*snapshot.Process
	for i := range procs {
		out = append(out, &procs[i])
	}

	name, user, sel, model := "handy\x1b[31m", "carol", "whisper-large-v3", "ggml-base.en.bin"
	start := time.Date(2026, 11, 1, 8, 0, 0, 0, time.UTC)
	out = append(out, &snapshot.Process{PID: 777, PIDLabel: "777", Name: &name, User: &user, StartTime: &start,
		Cmdline: []string{"handy", "--start-hidden\u202e"}, Notes: []string{"a note"},
		Runtimes: []inspect.Runtime{}, Models: []inspect.Model{},
		App: &inspect.AppState{App: "Handy", SelectedModel: &sel, Events: []inspect.AppEvent{
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
