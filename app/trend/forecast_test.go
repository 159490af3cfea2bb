package trend_test

import (
	"math"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/trend"
)

// TestForecastFastLeak: a 24 GiB device filling at 20 MiB/s is forecast
// full within 20 % of the truth from the moment the growth is named, and
// the bounds hold the estimate.
func TestForecastFastLeak(t *testing.T) {
	const total = 24 * gib
	fast := traces()[5]
	named := false
	for sec := fast.leakFrom; sec <= fast.leakFrom+120; sec++ {
		pts := fast.points(sec)
		tr := trend.Classify(pts, trend.DefaultParams)
		used := pts[len(pts)-1].Bytes
		f, ok := trend.Predict(tr, used, total, trend.DefaultHorizon)
		if tr.Shape != trend.Growth {
			if ok {
				t.Fatalf("second %d: a %q trend forecast %v", sec, tr.Shape, f.In)
			}
			continue
		}
		named = true
		truth := (total - used) / fast.rate
		if !ok || math.Abs(f.In.Seconds()-truth)/truth > 0.2 {
			t.Fatalf("second %d: forecast %v (ok %v), truth %.0f s", sec, f.In, ok, truth)
		}
		if f.Soonest > f.In || f.Latest != 0 && f.Latest < f.In {
			t.Errorf("second %d: bounds %v..%v do not hold %v", sec, f.Soonest, f.Latest, f.In)
		}
	}
	if !named {
		t.Fatal("the leak was never named")
	}
}

// TestNoForecast: nothing is forecast for a steady or stepped series, past
// the horizon, or for a device already full.
func TestNoForecast(t *testing.T) {
	all := traces()
	for _, i := range []int{0, 1, 2, 3} { // steady, PyTorch, vLLM, llama.cpp
		for sec := 0; sec <= all[i].seconds; sec += 5 {
			pts := all[i].points(sec)
			if len(pts) == 0 {
				continue
			}
			tr := trend.Classify(pts, trend.DefaultParams)
			if f, ok := trend.Predict(tr, pts[len(pts)-1].Bytes, 80*gib, trend.DefaultHorizon); ok {
				t.Fatalf("%s at %d s: forecast %v", all[i].name, sec, f.In)
			}
		}
	}
	slow := all[4]
	tr := trend.Classify(slow.points(300), trend.DefaultParams)
	if tr.Shape != trend.Growth {
		t.Fatalf("slow leak: %q", tr.Shape)
	}
	// 2 MiB/s fills 80 GiB in about 11 hours: beyond the hour's horizon.
	if f, ok := trend.Predict(tr, 4*gib, 80*gib, trend.DefaultHorizon); ok {
		t.Errorf("forecast %v beyond the horizon", f.In)
	}
	if _, ok := trend.Predict(tr, 80*gib, 80*gib, trend.DefaultHorizon); ok {
		t.Error("forecast for a full device")
	}
	if f, ok := trend.Predict(tr, 79*gib, 80*gib, trend.DefaultHorizon); !ok || f.In > 10*time.Minute {
		t.Errorf("1 GiB left at 2 MiB/s: %v (ok %v), want about 8.5 min", f.In, ok)
	}
}
