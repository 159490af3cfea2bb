//go:build !linux

package system

import (
	"context"

	"github.com/shirou/gopsutil/v4/mem"
)

// readGopsutilMemory reads RAM and swap through gopsutil. A reading that
// fails leaves its fields nil (unknown) and returns its error.
func readGopsutilMemory(env context.Context) (m memory, ramErr, swapErr error) {
	v, ramErr := mem.VirtualMemoryWithContext(env)
	if ramErr == nil {
		used := v.Total - min(v.Available, v.Total)
		m.total, m.used = &v.Total, &used
	}
	s, swapErr := mem.SwapMemoryWithContext(env)
	if swapErr == nil {
		m.swapTotal, m.swapUsed = &s.Total, &s.Used
	}
	return m, ramErr, swapErr
}
