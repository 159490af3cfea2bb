package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/linux"
	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
	"github.com/gputaskman/gtm/inspect/procmaps/maptest"
)

const hostile = "\x1b]0;pwned\x07\x1b[2J\u202e\nForged line"

func noTerminalControls(t *testing.T, what, out string) {
	t.Helper()
	for _, bad := range []string{"\x1b", "\x07", "\u202e", "\nForged"} {
		if strings.Contains(out, bad) {
			t.Errorf("%s prints %q raw:\n%s", what, bad, out)
		}
	}
	if !strings.Contains(out, `\x1b]0;pwned\x07`) {
		t.Errorf("%s does not show the escape visibly:\n%s", what, out)
	}
}

// TestTextOutputEscapes: gtm model and gtm inspect print file names,
// command lines and process names escaped; their JSON keeps them exact.
func TestTextOutputEscapes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "Qwen3"+hostile+".gguf")
	must(t, ggufgen.Qwen3_0_6B().MustBuild().WriteFile(path))
	code, stdout, stderr, _ := runIn(t, noGPU(), "model", path, "-c", "512")
	if code != exitOK {
		t.Fatalf("gtm model: exit %d: %s", code, stderr)
	}
	noTerminalControls(t, "gtm model", stdout)

	srv := maptest.StartServerAs(t, "llama"+hostile[:7], nil, "-m", path, "--alias", hostile)
	c := noGPU()
	c.Procs = linux.NewProcFS("/proc")
	c.Host = backend.Host{OS: "linux", Mode: "native", SharesHostPIDs: true}
	c.Evidence = newInspector("/proc", map[int]string{}, false)
	code, stdout, stderr, _ = runIn(t, c, "inspect", itoa(srv.PID))
	if code != exitOK {
		t.Fatalf("gtm inspect: exit %d: %s", code, stderr)
	}
	noTerminalControls(t, "gtm inspect", stdout)
	_, js, _, _ := runIn(t, c, "inspect", itoa(srv.PID), "--json")
	if !strings.Contains(js, `\u001b]0;pwned\u0007`) {
		t.Errorf("JSON does not keep the string exact:\n%s", js)
	}
}
