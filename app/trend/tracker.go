package trend

import "time"

// maxPoints bounds one series' memory (16 bytes a reading): readings
// closer together than Window/maxPoints share one slot, the latest kept.
const maxPoints = 600

// Series keeps one memory series' readings within its window.
type Series struct {
	window time.Duration
	pts    []Point
}

// NewSeries keeps readings for window (DefaultParams.Window when 0).
func NewSeries(window time.Duration) *Series {
	if window <= 0 {
		window = DefaultParams.Window
	}
	return &Series{window: window, pts: make([]Point, 0, maxPoints+1)}
}

// Add records a reading. A reading not after the last is dropped (a clock
// step back, a replayed duplicate); one within Window/maxPoints of the one
// before the last replaces the last.
func (s *Series) Add(p Point) {
	n := len(s.pts)
	if n > 0 && !p.At.After(s.pts[n-1].At) {
		return
	}
	if n >= 2 && p.At.Sub(s.pts[n-2].At) < s.window/maxPoints {
		s.pts[n-1] = p
	} else {
		s.pts = append(s.pts, p)
	}
	from := p.At.Add(-s.window)
	drop := 0
	for drop < len(s.pts)-1 && s.pts[drop].At.Before(from) || len(s.pts)-drop > maxPoints {
		drop++
	}
	if drop > 0 {
		s.pts = append(s.pts[:0], s.pts[drop:]...)
	}
}

// Points are the readings kept, oldest first. They are the Series' own:
// read them before the next Add.
func (s *Series) Points() []Point { return s.pts }

// Tracker keeps a Series per key (a process, a device) and forgets keys
// not seen since the last Sweep, so its memory follows what is running.
// Not safe for concurrent use.
type Tracker[K comparable] struct {
	params Params
	series map[K]*Series
	seen   map[K]bool
}

// NewTracker classifies with p.
func NewTracker[K comparable](p Params) *Tracker[K] {
	return &Tracker[K]{params: p, series: map[K]*Series{}, seen: map[K]bool{}}
}

// Add records a reading for k and returns k's trend at it.
func (t *Tracker[K]) Add(k K, p Point) Trend {
	s := t.series[k]
	if s == nil {
		s = NewSeries(t.params.Window)
		t.series[k] = s
	}
	t.seen[k] = true
	s.Add(p)
	return Classify(s.Points(), t.params)
}

// Sweep forgets the keys not added to since the last Sweep.
func (t *Tracker[K]) Sweep() {
	for k := range t.series {
		if !t.seen[k] {
			delete(t.series, k)
		}
	}
	clear(t.seen)
}

// Has reports whether k is kept.
func (t *Tracker[K]) Has(k K) bool { _, ok := t.series[k]; return ok }

// Len is how many keys are kept.
func (t *Tracker[K]) Len() int { return len(t.series) }
