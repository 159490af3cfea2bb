package safefile

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// noHang fails the test if fn has not returned within a few seconds: the
// defects here were opens that waited forever.
func noHang(t *testing.T, what string, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { fn(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatalf("%s hangs", what)
	}
}

func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o666); err != nil {
		t.Fatal(err)
	}
}

func TestOpenRefusesFIFOWithoutBlocking(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "model.gguf")
	mkfifo(t, fifo)
	noHang(t, "Open(FIFO)", func() {
		if _, _, err := Open(fifo, 0); !errors.Is(err, ErrNotRegular) {
			t.Errorf("Open(FIFO) = %v, want ErrNotRegular", err)
		}
	})
	noHang(t, "ReadFile(FIFO)", func() {
		if _, err := ReadFile(fifo, 0); !errors.Is(err, ErrNotRegular) {
			t.Errorf("ReadFile(FIFO) = %v", err)
		}
	})
	a := &Access{Cred: &Cred{UID: 0}}
	noHang(t, "Access.ReadFile(FIFO)", func() {
		if _, err := a.ReadFile(fifo, 0); !errors.Is(err, ErrNotRegular) {
			t.Errorf("Access.ReadFile(FIFO) = %v", err)
		}
	})
	if _, err := ReadFile("/dev/zero", 0); !errors.Is(err, ErrNotRegular) {
		t.Errorf("a device: %v", err)
	}
}

func TestSizeBound(t *testing.T) {
	p := filepath.Join(t.TempDir(), "k")
	must(t, os.WriteFile(p, []byte("0123456789"), 0o644))
	if _, err := ReadFile(p, 5); !errors.Is(err, ErrTooLarge) {
		t.Errorf("over the bound: %v", err)
	}
	if b, err := ReadFile(p, 10); err != nil || string(b) != "0123456789" {
		t.Errorf("at the bound: %q %v", b, err)
	}
	// /proc files say size 0 and are read to their end, still bounded.
	if b, err := ReadFile("/proc/self/status", 0); err != nil || len(b) == 0 {
		t.Errorf("/proc/self/status: %v", err)
	}
}

// A path swapped between a regular file and a FIFO while it is opened:
// every open either gets the file or refuses the FIFO, never waits.
func TestSwapToFIFORace(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "m.gguf")
	reg, fifo := filepath.Join(dir, "reg"), filepath.Join(dir, "fifo")
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			os.WriteFile(reg, []byte("GGUF"), 0o644)
			os.Rename(reg, p)
			syscall.Mkfifo(fifo, 0o666)
			os.Rename(fifo, p)
		}
	}()
	// Wait for the swapper to finish its round: t.TempDir's cleanup
	// would otherwise race a file it is about to create.
	defer func() { close(stop); <-done }()
	a := &Access{Cred: &Cred{UID: 65534, GID: 65534}}
	noHang(t, "opens during swaps", func() {
		for range 300 {
			if f, _, err := Open(p, 0); err == nil {
				f.Close()
			}
			if f, _, err := a.Open(p, 0); err == nil {
				f.Close()
			}
		}
	})
}

func TestAccessChecksTheProcesssRights(t *testing.T) {
	dir := searchableTempDir(t)
	open := filepath.Join(dir, "open.txt")
	must(t, os.WriteFile(open, []byte("hello"), 0o644))
	private := filepath.Join(dir, "private.txt")
	must(t, os.WriteFile(private, []byte("secret"), 0o600))
	closedDir := filepath.Join(dir, "closed")
	must(t, os.Mkdir(closedDir, 0o700))
	inClosed := filepath.Join(closedDir, "x.txt")
	must(t, os.WriteFile(inClosed, []byte("x"), 0o644))
	link := filepath.Join(dir, "link.txt")
	must(t, os.Symlink(private, link))
	groupFile := filepath.Join(dir, "group.txt")
	must(t, os.WriteFile(groupFile, []byte("g"), 0o640))
	must(t, os.Chown(groupFile, 0, 4242))

	nobody := &Access{Cred: &Cred{UID: 65534, GID: 65534}}
	member := &Access{Cred: &Cred{UID: 65534, GID: 65534, Groups: []uint32{4242}}}
	owner := &Access{Cred: &Cred{UID: 0}}
	if os.Getuid() != 0 {
		t.Skip("needs root: files owned by another user")
	}
	cases := []struct {
		a    *Access
		path string
		ok   bool
	}{
		{nobody, open, true},
		{nobody, private, false},
		{nobody, inClosed, false},
		{nobody, link, false}, // the link is readable, its target is not
		{nobody, "/etc/shadow", false},
		{nobody, groupFile, false},
		{member, groupFile, true},
		{owner, private, true},
		{owner, link, true},
	}
	for _, c := range cases {
		b, err := c.a.ReadFile(c.path, 0)
		if c.ok != (err == nil) {
			t.Errorf("uid %d groups %v ReadFile(%s) = %q, %v; want ok=%v", c.a.Cred.UID, c.a.Cred.Groups, c.path, b, err, c.ok)
		}
		if !c.ok && !errors.Is(err, fs.ErrPermission) {
			t.Errorf("%s: error %v is not a permission error", c.path, err)
		}
	}
	if _, err := nobody.Stat(inClosed); !errors.Is(err, fs.ErrPermission) {
		t.Errorf("Stat through a folder it may not search: %v", err)
	}
	if fi, err := nobody.Stat(open); err != nil || fi.Size() != 5 || !fi.Mode().IsRegular() {
		t.Errorf("Stat: %v %v", fi, err)
	}
}

// Paths resolve inside the process's root: an absolute symlink and ".."
// cannot climb out of it.
func TestAccessStaysInRoot(t *testing.T) {
	root := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(root, "etc"), 0o755))
	must(t, os.WriteFile(filepath.Join(root, "etc", "passwd"), []byte("inside"), 0o644))
	must(t, os.Symlink("/etc/passwd", filepath.Join(root, "abs")))
	must(t, os.Symlink("../../../../../../etc/passwd", filepath.Join(root, "etc", "rel")))
	a := &Access{Cred: &Cred{UID: 0}, Root: root}
	for _, p := range []string{"/etc/passwd", "/abs", "/etc/rel", "/../../etc/passwd"} {
		if b, err := a.ReadFile(p, 0); err != nil || string(b) != "inside" {
			t.Errorf("%s in root: %q, %v", p, b, err)
		}
	}
	if _, err := a.ReadFile("relative/path", 0); err == nil {
		t.Error("a relative path was opened")
	}
	must(t, os.Symlink("loop", filepath.Join(root, "loop")))
	if _, err := a.ReadFile("/loop", 0); !errors.Is(err, syscall.ELOOP) {
		t.Errorf("symlink loop: %v", err)
	}
}

func TestForProcess(t *testing.T) {
	a := ForProcess("/proc", os.Getpid())
	if a.err != nil || a.Cred == nil || a.Cred.UID != uint32(os.Geteuid()) || a.Root == "" {
		t.Fatalf("ForProcess(self) = %+v", a)
	}
	gone := ForProcess(t.TempDir(), 1<<30)
	if _, err := gone.ReadFile("/etc/hostname", 0); err == nil {
		t.Error("an Access whose user is unknown read a file")
	}
	c, err := ParseStatus([]byte("Name:\tx\nUid:\t1\t2\t3\t4\nGid:\t5\t6\t7\t8\nGroups:\t10 11 \n"))
	if err != nil || c.UID != 4 || c.GID != 8 || len(c.Groups) != 2 || c.Groups[1] != 11 {
		t.Errorf("ParseStatus = %+v, %v", c, err)
	}
	if _, err := ParseStatus([]byte("Name:\tx\n")); err == nil {
		t.Error("no Uid line accepted")
	}
}

func TestWithin(t *testing.T) {
	err := Within(20*time.Millisecond, func() error { time.Sleep(time.Second); return nil })
	if !errors.Is(err, ErrTimeout) {
		t.Errorf("Within: %v", err)
	}
}

// WithinContext ends fn's context when it stops waiting: the work stops
// too instead of running on.
func TestWithinContextCancels(t *testing.T) {
	stopped := make(chan error, 1)
	err := WithinContext(20*time.Millisecond, func(ctx context.Context) error {
		<-ctx.Done()
		stopped <- ctx.Err()
		return ctx.Err()
	})
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("WithinContext: %v", err)
	}
	if err := <-stopped; !errors.Is(err, context.Canceled) {
		t.Fatalf("fn saw %v", err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// searchableTempDir is a temporary folder that every user may search, as
// far up as the test can make it so.
func searchableTempDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	must(t, os.Chmod(dir, 0o755))
	must(t, os.Chmod(filepath.Dir(dir), 0o755))
	for d := filepath.Dir(filepath.Dir(dir)); d != "/"; d = filepath.Dir(d) {
		if fi, err := os.Stat(d); err != nil || fi.Mode().Perm()&0o001 == 0 {
			t.Skipf("%s is not searchable by other users; set TMPDIR elsewhere", d)
		}
	}
	return dir
}

// FuzzParseStatus: any status file gives a cred or an error, never a panic.
func FuzzParseStatus(f *testing.F) {
	f.Add([]byte("Uid:\t1\t2\t3\t4\nGid:\t5\t6\t7\t8\nGroups:\t10 11\n"))
	f.Add([]byte("Uid:\t1\nGid:\n"))
	f.Add([]byte("Groups:\t-1 99999999999\nUid:\t0 0 0 0\nGid:\t0 0 0 0\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := ParseStatus(b)
		if err != nil && (c.UID != 0 || c.GID != 0 || c.Groups != nil) {
			t.Fatalf("a cred with an error: %+v", c)
		}
	})
}

// TestACLDeniesNamedUser: mode bits let others read the file, but an ACL
// entry denies nobody; gtm, which does not evaluate ACLs, refuses.
func TestACLDeniesNamedUser(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root")
	}
	dir := searchableTempDir(t)
	p := filepath.Join(dir, "acl.txt")
	must(t, os.WriteFile(p, []byte("x"), 0o644))
	// system.posix_acl_access: version 2; user::rw- user:65534:--- group::r-- mask::r-- other::r--
	le := func(v ...uint32) []byte {
		var b []byte
		for _, x := range v {
			b = append(b, byte(x), byte(x>>8), byte(x>>16), byte(x>>24))
		}
		return b
	}
	entry := func(tag, perm uint16, id uint32) []byte {
		return append([]byte{byte(tag), byte(tag >> 8), byte(perm), byte(perm >> 8)}, le(id)...)
	}
	acl := le(2)
	acl = append(acl, entry(0x01, 6, 0xffffffff)...)
	acl = append(acl, entry(0x02, 0, 65534)...)
	acl = append(acl, entry(0x04, 4, 0xffffffff)...)
	acl = append(acl, entry(0x10, 4, 0xffffffff)...)
	acl = append(acl, entry(0x20, 4, 0xffffffff)...)
	if err := syscall.Setxattr(p, "system.posix_acl_access", acl, 0); err != nil {
		t.Skipf("no POSIX ACLs here: %v", err)
	}
	nobody := &Access{Cred: &Cred{UID: 65534, GID: 65534}}
	if _, err := nobody.ReadFile(p, 0); !errors.Is(err, fs.ErrPermission) {
		t.Errorf("an ACL denying nobody was not honoured: %v", err)
	}
	other := &Access{Cred: &Cred{UID: 4321, GID: 4321}}
	if _, err := other.ReadFile(p, 0); !errors.Is(err, fs.ErrPermission) {
		t.Errorf("a file with an ACL was read for a non-owner: %v", err)
	}
}
