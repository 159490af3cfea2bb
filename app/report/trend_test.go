package report

import (
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

// TestTrendWords: each shape reads as a user would act on it, unknown is
// n/a, and a forecast and a leak suspect say who, how fast and that they
// are inferred.
func TestTrendWords(t *testing.T) {
	for shape, want := range map[string]string{"steady": "steady", "warm-up": "warm-up", "release": "release", "steady growth": "+1.17 GiB/min"} {
		if got := TrendCell(&schema.Trend{Shape: shape, BytesPerSecond: 20 << 20}); got != want {
			t.Errorf("%s: %q, want %q", shape, got, want)
		}
	}
	if got := TrendCell(nil); got != NA {
		t.Errorf("no trend: %q", got)
	}
	late, pid := 900.0, 4242
	d := schema.Device{VRAMForecast: &schema.Forecast{FullInSeconds: 612, SoonestSeconds: 500, LatestSeconds: &late, BytesPerSecond: 20 << 20, DrivenByPID: &pid}}
	if got, want := ForecastLine(d), "VRAM full in ~10 min at 1.17 GiB/min (~8 min to ~15 min), driven by PID 4242 (inferred from its measured use)"; got != want {
		t.Errorf("forecast %q, want %q", got, want)
	}
	if ForecastLine(schema.Device{}) != "" {
		t.Error("a forecast line without a forecast")
	}
	now := time.Date(2026, 12, 7, 12, 3, 0, 0, time.UTC)
	since := now.Add(-150 * time.Second)
	name, dev := "trainer", 0
	p := schema.Process{PIDLabel: "77", Name: &name, DeviceIndex: &dev,
		VRAMTrend: &schema.Trend{Shape: "steady growth", BytesPerSecond: 2 << 20, Since: &since, Method: "Theil–Sen slope over 32 readings in the last 2m30s"}}
	line := LeakLine(p, now)
	for _, want := range []string{"77 trainer on GPU 0", "120.0 MiB/min", "for 2m30s", "inferred: Theil–Sen"} {
		if !strings.Contains(line, want) {
			t.Errorf("leak line %q lacks %q", line, want)
		}
	}
	p.VRAMTrend.Shape = "warm-up"
	if LeakLine(p, now) != "" {
		t.Error("a warm-up named a leak suspect")
	}
}
