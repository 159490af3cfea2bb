package trend_test

import (
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/trend"
)

// stopGrace is how long after a leak stops "steady growth" may still be
// named: the rise's last third must flatten first.
const stopGrace = 90

// run feeds tr to a Series a reading a second and classifies after each.
func run(tr trace) []trend.Trend {
	s := trend.NewSeries(trend.DefaultParams.Window)
	out := make([]trend.Trend, tr.seconds+1)
	for sec := 0; sec <= tr.seconds; sec++ {
		if v, ok := tr.at(sec); ok {
			s.Add(trend.Point{At: t0.Add(time.Duration(sec) * time.Second), Bytes: v})
		}
		out[sec] = trend.Classify(s.Points(), trend.DefaultParams)
	}
	return out
}

// outcome is one trace's detection delay, false alarms and rate error.
type outcome struct {
	delay        int     // seconds from the leak's start to "steady growth"; -1: never named
	falseAlarms  int     // seconds named growth with no leak going
	worstRateErr float64 // largest |rate − true| / true while growth is named
}

func score(tr trace, got []trend.Trend) outcome {
	o := outcome{delay: -1}
	for sec, t := range got {
		leaking := tr.leakFrom >= 0 && sec >= tr.leakFrom && (tr.leakTo < 0 || sec <= tr.leakTo+stopGrace)
		if t.Shape != trend.Growth {
			continue
		}
		if !leaking {
			o.falseAlarms++
			continue
		}
		if o.delay < 0 {
			o.delay = sec - tr.leakFrom
		}
		if tr.leakTo < 0 || sec <= tr.leakTo {
			o.worstRateErr = math.Max(o.worstRateErr, math.Abs(t.Slope.PerSecond-tr.rate)/tr.rate)
		}
	}
	return o
}

// TestTraces: every shape, second by second: no trace without a leak is
// ever named steady growth, every leak is named within 60 s of its start
// at a rate within 20 % of the truth, and a leak that stops stops being
// named within stopGrace.
func TestTraces(t *testing.T) {
	var table strings.Builder
	table.WriteString("| trace | detection delay | false-alarm seconds | worst rate error |\n|---|---|---|---|\n")
	for _, tr := range traces() {
		o := score(tr, run(tr))
		delay := "—"
		if o.delay >= 0 {
			delay = fmt.Sprintf("%d s", o.delay)
		}
		fmt.Fprintf(&table, "| %s | %s | %d of %d | %.1f %% |\n", tr.name, delay, o.falseAlarms, tr.seconds+1, 100*o.worstRateErr)
		if o.falseAlarms > 0 {
			t.Errorf("%s: named steady growth for %d seconds without a leak", tr.name, o.falseAlarms)
		}
		by := tr.leakFrom + 60
		if tr.namedBy > 0 {
			by = tr.namedBy // the first reading after the gap
		}
		if tr.leakFrom >= 0 && (o.delay < 0 || tr.leakFrom+o.delay > by) {
			t.Errorf("%s: leak named after %d s (want by second %d; -1: never)", tr.name, o.delay, by)
		}
		if o.worstRateErr > 0.2 {
			t.Errorf("%s: rate off by %.0f %% while growth was named", tr.name, 100*o.worstRateErr)
		}
	}
	t.Logf("generated traces, one reading a second, window %s:\n%s", trend.DefaultParams.Window, table.String())
	// docs/trends.md shows this very table.
	docs, err := os.ReadFile("../../docs/trends.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(docs), table.String()) {
		t.Errorf("docs/trends.md does not hold the table the traces give now:\n%s", table.String())
	}
}

// TestShapesNamed: each trace ends in the shape a user would name it.
func TestShapesNamed(t *testing.T) {
	want := map[string]trend.Shape{
		"steady":                                   trend.Steady,
		"PyTorch allocator warm-up (steps)":        trend.WarmUp,
		"vLLM profile, then KV allocation":         trend.WarmUp,
		"llama.cpp loading a model":                trend.WarmUp,
		"slow leak, 2 MiB/s":                       trend.Growth,
		"fast leak, 20 MiB/s":                      trend.Growth,
		"leak that stops":                          trend.Steady,
		"leak with a minute of missing readings":   trend.Growth,
		"steady with a minute of missing readings": trend.Steady,
		"model unloaded (release)":                 trend.Release,
	}
	for _, tr := range traces() {
		// Where the trace's interesting part is still inside the window.
		at := min(tr.seconds, 300)
		got := trend.Classify(tr.points(at), trend.DefaultParams)
		if got.Shape != want[tr.name] {
			t.Errorf("%s at %d s: %q, want %q", tr.name, at, got.Shape, want[tr.name])
		}
		if got.Shape != trend.Unknown && !strings.Contains(got.Method(), "Theil–Sen slope over") {
			t.Errorf("%s: method %q does not say how", tr.name, got.Method())
		}
	}
}

// TestTooLittleHistory: under MinSpan or three readings, nothing is named.
func TestTooLittleHistory(t *testing.T) {
	fast := traces()[5]
	for _, last := range []int{0, 1, 2, 20} {
		if got := trend.Classify(fast.points(last), trend.DefaultParams); got.Shape != trend.Unknown {
			t.Errorf("%d s of history: %q", last, got.Shape)
		}
	}
}

// TestSlopeResistsOutliers: a few wild readings do not move Theil–Sen.
func TestSlopeResistsOutliers(t *testing.T) {
	var pts []trend.Point
	for s := range 60 {
		v := float64(s) * mib
		if s%10 == 3 {
			v += 4 * gib // a transient allocation or a stalled read
		}
		pts = append(pts, trend.Point{At: t0.Add(time.Duration(s) * time.Second), Bytes: v})
	}
	s, ok := trend.TheilSen(pts)
	if !ok || math.Abs(s.PerSecond-mib)/mib > 0.05 {
		t.Errorf("slope %v (ok %v), want 1 MiB/s", s.PerSecond, ok)
	}
	if !(s.Low <= s.PerSecond && s.PerSecond <= s.High) {
		t.Errorf("spread %v..%v does not hold %v", s.Low, s.High, s.PerSecond)
	}
}
