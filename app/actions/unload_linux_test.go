package actions

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/backend/linux"
	"github.com/gputaskman/gtm/inspect/procmaps/maptest"
	"golang.org/x/sys/unix"
)

func selfStart() *time.Time { return linux.NewProcFS("/proc").Lookup(os.Getpid()).StartTime }

func TestMain(m *testing.M) {
	maptest.MaybeRunChild()
	os.Exit(m.Run())
}

// The socket on the API's address must be held by the process whose
// model is unloaded, or by the process serving its API (an Ollama
// runner's server, its api_pid), and made by its user: the real kernel's
// tables and descriptors, in this namespace.
func TestUnloadPortOwner(t *testing.T) {
	s := &System{Unloader: NewUnloader(), ProcRoot: "/proc"}
	own, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer own.Close()
	if _, err := s.CheckUnload(llmProcess("ollama", own.Addr().String(), "m")); err != nil {
		t.Errorf("own port: %v", err)
	}
	// A runner: its API is its server's, which holds the port.
	runner := exec.Command("sleep", "30")
	if err := runner.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = runner.Process.Kill(); _ = runner.Wait() })
	p := llmProcess("ollama", own.Addr().String(), "m")
	p.PID, p.StartTime = runner.Process.Pid, linux.NewProcFS("/proc").Lookup(runner.Process.Pid).StartTime
	if _, err := s.CheckUnload(p); err == nil || !strings.Contains(err.Error(), "no socket this process or its server holds listens on "+own.Addr().String()) {
		t.Errorf("runner without api_pid: %v", err)
	}
	api := os.Getpid()
	p.LLM.APIPID = &api
	if _, err := s.CheckUnload(p); err != nil {
		t.Errorf("runner whose api_pid holds the port: %v", err)
	}
	// Nothing listens there now.
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed.Close()
	if _, err := s.CheckUnload(llmProcess("ollama", closed.Addr().String(), "m")); err == nil || !strings.Contains(err.Error(), "listens on") {
		t.Errorf("nothing listens: %v", err)
	}
	// A socket this process holds but made as another user (nobody).
	if os.Getuid() == 0 {
		theirs := listenAs(t, 65534)
		defer theirs.Close()
		if _, err := s.CheckUnload(llmProcess("ollama", theirs.Addr().String(), "m")); err == nil || !strings.Contains(err.Error(), "held by another user (uid 65534)") {
			t.Errorf("nobody's socket: %v", err)
		}
	}
	// The PID now names another process: no unload in its name.
	reused := llmProcess("ollama", own.Addr().String(), "m")
	old := reused.StartTime.Add(-time.Hour)
	reused.StartTime = &old
	if _, err := s.CheckUnload(reused); err == nil || !strings.Contains(err.Error(), "another process") {
		t.Errorf("reused PID: %v", err)
	}
}

// Another process of the same user listens on the address the snapshot
// names (the server let the port go and someone took it): a uid check
// passes, but the socket is not the process's, and nothing is sent.
func TestUnloadPortHeldByAnotherProcess(t *testing.T) {
	rec := maptest.StartServer(t, "squatter", nil, "")
	s := &System{Unloader: NewUnloader(), ProcRoot: "/proc"}
	addr := fmt.Sprintf("127.0.0.1:%d", rec.Port)
	if _, err := s.CheckUnload(llmProcess("ollama", addr, "m")); err == nil || !strings.Contains(err.Error(), "no socket this process or its server holds") {
		t.Errorf("CheckUnload = %v, want a refusal", err)
	}
	if err := s.Unload(context.Background(), llmProcess("ollama", addr, "m")); err == nil {
		t.Error("Unload sent")
	}
	if got := rec.Auths(); len(got) != 0 {
		t.Errorf("the other process got %d requests", len(got))
	}
}

// A proc root that is not procfs proves nothing.
func TestUnloadUntrustedRoot(t *testing.T) {
	own, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer own.Close()
	s := &System{Unloader: NewUnloader(), ProcRoot: t.TempDir()}
	if _, err := s.CheckUnload(llmProcess("ollama", own.Addr().String(), "m")); err == nil || !strings.Contains(err.Error(), "not a procfs mount") {
		t.Errorf("CheckUnload = %v", err)
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
