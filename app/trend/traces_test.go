package trend_test

import (
	"math/rand/v2"
	"time"

	"github.com/gputaskman/gtm/app/trend"
)

// Generated traces of every shape, one reading a second unless said. Each
// is a function of time so a test can ask what the series held at any
// second; noise is seeded, so a trace is the same in every run.

const mib = 1 << 20
const gib = 1 << 30

var t0 = time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)

// trace is a memory series: bytes at second s, ok false for a missing
// reading.
type trace struct {
	name string
	// leakFrom is the second a leak starts (-1: the trace has none);
	// leakTo the second it stops (-1: never); rate its bytes/s.
	leakFrom, leakTo int
	rate             float64
	// namedBy is the second by which the leak must be named when that is
	// not 60 s after it starts (readings missing then).
	namedBy int
	seconds int
	at      func(s int) (float64, bool)
}

// noisy adds the jitter a caching allocator shows around its level:
// ±amp, uniformly, from a seeded source.
func noisy(seed uint64, amp float64, f func(s int) float64) func(int) (float64, bool) {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	noise := make([]float64, 7200)
	for i := range noise {
		noise[i] = (r.Float64()*2 - 1) * amp
	}
	return func(s int) (float64, bool) { return f(s) + noise[s%len(noise)], true }
}

// steps is a staircase: level[i] from second at[i] on.
func steps(at []int, level []float64) func(int) float64 {
	return func(s int) float64 {
		v := 0.0
		for i := range at {
			if s >= at[i] {
				v = level[i]
			}
		}
		return v
	}
}

// ramp rises from a to b between seconds s0 and s1.
func ramp(s, s0, s1 int, a, b float64) float64 {
	switch {
	case s <= s0:
		return a
	case s >= s1:
		return b
	}
	return a + (b-a)*float64(s-s0)/float64(s1-s0)
}

// leak grows at rate bytes/s from second from until to (-1: for ever),
// in whole 2 MiB pages (PyTorch's small-allocation segments).
func leak(s, from, to int, rate float64) float64 {
	if s < from {
		return 0
	}
	if to >= 0 && s > to {
		s = to
	}
	v := rate * float64(s-from)
	return float64(int64(v/(2*mib))) * 2 * mib
}

func traces() []trace {
	return []trace{
		{name: "steady", leakFrom: -1, seconds: 1200, at: noisy(1, 4*mib, func(int) float64 { return 6 * gib })},
		{name: "PyTorch allocator warm-up (steps)", leakFrom: -1, seconds: 900, at: noisy(2, 8*mib, steps(
			[]int{0, 4, 9, 15, 40, 90}, []float64{512 * mib, 2560 * mib, 3584 * mib, 4096 * mib, 4608 * mib, 4736 * mib}))},
		{name: "vLLM profile, then KV allocation", leakFrom: -1, seconds: 900, at: noisy(3, 2*mib, func(s int) float64 {
			w := ramp(s, 0, 25, 0, 15*gib) // weights load
			switch {
			case s >= 30 && s < 36:
				return w + 3*gib // profiling's activation peak
			case s >= 45 && s < 55:
				return w + 2*gib // CUDA graph capture
			case s >= 55:
				return w + 2*gib + 48*gib // the KV cache, in one allocation
			}
			return w
		})},
		{name: "llama.cpp loading a model", leakFrom: -1, seconds: 600, at: noisy(4, 1*mib, func(s int) float64 {
			return ramp(s, 10, 18, 200*mib, 5400*mib)
		})},
		{name: "slow leak, 2 MiB/s", leakFrom: 60, leakTo: -1, rate: 2 * mib, seconds: 900, at: noisy(5, 4*mib, func(s int) float64 {
			return 3*gib + leak(s, 60, -1, 2*mib)
		})},
		{name: "fast leak, 20 MiB/s", leakFrom: 60, leakTo: -1, rate: 20 * mib, seconds: 600, at: noisy(6, 4*mib, func(s int) float64 {
			return 3*gib + leak(s, 60, -1, 20*mib)
		})},
		{name: "leak that stops", leakFrom: 60, leakTo: 180, rate: 20 * mib, seconds: 900, at: noisy(7, 4*mib, func(s int) float64 {
			return 3*gib + leak(s, 60, 180, 20*mib)
		})},
		{name: "leak with a minute of missing readings", leakFrom: 60, leakTo: -1, rate: 5 * mib, namedBy: 160, seconds: 600, at: func(s int) (float64, bool) {
			if s >= 100 && s < 160 {
				return 0, false
			}
			return 3*gib + leak(s, 60, -1, 5*mib), true
		}},
		{name: "steady with a minute of missing readings", leakFrom: -1, seconds: 900, at: func(s int) (float64, bool) {
			if s >= 200 && s < 260 {
				return 0, false
			}
			return 2*gib + float64(s%7)*mib, true
		}},
		{name: "model unloaded (release)", leakFrom: -1, seconds: 400, at: noisy(8, 2*mib, func(s int) float64 {
			return steps([]int{0, 200}, []float64{9 * gib, 300 * mib})(s)
		})},
	}
}

// points is tr's readings from second 0 to last, inclusive.
func (tr trace) points(last int) []trend.Point {
	var pts []trend.Point
	for s := 0; s <= last; s++ {
		if v, ok := tr.at(s); ok {
			pts = append(pts, trend.Point{At: t0.Add(time.Duration(s) * time.Second), Bytes: v})
		}
	}
	return pts
}
