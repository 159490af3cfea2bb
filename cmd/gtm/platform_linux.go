package main

import (
	gonvml "github.com/NVIDIA/go-nvml/pkg/nvml"

	"github.com/gputaskman/gtm/app"
	"github.com/gputaskman/gtm/backend/linux"
	"github.com/gputaskman/gtm/backend/nvml"
	"github.com/gputaskman/gtm/inspect"
	"github.com/gputaskman/gtm/inspect/stores"
)

func newInspector(procRoot string) *inspect.Inspector {
	in := inspect.New(procRoot, stores.New(stores.DefaultConfig()))
	in.Live = inspect.NewLive(procRoot)
	return in
}

// newPlatformCollector wires Linux: NVML for the GPUs, /proc for processes,
// and the inspector over /proc maps and the local model stores.
func newPlatformCollector(procRoot string) (*app.Collector, func()) {
	gpu := nvml.New(gonvml.New())
	c := &app.Collector{
		GPU:       gpu,
		Procs:     linux.NewProcFS(procRoot),
		Inspector: newInspector(procRoot),
		Host:      linux.DetectHost(procRoot, "/"),
	}
	return c, func() { _ = gpu.Close() }
}
