package inspect

import (
	"context"
	"sort"
	"time"
)

// Scan policy, from the cost table: memory maps are read for new processes,
// after a 64 MiB or 10 % change in measured VRAM, or every 2 minutes; at most
// 150 ms of scanning per refresh, the processes with the most VRAM first.
const (
	RescanAfter       = 2 * time.Minute
	RescanVRAMBytes   = 64 << 20
	RescanVRAMPercent = 10
	ScanBudget        = 150 * time.Millisecond
)

// Key identifies one process for caching: a PID and its start time, so a
// reused PID is a different process.
type Key struct {
	PID   int
	Start time.Time
}

// scanRecord is what the scheduler remembers about a process's last scan.
type scanRecord struct {
	at   time.Time
	vram *uint64
}

// Scheduler decides which processes are due for a (costly) scan.
type Scheduler struct {
	last map[Key]scanRecord
}

// NewScheduler returns an empty scheduler: every process is due once.
func NewScheduler() *Scheduler { return &Scheduler{last: map[Key]scanRecord{}} }

// Candidate is a process that could be scanned, with its measured VRAM
// (nil when unknown).
type Candidate struct {
	Key  Key
	VRAM *uint64
}

// Due returns the candidates that need a scan now, highest VRAM first
// (unknown VRAM last), so a tight budget is spent where the memory is.
func (s *Scheduler) Due(cands []Candidate, now time.Time) []Candidate {
	var due []Candidate
	for _, c := range cands {
		rec, seen := s.last[c.Key]
		if !seen || now.Sub(rec.at) >= RescanAfter || vramMoved(rec.vram, c.VRAM) {
			due = append(due, c)
		}
	}
	sort.SliceStable(due, func(i, j int) bool {
		a, b := due[i].VRAM, due[j].VRAM
		if (a == nil) != (b == nil) {
			return a != nil
		}
		return a != nil && *a > *b
	})
	return due
}

// Done records that c was scanned at now.
func (s *Scheduler) Done(c Candidate, now time.Time) {
	s.last[c.Key] = scanRecord{at: now, vram: c.VRAM}
}

// Forget drops processes not in keep (exited ones).
func (s *Scheduler) Forget(keep map[Key]bool) {
	for k := range s.last {
		if !keep[k] {
			delete(s.last, k)
		}
	}
}

// vramMoved: a change of at least 64 MiB or 10 % (either way), or a size
// appearing or disappearing.
func vramMoved(before, now *uint64) bool {
	if (before == nil) != (now == nil) {
		return true
	}
	if before == nil {
		return false
	}
	b, n := *before, *now
	diff := n - b
	if b > n {
		diff = b - n
	}
	if diff >= RescanVRAMBytes {
		return true
	}
	return b > 0 && diff*100 >= b*RescanVRAMPercent
}

// refreshDue is one scan round, the same for every inspector: the targets
// the scheduler says are due, most VRAM first, are inspected until budget
// is spent or ctx ends (the rest wait for the next round); findings of
// processes no longer among the targets are dropped. It returns the
// targets' keys and the newest finding of each target that has one;
// targets not scanned yet are absent: not inspected, rather than "nothing
// found".
func refreshDue(ctx context.Context, s *Scheduler, found map[Key]Finding, budget time.Duration,
	targets []Target, inspect func(Target) Finding) (map[Key]bool, map[int]Finding) {
	byKey := make(map[Key]Target, len(targets))
	cands := make([]Candidate, 0, len(targets))
	keep := make(map[Key]bool, len(targets))
	for _, t := range targets {
		k := Key{PID: t.PID, Start: t.Start}
		byKey[k], keep[k] = t, true
		cands = append(cands, Candidate{Key: k, VRAM: t.VRAM})
	}
	start := time.Now()
	for _, c := range s.Due(cands, start) {
		if time.Since(start) >= budget || ctx.Err() != nil {
			break
		}
		found[c.Key] = inspect(byKey[c.Key])
		s.Done(c, time.Now())
	}
	s.Forget(keep)
	out := make(map[int]Finding, len(targets))
	for k := range found {
		if !keep[k] {
			delete(found, k)
		} else {
			out[k.PID] = found[k]
		}
	}
	return keep, out
}
