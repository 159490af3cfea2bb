package main

import (
	"os"

	"github.com/gputaskman/gtm/app"
	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/darwin"
	"github.com/gputaskman/gtm/backend/system"
)

// newPlatformCollector wires macOS (Apple Silicon): ioreg for the GPU and
// its Metal clients, footprint (in the background) for each process's
// graphics memory, sysctl for process details, and the machine's CPU and
// memory through gopsutil.
func newPlatformCollector(string, map[int]string) (*app.Collector, func()) {
	host := backend.Host{OS: "darwin", Mode: backend.ModeMacOS, SharesHostPIDs: true}
	if name, err := os.Hostname(); err == nil {
		host.Hostname = &name
	}
	gpu := darwin.New()
	gpu.Start()
	return &app.Collector{GPU: gpu, Procs: darwin.Processes{}, System: system.New(""), Host: host}, func() { _ = gpu.Close() }
}
