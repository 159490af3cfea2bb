package actions

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app"
	"github.com/gputaskman/gtm/backend/linux"
	"github.com/gputaskman/gtm/internal/procroot"
)

// child starts a real process to end and returns its snapshot row.
func child(t *testing.T) (*exec.Cmd, *app.Process) {
	t.Helper()
	cmd := exec.Command("sleep", "60")
	if err := cmd.Start(); err != nil {
		t.Skip("cannot start sleep:", err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	pid := cmd.Process.Pid
	var info = linux.NewProcFS("/proc").Lookup(pid)
	for i := 0; i < 50 && info.StartTime == nil; i++ {
		time.Sleep(10 * time.Millisecond)
		info = linux.NewProcFS("/proc").Lookup(pid)
	}
	return cmd, &app.Process{PID: pid, PIDLabel: strconv.Itoa(pid), StartTime: info.StartTime, User: info.User}
}

func TestEndOwnProcess(t *testing.T) {
	cmd, p := child(t)
	s := NewSystem()
	if err := s.CheckEnd(p); err != nil {
		t.Fatalf("CheckEnd: %v", err)
	}
	if err := s.EndProcess(p); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if err == nil || !ok || !ws.Signaled() || ws.Signal() != syscall.SIGTERM {
		t.Errorf("child ended with %v (%v), want SIGTERM", err, cmd.ProcessState)
	}
	// Gone now: nothing to end.
	if err := s.CheckEnd(p); err == nil {
		t.Error("CheckEnd passed for an exited process")
	}
}

func TestEndRefused(t *testing.T) {
	_, p := child(t)
	s := NewSystem()

	reused := *p
	other := p.StartTime.Add(-time.Hour)
	reused.StartTime = &other
	host := *p
	host.PIDLabel = "H:" + host.PIDLabel
	self := app.Process{PID: os.Getpid(), PIDLabel: strconv.Itoa(os.Getpid())}
	for _, tc := range []struct {
		p    *app.Process
		want string
	}{
		{&reused, "another process"},
		{&host, "outside this PID namespace"},
		{&self, "gtm itself"},
		{&app.Process{PID: 1, PIDLabel: "1"}, "not a process gtm ends"},
	} {
		if err := s.CheckEnd(tc.p); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("CheckEnd(%s) = %v, want %q", tc.p.PIDLabel, err, tc.want)
		}
		if err := s.EndProcess(tc.p); err == nil {
			t.Errorf("EndProcess(%s) passed", tc.p.PIDLabel)
		}
	}

	// Another user's process: the same process seen through a proc tree
	// whose status names another real UID.
	root := t.TempDir()
	copyFile(t, "/proc/stat", filepath.Join(root, "stat"))
	dir := filepath.Join(root, strconv.Itoa(p.PID))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	copyFile(t, filepath.Join("/proc", strconv.Itoa(p.PID), "stat"), filepath.Join(dir, "stat"))
	uid := os.Getuid() + 1000
	status := "Name:\tsleep\nUid:\t" + strconv.Itoa(uid) + "\t" + strconv.Itoa(uid) + "\t0\t0\n"
	if err := os.WriteFile(filepath.Join(dir, "status"), []byte(status), 0o644); err != nil {
		t.Fatal(err)
	}
	s.ProcRoot = root
	bob := *p
	bob.User = ptr("bob")
	// That tree is not procfs: nothing is ended on its word, whatever uid
	// its status claims.
	mine := *p
	if err := os.WriteFile(filepath.Join(dir, "status"), []byte("Uid:\t"+strconv.Itoa(os.Getuid())+"\t0\t0\t0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.CheckEnd(&mine); err == nil || !strings.Contains(err.Error(), "is not a procfs mount") {
		t.Errorf("a tree that is not procfs: %v", err)
	}
	if err := s.EndProcess(&mine); err == nil {
		t.Error("ended a process on the word of a tree that is not procfs")
	}
	// Trusted (as a test hook), it says whose the process is.
	untrustedRoot = func(string) string { return "" }
	t.Cleanup(func() { untrustedRoot = procroot.Untrusted })
	if err := os.WriteFile(filepath.Join(dir, "status"), []byte(status), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.CheckEnd(&bob); err == nil || !strings.Contains(err.Error(), "only your own processes can be ended here (this one is bob's)") {
		t.Errorf("another user's process: %v", err)
	}
	if err := s.EndProcess(&bob); err == nil {
		t.Error("ended another user's process")
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
