package main

import (
	"testing"
	"time"

	gonvml "github.com/NVIDIA/go-nvml/pkg/nvml"

	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/linux"
	"github.com/gputaskman/gtm/backend/nvml"
	"github.com/gputaskman/gtm/backend/nvml/nvmltest"
)

// The /proc fixture of the linux backend: PID 4242 is a llama-server.
const procFixture = "../../backend/linux/testdata/proc"

func noGPU() *collect.Collector {
	m := &nvmltest.Machine{InitErr: gonvml.ERROR_LIBRARY_NOT_FOUND}
	return &collect.Collector{GPU: nvml.New(m.Interface()), Procs: linux.NewProcFS(procFixture),
		Host: backend.Host{OS: "linux", Mode: "native", SharesHostPIDs: true}}
}

func twoGPUCollector(t *testing.T) *collect.Collector {
	t.Helper()
	m := &nvmltest.Machine{GPUs: []*nvmltest.GPU{
		{Name: "NVIDIA GeForce RTX 4090", UUID: "GPU-aaaa", BusID: "00000000:01:00.0", Total: 24 << 30, Used: 7 << 30,
			Compute: []gonvml.ProcessInfo{{Pid: 4242, UsedGpuMemory: 6 << 30}},
			Samples: []gonvml.ProcessUtilizationSample{{Pid: 4242, TimeStamp: uint64(time.Now().UnixMicro()), SmUtil: 50}}},
		{Name: "NVIDIA A100-SXM4-80GB", UUID: "GPU-bbbb", BusID: "00000000:81:00.0", Total: 80 << 30,
			Unsupported: map[string]bool{nvmltest.Temperature: true, nvmltest.Graphics: true, nvmltest.MPS: true}},
	}}
	return &collect.Collector{GPU: nvml.New(m.Interface()), Procs: linux.NewProcFS(procFixture),
		Host: linux.DetectHost(procFixture, t.TempDir())}
}
