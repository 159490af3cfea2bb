//go:build !linux && !windows

package system

import (
	"context"
	"errors"

	"github.com/shirou/gopsutil/v4/mem"
)

func readMemory(env context.Context) (memory, error) {
	var m memory
	v, err := mem.VirtualMemoryWithContext(env)
	if err == nil {
		used := v.Total - min(v.Available, v.Total)
		m.total, m.used = &v.Total, &used
	}
	s, serr := mem.SwapMemoryWithContext(env)
	if serr == nil {
		m.swapTotal, m.swapUsed = &s.Total, &s.Used
	}
	return m, errors.Join(err, serr)
}
