package linux

import (
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// hostile makes each named file under dir a FIFO (an open would wait for
// a writer) or a link to /dev/zero (a read would never end), as a
// --proc-root tree someone else wrote may.
func hostile(t *testing.T, kind, dir string, names ...string) {
	t.Helper()
	for _, name := range names {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		var err error
		if kind == "fifo" {
			err = syscall.Mkfifo(p, 0o644)
		} else {
			err = os.Symlink("/dev/zero", p)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// boundedRun runs fn and fails when it takes over 10 s or allocates over
// 64 MiB: reading a proc tree must end, with bounded memory, whatever its
// files are.
func boundedRun(t *testing.T, fn func()) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	done := make(chan struct{})
	go func() { defer close(done); fn() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("still reading the proc tree after 10 s")
	}
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 64<<20 {
		t.Fatalf("reading the proc tree allocated %d MiB", n>>20)
	}
}

// A proc tree whose files are FIFOs or links to /dev/zero: every reader
// of the tree (process details, resources, host detection, CUDA scan)
// refuses them at once, and what is valid is still read.
func TestHostileProcFiles(t *testing.T) {
	for _, kind := range []string{"fifo", "zero"} {
		t.Run(kind, func(t *testing.T) {
			root := t.TempDir()
			// 4242's stat is valid; what it points to is not.
			dir := filepath.Join(root, "4242")
			if err := os.CopyFS(dir, os.DirFS("testdata/proc/4242")); err != nil {
				t.Fatal(err)
			}
			for _, name := range []string{"comm", "cmdline", "cgroup", "status", "statm", "maps"} {
				os.Remove(filepath.Join(dir, name))
			}
			hostile(t, kind, dir, "comm", "cmdline", "cgroup", "status", "statm", "maps")
			hostile(t, kind, root, "stat", "version", "1/cgroup", "1/environ", "2/comm", "5/stat")
			boundedRun(t, func() {
				p := NewProcFS(root)
				info := p.Lookup(4242)
				if !info.Exists || info.Name == nil || info.StartTime != nil || info.Cmdline != nil {
					t.Errorf("4242 = %+v (name from stat, start time and cmdline unknown)", info)
				}
				if info := p.Lookup(5); !info.Exists {
					t.Errorf("5 = %+v", info)
				}
				if r := p.Resources(4242); r.RSSBytes != nil {
					t.Errorf("rss = %d from a %s", *r.RSSBytes, kind)
				}
				if h := p.Health(); h.OK {
					t.Errorf("health = %+v with a %s for stat", h, kind)
				}
				_ = DetectHost(root, t.TempDir())
				_ = (&CUDAProcesses{Root: root}).CUDAProcesses()
			})
		})
	}
}
