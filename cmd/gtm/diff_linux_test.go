package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/summary"
)

const diffData = "../../app/diff/testdata/"

func TestBinaryDiff(t *testing.T) {
	code, out, errOut := runBinary(t, "diff", diffData+"restart-new-pid.before.json", diffData+"restart-new-pid.after.json")
	if code != 0 || errOut != "" || !strings.Contains(out, "4242→5311") || strings.Contains(out, "\x1b[") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, _ = runBinary(t, "diff", "--json", diffData+"model-load.before.json", diffData+"model-load.after.json")
	var d struct {
		DiffVersion int               `json:"diff_version"`
		Processes   []json.RawMessage `json:"processes"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &d) != nil || d.DiffVersion != 1 || len(d.Processes) != 3 {
		t.Fatalf("--json: exit %d, %d processes\n%s", code, len(d.Processes), out)
	}
}

// TestBinaryDiffBadInput: garbage, another schema or a missing file is one
// clear line on stderr and exit 1; a wrong command line is exit 2.
func TestBinaryDiffBadInput(t *testing.T) {
	dir := t.TempDir()
	good := diffData + "model-load.before.json"
	garbage := filepath.Join(dir, "garbage.json")
	v7 := filepath.Join(dir, "v7.json")
	os.WriteFile(garbage, []byte("\x00\x01 not json"), 0o644)
	os.WriteFile(v7, []byte(`{"schema_version": 7}`), 0o644)
	for _, bad := range []string{garbage, v7, filepath.Join(dir, "missing.json"), good + ":5"} {
		code, out, errOut := runBinary(t, "diff", good, bad)
		if code != 1 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "gtm diff: ") {
			t.Errorf("%s: exit %d, stderr %q", filepath.Base(bad), code, errOut)
		}
	}
	// Another card of the same model (another UUID) is refused.
	raw, _ := os.ReadFile(diffData + "model-load.after.json")
	other := strings.Replace(string(raw), "GPU-5d1c2b9e-0000-4000-8000-4080s0000001", "GPU-00000000-1111-2222-3333-444444444444", 1)
	otherCard := filepath.Join(dir, "other-card.json")
	os.WriteFile(otherCard, []byte(other), 0o644)
	if code, out, errOut := runBinary(t, "diff", good, otherCard); code != 1 || out != "" ||
		strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "different adapters that share the name") {
		t.Errorf("same-name adapters: exit %d, stderr %q", code, errOut)
	}
	if code, _, _ := runBinary(t, "diff", good); code != 2 {
		t.Errorf("one argument: exit %d, want 2", code)
	}
	if code, out, _ := runBinary(t, "diff", "--help"); code != 0 || !strings.Contains(out, "FILE:N") {
		t.Errorf("--help: exit %d", code)
	}
}

func TestBinarySummary(t *testing.T) {
	capture := "../../app/summary/testdata/capture.jsonl"
	code, out, errOut := runBinary(t, "summary", capture)
	if code != 0 || errOut != "" || !strings.Contains(out, "4 snapshots") || !strings.Contains(out, "inferred only: excluded") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, _ = runBinary(t, "summary", "--json", capture)
	var s struct {
		SummaryVersion int `json:"summary_version"`
		Snapshots      int `json:"snapshots"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &s) != nil || s.SummaryVersion != 1 || s.Snapshots != 4 {
		t.Fatalf("--json: exit %d\n%s", code, out)
	}
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(bad, []byte("{\"schema_version\":1}\nnot json\n"), 0o644)
	if code, _, errOut := runBinary(t, "summary", bad); code != 1 || strings.Count(errOut, "\n") != 1 {
		t.Errorf("bad capture: exit %d %q", code, errOut)
	}
	if code, _, _ := runBinary(t, "summary"); code != 2 {
		t.Errorf("no argument: exit %d", code)
	}
}

// TestBinarySummaryDemo: gtm summary on the demo capture agrees with a
// plain scan of the capture: llama-server's peak measured VRAM and when,
// and the snapshot count.
func TestBinarySummaryDemo(t *testing.T) {
	snaps, err := readCaptureFile(demoCapture)
	if err != nil {
		t.Fatal(err)
	}
	var peak uint64
	var at time.Time
	for _, s := range snaps {
		for _, p := range s.Processes {
			if p.Name != nil && *p.Name == "llama-server" && p.VRAMBytes != nil && *p.VRAMBytes > peak {
				peak, at = *p.VRAMBytes, s.TakenAt
			}
		}
	}
	code, out, errOut := runBinary(t, "summary", "--json", demoCapture)
	var sum summary.Summary
	if code != 0 || json.Unmarshal([]byte(out), &sum) != nil {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if sum.Snapshots != len(snaps) {
		t.Errorf("snapshots %d, want %d", sum.Snapshots, len(snaps))
	}
	found := false
	for _, p := range sum.Processes {
		if p.Name != nil && *p.Name == "llama-server" {
			found = true
			if *p.VRAMBytes.Peak != float64(peak) || !p.VRAMBytes.PeakAt.Equal(at) {
				t.Errorf("llama-server peak %v at %v, want %d at %v", *p.VRAMBytes.Peak, p.VRAMBytes.PeakAt, peak, at)
			}
		}
	}
	if !found || peak == 0 {
		t.Fatal("no llama-server in the demo capture's summary")
	}
}

// TestUseColour: colour only on a character device (a terminal), never
// when NO_COLOR is set, never on a pipe or buffer.
func TestUseColour(t *testing.T) {
	dev, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0) // a character device, like a terminal
	if err != nil {
		t.Fatal(err)
	}
	defer dev.Close()
	r, w, _ := os.Pipe()
	defer r.Close()
	defer w.Close()
	t.Setenv("NO_COLOR", "")
	if !useColour(dev) || useColour(w) || useColour(&strings.Builder{}) {
		t.Error("colour must follow the terminal")
	}
	t.Setenv("NO_COLOR", "1")
	if useColour(dev) {
		t.Error("NO_COLOR must turn colour off")
	}
}
