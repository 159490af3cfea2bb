package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRedactFlag: --json, --once and record with --redact leave out the
// fixture process's command line and paths (exe /opt/llama.cpp/bin,
// cwd /srv/llm, -m models/...) and its host name, and keep its name.
func TestRedactFlag(t *testing.T) {
	leaks := []string{"/opt/llama.cpp", "/srv/llm", "-c 8192", `"-m"`, "models/qwen3"}
	check := func(what, out string) {
		t.Helper()
		for _, l := range leaks {
			if strings.Contains(out, l) {
				t.Errorf("%s --redact leaks %q", what, l)
			}
		}
		if !strings.Contains(out, "llama-server") {
			t.Errorf("%s --redact lost the process name:\n%s", what, out)
		}
	}
	// Without --redact the fixture does show them (the check can fail).
	_, plain, _, _ := runWithSource(t, twoGPUCollector(t), "--json")
	if !strings.Contains(plain, "/opt/llama.cpp") || !strings.Contains(plain, "/srv/llm") {
		t.Fatalf("fixture changed: %s", plain)
	}
	code, out, _, _ := runWithSource(t, twoGPUCollector(t), "--json", "--redact")
	if code != 0 || !strings.Contains(out, `"redacted": true`) {
		t.Fatalf("--json --redact: %d", code)
	}
	check("--json", out)
	_, out, _, _ = runWithSource(t, twoGPUCollector(t), "--once", "--redact")
	check("--once", out)

	path := filepath.Join(t.TempDir(), "cap.jsonl")
	code, _, stderr, _ := runWithSource(t, twoGPUCollector(t), "record", "--redact", "-o", path, "--duration", "100ms", "-i", "0.05")
	raw, _ := os.ReadFile(path)
	if code != 0 || !strings.Contains(string(raw), `"redacted":true`) {
		t.Fatalf("record --redact: %d %s", code, stderr)
	}
	check("record", string(raw))
}
