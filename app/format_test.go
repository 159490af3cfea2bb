package app

import (
	"math"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/inspect"
)

// A reading no source should give (1e308 from an edited file, a broken
// counter live) is shown short in every text view, never as 309 digits.
func TestFormatHugeReadingsStayShort(t *testing.T) {
	for _, v := range []float64{1e308, -1e308, math.MaxFloat64, 1e12, math.Inf(1), math.NaN()} {
		for _, got := range []string{FormatPercent(&v), FormatUnit(&v, "W"), trimFloat(v), formatFloat(v, 1)} {
			if len(got) > 12 {
				t.Errorf("%g shows as %q", v, got)
			}
		}
	}
	huge, dev := 1e308, 0
	used, total := uint64(math.MaxUint64), uint64(1)
	s := &Snapshot{SchemaVersion: SchemaVersion,
		Devices: []backend.Device{{Index: 0, Vendor: "NVIDIA", MemoryUsedBytes: &used, MemoryTotalBytes: &total,
			GPUUtilPercent: &huge, TemperatureC: &huge, PowerW: &huge, SMClockMHz: &huge}},
		Processes: []Process{{PID: 7, DeviceIndex: &dev, CPUPercent: &huge, GPUUtilPercent: &huge,
			LLM: &inspect.LLM{TokensPerSecond: &huge, KVUsagePercent: &huge}}}}
	var text strings.Builder
	must(t, s.WriteText(&text))
	text.WriteString(ProcessDetail(&s.Processes[0]).Text())
	must(t, Summarize([]*Snapshot{s, s}).WriteText(&text, "x"))
	if strings.Contains(text.String(), "0000000000") {
		t.Errorf("a huge reading printed in full:\n%s", text.String())
	}
}
