package inspect

import (
	"os"
	"os/exec"
	"syscall"
	"testing"
)

// streamSocket: a stdout that is a Unix stream socket, as journald's
// stdout stream is; not a datagram socket, not a file.
func TestStreamSocket(t *testing.T) {
	start := func(typ int, file bool) int {
		t.Helper()
		var out *os.File
		if file {
			f, err := os.Create(t.TempDir() + "/out")
			if err != nil {
				t.Fatal(err)
			}
			out = f
		} else {
			fds, err := syscall.Socketpair(syscall.AF_UNIX, typ|syscall.SOCK_CLOEXEC, 0)
			if err != nil {
				t.Fatal(err)
			}
			out = os.NewFile(uintptr(fds[0]), "out")
			peer := os.NewFile(uintptr(fds[1]), "peer")
			t.Cleanup(func() { peer.Close() })
		}
		defer out.Close()
		cmd := exec.Command("sleep", "60")
		cmd.Stdout, cmd.Stderr = out, out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		return cmd.Process.Pid
	}
	for _, c := range []struct {
		name string
		pid  int
		want bool
	}{
		{"stream socket", start(syscall.SOCK_STREAM, false), true},
		{"datagram socket", start(syscall.SOCK_DGRAM, false), false},
		{"file", start(0, true), false},
	} {
		if got := streamSocket("/proc", c.pid); got != c.want {
			t.Errorf("%s: streamSocket = %v", c.name, got)
		}
	}
}
