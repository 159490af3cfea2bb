package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every command that reads a capture keeps the snapshots before a cut last
// line and says so once on stderr; and every one refuses a capture of a
// million empty rows in one line, instead of taking gigabytes.
func TestCommandsReadCapturesBounded(t *testing.T) {
	dir := t.TempDir()
	raw, err := os.ReadFile(demoCapture)
	must(t, err)
	lines := strings.SplitAfter(string(raw), "\n")
	cut := filepath.Join(dir, "cut.jsonl")
	must(t, os.WriteFile(cut, []byte(strings.Join(lines[:3], "")+lines[3][:100]), 0o644))
	single := filepath.Join(dir, "single.jsonl")
	must(t, os.WriteFile(single, []byte(lines[0]+lines[1][:100]), 0o644))
	million := filepath.Join(dir, "million.jsonl")
	must(t, os.WriteFile(million, []byte(`{"schema_version":1,"processes":[`+strings.Repeat("{},", 999_999)+"{}]}\n"), 0o644))

	warning := "the last line is cut (100 bytes): a full disk or an interrupted write; read "
	for _, tc := range []struct {
		args   []string
		prefix string
		warns  int
	}{
		{[]string{"summary", cut}, "gtm summary: " + cut + ": " + warning + "3 snapshots", 1},
		{[]string{"--replay", cut, "--json"}, "gtm: --replay " + cut + ": " + warning + "3 snapshots", 1},
		{[]string{"--replay", cut, "--once"}, "gtm: --replay " + cut + ": " + warning + "3 snapshots", 1},
		{[]string{"diff", single, single}, "gtm diff: " + single + ": " + warning + "1 snapshot", 2},
	} {
		code, stdout, stderr, _ := runIn(t, noGPU(), tc.args...)
		if code != exitOK || stdout == "" || strings.Count(stderr, warning) != tc.warns ||
			!strings.HasPrefix(stderr, tc.prefix+"\n") {
			t.Errorf("%s: exit %d, stderr %q", tc.args, code, stderr)
		}
	}
	for _, args := range [][]string{{"summary", million}, {"--replay", million, "--json"}, {"diff", million, single}} {
		code, stdout, stderr, _ := runIn(t, noGPU(), args...)
		if code != exitRuntime || stdout != "" || strings.Count(stderr, "\n") != 1 ||
			!strings.Contains(stderr, "line 1: more than 20000 processes in one snapshot") {
			t.Errorf("%s: exit %d, stderr %q", args, code, stderr)
		}
	}
}
