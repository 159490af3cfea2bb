package trend_test

import (
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/trend"
)

// TestDemoCaptureRaisesNothing: the shipped demo capture (a llama-server
// loading and serving, a browser, a compositor) names no process and no
// device a leak suspect at any reading, and forecasts nothing.
func TestDemoCaptureRaisesNothing(t *testing.T) {
	f, err := os.Open("../../assets/demo/capture.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	snaps, err := capture.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	type key struct {
		device, pid int
		start       time.Time
	}
	procs := trend.NewTracker[key](trend.DefaultParams)
	devices := trend.NewTracker[int](trend.DefaultParams)
	readings := 0
	for _, s := range snaps {
		for _, p := range s.Processes {
			if p.VRAMBytes == nil || p.DeviceIndex == nil {
				continue
			}
			k := key{*p.DeviceIndex, p.PID, time.Time{}}
			if p.StartTime != nil {
				k.start = *p.StartTime
			}
			readings++
			if tr := procs.Add(k, trend.Point{At: s.TakenAt, Bytes: float64(*p.VRAMBytes)}); tr.Shape == trend.Growth {
				t.Errorf("%s: PID %d named steady growth (%s)", s.TakenAt.Format(time.TimeOnly), p.PID, tr.Method())
			}
		}
		procs.Sweep()
		for _, d := range s.Devices {
			if d.MemoryUsedBytes == nil || d.MemoryTotalBytes == nil {
				continue
			}
			tr := devices.Add(d.Index, trend.Point{At: s.TakenAt, Bytes: float64(*d.MemoryUsedBytes)})
			if fc, ok := trend.Predict(tr, float64(*d.MemoryUsedBytes), float64(*d.MemoryTotalBytes), trend.DefaultHorizon); ok {
				t.Errorf("%s: GPU %d forecast full in %v", s.TakenAt.Format(time.TimeOnly), d.Index, fc.In)
			}
		}
	}
	if readings < 100 {
		t.Fatalf("only %d process readings in the demo capture", readings)
	}
}

// TestTheilSenOrderStatistics: the selection gives the order statistics a
// sort would, on random series of every length.
func TestTheilSenOrderStatistics(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for n := 3; n <= 40; n++ {
		var pts []trend.Point
		for i := range n {
			pts = append(pts, trend.Point{At: t0.Add(time.Duration(i*1000+r.IntN(900)) * time.Millisecond), Bytes: r.Float64() * gib})
		}
		got, ok := trend.TheilSen(pts)
		if !ok {
			t.Fatalf("n=%d: not ok", n)
		}
		used := pts
		if n > 32 {
			used = nil
			for i := range 32 {
				used = append(used, pts[i*(n-1)/31])
			}
		}
		var slopes []float64
		for i := range used {
			for j := i + 1; j < len(used); j++ {
				slopes = append(slopes, (used[j].Bytes-used[i].Bytes)/used[j].At.Sub(used[i].At).Seconds())
			}
		}
		slices.Sort(slopes)
		m := len(slopes) / 2
		want := [3]float64{slopes[m/2], slopes[m], slopes[m+(len(slopes)-1-m)/2]}
		if g := [3]float64{got.Low, got.PerSecond, got.High}; g != want && !close3(g, want) {
			t.Errorf("n=%d: %v, want %v", n, g, want)
		}
	}
}

func close3(a, b [3]float64) bool {
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-6*math.Max(1, math.Abs(b[i])) {
			return false
		}
	}
	return true
}
