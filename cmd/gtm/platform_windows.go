package main

import (
	"github.com/gputaskman/gtm/app/collect"
	"os"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/system"
	"github.com/gputaskman/gtm/backend/windows"
	"github.com/gputaskman/gtm/inspect"
)

// newPlatformCollector wires Windows: DXGI adapters and the WDDM GPU
// counters (PDH), NVIDIA telemetry from nvml.dll, Toolhelp and process
// tokens for process details, runtimes from each process's loaded modules,
// and the machine's CPU and memory through gopsutil.
func newPlatformCollector(string, map[int]string, platformOptions) (*collect.Collector, func()) {
	host := backend.Host{OS: "windows", Mode: backend.ModeWindows, SharesHostPIDs: true}
	if name, err := os.Hostname(); err == nil {
		host.Hostname = &name
	}
	gpu := windows.New()
	return &collect.Collector{GPU: gpu, Procs: &windows.Processes{}, System: system.New(""), Host: host,
		Evidence: inspect.NewModuleInspector(inspect.WindowsModules)}, func() { _ = gpu.Close() }
}
