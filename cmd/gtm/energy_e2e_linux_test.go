package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	gonvml "github.com/NVIDIA/go-nvml/pkg/nvml"

	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/app/energy"
	"github.com/gputaskman/gtm/app/metrics"
	"github.com/gputaskman/gtm/app/report"
	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/linux"
	"github.com/gputaskman/gtm/backend/nvml"
	"github.com/gputaskman/gtm/backend/nvml/fakenvml"
	"github.com/gputaskman/gtm/internal/schema"
)

// TestE2EPowerSplitOnFakeDriver: the stand-in NVIDIA driver reads 50 W
// with nothing running, then 300 W with two real processes at 60 % and
// 20 % SM. Through the real collector and driver calls, gtm learns the
// 50 W floor, keeps it in a file, and splits the rest 187.5 W / 62.5 W
// (estimated, with error bars) in the JSON, the --once text and /metrics.
func TestE2EPowerSplitOnFakeDriver(t *testing.T) {
	a, _ := startChild(t)
	b, _ := startChild(t)
	idle := h100()
	idle.GPUUtil, idle.EncoderUtil, idle.PowerMilliwatts = 0, 0, 50_000
	busy := h100(fakenvml.Process{PID: a, UsedMemory: 8 << 30, Sample: &fakenvml.Sample{SM: 60}},
		fakenvml.Process{PID: b, UsedMemory: 4 << 30, Sample: &fakenvml.Sample{SM: 20}})
	busy.EncoderUtil, busy.PowerMilliwatts = 0, 300_000
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{idle}})
	t.Setenv(fakenvml.MachineEnv, m.path)
	gpu := nvml.New(gonvml.New(gonvml.WithLibraryPath(fakenvml.LibraryPath(t))))
	t.Cleanup(func() { gpu.Close() })
	now := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	floors := filepath.Join(t.TempDir(), "gputaskman", "idle-floors.json")
	c := &collect.Collector{GPU: gpu, Procs: linux.NewProcFS("/proc"), Host: backend.Host{OS: "linux", Mode: backend.ModeNative, SharesHostPIDs: true},
		Now: func() time.Time { return now }, Window: time.Second, Energy: energy.NewAnnotator(energy.LoadFloors(floors))}
	c.Collect(context.Background()) // idle: the floor
	m.write(fakenvml.Machine{GPUs: []fakenvml.GPU{busy}})
	for range 2 { // the second busy refresh: the sensor held still
		now = now.Add(2 * time.Second)
		c.Collect(context.Background())
	}
	now = now.Add(2 * time.Second)
	s := c.Collect(context.Background())
	e := s.Devices[0].Energy
	if e == nil || *e.IdleFloorW != 50 || *e.PowerW != 300 || *e.ProcessesW != 250 {
		t.Fatalf("device energy: %s", mustJSON(t, e))
	}
	want := map[int]float64{a: 187.5, b: 62.5}
	for pid, w := range want {
		p := findRow(s, pid, 0).Power
		if p == nil || p.Watts == nil || *p.Watts != w || p.ErrorWatts == nil || *p.ErrorWatts <= 0 || p.Source != "estimated" {
			t.Fatalf("pid %d: %s; want %v W estimated with an error bar", pid, mustJSON(t, p), w)
		}
	}
	if got := energy.LoadFloors(floors); func() bool { v, ok := got.Get("uuid:" + *s.Devices[0].UUID); return !ok || v != 50 }() {
		t.Error("the learned floor was not kept")
	}
	var text bytes.Buffer
	if err := report.WriteText(&text, s); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"Power 300.0 W (sensor)  idle 50.0 W  processes 250.0 W (estimated)  unattributed 0.0 W",
		"GPU 0  PID " + strconv.Itoa(a) + " sleep  187.5 ± 1.6 W (estimated, 75% of engine time)"} {
		if !strings.Contains(text.String(), line) {
			t.Errorf("--once text lacks %q:\n%s", line, text.String())
		}
	}
	exp := metrics.New()
	exp.Update(s, time.Millisecond)
	srv := httptest.NewServer(exp.Handler(metrics.Options{}))
	t.Cleanup(srv.Close)
	code, body := httpGet(t, srv.URL+"/metrics")
	for _, want := range []string{`gtm_device_idle_floor_watts{device="0",name="NVIDIA H100 80GB HBM3"} 50`,
		`pid="` + strconv.Itoa(a) + `",pod="",source="estimated"} 187.5`} {
		if code != 200 || !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s:\n%s", want, grepLines(body, "power"))
		}
	}
}

// TestBinarySummaryEnergyCost: gtm summary of a ten-minute capture (the
// card's counter rising 300 J/s over a 50 W floor, two processes at 60 %
// and 20 % SM) gives each process's joules and, with a price, its cost;
// --currency without a price is a usage error.
func TestBinarySummaryEnergyCost(t *testing.T) {
	var capture bytes.Buffer
	counter := 0.0
	for i := 0; i <= 10; i++ {
		d := schema.Device{Index: 0, Vendor: "NVIDIA", UUID: schema.Ptr("GPU-1"), PowerW: schema.Ptr(50.0), GPUUtilPercent: schema.Ptr(0.0),
			Energy: &schema.DeviceEnergy{EnergyJoules: schema.Ptr(counter)}}
		s := schema.Snapshot{SchemaVersion: schema.SchemaVersion, TakenAt: time.Date(2026, 12, 7, 12, i, 0, 0, time.UTC), Devices: []schema.Device{d}}
		if i > 0 {
			s.Devices[0].GPUUtilPercent = schema.Ptr(80.0)
			for _, p := range []struct {
				pid int
				sm  float64
			}{{100, 60}, {200, 20}} {
				s.Processes = append(s.Processes, schema.Process{PID: p.pid, PIDLabel: strconv.Itoa(p.pid), Name: schema.Ptr("p" + strconv.Itoa(p.pid)),
					DeviceIndex: schema.Ptr(0), SMUtilPercent: schema.Ptr(p.sm)})
			}
		}
		line, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		capture.Write(append(line, '\n'))
		counter += 300 * 60
	}
	path := filepath.Join(t.TempDir(), "capture.jsonl")
	if err := os.WriteFile(path, capture.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runBinary(t, "summary", "--price-per-kwh", "0.30", "--currency", "EUR", path)
	// 187.5 W × 600 s = 112.5 kJ = 0.03125 kWh: 0.0094 EUR
	for _, want := range []string{"100 p100  112.5 kJ ± ", "0.0312 kWh  0.0094 EUR", "200 p200  37.5 kJ ± ", "idle 30.0 kJ"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("exit %d, output lacks %q:\n%s%s", code, want, out, errOut)
		}
	}
	if code, _, errOut := runBinary(t, "summary", "--currency", "EUR", path); code != 2 || !strings.Contains(errOut, "--currency needs --price-per-kwh") {
		t.Errorf("--currency alone: exit %d %q", code, errOut)
	}
}
