package system

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/shirou/gopsutil/v4/common"

	"github.com/gputaskman/gtm/internal/procroot"
)

// Linux reads <proc root>/stat and meminfo itself, through procroot: a
// --proc-root tree may hold a FIFO or a link to /dev/zero there, which
// gopsutil would wait on or read without end.

// procRoot is the proc root New put in gopsutil's environment.
func procRoot(env context.Context) string {
	if m, ok := env.Value(common.EnvKey).(common.EnvMap); ok && m[common.HostProcEnvKey] != "" {
		return m[common.HostProcEnvKey]
	}
	return "/proc"
}

// userHZ is the unit of /proc/stat's CPU times on every Linux Go supports.
const userHZ = 100

// The aggregate "cpu" line is /proc/stat's first; meminfo is a few KiB.
const (
	maxStatHead = 4 << 10
	maxMeminfo  = 64 << 10
)

// readCPUTicks reads the aggregate cpu line of <proc root>/stat: user,
// nice, system, idle, iowait, irq, softirq, steal (guest time is already
// in user time).
func readCPUTicks(env context.Context) (cpuTicks, error) {
	b, _, err := procroot.ReadPrefix(filepath.Join(procRoot(env), "stat"), maxStatHead)
	if err != nil {
		return cpuTicks{}, fmt.Errorf("CPU times: %w", err)
	}
	line, _, _ := bytes.Cut(b, []byte{'\n'})
	f := bytes.Fields(line)
	if len(f) < 5 || string(f[0]) != "cpu" {
		return cpuTicks{}, errors.New("no CPU times from the OS")
	}
	var v [8]float64 // absent trailing columns (old kernels) are 0
	for i := 0; i < len(v) && i+1 < len(f); i++ {
		n, err := strconv.ParseUint(string(f[i+1]), 10, 64)
		if err != nil {
			return cpuTicks{}, fmt.Errorf("CPU times: field %d: %w", i+1, err)
		}
		v[i] = float64(n) / userHZ
	}
	user, nice, sys, idle, iowait, irq, softirq, steal := v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]
	busy := user + nice + sys + irq + softirq + steal
	return cpuTicks{busy: busy, total: busy + idle + iowait}, nil
}

// readMemory reads <proc root>/meminfo: used is total less available (as
// gopsutil computes it; free plus cached on kernels before 3.14, which
// lack MemAvailable), swap used is total less free.
func readMemory(env context.Context) (memory, error) {
	b, err := procroot.ReadFile(filepath.Join(procRoot(env), "meminfo"), maxMeminfo)
	if err != nil {
		return memory{}, err
	}
	kv := map[string]uint64{}
	for len(b) > 0 {
		var line []byte
		line, b, _ = bytes.Cut(b, []byte{'\n'})
		key, val, ok := bytes.Cut(line, []byte{':'})
		if !ok {
			continue
		}
		f := bytes.Fields(val)
		if len(f) == 0 {
			continue
		}
		n, err := strconv.ParseUint(string(f[0]), 10, 64)
		if err != nil {
			continue
		}
		if len(f) > 1 && string(f[1]) == "kB" {
			n *= 1024
		}
		kv[string(key)] = n
	}
	total, ok := kv["MemTotal"]
	if !ok {
		return memory{}, errors.New("meminfo: no MemTotal")
	}
	avail, ok := kv["MemAvailable"]
	if !ok {
		avail = kv["MemFree"] + kv["Cached"]
	}
	used := total - min(avail, total)
	m := memory{total: &total, used: &used}
	if st, ok := kv["SwapTotal"]; ok {
		su := st - min(kv["SwapFree"], st)
		m.swapTotal, m.swapUsed = &st, &su
	}
	return m, nil
}
