package nvml

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gonvml "github.com/NVIDIA/go-nvml/pkg/nvml"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/nvml/fakenvml"
)

// onFakeDriver opens the backend over the stand-in libnvidia-ml.so.1 (real
// cgo calls, as in the binary) with machine m; the returned path may be
// rewritten between samples.
func onFakeDriver(t *testing.T, m fakenvml.Machine) (*Backend, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "machine")
	if err := m.Write(path); err != nil {
		t.Fatal(err)
	}
	t.Setenv(fakenvml.MachineEnv, path)
	b := New(gonvml.New(gonvml.WithLibraryPath(fakenvml.LibraryPath(t))))
	if err := b.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b, path
}

func fakeGPU(pids ...int) fakenvml.GPU {
	g := fakenvml.GPU{Name: "NVIDIA A100", UUID: "GPU-A", PCIBusID: "00000000:07:00.0",
		MemoryTotal: 40 << 30, MemoryUsed: 10 << 30, GPUUtil: 90, TemperatureC: 70, PowerMilliwatts: 250_000,
		PowerLimitMilliwatts: 400_000, SMClockMHz: 1410}
	for _, pid := range pids {
		g.Processes = append(g.Processes, fakenvml.Process{PID: pid, UsedMemory: 5 << 30, Sample: &fakenvml.Sample{SM: 60}})
	}
	return g
}

func sourceErr(s backend.Sample, name string) string {
	for _, src := range s.Sources {
		if src.Name == name && !src.OK && src.Error != nil {
			return *src.Error
		}
	}
	return ""
}

// TestFakeDriverGPULostMidRun: after two good refreshes the GPU falls off
// the bus. From then on the device says lost, every reading is unknown
// and no process row survives from before; the other GPU is unaffected.
// When the driver sees the GPU again (reset), readings come back.
func TestFakeDriverGPULostMidRun(t *testing.T) {
	lost := fakeGPU(4242)
	lost.Fail = []fakenvml.Failure{{Func: "nvmlDeviceGetMemoryInfo", Return: "GPU_IS_LOST", After: 2}}
	other := fakeGPU(5151)
	other.UUID = "GPU-B"
	b, path := onFakeDriver(t, fakenvml.Machine{GPUs: []fakenvml.GPU{lost, other}})
	ctx := context.Background()

	for i := 0; i < 2; i++ {
		s := b.Sample(ctx, time.Second)
		if d := s.Devices[0]; d.Lost || d.MemoryUsedBytes == nil || *d.MemoryUsedBytes != 10<<30 || len(s.Usage) != 2 {
			t.Fatalf("refresh %d before the loss: %+v, %d rows", i+1, d, len(s.Usage))
		}
	}
	for i := 0; i < 3; i++ {
		s := b.Sample(ctx, time.Second)
		d := s.Devices[0]
		if !d.Lost {
			t.Fatalf("refresh %d after the loss: device not marked lost: %+v", i+3, d)
		}
		if d.MemoryUsedBytes != nil || d.MemoryTotalBytes != nil || d.GPUUtilPercent != nil || d.TemperatureC != nil ||
			d.PowerW != nil || d.PowerLimitW != nil || d.SMClockMHz != nil {
			t.Errorf("a lost GPU shows readings: %+v", d)
		}
		if d.Name == nil || *d.Name != "NVIDIA A100" || d.UUID == nil || *d.UUID != "GPU-A" {
			t.Errorf("a lost GPU keeps its identity: %+v", d)
		}
		for _, u := range s.Usage {
			if u.DeviceIndex == 0 {
				t.Errorf("process row on a lost GPU: %+v", u)
			}
		}
		if e := sourceErr(s, "nvml.processes.gpu0"); !strings.Contains(e, "GPU is lost") {
			t.Errorf("process source on a lost GPU: %q", e)
		}
		if d1 := s.Devices[1]; d1.Lost || d1.MemoryUsedBytes == nil || len(s.Usage) != 1 || s.Usage[0].PID != 5151 {
			t.Errorf("the other GPU: %+v %+v", d1, s.Usage)
		}
	}

	// The GPU is back (reset): fresh readings, not lost.
	lost.Fail = nil
	lost.MemoryUsed = 1 << 30
	if err := (fakenvml.Machine{GPUs: []fakenvml.GPU{lost, other}}).Write(path); err != nil {
		t.Fatal(err)
	}
	s := b.Sample(ctx, time.Second)
	if d := s.Devices[0]; d.Lost || d.MemoryUsedBytes == nil || *d.MemoryUsedBytes != 1<<30 {
		t.Errorf("after reset: %+v", d)
	}
}

// TestFakeDriverLostAtOpen: a GPU already lost when gtm starts is listed,
// marked lost, with no readings.
func TestFakeDriverLostAtOpen(t *testing.T) {
	g := fakeGPU(4242)
	g.Lost = true
	b, _ := onFakeDriver(t, fakenvml.Machine{GPUs: []fakenvml.GPU{g}})
	s := b.Sample(context.Background(), time.Second)
	if len(s.Devices) != 1 || !s.Devices[0].Lost || s.Devices[0].MemoryTotalBytes != nil || len(s.Usage) != 0 {
		t.Errorf("lost at open: %+v %+v", s.Devices, s.Usage)
	}
}

// TestFakeDriverLostHalfwayThroughASample: the device read fine, then the
// process list says GPU_IS_LOST. The readings taken a moment before are not
// shown as if the GPU were fine.
func TestFakeDriverLostHalfwayThroughASample(t *testing.T) {
	g := fakeGPU(4242)
	g.Fail = []fakenvml.Failure{{Func: "nvmlDeviceGetComputeRunningProcesses", Return: "GPU_IS_LOST"}}
	b, _ := onFakeDriver(t, fakenvml.Machine{GPUs: []fakenvml.GPU{g}})
	s := b.Sample(context.Background(), time.Second)
	if d := s.Devices[0]; !d.Lost || d.MemoryUsedBytes != nil || d.TemperatureC != nil || len(s.Usage) != 0 {
		t.Errorf("lost during the process list: %+v %+v", d, s.Usage)
	}
	if e := sourceErr(s, "nvml.process_utilization.gpu0"); e != "GPU is lost" {
		t.Errorf("utilization source: %q", e)
	}
}

// TestFakeDriverNoSamplesAsInsufficientSize: asked how many samples there
// are, a driver may answer INSUFFICIENT_SIZE with a count of 0 (go-nvml
// then returns no samples and that code). That is "no process ran", a
// successful read, not a failure.
func TestFakeDriverNoSamplesAsInsufficientSize(t *testing.T) {
	g := fakeGPU(4242)
	g.Fail = []fakenvml.Failure{{Func: "nvmlDeviceGetProcessUtilization", Return: "INSUFFICIENT_SIZE"}}
	b, _ := onFakeDriver(t, fakenvml.Machine{GPUs: []fakenvml.GPU{g}})
	s := b.Sample(context.Background(), time.Second)
	if e := sourceErr(s, "nvml.process_utilization.gpu0"); e != "" {
		t.Errorf("utilization source failed: %q", e)
	}
	if len(s.Usage) != 1 || s.Usage[0].SMUtilPercent != nil || s.Usage[0].VRAMBytes == nil {
		t.Errorf("rows: %+v", s.Usage)
	}
}

// TestFakeDriverSamplesGrowBetweenCalls: a process starts between
// go-nvml's count query and its fetch, so the driver reports more samples
// than the buffer holds; go-nvml slices past its buffer and panics. gtm
// reports the utilization read as failed and keeps the rest.
func TestFakeDriverSamplesGrowBetweenCalls(t *testing.T) {
	g := fakeGPU(4242)
	g.SamplesGrow = true
	b, _ := onFakeDriver(t, fakenvml.Machine{GPUs: []fakenvml.GPU{g}})
	s := b.Sample(context.Background(), time.Second)
	if e := sourceErr(s, "nvml.process_utilization.gpu0"); !strings.Contains(e, "sample count") {
		t.Errorf("utilization source: %q", e)
	}
	if len(s.Usage) != 1 || s.Usage[0].VRAMBytes == nil || s.Usage[0].SMUtilPercent != nil || s.Devices[0].MemoryUsedBytes == nil {
		t.Errorf("the rest of the sample: %+v %+v", s.Devices, s.Usage)
	}
}

// TestFakeDriverEnergyCounter: through the real cgo calls, the driver's
// total energy counter (mJ) becomes Device.Energy.EnergyJoules, and a
// rewritten counter is read afresh. A card without one (NOT_SUPPORTED,
// by default or by a fail rule) has no energy block; its power reading
// stays. Another error is no counter too, never a zero.
func TestFakeDriverEnergyCounter(t *testing.T) {
	g := fakeGPU(4242)
	g.EnergyMillijoules = ptr(uint64(5_000_250))
	b, path := onFakeDriver(t, fakenvml.Machine{GPUs: []fakenvml.GPU{g}})
	ctx := context.Background()
	energy := func(s backend.Sample) *float64 {
		t.Helper()
		d := s.Devices[0]
		if d.PowerW == nil || *d.PowerW != 250 {
			t.Errorf("power reading %v, want 250 W beside the counter", d.PowerW)
		}
		if d.Energy == nil {
			return nil
		}
		if d.Energy.PowerW != nil || d.Energy.IdleFloorW != nil || d.Energy.EnergySinceStartJoules != nil {
			t.Errorf("the backend fills only the counter: %+v", d.Energy)
		}
		return d.Energy.EnergyJoules
	}
	if j := energy(b.Sample(ctx, time.Second)); j == nil || *j != 5000.25 {
		t.Fatalf("energy %v, want 5000.25 J", j)
	}
	g.EnergyMillijoules = ptr(uint64(5_300_250)) // 300 J later
	write := func(g fakenvml.GPU) {
		t.Helper()
		if err := (fakenvml.Machine{GPUs: []fakenvml.GPU{g}}).Write(path); err != nil {
			t.Fatal(err)
		}
	}
	write(g)
	if j := energy(b.Sample(ctx, time.Second)); j == nil || *j != 5300.25 {
		t.Fatalf("energy after a rewrite %v, want 5300.25 J", j)
	}
	for name, fail := range map[string][]fakenvml.Failure{
		"no counter":    nil,
		"NOT_SUPPORTED": {{Func: "nvmlDeviceGetTotalEnergyConsumption", Return: "NOT_SUPPORTED"}},
		"NO_PERMISSION": {{Func: "nvmlDeviceGetTotalEnergyConsumption", Return: "NO_PERMISSION"}},
	} {
		g := g
		if fail == nil {
			g.EnergyMillijoules = nil
		}
		g.Fail = fail
		write(g)
		s := b.Sample(ctx, time.Second)
		if s.Devices[0].Energy != nil {
			t.Errorf("%s: energy block %+v, want none", name, s.Devices[0].Energy)
		}
		energy(s)
	}
}

// TestFakeDriverEnergyCounterGPULost: GPU_IS_LOST from the energy counter
// is a lost GPU like any other call's: no counter, no readings.
func TestFakeDriverEnergyCounterGPULost(t *testing.T) {
	g := fakeGPU(4242)
	g.EnergyMillijoules = ptr(uint64(1000))
	g.Fail = []fakenvml.Failure{{Func: "nvmlDeviceGetTotalEnergyConsumption", Return: "GPU_IS_LOST"}}
	b, _ := onFakeDriver(t, fakenvml.Machine{GPUs: []fakenvml.GPU{g}})
	s := b.Sample(context.Background(), time.Second)
	if d := s.Devices[0]; !d.Lost || d.Energy != nil || d.PowerW != nil || len(s.Usage) != 0 {
		t.Errorf("lost at the energy counter: %+v %+v", d, s.Usage)
	}
}

// TestFakeDriverEncoderDecoderSamples: the stand-in's per-process samples
// carry encoder and decoder load as well as SM, and each reaches its row.
func TestFakeDriverEncoderDecoderSamples(t *testing.T) {
	g := fakeGPU()
	g.Processes = []fakenvml.Process{
		{PID: 4242, UsedMemory: 1 << 30, Sample: &fakenvml.Sample{SM: 60, Encoder: 7, Decoder: 12}},
		{PID: 5151, UsedMemory: 1 << 30, Sample: &fakenvml.Sample{SM: 20, Encoder: 0, Decoder: 33}},
	}
	b, _ := onFakeDriver(t, fakenvml.Machine{GPUs: []fakenvml.GPU{g}})
	s := b.Sample(context.Background(), time.Second)
	want := map[int][3]float64{4242: {60, 7, 12}, 5151: {20, 0, 33}}
	if len(s.Usage) != len(want) {
		t.Fatalf("rows %+v", s.Usage)
	}
	for _, u := range s.Usage {
		w := want[u.PID]
		if u.SMUtilPercent == nil || u.EncoderUtilPercent == nil || u.DecoderUtilPercent == nil ||
			*u.SMUtilPercent != w[0] || *u.EncoderUtilPercent != w[1] || *u.DecoderUtilPercent != w[2] {
			t.Errorf("pid %d: sm %v enc %v dec %v, want %v", u.PID, u.SMUtilPercent, u.EncoderUtilPercent, u.DecoderUtilPercent, w)
		}
	}
}

func ptr[T any](v T) *T { return &v }
