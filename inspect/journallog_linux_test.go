package inspect

import (
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
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

// A llama.cpp server run as a user who may not read the system journal
// (a service user): its journal lines are not read, and the note says why.
func TestJournalReadOnlyAsTheProcessUserCould(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("needs root to run a process as another user")
	}
	dir := t.TempDir()
	if err := os.WriteFile(dir+"/system.journal", nil, 0o640); err != nil {
		t.Fatal(err)
	}
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	out, peer := os.NewFile(uintptr(fds[0]), "out"), os.NewFile(uintptr(fds[1]), "peer")
	defer peer.Close()
	cmd := exec.Command("sleep", "60")
	cmd.Stdout, cmd.Stderr = out, out
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	out.Close()
	defer func() { cmd.Process.Kill(); cmd.Wait() }()

	l := NewLive("/proc")
	l.JournalDirs = []string{dir}
	lf := l.journalLog(Target{PID: cmd.Process.Pid, Start: time.Now()}, true)
	if lf == nil || !strings.Contains(lf.Reason, "uid 65534) may read no journal file") || lf.HasBuffers {
		t.Errorf("journal log %+v, want a note that the user may not read it", lf)
	}
}
