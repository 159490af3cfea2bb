package inspect

import (
	"os"
	"os/exec"
	"runtime"
	"slices"
	"sync"
	"testing"
)

// A child is listed under the thread that forked it: childrenOf reads
// every thread's list, so children started from other threads (a Go or
// Rust launcher's) are found too.
func TestChildrenOfEveryThread(t *testing.T) {
	var pids []int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread() // a thread of its own: its children are listed under it
			defer runtime.UnlockOSThread()
			cmd := exec.Command("sleep", "30")
			if err := cmd.Start(); err != nil {
				t.Error(err)
				return
			}
			t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
			mu.Lock()
			pids = append(pids, cmd.Process.Pid)
			mu.Unlock()
		}()
	}
	wg.Wait()
	got := childrenOf("/proc", os.Getpid())
	for _, p := range pids {
		if !slices.Contains(got, p) {
			t.Errorf("child %d missing from %v", p, got)
		}
	}
}
