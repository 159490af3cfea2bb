package wslmatch

// These scenarios replay context sequences written from the matching rules
// (the seed README's WSL section and measurements on WSL2 with driver
// 610.88): contexts newest first, one per Linux process holding /dev/dxg,
// foreign contexts interleaved by age. Nothing here ran on a real WSL
// machine; each scenario checks one rule step by step.

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

const (
	mib  = 1 << 20
	gib  = 1 << 30
	self = 1000
)

var t0 = time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)

// at is the wall time of refresh n (one per second).
func at(n int) time.Time { return t0.Add(time.Duration(n) * time.Second) }

func proc(pid int, startedAt time.Time) Proc { return Proc{PID: pid, Start: startedAt} }

var monitor = proc(self, at(0).Add(-time.Second))

type step struct {
	ctxs  []uint64
	procs []Proc
	want  map[int]Result // nil entries: the PID must be absent (n/a)
}

func run(t *testing.T, m *Matcher, steps []step) {
	t.Helper()
	for i, s := range steps {
		got := m.Step(Sample{Contexts: s.ctxs, Procs: s.procs})
		for pid, want := range s.want {
			r, ok := got[pid]
			if want == (Result{}) {
				if ok {
					t.Errorf("step %d: pid %d got %+v, want n/a", i, pid, r)
				}
				continue
			}
			if !ok || r != want {
				t.Errorf("step %d: pid %d got %+v (present %v), want %+v", i, pid, r, ok, want)
			}
		}
	}
}

func matched(b uint64) Result { return Result{Bytes: b, By: schema.Matched} }
func guess(b uint64) Result   { return Result{Bytes: b, By: schema.Guess} }

var na = Result{}

func TestWSLNewProcessAndNewContextTogetherAreMatched(t *testing.T) {
	a := proc(2000, at(1).Add(-300*time.Millisecond))
	run(t, &Matcher{Self: self}, []step{
		{ctxs: []uint64{0, 300 * mib}, procs: []Proc{monitor}, want: map[int]Result{self: matched(0)}},
		{ctxs: []uint64{2 * gib, 0, 300 * mib}, procs: []Proc{monitor, a}, want: map[int]Result{2000: matched(2 * gib)}},
	})
}

// The context may show up a refresh after the process: still together.
func TestWSLContextOneRefreshLateStillMatched(t *testing.T) {
	a := proc(2000, at(1).Add(-300*time.Millisecond))
	run(t, &Matcher{Self: self}, []step{
		{ctxs: []uint64{0, 300 * mib}, procs: []Proc{monitor}},
		{ctxs: []uint64{0, 300 * mib}, procs: []Proc{monitor, a}, want: map[int]Result{2000: na}},
		{ctxs: []uint64{512 * mib, 0, 300 * mib}, procs: []Proc{monitor, a}, want: map[int]Result{2000: matched(512 * mib)}},
	})
}

func TestWSLEliminationMatches(t *testing.T) {
	a, b := proc(2000, at(0).Add(-time.Hour)), proc(2100, at(0).Add(-30*time.Minute))
	run(t, &Matcher{Self: self}, []step{
		// Two processes that were already running: guesses.
		{ctxs: []uint64{0, 5 * gib, 3 * gib}, procs: []Proc{monitor, a, b},
			want: map[int]Result{self: matched(0), 2100: guess(5 * gib), 2000: guess(3 * gib)}},
		// b exits and its context goes: one process, one context left.
		{ctxs: []uint64{0, 3 * gib}, procs: []Proc{monitor, a}, want: map[int]Result{2000: matched(3 * gib)}},
	})
}

func TestWSLMonitorOwnZeroContextAtStart(t *testing.T) {
	a := proc(2000, at(0).Add(-time.Hour))
	m := &Matcher{Self: self}
	run(t, m, []step{
		{ctxs: []uint64{0, 4 * gib}, procs: []Proc{monitor, a},
			// The monitor's context is the only zero-byte one; the other
			// must then be a's (elimination needs a to be seen twice).
			want: map[int]Result{self: matched(0), 2000: guess(4 * gib)}},
		{ctxs: []uint64{0, 4 * gib}, procs: []Proc{monitor, a}, want: map[int]Result{2000: matched(4 * gib)}},
	})
}

func TestWSLSeveralZeroContextsDoNotPinMonitor(t *testing.T) {
	a := proc(2000, at(0).Add(-time.Hour))
	run(t, &Matcher{Self: self}, []step{
		// Two zero-byte contexts: every explanation gives 0 for both.
		{ctxs: []uint64{0, 0}, procs: []Proc{monitor, a}, want: map[int]Result{self: matched(0), 2000: matched(0)}},
		// a's context (the older one) grows: had the monitor been pinned to
		// it, a would be shown 0 and the monitor 4 GiB.
		{ctxs: []uint64{0, 4 * gib}, procs: []Proc{monitor, a}, want: map[int]Result{self: guess(0), 2000: guess(4 * gib)}},
	})
}

func TestWSLEqualSizedCandidatesGiveExactSize(t *testing.T) {
	a, b := proc(2000, at(0).Add(-time.Hour)), proc(2100, at(0).Add(-time.Hour))
	run(t, &Matcher{Self: self}, []step{
		{ctxs: []uint64{0, gib, gib, gib}, procs: []Proc{monitor, a, b},
			want: map[int]Result{2000: matched(gib), 2100: matched(gib)}},
	})
}

func TestWSLGuessNewerProcessNewerContextOutsideOldest(t *testing.T) {
	a, b := proc(2000, at(0).Add(-2*time.Hour)), proc(2100, at(0).Add(-time.Hour))
	steps := []step{}
	for i := 0; i < 5; i++ {
		// Newest first: monitor, b, a, then two foreign contexts.
		steps = append(steps, step{ctxs: []uint64{0, 7 * gib, 2 * gib, 500 * mib, 800 * mib}, procs: []Proc{monitor, a, b},
			// Repeating a guess never makes it evidence: still "?" at step 5.
			want: map[int]Result{2100: guess(7 * gib), 2000: guess(2 * gib)}})
	}
	run(t, &Matcher{Self: self}, steps)
}

func TestWSLExitedContextHeldAside(t *testing.T) {
	a := proc(2000, at(1).Add(-100*time.Millisecond))
	c := proc(2200, at(3).Add(-100*time.Millisecond))
	run(t, &Matcher{Self: self}, []step{
		{ctxs: []uint64{0}, procs: []Proc{monitor}},
		{ctxs: []uint64{2 * gib, 0}, procs: []Proc{monitor, a}, want: map[int]Result{2000: matched(2 * gib)}},
		{ctxs: []uint64{2 * gib, 0}, procs: []Proc{monitor, a}},
		// a exits; Windows still lists its context. c starts and has not
		// created its own yet: it must not be handed a's.
		{ctxs: []uint64{2 * gib, 0}, procs: []Proc{monitor, c}, want: map[int]Result{2200: na}},
		{ctxs: []uint64{2 * gib, 0}, procs: []Proc{monitor, c}, want: map[int]Result{2200: na}},
		// a's context goes, c's arrives.
		{ctxs: []uint64{64 * mib, 0}, procs: []Proc{monitor, c}, want: map[int]Result{2200: matched(64 * mib)}},
	})
}

func TestWSLGigabyteGrowthKeepsOwner(t *testing.T) {
	a := proc(2000, at(1).Add(-100*time.Millisecond))
	run(t, &Matcher{Self: self}, []step{
		{ctxs: []uint64{0, 300 * mib}, procs: []Proc{monitor}},
		{ctxs: []uint64{100 * mib, 0, 300 * mib}, procs: []Proc{monitor, a}, want: map[int]Result{2000: matched(100 * mib)}},
		// Weights upload: +6 GiB in one refresh.
		{ctxs: []uint64{6*gib + 100*mib, 0, 300 * mib}, procs: []Proc{monitor, a}, want: map[int]Result{2000: matched(6*gib + 100*mib)}},
		{ctxs: []uint64{9 * gib, 0, 300 * mib}, procs: []Proc{monitor, a}, want: map[int]Result{2000: matched(9 * gib)}},
	})
}

func TestWSLProcessStartedAfterContextCannotOwnIt(t *testing.T) {
	late := proc(2300, at(2))
	run(t, &Matcher{Self: self}, []step{
		{ctxs: []uint64{0, 700 * mib}, procs: []Proc{monitor}},
		{ctxs: []uint64{0, 700 * mib}, procs: []Proc{monitor}},
		{ctxs: []uint64{0, 700 * mib}, procs: []Proc{monitor, late}, want: map[int]Result{2300: na}},
		{ctxs: []uint64{0, 700 * mib}, procs: []Proc{monitor, late}, want: map[int]Result{2300: na}},
	})
}

func TestWSLForeignHintsRankButNeverEstablish(t *testing.T) {
	a := proc(2000, at(0).Add(-time.Hour))
	h := &Hints{Sizes: map[uint64]int{800 * mib: 1}}
	run(t, &Matcher{Self: self, Hints: h}, []step{
		// Newest first: monitor, the hinted foreign 800 MiB, a's 3 GiB.
		// Without the hint the newest non-monitor context (800 MiB) would
		// be guessed; the hint ranks it out — still only a guess.
		{ctxs: []uint64{0, 800 * mib, 3 * gib}, procs: []Proc{monitor, a}, want: map[int]Result{2000: guess(3 * gib)}},
	})
	run(t, &Matcher{Self: self}, []step{
		{ctxs: []uint64{0, 800 * mib, 3 * gib}, procs: []Proc{monitor, a}, want: map[int]Result{2000: guess(800 * mib)}},
	})
}

func TestWSLForeignHintsFromIdleSamplesClearedOnExit(t *testing.T) {
	h := &Hints{Sizes: map[uint64]int{}}
	m := &Matcher{Self: self, Hints: h}
	m.Step(Sample{Contexts: []uint64{0, 300 * mib, 800 * mib}, Procs: []Proc{monitor}})
	if h.Sizes[300*mib] != 1 || h.Sizes[800*mib] != 1 || len(h.Sizes) != 2 {
		t.Fatalf("idle sample hints: %v", h.Sizes)
	}
	// A Linux process appears: not idle, hints are kept.
	a := proc(2000, at(1).Add(-100*time.Millisecond))
	m.Step(Sample{Contexts: []uint64{gib, 0, 300 * mib, 800 * mib}, Procs: []Proc{monitor, a}})
	// The foreign 300 MiB context exits: its hint goes.
	m.Step(Sample{Contexts: []uint64{gib, 0, 800 * mib}, Procs: []Proc{monitor, a}})
	if h.Sizes[300*mib] != 0 || h.Sizes[800*mib] != 1 {
		t.Errorf("after a foreign exit: %v", h.Sizes)
	}

	dir := t.TempDir()
	path := filepath.Join(dir, "wsl-foreign.json")
	h.BootID = "boot-1"
	if err := h.Save(path); err != nil {
		t.Fatal(err)
	}
	if got := LoadHints(path, "boot-1"); got.Sizes[800*mib] != 1 {
		t.Errorf("reload: %v", got.Sizes)
	}
	if got := LoadHints(path, "boot-2"); len(got.Sizes) != 0 {
		t.Errorf("hints of another boot must not be used: %v", got.Sizes)
	}
}

func TestWSLNoContextIsNA(t *testing.T) {
	a := proc(2000, at(1).Add(-100*time.Millisecond))
	run(t, &Matcher{Self: self}, []step{
		{ctxs: []uint64{0}, procs: []Proc{monitor}},
		{ctxs: []uint64{0}, procs: []Proc{monitor, a}, want: map[int]Result{2000: na}},
	})
}

func BenchmarkWSLMatchStep(b *testing.B) {
	m := &Matcher{Self: self}
	procs := []Proc{monitor}
	ctxs := []uint64{0}
	for i := 0; i < 40; i++ {
		procs = append(procs, proc(2000+i, at(0).Add(-time.Duration(100-i)*time.Minute)))
	}
	for i := 0; i < 49; i++ {
		ctxs = append(ctxs, uint64(i+1)*mib*37)
	}
	m.Step(Sample{Contexts: ctxs, Procs: procs})
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ctxs[5] += mib // something changes every refresh
		m.Step(Sample{Contexts: ctxs, Procs: procs})
	}
}
