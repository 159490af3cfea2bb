package safefile

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
)

// heldAs starts a process running as uid 65534 whose stderr is f (a root
// shell's redirection gives a process a file its user could not open),
// and returns its PID and /proc/PID/fd/2.
func heldAs(t *testing.T, f *os.File) (int, string) {
	t.Helper()
	cmd := exec.Command("sleep", "30")
	cmd.Stderr = f
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	return cmd.Process.Pid, "/proc/" + strconv.Itoa(cmd.Process.Pid) + "/fd/2"
}

// OpenHeld decides on the file the descriptor names, with the holder's
// rights: its own log is read, a root-only file it was handed is not, and
// a terminal or pipe is never a file.
func TestOpenHeld(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: the holder runs as nobody")
	}
	dir := t.TempDir()
	mine := filepath.Join(dir, "server.log")
	must(t, os.WriteFile(mine, []byte("log line\n"), 0o644))
	secret := filepath.Join(dir, "secret")
	must(t, os.WriteFile(secret, []byte("root only\n"), 0o600))
	open := func(p string) *os.File {
		f, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
		must(t, err)
		t.Cleanup(func() { f.Close() })
		return f
	}

	pid, p := heldAs(t, open(mine))
	acc := ForProcess("/proc", pid)
	f, fi, err := acc.OpenHeld(p, 0)
	if err != nil {
		t.Fatalf("own log: %v", err)
	}
	b, _ := io.ReadAll(f)
	f.Close()
	if string(b) != "log line\n" || fi.Size() != 9 {
		t.Errorf("own log read %q (size %d)", b, fi.Size())
	}
	if _, _, err := acc.OpenHeld(p, 4); !errors.Is(err, ErrTooLarge) {
		t.Errorf("over max: %v", err)
	}

	pid, p = heldAs(t, open(secret))
	var denied *DeniedError
	if _, _, err := ForProcess("/proc", pid).OpenHeld(p, 0); !errors.As(err, &denied) || denied.UID != 65534 {
		t.Errorf("root-only file held by nobody: %v, want DeniedError", err)
	}

	r, w, err := os.Pipe()
	must(t, err)
	defer r.Close()
	pid, p = heldAs(t, w)
	w.Close()
	if _, _, err := ForProcess("/proc", pid).OpenHeld(p, 0); !errors.Is(err, ErrNotRegular) {
		t.Errorf("a pipe: %v, want ErrNotRegular", err)
	}
	// The holder's user unknown: nothing is opened.
	if _, _, err := Refused(errors.New("gone")).OpenHeld(p, 0); err == nil {
		t.Error("a refusing Access opened a held file")
	}
}
