package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	gonvml "github.com/NVIDIA/go-nvml/pkg/nvml"

	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/app/metrics"
	"github.com/gputaskman/gtm/app/trend"
	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/linux"
	"github.com/gputaskman/gtm/backend/nvml"
	"github.com/gputaskman/gtm/backend/nvml/fakenvml"
	"github.com/gputaskman/gtm/internal/schema"
	"github.com/gputaskman/gtm/ui/tray"
)

// TestE2ELeakOnFakeDriver: a real process whose VRAM the stand-in NVIDIA
// driver reports growing 20 MiB/s, beside one that loads a model in
// steps, collected once a second by the real collector over the real
// driver calls (the clock is simulated, so the test takes seconds, not
// minutes). The growing one is a leak suspect within 60 s in the
// snapshot's JSON, in /metrics and as a tray notification, and the GPU's
// forecast is right to within 20 %; the stepping one is never named.
func TestE2ELeakOnFakeDriver(t *testing.T) {
	leaker, _ := startChild(t)
	loader, _ := startChild(t)
	const total, rate = 80 << 30, 20 << 20
	machine := func(sec int) fakenvml.Machine {
		leak := uint64(2<<30) + uint64(max(0, sec-20))*rate
		load := uint64(1 << 30)
		switch {
		case sec >= 40:
			load = 30 << 30
		case sec >= 12:
			load = 16 << 30
		}
		g := h100(fakenvml.Process{PID: leaker, UsedMemory: leak}, fakenvml.Process{PID: loader, UsedMemory: load})
		g.MemoryTotal, g.MemoryUsed = total, leak+load+(1<<30)
		return fakenvml.Machine{GPUs: []fakenvml.GPU{g}}
	}
	m := newFakeMachine(t, machine(0))
	t.Setenv(fakenvml.MachineEnv, m.path)
	gpu := nvml.New(gonvml.New(gonvml.WithLibraryPath(fakenvml.LibraryPath(t))))
	t.Cleanup(func() { gpu.Close() })
	now := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	c := &collect.Collector{GPU: gpu, Procs: linux.NewProcFS("/proc"), Host: backend.Host{OS: "linux", Mode: backend.ModeNative, SharesHostPIDs: true},
		Now: func() time.Time { return now }, Window: time.Second, Trends: trend.NewAnnotator()}
	exp := metrics.New()
	srv := httptest.NewServer(exp.Handler(metrics.Options{}))
	t.Cleanup(srv.Close)
	var alerts tray.TrendAlerts
	named, notified, worst := -1, -1, 0.0
	for sec := 0; sec <= 90; sec++ {
		m.write(machine(sec))
		s := c.Collect(context.Background())
		now = now.Add(time.Second)
		if r := findRow(s, loader, 0); r != nil && r.VRAMTrend != nil && r.VRAMTrend.Shape == "steady growth" {
			t.Fatalf("second %d: the process loading in steps is a leak suspect: %s", sec, mustJSON(t, r.VRAMTrend))
		}
		for _, al := range alerts.Step(s) {
			if strings.HasPrefix(al.Title, "Leak suspect") && notified < 0 {
				notified = sec
			}
		}
		r := findRow(s, leaker, 0)
		if r == nil || r.VRAMTrend == nil || r.VRAMTrend.Shape != "steady growth" {
			continue
		}
		if named < 0 {
			named = sec
			checkLeakOutputs(t, s, exp, srv.URL, leaker)
		}
		d := s.Devices[0]
		truth := float64(total-*d.MemoryUsedBytes) / rate
		f := d.VRAMForecast
		if f == nil || math.Abs(f.FullInSeconds-truth)/truth > 0.2 {
			t.Fatalf("second %d: forecast %s, truth %.0f s", sec, mustJSON(t, f), truth)
		}
		worst = math.Max(worst, math.Abs(f.FullInSeconds-truth)/truth)
	}
	if named < 0 || named-20 > 60 {
		t.Fatalf("the leak starting at 20 s was named at %d s", named)
	}
	t.Logf("leak starting at 20 s named at %d s (%d s later); worst forecast error %.1f %%", named, named-20, 100*worst)
	if notified != named {
		t.Errorf("the tray notified at %d s, the snapshot named it at %d s", notified, named)
	}
}

// checkLeakOutputs: the snapshot's JSON and /metrics name the leak.
func checkLeakOutputs(t *testing.T, s *schema.Snapshot, exp *metrics.Exporter, url string, pid int) {
	t.Helper()
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(s); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"vram_trend":{"shape":"steady growth"`, `"vram_forecast":{"full_in_seconds":`, `"driven_by_pid":` + strconv.Itoa(pid)} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("JSON lacks %s", want)
		}
	}
	exp.Update(s, time.Millisecond)
	code, resp := httpGet(t, url+"/metrics")
	if code != 200 {
		t.Fatalf("/metrics: %d %s", code, resp)
	}
	for _, want := range []string{`gtm_process_vram_growth_bytes_per_second{`, `pid="` + strconv.Itoa(pid) + `",pod="",shape="steady growth"}`, `gtm_device_vram_full_seconds{device="0"`} {
		if !strings.Contains(resp, want) {
			t.Errorf("/metrics lacks %s:\n%s", want, grepLines(resp, "growth"))
		}
	}
}

// grepLines are text's lines holding sub.
func grepLines(text, sub string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
