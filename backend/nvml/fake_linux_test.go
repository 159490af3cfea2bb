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
