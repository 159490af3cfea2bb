package desktop

import (
	"sync"

	"fyne.io/fyne/v2"
)

// mainQueue runs functions on the main goroutine. Until Fyne's event loop
// runs, the main goroutine serves them itself: gtm started in the tray
// (--tray) does not start that loop, which wakes sixty times a second,
// before its window is first wanted. Once the loop runs, functions go
// through fyne.Do as usual. Both ways they run one at a time, in order, on
// the goroutine Fyne calls main, so widget calls are safe either way.
type mainQueue struct {
	mu      sync.Mutex
	fyne    bool // the event loop runs (or is about to): use fyne.Do
	pending []func()
	signal  chan struct{}
}

func newMainQueue() *mainQueue { return &mainQueue{signal: make(chan struct{}, 1)} }

// do runs f on the main goroutine, later.
func (q *mainQueue) do(f func()) {
	q.mu.Lock()
	if q.fyne {
		q.mu.Unlock()
		fyne.Do(f)
		return
	}
	q.pending = append(q.pending, f)
	q.mu.Unlock()
	select {
	case q.signal <- struct{}{}:
	default:
	}
}

// serve runs queued functions on the calling (main) goroutine until done
// reports true after one of them.
func (q *mainQueue) serve(done func() bool) {
	for !done() {
		<-q.signal
		q.mu.Lock()
		fs := q.pending
		q.pending = nil
		q.mu.Unlock()
		for i, f := range fs {
			f()
			if done() {
				q.requeue(fs[i+1:])
				return
			}
		}
	}
}

func (q *mainQueue) requeue(fs []func()) {
	q.mu.Lock()
	q.pending = append(fs, q.pending...)
	q.mu.Unlock()
}

// handOver sends everything from now on through fyne.Do, starting with
// what is still queued (in order). Call it on the main goroutine just
// before Fyne's loop starts.
func (q *mainQueue) handOver() {
	q.mu.Lock()
	q.fyne = true
	fs := q.pending
	q.pending = nil
	q.mu.Unlock()
	for _, f := range fs {
		fyne.Do(f)
	}
}
