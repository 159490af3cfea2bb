//go:build !linux

package system

import (
	"context"
	"errors"

	"github.com/shirou/gopsutil/v4/cpu"
)

// readCPUTicks reads the machine's cumulative CPU times through gopsutil.
func readCPUTicks(env context.Context) (cpuTicks, error) {
	times, err := cpu.TimesWithContext(env, false)
	if err != nil {
		return cpuTicks{}, err
	}
	if len(times) == 0 {
		return cpuTicks{}, errors.New("no CPU times from the OS")
	}
	t := times[0]
	// Guest time is already counted in user time on Linux (and zero
	// elsewhere), so it is left out.
	busy := t.User + t.Nice + t.System + t.Irq + t.Softirq + t.Steal
	return cpuTicks{busy: busy, total: busy + t.Idle + t.Iowait}, nil
}
