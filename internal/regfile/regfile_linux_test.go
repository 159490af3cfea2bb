package regfile

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

const cttyChildEnv = "GTM_REGFILE_CTTY_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(cttyChildEnv) == "1" {
		fmt.Print(cttyChild())
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestOpenRegular(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(p, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := p + ".link"
	if err := os.Symlink(p, link); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{p, link} {
		f, err := Open(name)
		if err != nil {
			t.Fatalf("Open(%s): %v", name, err)
		}
		b := make([]byte, 8)
		n, _ := f.Read(b)
		f.Close()
		if string(b[:n]) != "hello" {
			t.Errorf("Open(%s) read %q", name, b[:n])
		}
	}
	// decide sees the file and can refuse it before it is opened
	no := errors.New("no")
	var seen int64
	if _, err := OpenIf(p, func(fi os.FileInfo, acl string) error { seen = fi.Size(); return no }); err != no || seen != 5 {
		t.Errorf("OpenIf refusing: %v, saw size %d", err, seen)
	}
}

// Anything but a regular file is refused, and not waited on: a FIFO with
// no writer, a device, a directory, a descriptor of this process's.
func TestOpenRefusesOthers(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := unix.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	for _, p := range []string{fifo, "/dev/null", "/dev/zero", dir, "/proc/self/fd/" + strconv.Itoa(int(r.Fd()))} {
		if f, err := Open(p); !errors.Is(err, ErrNotRegular) {
			if f != nil {
				f.Close()
			}
			t.Errorf("Open(%s) = %v, want ErrNotRegular", p, err)
		}
	}
	if _, err := OpenDir(fifo); err == nil {
		t.Error("OpenDir(FIFO) succeeded")
	}
}

// A terminal is never opened: opened without O_NOCTTY by a process with
// no controlling terminal, it would become that process's (a `gtm serve`
// service would take a user's terminal and die on their ^C). The child
// runs in a session of its own, with no controlling terminal, and holds
// a pty's other end as another process would.
func TestTerminalNeverBecomesControlling(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), cttyChildEnv+"=1")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v: %s", err, out)
	}
	got := strings.Fields(string(out))
	if len(got) < 2 || got[0] != "refused" || got[1] != "no-ctty" {
		t.Fatalf("child said %q, want the terminal refused and no controlling terminal", out)
	}
	// The control: the plain open the readers used to make does take it.
	if len(got) < 3 || got[2] != "control-ctty" {
		t.Logf("this kernel did not hand the control open a controlling terminal (%q)", out)
	}
}

// cttyChild runs in a new session: it opens a pty, holds the terminal end
// by an O_PATH descriptor, has Open try both the /dev/pts path and the
// /proc/self/fd path, and says whether it gained a controlling terminal.
func cttyChild() string {
	m, err := unix.Open("/dev/ptmx", unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		return "error " + err.Error()
	}
	if err := unix.IoctlSetPointerInt(m, unix.TIOCSPTLCK, 0); err != nil {
		return "error unlockpt " + err.Error()
	}
	n, err := unix.IoctlGetInt(m, unix.TIOCGPTN)
	if err != nil {
		return "error ptsname " + err.Error()
	}
	tty := fmt.Sprintf("/dev/pts/%d", n)
	held, err := unix.Open(tty, unix.O_PATH|unix.O_CLOEXEC, 0)
	if err != nil {
		return "error " + err.Error()
	}
	out := "refused"
	for _, p := range []string{tty, "/proc/self/fd/" + strconv.Itoa(held)} {
		if f, err := Open(p); !errors.Is(err, ErrNotRegular) {
			if f != nil {
				f.Close()
			}
			out = fmt.Sprintf("opened(%s:%v)", p, err)
		}
	}
	out += " " + ctty()
	if fd, err := unix.Open(tty, unix.O_RDONLY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0); err == nil {
		unix.Close(fd)
		out += " control-" + ctty()
	}
	return out
}

// ctty says whether this process has a controlling terminal.
func ctty() string {
	fd, err := unix.Open("/dev/tty", unix.O_RDONLY|unix.O_NOCTTY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		return "no-ctty"
	}
	unix.Close(fd)
	return "ctty"
}
