package main

import (
	"fmt"
	"github.com/gputaskman/gtm/app/collect"
	"os"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/darwin"
	"github.com/gputaskman/gtm/backend/system"
	"github.com/gputaskman/gtm/inspect"
	"github.com/gputaskman/gtm/inspect/procmaps"
	"github.com/gputaskman/gtm/inspect/stores"
	"github.com/gputaskman/gtm/internal/safefile"
)

// newPlatformCollector wires macOS (Apple Silicon): ioreg for the GPU and
// its Metal clients, footprint (in the background) for each process's
// graphics memory, sysctl for process details, the machine's CPU and
// memory through gopsutil, and the inspector over each process's mapped
// files (a proc_pidinfo region walk) that never opens a file in another
// app's sandbox container.
func newPlatformCollector(string, map[int]string, platformOptions) (*collect.Collector, func()) {
	host := backend.Host{OS: "darwin", Mode: backend.ModeMacOS, SharesHostPIDs: true}
	if name, err := os.Hostname(); err == nil {
		host.Hostname = &name
	}
	gpu := darwin.New()
	gpu.Start()
	rc := inspect.RegionConfig{Scan: procmaps.ScanRegions, Started: darwin.StartTime, Skip: darwin.WhyNotOpen}
	if os.Geteuid() == 0 {
		rc.Cred = processCred // root is no deputy for other users
	}
	in := inspect.NewRegionInspector(rc, stores.New(stores.DefaultConfig()))
	return &collect.Collector{GPU: gpu, Procs: darwin.Processes{}, System: system.New(""), Host: host, Evidence: in},
		func() { _ = gpu.Close() }
}

func processCred(pid int) (safefile.Cred, error) {
	uid, gid, groups, ok := darwin.ProcessCred(pid)
	if !ok {
		return safefile.Cred{}, fmt.Errorf("pid %d is gone", pid)
	}
	return safefile.Cred{UID: uid, GID: gid, Groups: groups}, nil
}
