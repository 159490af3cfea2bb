package collect

import (
	"context"
	"sync"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

// Provider gives snapshots: a live Collector, or a replay of saved ones
// (capture.Timeline, capture.Replay).
type Provider interface {
	Collect(ctx context.Context) *schema.Snapshot
}

// Runner collects from a Provider on its own goroutine every Interval and
// hands each snapshot to OnSnapshot. It can be paused (no collection at
// all while paused) and says when a collection is slow, so a window can
// show "collecting…" instead of looking frozen.
type Runner struct {
	Src      Provider
	Interval time.Duration
	// OnSnapshot receives each snapshot, on the runner's goroutine.
	OnSnapshot func(*schema.Snapshot)
	// OnSlow is called (on another goroutine) when a collection has taken
	// longer than SlowAfter; the next OnSnapshot ends it.
	OnSlow    func()
	SlowAfter time.Duration

	mu     sync.Mutex
	paused bool
	wake   chan struct{}
}

// SetPaused stops or resumes collection; resuming collects at once.
func (r *Runner) SetPaused(p bool) {
	r.mu.Lock()
	changed := r.paused != p
	r.paused = p
	w := r.wakeChan()
	r.mu.Unlock()
	if changed && !p {
		select {
		case w <- struct{}{}:
		default:
		}
	}
}

// Paused reports whether collection is paused.
func (r *Runner) Paused() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.paused
}

func (r *Runner) wakeChan() chan struct{} {
	if r.wake == nil {
		r.wake = make(chan struct{}, 1)
	}
	return r.wake
}

// Run collects until ctx ends. The first snapshot is taken at once.
func (r *Runner) Run(ctx context.Context) {
	interval := r.Interval
	if interval <= 0 {
		interval = time.Second
	}
	r.mu.Lock()
	wake := r.wakeChan()
	r.mu.Unlock()
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if !r.Paused() {
			r.collect(ctx)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-wake:
		}
	}
}

func (r *Runner) collect(ctx context.Context) {
	var slow *time.Timer
	if r.OnSlow != nil {
		after := r.SlowAfter
		if after <= 0 {
			after = 500 * time.Millisecond
		}
		slow = time.AfterFunc(after, r.OnSlow)
	}
	s := r.Src.Collect(ctx)
	if slow != nil {
		slow.Stop()
	}
	if ctx.Err() != nil {
		return
	}
	if r.OnSnapshot != nil {
		r.OnSnapshot(s)
	}
}
