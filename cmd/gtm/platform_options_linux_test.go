package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoHostIsOneCommandsOwn: --no-host belongs to the command that was
// given it. A later command in the same process (here gtm record, which
// has no such flag) reads the WSL host's counters as it would alone.
func TestNoHostIsOneCommandsOwn(t *testing.T) {
	root := t.TempDir() // a WSL kernel, interop off
	must(t, os.WriteFile(filepath.Join(root, "version"), []byte("Linux version 5.15.153.1-microsoft-standard-WSL2\n"), 0o644))
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	gtm := func(args ...string) string {
		t.Helper()
		var out, errb strings.Builder
		if code := run(args, env{stdout: &out, stderr: &errb, newCollector: newPlatformCollector}); code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errb.String())
		}
		return out.String()
	}
	const noHost, interopOff = "turned off with --no-host", "WSL interop is disabled"
	if out := gtm("--no-host", "--json", "--proc-root", root); !strings.Contains(out, noHost) {
		t.Fatalf("--no-host is not said:\n%s", out)
	}
	out := gtm("record", "--duration", "1", "--proc-root", root)
	if strings.Contains(out, noHost) || !strings.Contains(out, interopOff) {
		t.Errorf("gtm record after gtm --no-host: want %q, not %q:\n%s", interopOff, noHost, out)
	}
}
