package tray

import (
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

// trendSnap is a refresh in which PID 7 is (or is not) in steady growth
// and GPU 0 is (or is not) forecast full.
func trendSnap(growing, full bool, start time.Time) *schema.Snapshot {
	name, dev, vram, used, total := "trainer", 0, uint64(9<<30), uint64(20<<30), uint64(24<<30)
	p := schema.Process{PID: 7, PIDLabel: "7", Name: &name, DeviceIndex: &dev, StartTime: &start, VRAMBytes: &vram,
		VRAMTrend: &schema.Trend{Shape: "warm-up", Method: "Theil–Sen slope over 32 readings in the last 1m0s"}}
	if growing {
		p.VRAMTrend.Shape, p.VRAMTrend.BytesPerSecond = "steady growth", 20<<20
	}
	d := schema.Device{Index: 0, MemoryUsedBytes: &used, MemoryTotalBytes: &total}
	if full {
		pid := 7
		d.VRAMForecast = &schema.Forecast{FullInSeconds: 204, SoonestSeconds: 180, BytesPerSecond: 20 << 20, DrivenByPID: &pid}
	}
	return &schema.Snapshot{Devices: []schema.Device{d}, Processes: []schema.Process{p}}
}

// TestTrendAlertsArmAndRearm: a leak suspect and a full forecast alert
// once when they begin, not on every refresh while they last, and again
// only after they ended; a new process under the same PID is a new one.
func TestTrendAlertsArmAndRearm(t *testing.T) {
	var a TrendAlerts
	start := time.Date(2026, 12, 7, 10, 0, 0, 0, time.UTC)
	steps := []struct {
		growing, full bool
		start         time.Time
		want          []string
	}{
		{false, false, start, nil},
		{true, false, start, []string{"Leak suspect: trainer (PID 7) keeps growing on GPU 0"}},
		{true, true, start, []string{"GPU 0 VRAM full in ~3 min at 1.17 GiB/min, driven by PID 7 (inferred from its measured use)"}},
		{true, true, start, nil},
		{false, false, start, nil},
		{true, true, start, []string{"Leak suspect", "GPU 0 VRAM full"}},
		{true, true, start.Add(time.Hour), []string{"Leak suspect"}}, // the PID reused by a new process
	}
	for i, st := range steps {
		got := a.Step(trendSnap(st.growing, st.full, st.start))
		if len(got) != len(st.want) {
			t.Fatalf("step %d: %d alerts %+v, want %d", i, len(got), got, len(st.want))
		}
		for j, w := range st.want {
			if !strings.HasPrefix(got[j].Title, w) {
				t.Errorf("step %d: title %q, want %q", i, got[j].Title, w)
			}
		}
	}
	al := leakAlert(trendSnap(true, false, start), trendSnap(true, false, start).Processes[0])
	if !strings.Contains(al.Body, "1.17 GiB/min") || !strings.Contains(al.Body, "inferred") {
		t.Errorf("leak alert body %q", al.Body)
	}
	demo := trendSnap(true, false, start)
	demo.Demo = true
	a.Reset()
	if got := a.Step(demo); len(got) != 1 || !strings.HasPrefix(got[0].Title, "Recorded demo: ") {
		t.Errorf("demo alert %+v", got)
	}
}

// TestPressureAlerts: an engine's KV cache full with requests waiting
// notifies once, in the server's words, however many GPU rows the process
// has, and again only after it cleared.
func TestPressureAlerts(t *testing.T) {
	var a TrendAlerts
	name, d0, d1 := "vllm", 0, 1
	snap := func(full bool) *schema.Snapshot {
		l := &schema.LLM{Pressure: []schema.Pressure{}}
		if full {
			l.Pressure = append(l.Pressure, schema.Pressure{Kind: "kv_full", Text: "KV cache full: 12 requests waiting",
				Since: time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC), Source: "reported"})
		}
		return &schema.Snapshot{Processes: []schema.Process{
			{PID: 900, PIDLabel: "900", Name: &name, DeviceIndex: &d0, LLM: l},
			{PID: 900, PIDLabel: "900", Name: &name, DeviceIndex: &d1, LLM: l},
		}}
	}
	for i, st := range []struct {
		full bool
		want int
	}{{false, 0}, {true, 1}, {true, 0}, {false, 0}, {true, 1}} {
		got := a.Step(snap(st.full))
		if len(got) != st.want {
			t.Fatalf("step %d: %+v, want %d alerts", i, got, st.want)
		}
		if st.want == 1 && got[0].Title != "vllm (PID 900): KV cache full: 12 requests waiting" {
			t.Errorf("step %d: title %q", i, got[0].Title)
		}
	}
}

// TestSpillAlerts: a process spilling into shared memory notifies once,
// and again only after it stopped.
func TestSpillAlerts(t *testing.T) {
	var a TrendAlerts
	name, dev := "game.exe", 0
	snap := func(on bool) *schema.Snapshot {
		p := schema.Process{PID: 77, PIDLabel: "77", Name: &name, DeviceIndex: &dev}
		if on {
			p.Spilling = &schema.Pressure{Kind: "spilling", Text: "spilling to shared memory: slow (spill +120.0 MiB/min while GPU 0 is 98 % full)"}
		}
		return &schema.Snapshot{Processes: []schema.Process{p}}
	}
	for i, st := range []struct {
		on   bool
		want int
	}{{false, 0}, {true, 1}, {true, 0}, {false, 0}, {true, 1}} {
		got := a.Step(snap(st.on))
		if len(got) != st.want || st.want == 1 && got[0].Title != "game.exe (PID 77) is spilling to shared memory" {
			t.Fatalf("step %d: %+v, want %d alerts", i, got, st.want)
		}
	}
}
