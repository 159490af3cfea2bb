package actions

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/gputaskman/gtm/backend/linux"
	"github.com/gputaskman/gtm/internal/procroot"
	"github.com/gputaskman/gtm/internal/schema"
)

// child starts a real process to end and returns its snapshot row.
func child(t *testing.T) (*exec.Cmd, *schema.Process) {
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
	return cmd, &schema.Process{PID: pid, PIDLabel: strconv.Itoa(pid), StartTime: info.StartTime, User: info.User}
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
	self := schema.Process{PID: os.Getpid(), PIDLabel: strconv.Itoa(os.Getpid())}
	for _, tc := range []struct {
		p    *schema.Process
		want string
	}{
		{&reused, "another process"},
		{&host, "outside this PID namespace"},
		{&self, "gtm itself"},
		{&schema.Process{PID: 1, PIDLabel: "1"}, "not a process gtm ends"},
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

// The process is pinned by a pidfd, then checked: a PID that changes hands
// after the first checks (here: its proc entry says another process
// started there) is refused and nothing is signalled.
func TestEndPinnedThenChecked(t *testing.T) {
	cmd, p := child(t)
	root := t.TempDir()
	copyFile(t, "/proc/stat", filepath.Join(root, "stat"))
	dir := filepath.Join(root, strconv.Itoa(p.PID))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	stat := filepath.Join(dir, "stat")
	copyFile(t, filepath.Join("/proc", strconv.Itoa(p.PID), "stat"), stat)
	copyFile(t, filepath.Join("/proc", strconv.Itoa(p.PID), "status"), filepath.Join(dir, "status"))
	// The fake tree stands in for procfs here (see TestEndRefused).
	untrustedRoot = func(string) string { return "" }
	t.Cleanup(func() { untrustedRoot = procroot.Untrusted })
	s := &System{ProcRoot: root}
	if err := s.CheckEnd(p); err != nil {
		t.Fatalf("CheckEnd: %v", err)
	}
	// Between the first checks and the signal, the PID is reused: its
	// start time (field 22 of stat) moves on.
	pinned = func() {
		b, err := os.ReadFile(stat)
		if err != nil {
			t.Fatal(err)
		}
		head, rest, _ := strings.Cut(string(b), ") ")
		f := strings.Fields(rest)
		start, _ := strconv.ParseUint(f[19], 10, 64)
		f[19] = strconv.FormatUint(start+500, 10)
		os.WriteFile(stat, []byte(head+") "+strings.Join(f, " ")+"\n"), 0o644)
	}
	t.Cleanup(func() { pinned = func() {} })
	if err := s.EndProcess(p); err == nil || !strings.Contains(err.Error(), "another process") {
		t.Errorf("EndProcess after PID reuse: %v", err)
	}
	// Still running, not a zombie: nothing was sent.
	time.Sleep(100 * time.Millisecond)
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(cmd.Process.Pid), "stat"))
	if _, rest, _ := strings.Cut(string(b), ") "); err != nil || !strings.HasPrefix(rest, "S") {
		t.Errorf("child signalled: %q %v", b, err)
	}
}

// Without pidfd (kernels before 5.3) the checked PID is killed as before.
func TestEndWithoutPidfd(t *testing.T) {
	pidfdOpen = func(int, int) (int, error) { return -1, unix.ENOSYS }
	t.Cleanup(func() { pidfdOpen = unix.PidfdOpen })
	cmd, p := child(t)
	if err := NewSystem().EndProcess(p); err != nil {
		t.Fatal(err)
	}
	if ws := waitStatus(cmd, 5*time.Second); ws == nil || !ws.Signaled() || ws.Signal() != syscall.SIGTERM {
		t.Errorf("child ended with %v, want SIGTERM", ws)
	}
}

// The pidfd path signals the pinned process.
func TestEndUsesPidfd(t *testing.T) {
	sent := 0
	pidfdSendSignal = func(fd int, sig unix.Signal, info *unix.Siginfo, flags int) error {
		sent++
		return unix.PidfdSendSignal(fd, sig, info, flags)
	}
	t.Cleanup(func() { pidfdSendSignal = unix.PidfdSendSignal })
	cmd, p := child(t)
	if err := NewSystem().EndProcess(p); err != nil {
		if errors.Is(err, unix.ENOSYS) {
			t.Skip("no pidfd in this kernel")
		}
		t.Fatal(err)
	}
	if ws := waitStatus(cmd, 5*time.Second); sent != 1 || ws == nil || ws.Signal() != syscall.SIGTERM {
		t.Errorf("pidfd signals %d, child %v", sent, ws)
	}
}

// waitStatus waits up to d for cmd to end; nil when it did not.
func waitStatus(cmd *exec.Cmd, d time.Duration) *syscall.WaitStatus {
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
		ws, _ := cmd.ProcessState.Sys().(syscall.WaitStatus)
		return &ws
	case <-time.After(d):
		return nil
	}
}
