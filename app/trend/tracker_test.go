package trend_test

import (
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/trend"
)

// proc keys a process as gtm does: its PID and its start, so a PID reused
// by another process is another series.
type proc struct {
	pid   int
	start uint64
}

// TestTrackerKeys: a process restarting under the same name, or another
// taking its PID, starts a new series: its first minute is not read as
// the old one's growth (the new process loading its model from where the
// old one was), and keys not seen are forgotten.
func TestTrackerKeys(t *testing.T) {
	tk := trend.NewTracker[proc](trend.DefaultParams)
	old, reused := proc{4242, 100}, proc{4242, 9000}
	for sec := 0; sec < 300; sec++ {
		at := t0.Add(time.Duration(sec) * time.Second)
		key, v := old, 2.0*gib
		if sec >= 150 {
			// The old process exited at 150 s; a new one with its PID
			// loads 6 GiB over 20 s, then holds it.
			key, v = reused, ramp(sec, 150, 170, 0, 6*gib)
		}
		tr := tk.Add(key, trend.Point{At: at, Bytes: v})
		tk.Sweep()
		if tr.Shape == trend.Growth {
			t.Fatalf("second %d: %v named steady growth", sec, key)
		}
		if tk.Len() != 1 {
			t.Fatalf("second %d: %d series kept, want 1", sec, tk.Len())
		}
	}
}

// TestSeriesBounded: however long and however often it is fed, a series
// keeps at most its window and a bounded number of readings.
func TestSeriesBounded(t *testing.T) {
	s := trend.NewSeries(10 * time.Minute)
	for i := range 100000 {
		s.Add(trend.Point{At: t0.Add(time.Duration(i) * 100 * time.Millisecond), Bytes: float64(i)})
	}
	pts := s.Points()
	if len(pts) > 601 {
		t.Errorf("%d readings kept", len(pts))
	}
	if span := pts[len(pts)-1].At.Sub(pts[0].At); span > 10*time.Minute {
		t.Errorf("span %v kept, window 10m", span)
	}
	// A reading not after the last (a clock step back) is dropped.
	last := pts[len(pts)-1]
	s.Add(trend.Point{At: last.At.Add(-time.Hour), Bytes: 0})
	if got := s.Points(); got[len(got)-1] != last {
		t.Errorf("a reading from the past replaced %v", last)
	}
}

// BenchmarkClassify is one process's refresh: a reading added to a full
// ten-minute series at 1 s and the trend read (budget: 0.05 ms), for each
// kind of series a process shows.
func BenchmarkClassify(b *testing.B) {
	for _, tr := range traces() {
		b.Run(strings.ReplaceAll(tr.name, " ", "_"), func(b *testing.B) {
			tk := trend.NewTracker[int](trend.DefaultParams)
			at := func(sec int) float64 {
				// Past the trace's end, it holds its last reading.
				for s := min(sec, tr.seconds); s >= 0; s-- {
					if v, ok := tr.at(s); ok {
						return v
					}
				}
				return 0
			}
			for sec := 0; sec < 600; sec++ {
				tk.Add(1, trend.Point{At: t0.Add(time.Duration(sec) * time.Second), Bytes: at(sec)})
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				sec := 600 + i%600 // the trace's tenth minute, again and again
				tk.Add(1, trend.Point{At: t0.Add(time.Duration(600+i) * time.Second), Bytes: at(sec)})
			}
		})
	}
}
