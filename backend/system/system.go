// Package system reads machine-wide CPU, memory and swap use through
// gopsutil, which covers Linux, Windows and macOS. On Linux the proc root
// is injectable, so tests read fixture trees.
package system

import (
	"context"
	"errors"
	"sync"

	"github.com/shirou/gopsutil/v4/common"

	"github.com/gputaskman/gtm/internal/schema"
)

// SourceName is the system source's name in snapshots.
const SourceName = "system"

// Reader reads schema.System. CPU load is a difference of cumulative
// counters, so the Reader keeps the previous reading; it is safe for
// concurrent use.
type Reader struct {
	env context.Context // gopsutil's environment (the proc root)

	mu         sync.Mutex
	last       cpuTicks
	haveLast   bool
	readMemory func(context.Context) (memory, error)
}

// cpuTicks are cumulative CPU times over all logical CPUs, in seconds.
type cpuTicks struct{ busy, total float64 }

// memory is what one memory reading gives; nil is unknown.
type memory struct {
	used, total, swapUsed, swapTotal *uint64
}

// New reads the machine under procRoot ("/proc" normally; only Linux
// reads files there).
func New(procRoot string) *Reader {
	env := context.WithValue(context.Background(), common.EnvKey, common.EnvMap{common.HostProcEnvKey: procRoot})
	return &Reader{env: env, readMemory: readMemory}
}

// ReadSystem implements backend.SystemReader.
func (r *Reader) ReadSystem(context.Context) (schema.System, schema.SourceStatus) {
	var sys schema.System
	var errs []error

	r.mu.Lock()
	if now, err := r.cpuTicks(); err != nil {
		errs = append(errs, err)
		r.haveLast = false
	} else {
		if r.haveLast {
			sys.CPUPercent = busyPercent(r.last, now)
		}
		r.last, r.haveLast = now, true
	}
	r.mu.Unlock()

	// A partial reading keeps what it has (macOS may give RAM but not swap).
	m, err := r.readMemory(r.env)
	if err != nil {
		errs = append(errs, err)
	}
	sys.MemoryUsedBytes, sys.MemoryTotalBytes = m.used, m.total
	sys.SwapUsedBytes, sys.SwapTotalBytes = m.swapUsed, m.swapTotal
	if err := errors.Join(errs...); err != nil {
		return sys, schema.Failed(SourceName, err)
	}
	return sys, schema.OK(SourceName)
}

func (r *Reader) cpuTicks() (cpuTicks, error) { return readCPUTicks(r.env) }

// busyPercent is the busy share between two readings; nil when the
// counters did not move forward (a counter reset, or no time passed).
func busyPercent(prev, now cpuTicks) *float64 {
	dt := now.total - prev.total
	db := now.busy - prev.busy
	if dt <= 0 || db < 0 {
		return nil
	}
	p := min(100, 100*db/dt)
	return &p
}
