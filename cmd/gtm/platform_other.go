//go:build !linux && !windows && !darwin

package main

import (
	"os"
	"runtime"

	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/system"
)

// newPlatformCollector: this platform has no GPU backend yet (the machine's
// CPU and memory are read through gopsutil). The snapshot says
// so in its sources instead of pretending the machine has no GPU.
func newPlatformCollector(string, map[int]string, platformOptions) (*collect.Collector, func()) {
	host := backend.Host{OS: runtime.GOOS, Mode: backend.ModeNative}
	if name, err := os.Hostname(); err == nil {
		host.Hostname = &name
	}
	return &collect.Collector{GPU: backend.Unsupported{}, System: system.New(""), Host: host}, func() {}
}
