package trend

import (
	"math"
	"time"
)

// DefaultHorizon is how far ahead a forecast looks: "full in 3 hours" at
// a rate seen over ten minutes says more about the rate than the future.
const DefaultHorizon = time.Hour

// Forecast is when a device's memory would be full at its current rate:
// an INFERENCE from the trend of its measured used memory.
type Forecast struct {
	// In is the time until used reaches total at the trend's rate.
	In time.Duration
	// Soonest and Latest bound it from the 75th and 25th percentile of the
	// pairwise slopes; Latest is 0 when the slower rate would never fill
	// the device within the horizon.
	Soonest, Latest time.Duration
	// PerSecond is the rate used (bytes/s).
	PerSecond float64
}

// Predict forecasts when used bytes reach total bytes, given the trend of
// the used memory. It says nothing (ok false) unless the trend is steady
// growth: a flat or stepped series has no rate to extrapolate, and a
// warm-up's steps stop. Nor beyond horizon.
func Predict(t Trend, used, total float64, horizon time.Duration) (f Forecast, ok bool) {
	if t.Shape != Growth {
		return Forecast{}, false
	}
	return PredictRate(t.Slope, used, total, horizon)
}

// PredictRate forecasts from a growth rate and its error bar (a device's
// own slope, or the sum of its growing processes' slopes).
func PredictRate(s Slope, used, total float64, horizon time.Duration) (f Forecast, ok bool) {
	if s.PerSecond <= 0 || total <= 0 || used >= total {
		return Forecast{}, false
	}
	free := total - used
	in := seconds(free / s.PerSecond)
	if in > horizon {
		return Forecast{}, false
	}
	f = Forecast{In: in, Soonest: in, PerSecond: s.PerSecond}
	if s.High > s.PerSecond {
		f.Soonest = seconds(free / s.High)
	}
	if s.Low > 0 {
		if late := seconds(free / s.Low); late <= horizon {
			f.Latest = late
		}
	}
	return f, true
}

// seconds converts a float of seconds to a Duration, saturating.
func seconds(s float64) time.Duration {
	if s >= math.MaxInt64/float64(time.Second) {
		return math.MaxInt64
	}
	return time.Duration(s * float64(time.Second))
}
