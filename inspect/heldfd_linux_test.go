package inspect

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/procmaps/maptest"
)

// TestStderrLogIsNotSwapped is the attack on a reader that checks
// /proc/PID/fd/2 and then opens the path again: a process running as
// nobody points its stderr, over and over, at a file it may read and at
// a root-only one it holds by an O_PATH descriptor (which needs no right
// to read). Read as that process's stderr log, the root-only file must
// never be: every decision is made on the descriptor actually opened.
func TestStderrLogIsNotSwapped(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: the attacker runs as nobody, the secret is root's")
	}
	dir, err := os.MkdirTemp("", "gtm-fdswap-")
	must(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	must(t, os.Chmod(dir, 0o755))
	readable := filepath.Join(dir, "mine.log")
	must(t, os.WriteFile(readable, []byte("nothing to see\n"), 0o644))
	// The secret is a llama.cpp load log: read, it would show as buffers.
	secret := filepath.Join(dir, "root-only.log")
	src, err := os.ReadFile("llamacpplog/testdata/llama-server-b8xxx.log")
	must(t, err)
	must(t, os.WriteFile(secret, src, 0o600))

	pid := maptest.StartFDSwapper(t, &syscall.Credential{Uid: 65534, Gid: 65534}, readable, secret)
	target := Target{PID: pid, Start: time.Now().Add(-time.Hour), Name: "llama-server", Cmdline: []string{"llama-server"}}
	l := NewLive("/proc")
	// The reproduction took 25 to 155 tries.
	for i := range 2000 {
		if lf := l.Log(target, Finding{}, true); lf != nil && lf.HasBuffers {
			t.Fatalf("try %d: the root-only log was read as nobody's stderr: %s weights", i, fmtBytes(lf.Weights))
		}
	}
}

func fmtBytes(v *uint64) string {
	if v == nil {
		return "no"
	}
	return itoa(int(*v)) + " bytes of"
}
