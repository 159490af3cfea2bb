// Package trend tells where a memory series is heading: a robust growth
// rate over a sliding window, the series' shape (steady, warm-up, steady
// growth, release) and, for a device, when it would be full at that rate.
//
// Every figure here is an INFERENCE over measured readings (docs/design.md,
// "Trends and energy"): it carries its window, its method and its error,
// and is never added to a measured total. Its arithmetic imports nothing
// of gtm's; Annotator (snapshot.go) reads a snapshot's measured readings
// and writes the trends beside them.
package trend

import "time"

// Point is one reading: bytes at a time. A reading the driver did not give
// is not a Point (a gap), never a zero.
type Point struct {
	At    time.Time
	Bytes float64
}

// maxSlopePoints bounds Theil–Sen's pairs: at most this many points, evenly
// spread over the window, give n(n−1)/2 pairwise slopes (496 for 32), so a
// refresh costs microseconds per process whatever the window holds.
const maxSlopePoints = 32

// Slope is a robust growth rate in bytes per second.
type Slope struct {
	// PerSecond is the Theil–Sen estimate: the median of the slopes of all
	// pairs of points. Half the readings can be outliers (a transient
	// allocation, a stalled read) without moving it.
	PerSecond float64
	// Low and High are the 25th and 75th percentiles of the pairwise
	// slopes (nearest rank): the spread the estimate is read from, its
	// error bar.
	Low, High float64
	// Points is how many readings the estimate used (after thinning).
	Points int
}

// TheilSen is the Theil–Sen slope of pts (oldest first), thinned to at
// most maxSlopePoints evenly spaced readings. ok is false with fewer than
// three points or no time between the first and the last.
func TheilSen(pts []Point) (s Slope, ok bool) {
	pts = thin(pts, maxSlopePoints)
	if len(pts) < 3 || !pts[len(pts)-1].At.After(pts[0].At) {
		return Slope{}, false
	}
	var buf [maxSlopePoints * (maxSlopePoints - 1) / 2]float64
	slopes := buf[:0]
	base := pts[0].At
	var secs [maxSlopePoints]float64
	for i, q := range pts {
		secs[i] = q.At.Sub(base).Seconds()
	}
	for i := range pts {
		for j := i + 1; j < len(pts); j++ {
			if dt := secs[j] - secs[i]; dt > 0 {
				slopes = append(slopes, (pts[j].Bytes-pts[i].Bytes)/dt)
			}
		}
	}
	if len(slopes) == 0 {
		return Slope{}, false
	}
	// Three order statistics by selection, not a sort: a refresh runs this
	// for every process.
	n := len(slopes)
	m := n / 2
	med := selectKth(slopes, m)
	lo := selectKth(slopes[:m+1], m/2)
	hi := selectKth(slopes[m:], (n-1-m)/2)
	return Slope{PerSecond: med, Low: lo, High: hi, Points: len(pts)}, true
}

// thin keeps at most n points of pts, evenly spread by index, always the
// first and the last.
func thin(pts []Point, n int) []Point {
	if len(pts) <= n {
		return pts
	}
	out := make([]Point, n)
	for i := range n {
		out[i] = pts[i*(len(pts)-1)/(n-1)]
	}
	return out
}

// selectKth rearranges v so that v[k] is the value a sort would put there,
// with nothing larger before it and nothing smaller after it (Hoare's
// selection, median-of-three pivots), and returns it.
func selectKth(v []float64, k int) float64 {
	lo, hi := 0, len(v)-1
	for lo < hi {
		mid := lo + (hi-lo)/2
		if v[mid] < v[lo] {
			v[mid], v[lo] = v[lo], v[mid]
		}
		if v[hi] < v[lo] {
			v[hi], v[lo] = v[lo], v[hi]
		}
		if v[hi] < v[mid] {
			v[hi], v[mid] = v[mid], v[hi]
		}
		pivot := v[mid]
		i, j := lo, hi
		for i <= j {
			for v[i] < pivot {
				i++
			}
			for v[j] > pivot {
				j--
			}
			if i <= j {
				v[i], v[j] = v[j], v[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return v[k]
		}
	}
	return v[k]
}
