package nvml

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	gonvml "github.com/NVIDIA/go-nvml/pkg/nvml"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/nvml/nvmltest"
	"github.com/gputaskman/gtm/internal/schema"
)

const gib = 1 << 30

// twoGPUs is a workstation: an RTX-class card with full telemetry running
// a compute and a graphics process, and a datacenter card where several
// readings are not supported.
func twoGPUs(now time.Time) *nvmltest.Machine {
	ts := uint64(now.UnixMicro())
	return &nvmltest.Machine{GPUs: []*nvmltest.GPU{
		{
			Name: "NVIDIA GeForce RTX 4090", UUID: "GPU-aaaa", BusID: "00000000:01:00.0",
			Total: 24 * gib, Used: 9 * gib, Reserved: gib / 2,
			GPUUtil: 87, MemUtil: 40, TempC: 64, PowerMW: 310500, LimitMW: 450000,
			SMClock: 2520, MemClock: 10501, VideoClock: 1950, EncUtil: 3, DecUtil: 0,
			PCIeRxKB: 1200, PCIeTxKB: 300, EnergyMJ: schema.Ptr(uint64(987_654_321)),
			Compute: []gonvml.ProcessInfo{
				{Pid: 4242, UsedGpuMemory: 6 * gib},
				{Pid: 5151, UsedGpuMemory: nvmltest.NotAvailable},
			},
			// Xorg is on the graphics list; 4242 is on both.
			GraphicsProcs: []gonvml.ProcessInfo{
				{Pid: 1337, UsedGpuMemory: 512 << 20},
				{Pid: 4242, UsedGpuMemory: 6 * gib},
			},
			Samples: []gonvml.ProcessUtilizationSample{
				{Pid: 4242, TimeStamp: ts - 3_000_000, SmUtil: 10}, // older than the window
				{Pid: 4242, TimeStamp: ts - 400_000, SmUtil: 90, EncUtil: 0, DecUtil: 0},
				{Pid: 4242, TimeStamp: ts - 200_000, SmUtil: 80},
				{Pid: 1337, TimeStamp: ts - 100_000, SmUtil: 2, EncUtil: 5},
			},
		},
		{
			Name: "NVIDIA A100-SXM4-80GB", UUID: "GPU-bbbb", BusID: "00000000:81:00.0",
			Total: 80 * gib, Used: 0,
			Unsupported: map[string]bool{
				nvmltest.Temperature: true, nvmltest.Power: true, nvmltest.VideoClock: true,
				nvmltest.PCIe: true, nvmltest.Graphics: true, nvmltest.MPS: true, nvmltest.MemoryV2: true,
			},
		},
	}}
}

func sample(t *testing.T, b *Backend) backend.Sample {
	t.Helper()
	return b.Sample(context.Background(), time.Second)
}

func TestDeviceReadings(t *testing.T) {
	now := time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
	m := twoGPUs(now)
	b := New(m.Interface())
	b.now = func() time.Time { return now }
	s := sample(t, b)
	if len(s.Devices) != 2 {
		t.Fatalf("devices = %d, want 2", len(s.Devices))
	}
	d := s.Devices[0]
	checks := []struct {
		name string
		got  any
		want any
	}{
		{"name", *d.Name, "NVIDIA GeForce RTX 4090"},
		{"uuid", *d.UUID, "GPU-aaaa"},
		{"pci", *d.PCIBusID, "00000000:01:00.0"},
		{"vendor", d.Vendor, "NVIDIA"},
		{"total", *d.MemoryTotalBytes, uint64(24 * gib)},
		// v2's Used excludes reserved memory, as nvidia-smi's does.
		{"used", *d.MemoryUsedBytes, uint64(9 * gib)},
		{"gpu%", *d.GPUUtilPercent, 87.0},
		{"mem%", *d.MemoryUtilPercent, 40.0},
		{"temp", *d.TemperatureC, 64.0},
		{"power", *d.PowerW, 310.5},
		{"limit", *d.PowerLimitW, 450.0},
		{"sm", *d.SMClockMHz, 2520.0},
		{"memclk", *d.MemoryClockMHz, 10501.0},
		{"video", *d.VideoClockMHz, 1950.0},
		{"enc", *d.EncoderUtilPct, 3.0},
		{"dec", *d.DecoderUtilPct, 0.0},
		{"rx", *d.PCIeRxBytesPerS, uint64(1200 * 1024)},
		{"tx", *d.PCIeTxBytesPerS, uint64(300 * 1024)},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if *d.DecoderUtilPct != 0 {
		t.Error("a measured zero must stay zero")
	}
	// The driver's energy counter is measured, in joules; the backend
	// fills nothing else of the block (interval power, idle floor and the
	// split are worked out across refreshes, above the backend).
	want := schema.DeviceEnergy{EnergyJoules: schema.Ptr(987_654.321)}
	if d.Energy == nil || d.Energy.EnergyJoules == nil || *d.Energy.EnergyJoules != *want.EnergyJoules {
		t.Fatalf("energy = %+v, want %v J", d.Energy, *want.EnergyJoules)
	}
	got := *d.Energy
	got.EnergyJoules = want.EnergyJoules
	if gj, wj := mustJSON(t, got), mustJSON(t, want); gj != wj {
		t.Errorf("energy block %s, want only the counter: %s", gj, wj)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestNotSupportedIsNull(t *testing.T) {
	m := twoGPUs(time.Now())
	s := sample(t, New(m.Interface()))
	d := s.Devices[1]
	if d.TemperatureC != nil || d.PowerW != nil || d.VideoClockMHz != nil || d.PCIeRxBytesPerS != nil || d.PCIeTxBytesPerS != nil || d.Energy != nil {
		t.Errorf("unsupported readings must be nil: %+v", d)
	}
	// Supported readings on the same device are still there, including
	// v1 memory when v2 is unsupported.
	if d.PowerLimitW == nil || d.SMClockMHz == nil || d.MemoryTotalBytes == nil || *d.MemoryUsedBytes != 0 {
		t.Errorf("supported readings lost: %+v", d)
	}
	js, _ := json.Marshal(d)
	for _, key := range []string{`"temperature_c":null`, `"power_w":null`, `"energy":null`, `"video_clock_mhz":null`, `"pcie_rx_bytes_per_s":null`} {
		if !strings.Contains(string(js), key) {
			t.Errorf("JSON lacks %s: %s", key, js)
		}
	}
	// The A100's optional lists are NOT_SUPPORTED: that is not a failure.
	for _, src := range s.Sources {
		if src.Name == "nvml.processes.gpu1" && !src.OK {
			t.Errorf("optional list NOT_SUPPORTED reported as failure: %+v", src)
		}
	}
}

func TestProcessListsMergedByPID(t *testing.T) {
	now := time.Now()
	s := sample(t, New(twoGPUs(now).Interface()))
	byPID := map[int]backend.ProcessUsage{}
	for _, u := range s.Usage {
		if _, dup := byPID[u.PID]; dup {
			t.Errorf("pid %d listed twice on one device", u.PID)
		}
		byPID[u.PID] = u
	}
	if len(byPID) != 3 {
		t.Fatalf("processes = %v, want 4242, 5151, 1337", byPID)
	}
	p := byPID[4242]
	if *p.VRAMBytes != 6*gib {
		t.Errorf("4242 vram = %d: a process on two lists must not be counted twice", *p.VRAMBytes)
	}
	if strings.Join(p.Kinds, ",") != "compute,graphics" {
		t.Errorf("4242 kinds = %v", p.Kinds)
	}
	if byPID[5151].VRAMBytes != nil {
		t.Error("NVML_VALUE_NOT_AVAILABLE must be nil, not a huge number or 0")
	}
	if *byPID[1337].VRAMBytes != 512<<20 {
		t.Errorf("graphics-only process lost its memory")
	}
}

func TestProcessUtilizationWindow(t *testing.T) {
	now := time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
	m := twoGPUs(now)
	b := New(m.Interface())
	b.now = func() time.Time { return now }
	s := sample(t, b)
	byPID := map[int]backend.ProcessUsage{}
	for _, u := range s.Usage {
		byPID[u.PID] = u
	}
	// 4242: the stale 10% sample is outside the one-second window.
	if got := *byPID[4242].SMUtilPercent; got != 85 {
		t.Errorf("4242 SM%% = %v, want the average of in-window samples, 85", got)
	}
	if got := *byPID[1337].EncoderUtilPercent; got != 5 {
		t.Errorf("1337 enc%% = %v", got)
	}
	if byPID[5151].SMUtilPercent != nil {
		t.Error("a process without samples must have nil load, not 0")
	}
	gpu0 := m.GPUs[0]
	asked := gpu0.LastAsked()
	if want := uint64(now.Add(-time.Second).UnixMicro()); asked[0] != want {
		t.Errorf("first read asked since %d, want now-window %d (0 would average stale samples)", asked[0], want)
	}
	// The next refresh continues from the newest sample seen.
	sample(t, b)
	asked = gpu0.LastAsked()
	if want := uint64(now.UnixMicro()) - 100_000; asked[1] != want {
		t.Errorf("second read asked since %d, want last seen %d", asked[1], want)
	}
	// Nothing newer: NOT_FOUND means no load, reported as OK, and the
	// timestamp is kept.
	s = sample(t, b)
	for _, u := range s.Usage {
		if u.SMUtilPercent != nil {
			t.Errorf("pid %d has load without new samples", u.PID)
		}
	}
	for _, src := range s.Sources {
		if strings.HasPrefix(src.Name, "nvml.process_utilization") && !src.OK {
			t.Errorf("NOT_FOUND reported as failure: %+v", src)
		}
	}
}

func TestSampledProcessOnNoListIsKept(t *testing.T) {
	now := time.Now()
	m := twoGPUs(now)
	m.GPUs[1].Samples = []gonvml.ProcessUtilizationSample{{Pid: 777, TimeStamp: uint64(now.UnixMicro()), SmUtil: 30}}
	s := sample(t, New(m.Interface()))
	var found *backend.ProcessUsage
	for i, u := range s.Usage {
		if u.PID == 777 {
			found = &s.Usage[i]
		}
	}
	if found == nil || found.DeviceIndex != 1 || *found.SMUtilPercent != 30 || found.VRAMBytes != nil || len(found.Kinds) != 0 {
		t.Errorf("sampled process on no list = %+v", found)
	}
}

func TestFailingProcessListIsReported(t *testing.T) {
	m := twoGPUs(time.Now())
	m.GPUs[0].ComputeErr = gonvml.ERROR_NO_PERMISSION
	m.GPUs[0].UtilErr = gonvml.ERROR_UNKNOWN
	s := sample(t, New(m.Interface()))
	var list, util *schema.SourceStatus
	for i, src := range s.Sources {
		switch src.Name {
		case "nvml.processes.gpu0":
			list = &s.Sources[i]
		case "nvml.process_utilization.gpu0":
			util = &s.Sources[i]
		}
	}
	if list == nil || list.OK || !strings.Contains(*list.Error, "ERROR_NO_PERMISSION") {
		t.Errorf("failed compute list not reported: %+v", list)
	}
	if util == nil || util.OK {
		t.Errorf("failed utilization not reported: %+v", util)
	}
	// The graphics list still worked: its processes are kept.
	if len(s.Usage) == 0 {
		t.Error("processes from the working lists were dropped")
	}
}

func TestNoDriver(t *testing.T) {
	m := &nvmltest.Machine{InitErr: gonvml.ERROR_LIBRARY_NOT_FOUND}
	b := New(m.Interface())
	s := sample(t, b)
	if len(s.Devices) != 0 || len(s.Sources) != 1 || s.Sources[0].OK {
		t.Fatalf("sample = %+v", s)
	}
	if !errors.Is(b.Open(), ErrNoDriver) || !strings.Contains(*s.Sources[0].Error, "libnvidia-ml.so.1") {
		t.Errorf("error = %v", *s.Sources[0].Error)
	}
	if b.DeviceCount() != 0 {
		t.Error("no driver must mean no devices")
	}
}

func TestHandlesCachedAndBadHandle(t *testing.T) {
	m := twoGPUs(time.Now())
	m.GPUs[1].HandleErr = gonvml.ERROR_GPU_IS_LOST
	lib := m.Interface()
	b := New(lib)
	for i := 0; i < 3; i++ {
		s := sample(t, b)
		if len(s.Devices) != 2 || s.Devices[1].Index != 1 || s.Devices[1].Name != nil {
			t.Fatalf("lost GPU must keep its index with nil readings: %+v", s.Devices)
		}
	}
	if n := len(lib.DeviceGetHandleByIndexCalls()); n != 2 {
		t.Errorf("handles looked up %d times over 3 samples, want 2 (cached)", n)
	}
	if n := len(lib.InitCalls()); n != 1 {
		t.Errorf("Init called %d times", n)
	}
}

func TestCString(t *testing.T) {
	if got := cString([]int8{'a', 'b', 0, 'c'}); got != "ab" {
		t.Errorf("cString = %q", got)
	}
}
