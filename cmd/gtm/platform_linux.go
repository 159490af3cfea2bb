package main

import (
	gonvml "github.com/NVIDIA/go-nvml/pkg/nvml"

	"github.com/gputaskman/gtm/app"
	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/drm"
	"github.com/gputaskman/gtm/backend/linux"
	"github.com/gputaskman/gtm/backend/nvml"
	"github.com/gputaskman/gtm/backend/system"
	"github.com/gputaskman/gtm/inspect"
	"github.com/gputaskman/gtm/inspect/stores"
)

func newInspector(procRoot string, llmLogs map[int]string) *inspect.Inspector {
	in := inspect.New(procRoot, stores.New(stores.DefaultConfig()))
	in.Live = inspect.NewLive(procRoot)
	for pid, path := range llmLogs {
		in.Live.LogPaths[pid] = path
	}
	return in
}

// newPlatformCollector wires Linux: NVML for NVIDIA GPUs, DRM fdinfo and
// sysfs for AMD and Intel ones, /proc for processes (and, through
// gopsutil, the machine's CPU and memory), and the inspector over
// /proc maps and the local model stores.
func newPlatformCollector(procRoot string, llmLogs map[int]string) (*app.Collector, func()) {
	gpu := backend.Multi{nvml.New(gonvml.New()), drm.New(procRoot, "/sys")}
	c := &app.Collector{
		GPU:       gpu,
		Procs:     linux.NewProcFS(procRoot),
		Inspector: newInspector(procRoot, llmLogs),
		System:    system.New(procRoot),
		Host:      linux.DetectHost(procRoot, "/"),
	}
	if c.Host.Mode == backend.ModeContainer && !c.Host.SharesHostPIDs {
		c.Containers = &linux.CUDAProcesses{Root: procRoot}
	}
	return c, func() { _ = gpu.Close() }
}
