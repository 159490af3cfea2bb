package drm

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A --proc-root tree whose fdinfo, or whose fd folder, is a FIFO: it is
// refused at once, not waited on, and the other processes are still read.
func TestFdinfoFIFONotWaitedOn(t *testing.T) {
	m := newFakeMachine(t)
	m.open(100, "renderD128", amd("15", "0", "0"))
	m.open(101, "renderD128", amd("16", "0", "0"))
	p := filepath.Join(m.proc, "100", "fdinfo", "3")
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(m.proc, "102"), 0o755))
	must(syscall.Mkfifo(filepath.Join(m.proc, "102", "fd"), 0o644))
	done := make(chan struct{})
	go func() {
		defer close(done)
		u := New(m.proc, m.sys).Sample(context.Background(), time.Second).Usage
		if len(u) != 1 || u[0].PID != 101 {
			t.Errorf("usage %+v, want 101's alone", u)
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("still waiting on a FIFO fdinfo after 10 s")
	}
}
