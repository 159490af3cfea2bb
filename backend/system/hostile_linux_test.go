package system

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// A --proc-root whose stat and meminfo are FIFOs or links to /dev/zero:
// the reading fails at once, with bounded memory, and says so.
func TestReadSystemHostileFiles(t *testing.T) {
	for _, kind := range []string{"fifo", "zero"} {
		t.Run(kind, func(t *testing.T) {
			root := t.TempDir()
			for _, name := range []string{"stat", "meminfo"} {
				p := filepath.Join(root, name)
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
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			done := make(chan struct{})
			go func() {
				defer close(done)
				sys, src := New(root).ReadSystem(context.Background())
				if src.OK || sys.MemoryTotalBytes != nil {
					t.Errorf("a %s for stat and meminfo: %+v %+v", kind, sys, src)
				}
			}()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("still reading after 10 s")
			}
			runtime.ReadMemStats(&after)
			if n := after.TotalAlloc - before.TotalAlloc; n > 64<<20 {
				t.Fatalf("allocated %d MiB", n>>20)
			}
		})
	}
}
