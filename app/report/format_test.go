package report

import (
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/app/internal/textfmt"

	"github.com/gputaskman/gtm/internal/schema"
)

// A reading no source should give (1e308 from an edited file, a broken
// counter live) is shown short in every text view, never as 309 digits.
func TestFormatHugeReadingsStayShort(t *testing.T) {
	for _, v := range []float64{1e308, -1e308, math.MaxFloat64, 1e12, math.Inf(1), math.NaN()} {
		for _, got := range []string{FormatPercent(&v), FormatUnit(&v, "W"), textfmt.TrimFloat(v), textfmt.Float(v, 1)} {
			if len(got) > 12 {
				t.Errorf("%g shows as %q", v, got)
			}
		}
	}
	huge, dev := 1e308, 0
	used, total := uint64(math.MaxUint64), uint64(1)
	s := &schema.Snapshot{SchemaVersion: schema.SchemaVersion,
		Devices: []schema.Device{{Index: 0, Vendor: "NVIDIA", MemoryUsedBytes: &used, MemoryTotalBytes: &total,
			GPUUtilPercent: &huge, TemperatureC: &huge, PowerW: &huge, SMClockMHz: &huge}},
		Processes: []schema.Process{{PID: 7, DeviceIndex: &dev, CPUPercent: &huge, GPUUtilPercent: &huge,
			LLM: &schema.LLM{TokensPerSecond: &huge, KVUsagePercent: &huge}}}}
	var text strings.Builder
	must(t, WriteText(&text, s))
	text.WriteString(ProcessDetail(s, &s.Processes[0]).Text())
	if strings.Contains(text.String(), "0000000000") {
		t.Errorf("a huge reading printed in full:\n%s", text.String())
	}
}

// goldenSnapshot is the schema's golden snapshot (the collector's test
// machine): two GPUs, an inspected llama-server with an LLM breakdown.
func goldenSnapshot(t *testing.T) *schema.Snapshot {
	t.Helper()
	b, err := os.ReadFile("../snapshot/testdata/snapshot.golden.json")
	must(t, err)
	var s schema.Snapshot
	must(t, json.Unmarshal(b, &s))
	return &s
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestFormat(t *testing.T) {
	cases := map[string]string{
		FormatBytes(nil):                    "n/a",
		FormatBytes(ptr(uint64(0))):         "0 B",
		FormatBytes(ptr(uint64(1536))):      "1.5 KiB",
		FormatBytes(ptr(uint64(604 << 20))): "604.0 MiB",
		FormatBytes(ptr(uint64(6 << 30))):   "6.00 GiB",
		FormatPercent(nil):                  "n/a",
		FormatPercent(ptr(0.0)):             "0%",
		FormatUnit(ptr(310.5), "W"):         "310.5 W",
		FormatUnit(ptr(64.0), "°C"):         "64 °C",
		CommandLine(nil):                    "n/a",
		CommandLine([]string{}):             "",
	}
	for got, want := range cases {
		if got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}

func TestModelSummary(t *testing.T) {
	cases := []struct {
		models []schema.Model
		want   string
	}{
		{nil, "n/a"},
		{[]schema.Model{}, ""},
		{[]schema.Model{{Path: "/m/a.gguf", Evidence: []string{"installed"}, Candidate: true}}, "a.gguf?"},
		{[]schema.Model{
			{Path: "/m/a.gguf", Evidence: []string{"installed"}, Candidate: true},
			{Path: "/m/b.gguf", Evidence: []string{"cmdline"}},
			{Path: "/blobs/sha256-x", Name: ptr("qwen3:14b"), Evidence: []string{"mapped", "cmdline"}, Confirmed: true},
		}, "qwen3:14b +2"},
	}
	for _, tc := range cases {
		if got := ModelSummary(schema.Process{Models: tc.models}); got != tc.want {
			t.Errorf("ModelSummary = %q, want %q", got, tc.want)
		}
	}
}
func ptr[T any](v T) *T { return &v }
