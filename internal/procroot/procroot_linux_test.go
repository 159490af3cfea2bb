package procroot

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestUntrusted(t *testing.T) {
	if why := Untrusted("/proc"); why != "" {
		t.Errorf("/proc: %q, want trusted", why)
	}
	if why := Untrusted(""); why != "" {
		t.Errorf(`"" (/proc): %q, want trusted`, why)
	}
	dir := t.TempDir()
	if why := Untrusted(dir); !strings.Contains(why, "is not a procfs mount") {
		t.Errorf("a temporary folder: %q, want not procfs", why)
	}
	// A link to /proc is procfs: statfs follows it.
	link := filepath.Join(dir, "proc")
	if err := os.Symlink("/proc", link); err != nil {
		t.Fatal(err)
	}
	if why := Untrusted(link); why != "" {
		t.Errorf("a link to /proc: %q, want trusted", why)
	}
	if why := Untrusted(filepath.Join(dir, "missing")); !strings.Contains(why, "could not be checked") {
		t.Errorf("a missing folder: %q", why)
	}
}

// A fake tree's files may be a FIFO (an open would wait for a writer), a
// link to /dev/zero (a read would never end) or a huge file: each read
// returns at once with an error or at most the bound.
func TestReadHostileFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big")
	if err := os.WriteFile(big, make([]byte, 1<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, p := range []string{fifo, zero, dir} {
			if _, err := ReadFile(p, 4096); !errors.Is(err, ErrNotRegular) {
				t.Errorf("%s: %v, want %v", filepath.Base(p), err, ErrNotRegular)
			}
		}
		if _, err := ReadFile(big, 4096); !errors.Is(err, ErrTooLarge) {
			t.Errorf("big: %v, want %v", err, ErrTooLarge)
		}
		if f, err := OpenDir(fifo); !errors.Is(err, syscall.ENOTDIR) {
			t.Errorf("OpenDir(fifo): %v, want ENOTDIR", err)
			if err == nil {
				f.Close()
			}
		}
		b, more, err := ReadPrefix(big, 4096)
		if err != nil || !more || len(b) != 4096 {
			t.Errorf("big prefix: %d bytes, more %v, %v", len(b), more, err)
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("a read is still waiting")
	}
}

// procfs files report size 0 and come in several reads: all of it is read.
func TestReadProcfs(t *testing.T) {
	want, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Skip("no /proc/self/maps:", err)
	}
	got, err := ReadFile("/proc/self/status", 64<<10)
	if err != nil || !strings.Contains(string(got), "\nUid:") {
		t.Fatalf("status: %v %q", err, got)
	}
	got, err = ReadFile("/proc/self/maps", 4<<20)
	if err != nil || len(got) < len(want)/2 || !strings.HasSuffix(string(got), "\n") {
		t.Errorf("maps: %d bytes (os.ReadFile %d), %v", len(got), len(want), err)
	}
	if b, more, err := ReadPrefix("/proc/self/maps", 10); err != nil || !more || len(b) != 10 {
		t.Errorf("maps prefix: %q %v %v", b, more, err)
	}
}
