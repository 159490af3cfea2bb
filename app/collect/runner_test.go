package collect

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

type countingSource struct {
	n     atomic.Int32
	delay time.Duration
}

func (c *countingSource) Collect(ctx context.Context) *schema.Snapshot {
	c.n.Add(1)
	if c.delay > 0 {
		select {
		case <-time.After(c.delay):
		case <-ctx.Done():
		}
	}
	return &schema.Snapshot{TakenAt: time.Now()}
}

func TestRunnerPauseStopsCollection(t *testing.T) {
	src := &countingSource{}
	got := make(chan *schema.Snapshot, 100)
	r := &Runner{Src: src, Interval: 5 * time.Millisecond, OnSnapshot: func(s *schema.Snapshot) { got <- s }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { r.Run(ctx); close(done) }()
	<-got
	r.SetPaused(true)
	if !r.Paused() {
		t.Fatal("not paused")
	}
	time.Sleep(20 * time.Millisecond) // let an in-flight collection finish
	before := src.n.Load()
	time.Sleep(50 * time.Millisecond)
	// One collection may have been under way when the pause came (a
	// loaded machine can hold the goroutine past the sleep above); a
	// ticking collector would have run about ten more.
	if after := src.n.Load(); after-before > 1 {
		t.Errorf("collected %d times while paused", after-before)
	}
	r.SetPaused(false)
	select {
	case <-got:
	case <-time.After(2 * time.Second):
		t.Error("no snapshot after resuming")
	}
	cancel()
	<-done
}

func TestRunnerSaysWhenSlow(t *testing.T) {
	src := &countingSource{delay: 80 * time.Millisecond}
	slow := make(chan struct{}, 10)
	got := make(chan *schema.Snapshot, 10)
	r := &Runner{Src: src, Interval: time.Hour, SlowAfter: 10 * time.Millisecond,
		OnSlow: func() { slow <- struct{}{} }, OnSnapshot: func(s *schema.Snapshot) { got <- s }}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go r.Run(ctx)
	select {
	case <-slow:
	case <-time.After(2 * time.Second):
		t.Fatal("OnSlow not called for a slow collection")
	}
	select {
	case <-got:
	case <-time.After(2 * time.Second):
		t.Fatal("no snapshot")
	}
}
