package ui

import (
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/gputaskman/gtm/app/actions"
	"github.com/gputaskman/gtm/backend/linux"
	"github.com/gputaskman/gtm/internal/schema"
)

// The real actions on a real child process: cancelling leaves it running;
// confirming sends it SIGTERM.
func TestProcessPaneEndsOwnProcess(t *testing.T) {
	cmd := exec.Command("sleep", "60")
	if err := cmd.Start(); err != nil {
		t.Skip("cannot start sleep:", err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	pid := cmd.Process.Pid
	info := linux.NewProcFS("/proc").Lookup(pid)
	for n := 0; n < 50 && info.StartTime == nil; n++ {
		time.Sleep(10 * time.Millisecond)
		info = linux.NewProcFS("/proc").Lookup(pid)
	}
	s := testSnapshot()
	s.Processes = append(s.Processes, schema.Process{PID: pid, PIDLabel: strconv.Itoa(pid), Name: ptr("sleep"),
		User: info.User, StartTime: info.StartTime, Cmdline: []string{"sleep", "60"}})
	p := &s.Processes[len(s.Processes)-1]

	i, w := newTestPane(t, actions.NewSystem())
	i.Show(s, p)
	if i.endBtn.Disabled() {
		t.Fatalf("end disabled for our own child: %q", i.why.Text)
	}
	test.Tap(i.endBtn)
	test.Tap(overlayButtons(t, w)["Cancel"])
	if err := cmd.Process.Signal(syscall.Signal(0)); err != nil {
		t.Fatalf("child gone after cancel: %v", err)
	}
	test.Tap(i.endBtn)
	test.Tap(overlayButtons(t, w)["End process"])
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
		ws, _ := cmd.ProcessState.Sys().(syscall.WaitStatus)
		if !ws.Signaled() || ws.Signal() != syscall.SIGTERM {
			t.Errorf("child ended with %v, want SIGTERM", cmd.ProcessState)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("child still running after End process was confirmed")
	}

	// PID 1 (init, root's): never offered.
	pid1 := schema.Process{PID: 1, PIDLabel: "1", Name: ptr("init"), User: ptr("root")}
	i.Show(s, &pid1)
	if !i.endBtn.Disabled() {
		t.Error("end enabled for PID 1")
	}
}
