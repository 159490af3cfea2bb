package netports

import (
	"bufio"
	"errors"
	"io/fs"
	"net/netip"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
)

// fakeProc copies testdata/proc to a temporary root, making each fd link
// listed in <pid>/fds.
func fakeProc(t testing.TB) string {
	t.Helper()
	root := t.TempDir()
	if err := os.CopyFS(root, os.DirFS("testdata/proc")); err != nil {
		t.Fatal(err)
	}
	pids, _ := filepath.Glob(filepath.Join(root, "*", "fds"))
	for _, spec := range pids {
		f, err := os.Open(spec)
		if err != nil {
			t.Fatal(err)
		}
		fdDir := filepath.Join(filepath.Dir(spec), "fd")
		if err := os.Mkdir(fdDir, 0o755); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fd, target, ok := strings.Cut(sc.Text(), " ")
			if !ok || strings.HasPrefix(fd, "#") {
				continue
			}
			if err := os.Symlink(target, filepath.Join(fdDir, fd)); err != nil {
				t.Fatal(err)
			}
		}
		f.Close()
	}
	return root
}

func ports(ss ...string) []Port {
	var out []Port
	for _, s := range ss {
		ap := netip.MustParseAddrPort(s)
		out = append(out, Port{Addr: ap.Addr(), Port: ap.Port(), UID: 1000}) // the fixture's sockets are uid 1000's
	}
	return out
}

func TestListeningFake(t *testing.T) {
	skipBigEndian(t)
	got, err := Listening(fakeProc(t), 4242)
	if err != nil {
		t.Fatal(err)
	}
	// Left out: 192.168.1.10:9000 and [fd00::2]:7000 (not loopback),
	// [::ffff:10.1.2.3]:7001 (mapped, not loopback), 127.0.0.1:631
	// (another process's socket), inode 5004 (established, not
	// listening), 127.0.0.1:8082 (a row after the established ones,
	// where the kernel never prints a listener). 127.0.0.1:8080 is
	// listened on by two sockets (SO_REUSEPORT) and given once;
	// [::ffff:127.0.0.1]:5000 is given unmapped.
	want := ports("0.0.0.0:11434", "127.0.0.1:5000", "127.0.0.1:8080", "127.0.0.5:8081", "[::]:8000", "[::1]:1234")
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %v\nwant %v", got, want)
	}
	for _, p := range got {
		if !p.Loopback().Addr().IsLoopback() {
			t.Errorf("%v: contact address %v is not loopback", p, p.Loopback())
		}
	}
}

func TestListeningNoTCP6(t *testing.T) {
	skipBigEndian(t)
	root := fakeProc(t)
	if err := os.Remove(filepath.Join(root, "4242", "net", "tcp6")); err != nil {
		t.Fatal(err)
	}
	got, err := Listening(root, 4242)
	if err != nil {
		t.Fatal(err)
	}
	if want := ports("0.0.0.0:11434", "127.0.0.1:8080", "127.0.0.5:8081"); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestListeningNoSockets(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "7", "fd"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/null", filepath.Join(root, "7", "fd", "0")); err != nil {
		t.Fatal(err)
	}
	// No net/ at all: with no sockets the tables are never read.
	got, err := Listening(root, 7)
	if err != nil || got != nil {
		t.Fatalf("got %v, %v", got, err)
	}
}

func TestListeningErrors(t *testing.T) {
	root := fakeProc(t)
	if _, err := Listening(root, 9999); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing pid: %v, want fs.ErrNotExist", err)
	}
	if _, err := Listening(root, 0); err == nil {
		t.Error("pid 0: no error")
	}
	// The process is gone once the tables are read: tcp missing.
	if err := os.Remove(filepath.Join(root, "4242", "net", "tcp")); err != nil {
		t.Fatal(err)
	}
	if _, err := Listening(root, 4242); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing tcp: %v, want fs.ErrNotExist", err)
	}
}

func TestListeningPermission(t *testing.T) {
	root := fakeProc(t)
	// What readlink gives on another user's process.
	readlink = func(name string) (string, error) {
		return "", &fs.PathError{Op: "readlink", Path: name, Err: syscall.EACCES}
	}
	t.Cleanup(func() { readlink = os.Readlink })
	if _, err := Listening(root, 4242); !errors.Is(err, fs.ErrPermission) {
		t.Errorf("readlink: %v, want fs.ErrPermission", err)
	}
	readlink = os.Readlink
	if os.Geteuid() == 0 {
		return // root opens any directory
	}
	fdDir := filepath.Join(root, "4242", "fd")
	if err := os.Chmod(fdDir, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(fdDir, 0o755) })
	if _, err := Listening(root, 4242); !errors.Is(err, fs.ErrPermission) {
		t.Errorf("open fd: %v, want fs.ErrPermission", err)
	}
}

// A process that exits while it is read gives ESRCH: fs.ErrNotExist.
func TestListeningVanishing(t *testing.T) {
	root := fakeProc(t)
	readlink = func(name string) (string, error) {
		return "", &fs.PathError{Op: "readlink", Path: name, Err: syscall.ESRCH}
	}
	t.Cleanup(func() { readlink = os.Readlink })
	if _, err := Listening(root, 4242); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("got %v, want fs.ErrNotExist", err)
	}
}

// Lines past MaxLines are not read; an over-long line is an error.
func TestListeningBounds(t *testing.T) {
	skipBigEndian(t)
	root := t.TempDir()
	dir := filepath.Join(root, "5")
	for _, d := range []string{"fd", "net"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("socket:[1]", filepath.Join(dir, "fd", "3")); err != nil {
		t.Fatal(err)
	}
	write := func(content string) {
		if err := os.WriteFile(filepath.Join(dir, "net", "tcp"), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(strings.Repeat("x", maxLineLen*16) + "\n")
	if _, err := Listening(root, 5); err == nil {
		t.Error("over-long line: no error")
	}
	// Our listener sits just past maxLines of other listeners.
	maxLines = 100
	t.Cleanup(func() { maxLines = MaxLines })
	var sb strings.Builder
	other := tcpRow{Local: netip.MustParseAddrPort("127.0.0.1:1"), State: stateListen, Inode: 2}
	for i := range maxLines {
		sb.WriteString(formatRow(i, other))
	}
	ours := tcpRow{Local: netip.MustParseAddrPort("127.0.0.1:2"), State: stateListen, Inode: 1}
	write(sb.String() + formatRow(maxLines, ours))
	if got, err := Listening(root, 5); err != nil || len(got) != 0 {
		t.Errorf("past maxLines: %v, %v", got, err)
	}
	maxLines++
	if got, err := Listening(root, 5); err != nil || len(got) != 1 {
		t.Errorf("within maxLines: %v, %v", got, err)
	}
}

func TestSocketInode(t *testing.T) {
	for s, want := range map[string]uint64{"socket:[5001]": 5001, "socket:[0]": 0} {
		if got, ok := socketInode(s); !ok || got != want {
			t.Errorf("%q: %d, %v", s, got, ok)
		}
	}
	for _, s := range []string{"pipe:[5]", "socket:[]", "socket:[5", "socket:[-1]", "/dev/null", "socket:[1]x"} {
		if got, ok := socketInode(s); ok {
			t.Errorf("%q: %d", s, got)
		}
	}
}
