package trend

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"time"
)

// Shape names what a memory series is doing.
type Shape string

const (
	// Unknown: too little history to tell (under Params.MinSpan, or under
	// three readings).
	Unknown Shape = ""
	// Steady: no rise or fall worth naming within the window.
	Steady Shape = "steady"
	// WarmUp: memory rose in a few large steps, or rose and levelled off:
	// a caching allocator reserving its pool (PyTorch), vLLM profiling then
	// allocating its KV cache, llama.cpp loading a model.
	WarmUp Shape = "warm-up"
	// Growth: memory rising at a steady rate, spread over many small
	// increments and still rising at the end of the window: a leak suspect.
	Growth Shape = "steady growth"
	// Release: memory falling.
	Release Shape = "release"
)

// Params tune the classification. DefaultParams are gtm's.
type Params struct {
	// Window is how far back the trend looks.
	Window time.Duration
	// MinSpan is the least history a shape is named on.
	MinSpan time.Duration
	// MinChange is the least rise or fall (bytes) over the window that is
	// not "steady": a model loading a few buffers is not a trend.
	MinChange float64
	// MaxStepShare: a rise whose three largest increments make more than
	// this share of it came in steps (warm-up), not as growth.
	MaxStepShare float64
	// MinGrowth is how long a rise must have gone on, and still be going
	// over the last MinSpan, to be named growth: longer than a model takes
	// to load from a local disk, so a load's ramp is a warm-up.
	MinGrowth time.Duration
}

// DefaultParams: a 10-minute window, shapes named after 30 s, 64 MiB the
// least change; growth when no three readings make half the rise and it
// has gone on for 45 s.
var DefaultParams = Params{Window: 10 * time.Minute, MinSpan: 30 * time.Second, MinChange: 64 << 20, MaxStepShare: 0.5, MinGrowth: 45 * time.Second}

// Trend is a series' inferred direction over its window.
type Trend struct {
	Shape Shape
	Slope Slope // over the whole window
	// Span is the time the readings used cover (at most Params.Window;
	// for Growth, from the foot of the rise).
	Span time.Duration
	// Since is when the current rise began (Growth, WarmUp) or the fall
	// (Release): the last reading at the foot of it. Zero otherwise.
	Since time.Time
}

// Method says how the trend was inferred, for the evidence a user reads.
func (t Trend) Method() string {
	return fmt.Sprintf("Theil–Sen slope over %d readings in the last %s", t.Slope.Points, t.Span.Round(time.Second))
}

// Classify infers the trend of pts (oldest first) at their last reading,
// looking back p.Window.
func Classify(pts []Point, p Params) Trend {
	pts = inWindow(pts, p.Window)
	if len(pts) < 3 {
		return Trend{}
	}
	span := pts[len(pts)-1].At.Sub(pts[0].At)
	s, ok := TheilSen(pts)
	if !ok || span < p.MinSpan {
		return Trend{}
	}
	t := Trend{Shape: Steady, Slope: s, Span: span}
	up, down := moves(pts)
	switch {
	case down >= p.MinChange && down > up:
		t.Shape, t.Since = Release, pts[footIndex(pts, false)].At
	case up >= p.MinChange:
		return rising(pts, t, p)
	}
	return t
}

// rising names a series that rose. From the foot of the rise: steps (a
// few increments make most of it) are a warm-up; a rise that has levelled
// off is a warm-up when it took less than p.MinSpan (a model loading) and
// steady otherwise (growth that stopped); a rise spread over many
// readings, its slope explaining it, still going over the last p.MinSpan
// at half its rate or more, for p.MinGrowth or longer, is growth, its slope
// taken from the foot on.
func rising(pts []Point, t Trend, p Params) Trend {
	seg := pts[footIndex(pts, true):]
	t = risingFrom(seg, t, p)
	// Steps and then growth (a model loaded, then a leak): the growth
	// after the last step is named, from that step on.
	if t.Shape == WarmUp {
		if i := lastStep(seg, p.MinChange/4); i > 0 && len(seg)-i >= 3 {
			if g := risingFrom(seg[i:], t, p); g.Shape == Growth {
				return g
			}
		}
	}
	return t
}

// risingFrom names the rise that starts at seg[0].
func risingFrom(seg []Point, t Trend, p Params) Trend {
	t.Since = seg[0].At
	s, ok := TheilSen(seg)
	segSpan := seg[len(seg)-1].At.Sub(seg[0].At)
	up, _ := moves(seg)
	switch {
	case !ok || stepShare(seg, up) > p.MaxStepShare || s.PerSecond <= 0:
		t.Shape = WarmUp
	case s.PerSecond*segSpan.Seconds() < up/2 || levelled(seg, s, p.MinSpan):
		t.Shape = WarmUp
		if riseTime(seg) >= p.MinSpan {
			t.Shape, t.Since = Steady, time.Time{}
		}
	case segSpan < p.MinGrowth:
		t.Shape = WarmUp // rising, too briefly to call growth yet
	default:
		t.Shape, t.Slope, t.Span = Growth, s, segSpan
	}
	return t
}

// lastStep is the index of the reading after seg's last step: an increment
// of at least floor and eight times the median increment. 0 when none.
func lastStep(seg []Point, floor float64) int {
	var buf [maxPoints]float64
	ds := buf[:0]
	for i := 1; i < len(seg) && len(ds) < len(buf); i++ {
		ds = append(ds, math.Abs(seg[i].Bytes-seg[i-1].Bytes))
	}
	if len(ds) == 0 {
		return 0
	}
	med := selectKth(ds, len(ds)/2)
	for i := len(seg) - 1; i >= 1; i-- {
		if d := seg[i].Bytes - seg[i-1].Bytes; d >= floor && d >= 8*med {
			return i
		}
	}
	return 0
}

// levelled: over the last recent of seg, it rose at under half of s.
func levelled(seg []Point, s Slope, recent time.Duration) bool {
	from := seg[len(seg)-1].At.Add(-recent)
	i, _ := slices.BinarySearchFunc(seg, from, func(q Point, t time.Time) int { return q.At.Compare(t) })
	r, ok := TheilSen(seg[min(i, len(seg)-3):])
	return !ok || r.PerSecond < s.PerSecond/2
}

// riseTime is how long seg took to come within a twentieth of its top.
func riseTime(seg []Point) time.Duration {
	lo, hi := seg[0].Bytes, seg[0].Bytes
	for _, q := range seg {
		lo, hi = min(lo, q.Bytes), max(hi, q.Bytes)
	}
	for _, q := range seg {
		if q.Bytes >= hi-(hi-lo)/20 {
			return q.At.Sub(seg[0].At)
		}
	}
	return seg[len(seg)-1].At.Sub(seg[0].At)
}

// moves are the last reading less the lowest before it (up) and the
// highest before it less the last (down): a rise or fall the slope
// understates when it came late in the window (a model loaded a minute
// ago into a ten-minute window).
func moves(pts []Point) (up, down float64) {
	lo, hi := pts[0].Bytes, pts[0].Bytes
	for _, q := range pts[:len(pts)-1] {
		lo, hi = min(lo, q.Bytes), max(hi, q.Bytes)
	}
	last := pts[len(pts)-1].Bytes
	return last - lo, hi - last
}

// stepShare is the share of the rise up that the three largest
// increments make: near 1 (or above, with noise) for a few allocator
// steps, small for growth spread over many readings. Against the net rise,
// not the sum of every increment, so jitter around a level does not
// dilute a step. An increment across a gap in the readings is scaled to
// the usual interval: a minute of missing readings is not a step.
func stepShare(pts []Point, up float64) float64 {
	if up <= 0 || len(pts) < 2 {
		return math.Inf(1)
	}
	usual := medianInterval(pts)
	var top [3]float64
	for i := 1; i < len(pts); i++ {
		d := pts[i].Bytes - pts[i-1].Bytes
		if dt := pts[i].At.Sub(pts[i-1].At); dt > usual {
			d *= float64(usual) / float64(dt)
		}
		if d > top[2] {
			top[2] = d
			slices.SortFunc(top[:], func(a, b float64) int { return cmp.Compare(b, a) })
		}
	}
	return (top[0] + top[1] + top[2]) / up
}

// medianInterval is the median time between pts' readings.
func medianInterval(pts []Point) time.Duration {
	var buf [maxPoints]time.Duration
	dts := buf[:0]
	for i := 1; i < len(pts) && len(dts) < len(buf); i++ {
		dts = append(dts, pts[i].At.Sub(pts[i-1].At))
	}
	slices.Sort(dts)
	return dts[len(dts)/2]
}

// footIndex is where the current rise (up) or fall began: the last
// reading before the end within a twentieth of the change from the
// window's lowest (up) or highest (down) reading.
func footIndex(pts []Point, up bool) int {
	lo, hi := pts[0].Bytes, pts[0].Bytes
	for _, q := range pts {
		lo, hi = min(lo, q.Bytes), max(hi, q.Bytes)
	}
	tol := (hi - lo) / 20
	for i := len(pts) - 2; i >= 0; i-- {
		if up && pts[i].Bytes <= lo+tol || !up && pts[i].Bytes >= hi-tol {
			return i
		}
	}
	return 0
}

// inWindow is the tail of pts no older than w before the last reading.
func inWindow(pts []Point, w time.Duration) []Point {
	if len(pts) == 0 || w <= 0 {
		return pts
	}
	from := pts[len(pts)-1].At.Add(-w)
	i, _ := slices.BinarySearchFunc(pts, from, func(q Point, t time.Time) int { return q.At.Compare(t) })
	return pts[i:]
}
