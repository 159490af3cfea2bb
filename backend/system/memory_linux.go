package system

import (
	"context"

	"github.com/shirou/gopsutil/v4/mem"
)

// readMemory reads /proc/meminfo under the proc root (swap included, so a
// fixture tree is read whole; gopsutil's SwapMemory asks the kernel).
func readMemory(env context.Context) (memory, error) {
	v, err := mem.VirtualMemoryWithContext(env)
	if err != nil {
		return memory{}, err
	}
	m := memory{total: &v.Total, used: &v.Used, swapTotal: &v.SwapTotal}
	swapUsed := v.SwapTotal - min(v.SwapFree, v.SwapTotal)
	m.swapUsed = &swapUsed
	return m, nil
}
