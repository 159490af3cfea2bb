package darwin

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// countingMeasure records how often each PID was measured; fail says which
// PIDs fail.
type countingMeasure struct {
	mu    sync.Mutex
	runs  map[int]int
	fail  map[int]bool
	sizes map[int]uint64
}

func newCounting() *countingMeasure {
	return &countingMeasure{runs: map[int]int{}, fail: map[int]bool{}, sizes: map[int]uint64{}}
}

func (m *countingMeasure) measure(_ context.Context, pid int) (uint64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.runs[pid]++
	if m.fail[pid] {
		return 0, errors.New("footprint: exit status 1")
	}
	return m.sizes[pid], nil
}

// Rule: busy and new processes are measured every pass (~2 s), idle ones
// every 30 s.
func TestPollerScheduleBusyEveryPassIdleEvery30s(t *testing.T) {
	clk := &fakeClock{t: time.Unix(0, 0)}
	m := newCounting()
	p := &Poller{Measure: m.measure, Now: clk.Now}
	p.Track([]Target{{PID: 1, Start: time.Unix(1, 0), Busy: true}, {PID: 2, Start: time.Unix(2, 0)}})
	for range 30 { // 60 s of passes every 2 s
		p.Pass(context.Background())
		clk.Add(2 * time.Second)
	}
	if m.runs[1] != 30 {
		t.Errorf("busy process: %d runs in 60 s, want 30", m.runs[1])
	}
	if m.runs[2] != 2 { // new at 0 s, then at 30 s
		t.Errorf("idle process: %d runs in 60 s, want 2", m.runs[2])
	}
	// A new process is measured at the next pass.
	p.Track([]Target{{PID: 1, Start: time.Unix(1, 0), Busy: true}, {PID: 2, Start: time.Unix(2, 0)}, {PID: 3, Start: time.Unix(3, 0)}})
	p.Pass(context.Background())
	if m.runs[3] != 1 {
		t.Errorf("new process: %d runs, want 1", m.runs[3])
	}
	// Untracked processes are forgotten.
	p.Track([]Target{{PID: 1, Start: time.Unix(1, 0)}})
	if size, _, _ := p.Bytes(2, time.Unix(2, 0)); size != nil {
		t.Error("forgotten process still has a size")
	}
}

// Rule: a single failed measurement keeps the last size; three in a row
// back off for a minute.
func TestPollerFailureKeepsSizeAndBacksOff(t *testing.T) {
	clk := &fakeClock{t: time.Unix(0, 0)}
	m := newCounting()
	m.sizes[7] = 4096
	p := &Poller{Measure: m.measure, Now: clk.Now}
	start := time.Unix(7, 0)
	p.Track([]Target{{PID: 7, Start: start, Busy: true}})
	p.Pass(context.Background())
	m.fail[7] = true
	clk.Add(2 * time.Second)
	p.Pass(context.Background())
	size, _, err := p.Bytes(7, start)
	if size == nil || *size != 4096 || err == nil {
		t.Fatalf("after one failure: size %v, err %v; want the last size and the error", size, err)
	}
	for range 2 {
		clk.Add(2 * time.Second)
		p.Pass(context.Background())
	}
	if m.runs[7] != 4 {
		t.Fatalf("%d runs before the pause, want 4", m.runs[7])
	}
	// Paused for a minute: no runs for 58 s of passes.
	for range 29 {
		clk.Add(2 * time.Second)
		p.Pass(context.Background())
	}
	if m.runs[7] != 4 {
		t.Fatalf("measured during the back-off: %d runs", m.runs[7])
	}
	if size, _, _ := p.Bytes(7, start); size == nil || *size != 4096 {
		t.Fatal("the last size was dropped during the back-off")
	}
	clk.Add(2 * time.Second)
	m.fail[7] = false
	m.sizes[7] = 8192
	p.Pass(context.Background())
	if size, _, err := p.Bytes(7, start); m.runs[7] != 5 || size == nil || *size != 8192 || err != nil {
		t.Fatalf("after the back-off: runs %d size %v err %v", m.runs[7], size, err)
	}
}

// A process that never measured shows nothing (n/a), pending until the
// first attempt ends.
func TestPollerPendingThenFailed(t *testing.T) {
	clk := &fakeClock{t: time.Unix(0, 0)}
	m := newCounting()
	m.fail[9] = true
	p := &Poller{Measure: m.measure, Now: clk.Now}
	p.Track([]Target{{PID: 9, Start: time.Unix(9, 0)}})
	if size, pending, _ := p.Bytes(9, time.Unix(9, 0)); size != nil || !pending {
		t.Fatalf("before the first run: %v pending=%v", size, pending)
	}
	p.Pass(context.Background())
	if size, pending, err := p.Bytes(9, time.Unix(9, 0)); size != nil || pending || err == nil {
		t.Fatalf("after a failed run: %v pending=%v err=%v", size, pending, err)
	}
}

// Rule: measurements are tied to the process start time, so a reused PID
// never shows the previous process's numbers, even when the PID is reused
// while footprint is reading the old process.
func TestPollerPIDReuseDuringInflightRead(t *testing.T) {
	clk := &fakeClock{t: time.Unix(0, 0)}
	entered, release := make(chan struct{}), make(chan struct{})
	p := &Poller{Now: clk.Now, Measure: func(context.Context, int) (uint64, error) {
		close(entered)
		<-release
		return 1 << 30, nil // the old process's size
	}}
	oldStart, newStart := time.Unix(100, 0), time.Unix(200, 0)
	p.Track([]Target{{PID: 42, Start: oldStart, Busy: true}})
	done := make(chan int)
	go func() { done <- p.Pass(context.Background()) }()
	<-entered
	// The old process exits and a new one gets PID 42 mid-read.
	p.Track([]Target{{PID: 42, Start: newStart, Busy: true}})
	close(release)
	<-done
	if size, pending, _ := p.Bytes(42, newStart); size != nil || !pending {
		t.Fatalf("reused PID shows %v (pending=%v): the previous process's size", *size, pending)
	}
	if size, _, _ := p.Bytes(42, oldStart); size != nil {
		t.Fatal("the old process's entry survived")
	}
	// The new process is still due at the next pass.
	if due := p.Due(clk.Now()); len(due) != 1 || !due[0].Start.Equal(newStart) {
		t.Fatalf("due %+v", due)
	}
	// And a reuse between passes drops a size already stored.
	p.Measure = func(context.Context, int) (uint64, error) { return 5, nil }
	p.Pass(context.Background())
	p.Track([]Target{{PID: 42, Start: time.Unix(300, 0)}})
	if size, _, _ := p.Bytes(42, time.Unix(300, 0)); size != nil {
		t.Fatal("size carried over to a reused PID")
	}
}

// The README's figure: 27 GPU processes, a few busy, for 40 s.
func TestPollerRunsPer40s(t *testing.T) {
	clk := &fakeClock{t: time.Unix(0, 0)}
	m := newCounting()
	p := &Poller{Measure: m.measure, Now: clk.Now}
	var ts []Target
	for pid := 1; pid <= 27; pid++ {
		ts = append(ts, Target{PID: pid, Start: time.Unix(int64(pid), 0), Busy: pid <= 1})
	}
	p.Track(ts)
	for range 20 {
		p.Pass(context.Background())
		clk.Add(2 * time.Second)
	}
	// 27 first runs + 19 more for the busy one + 26 idle ones again at 30 s.
	if got := p.Runs(); got != 27+19+26 {
		t.Fatalf("%d runs in 40 s", got)
	}
}
