package darwin

import (
	"context"
	"sync"
	"time"
)

// The footprint schedule: one run costs ~70 ms, so busy and new processes
// are measured every pass and idle ones every 30 s; a failed run keeps the
// last size, and three failures in a row pause that process for a minute.
const (
	BusyEvery    = 2 * time.Second
	IdleEvery    = 30 * time.Second
	BackOff      = time.Minute
	FailsToPause = 3
)

// Target is a process the poller should measure: the start time ties
// measurements to this process, so a reused PID starts from nothing.
type Target struct {
	PID   int
	Start time.Time
	Busy  bool // used the GPU since the last sample
}

// MeasureFunc reads one process's graphics memory in bytes.
type MeasureFunc func(ctx context.Context, pid int) (uint64, error)

// Poller keeps the latest footprint graphics size of each Metal process.
// Sample calls Track with the current processes; Pass (from Run's
// background loop, or a test) measures those that are due.
type Poller struct {
	Measure MeasureFunc
	Now     func() time.Time

	mu      sync.Mutex
	entries map[int]*footprintEntry
	runs    int
}

type footprintEntry struct {
	start       time.Time
	busy        bool
	bytes       *uint64
	measured    bool      // at least one attempt finished
	lastTry     time.Time // when the last attempt started
	fails       int       // failures in a row
	pausedUntil time.Time
	lastErr     error
}

// NewPoller returns a poller on the real clock.
func NewPoller(m MeasureFunc) *Poller { return &Poller{Measure: m, Now: time.Now} }

// Track sets the processes to measure. A PID whose start time changed is
// a new process: its predecessor's size is dropped. Processes not listed
// are forgotten.
func (p *Poller) Track(targets []Target) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.entries == nil {
		p.entries = map[int]*footprintEntry{}
	}
	keep := make(map[int]bool, len(targets))
	for _, t := range targets {
		keep[t.PID] = true
		e, ok := p.entries[t.PID]
		if !ok || !e.start.Equal(t.Start) {
			e = &footprintEntry{start: t.Start}
			p.entries[t.PID] = e
		}
		e.busy = t.Busy
	}
	for pid := range p.entries {
		if !keep[pid] {
			delete(p.entries, pid)
		}
	}
}

// Due lists the PIDs (with start times) a pass at now should measure.
func (p *Poller) Due(now time.Time) []Target {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []Target
	for pid, e := range p.entries {
		if due(e, now) {
			out = append(out, Target{PID: pid, Start: e.start, Busy: e.busy})
		}
	}
	return out
}

func due(e *footprintEntry, now time.Time) bool {
	switch {
	case now.Before(e.pausedUntil):
		return false
	case e.lastTry.IsZero():
		return true // new
	case e.busy:
		return now.Sub(e.lastTry) >= BusyEvery-BusyEvery/10
	default:
		return now.Sub(e.lastTry) >= IdleEvery
	}
}

// Pass measures every due process once, one after another, and returns
// how many runs it made.
func (p *Poller) Pass(ctx context.Context) int {
	now := p.Now()
	list := p.Due(now)
	n := 0
	for _, t := range list {
		if ctx.Err() != nil {
			break
		}
		p.mu.Lock()
		if e, ok := p.entries[t.PID]; ok && e.start.Equal(t.Start) {
			e.lastTry = p.Now()
		}
		p.mu.Unlock()
		size, err := p.Measure(ctx, t.PID)
		p.record(t, size, err)
		n++
	}
	return n
}

// record stores one result, unless the PID now belongs to another
// process (it exited and was reused while footprint ran).
func (p *Poller) record(t Target, size uint64, err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.runs++
	e, ok := p.entries[t.PID]
	if !ok || !e.start.Equal(t.Start) {
		return
	}
	e.measured = true
	if err != nil {
		e.fails++
		e.lastErr = err
		if e.fails >= FailsToPause {
			e.pausedUntil = p.Now().Add(BackOff)
			e.fails = 0
		}
		return // the last size stays
	}
	e.fails, e.lastErr = 0, nil
	e.bytes = &size
}

// Bytes is the last measured graphics size of the process with this PID
// and start time; nil when it has none (not measured yet, every attempt
// failed, or the PID now belongs to another process). err is the last
// failure, if the last attempt failed.
func (p *Poller) Bytes(pid int, start time.Time) (size *uint64, pending bool, err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	e, ok := p.entries[pid]
	if !ok || !e.start.Equal(start) {
		return nil, true, nil
	}
	if e.bytes != nil {
		v := *e.bytes
		size = &v
	}
	return size, !e.measured, e.lastErr
}

// Runs is how many footprint runs finished (for tests and benchmarks).
func (p *Poller) Runs() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.runs
}

// Run makes a pass every BusyEvery until ctx ends.
func (p *Poller) Run(ctx context.Context) {
	t := time.NewTicker(BusyEvery)
	defer t.Stop()
	for {
		p.Pass(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
