package actions

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/backend/linux"
	"golang.org/x/sys/unix"
)

func selfStart() *time.Time { return linux.NewProcFS("/proc").Lookup(os.Getpid()).StartTime }

// procTree is a proc root holding this process's stat, a status naming
// uid for it, and tcp tables listing listeners (port, owner uid).
func procTree(t *testing.T, uid int, listeners map[uint16]int) string {
	t.Helper()
	root := t.TempDir()
	copyFile(t, "/proc/stat", filepath.Join(root, "stat"))
	dir := filepath.Join(root, strconv.Itoa(os.Getpid()))
	for _, d := range []string{dir, filepath.Join(root, "net")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	copyFile(t, "/proc/self/stat", filepath.Join(dir, "stat"))
	u := strconv.Itoa(uid)
	if err := os.WriteFile(filepath.Join(dir, "status"), []byte("Name:\tollama\nUid:\t"+u+"\t"+u+"\t"+u+"\t"+u+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tcp := "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n" +
		"   0: 0100007F:0050 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 100 1 0 100 0 0 10 0\n"
	i := 1
	for port, owner := range listeners {
		tcp += fmt.Sprintf("   %d: 0100007F:%04X 00000000:0000 0A 00000000:00000000 00:00000000 00000000 %5d        0 %d 1 0 100 0 0 10 0\n", i, port, owner, 200+i)
		i++
	}
	// An established connection on the same port is no listener.
	tcp += "   9: 0100007F:2CAA 0100007F:D431 01 00000000:00000000 00:00000000 00000000  4242        0 300 1 0 20 4 30 10 -1\n"
	if err := os.WriteFile(filepath.Join(root, "net", "tcp"), []byte(tcp), 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}

// The API port must be held by the user of the process whose model is
// unloaded: an Ollama runner's API is its parent's, and that parent may be
// someone else's server.
func TestUnloadPortOwner(t *testing.T) {
	rec := newRecorder(t, 200, `{}`)
	s := &System{Unloader: NewUnloader()}
	p := llmProcess("ollama", "127.0.0.1:11434", "qwen3:8b")
	for _, tc := range []struct {
		name      string
		uid       int
		listeners map[uint16]int
		want      string
	}{
		{"same user", 1000, map[uint16]int{11434: 1000}, ""},
		{"another user's port", 1000, map[uint16]int{11434: 1001}, "not sent: port 11434 is held by another user (uid 1001), not by this process's user (uid 1000)"},
		{"root's port, user's runner", 1000, map[uint16]int{11434: 0}, "held by another user (uid 0)"},
		{"nothing listens", 1000, map[uint16]int{11435: 1000}, "not sent: nothing listens on port 11434 now"},
	} {
		s.ProcRoot = procTree(t, tc.uid, tc.listeners)
		what, err := s.CheckUnload(p)
		switch {
		case tc.want == "" && (err != nil || !strings.HasPrefix(what, "Ask Ollama")):
			t.Errorf("%s: CheckUnload = %q, %v", tc.name, what, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: CheckUnload = %v, want %q", tc.name, err, tc.want)
		}
		if tc.want != "" {
			if err := s.Unload(context.Background(), llmProcess("ollama", rec.addr(), "m")); err == nil {
				t.Errorf("%s: Unload sent", tc.name)
			}
		}
	}
	// The PID now names another process: no unload in its name.
	s.ProcRoot = procTree(t, 1000, map[uint16]int{11434: 1000})
	old := p.StartTime.Add(-time.Hour)
	reused := *p
	reused.StartTime = &old
	if _, err := s.CheckUnload(&reused); err == nil || !strings.Contains(err.Error(), "another process") {
		t.Errorf("reused PID: %v", err)
	}
	if n := rec.count.Load(); n != 0 {
		t.Errorf("%d requests sent", n)
	}
}

// The real kernel: a port another user (nobody) listens on is refused;
// this process's own listener is accepted.
func TestUnloadPortOwnerKernel(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("needs root to make a socket as nobody (uid 65534)")
	}
	s := &System{Unloader: NewUnloader(), ProcRoot: "/proc"}
	own, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer own.Close()
	if _, err := s.CheckUnload(llmProcess("ollama", own.Addr().String(), "m")); err != nil {
		t.Errorf("own port: %v", err)
	}
	theirs := listenAs(t, 65534)
	defer theirs.Close()
	if _, err := s.CheckUnload(llmProcess("ollama", theirs.Addr().String(), "m")); err == nil || !strings.Contains(err.Error(), "held by another user (uid 65534)") {
		t.Errorf("nobody's port: %v", err)
	}
}

// listenAs opens a loopback listener owned by uid: the kernel stamps a
// socket with its creator's file-system uid, which setfsuid changes for
// this thread only.
func listenAs(t *testing.T, uid int) net.Listener {
	t.Helper()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	prev, _ := unix.SetfsuidRetUid(uid)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	unix.Setfsuid(prev)
	if err != nil {
		t.Fatal(err)
	}
	return l
}
