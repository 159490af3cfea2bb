package main

import (
	gonvml "github.com/NVIDIA/go-nvml/pkg/nvml"

	"github.com/gputaskman/gtm/app"
	"github.com/gputaskman/gtm/backend/linux"
	"github.com/gputaskman/gtm/backend/nvml"
)

// newPlatformCollector wires Linux: NVML for the GPUs, /proc for processes.
func newPlatformCollector(procRoot string) (*app.Collector, func()) {
	gpu := nvml.New(gonvml.New())
	c := &app.Collector{
		GPU:   gpu,
		Procs: linux.NewProcFS(procRoot),
		Host:  linux.DetectHost(procRoot, "/"),
	}
	return c, func() { _ = gpu.Close() }
}
