package desktop

import (
	"context"
	"testing"
	"time"
)

// Before Fyne's loop runs (gtm waiting in the tray), ending Run's context
// quits through the main goroutine's queue.
func TestQuitWhenDoneBeforeTheLoop(t *testing.T) {
	d := &controller{q: newMainQueue()}
	ctx, cancel := context.WithCancel(context.Background())
	finished := make(chan struct{})
	defer close(finished)
	d.quitWhenDone(ctx, finished)
	cancel()
	served := make(chan struct{})
	go func() { d.q.serve(func() bool { return d.quitting }); close(served) }()
	select {
	case <-served:
	case <-time.After(5 * time.Second):
		t.Fatal("cancelling the context did not quit")
	}
}

// Once Run has finished, its own cancel asks for no quit.
func TestQuitWhenDoneAfterTheEnd(t *testing.T) {
	d := &controller{q: newMainQueue()}
	ctx, cancel := context.WithCancel(context.Background())
	finished := make(chan struct{})
	d.quitWhenDone(ctx, finished)
	close(finished)
	cancel()
	time.Sleep(50 * time.Millisecond)
	d.q.mu.Lock()
	n := len(d.q.pending)
	d.q.mu.Unlock()
	if n != 0 {
		t.Errorf("%d functions queued after the end", n)
	}
}
