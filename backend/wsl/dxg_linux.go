package wsl

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/internal/procroot"
)

// DXGHolders lists the Linux processes that hold /dev/dxg open: each has
// one GPU context in the VM worker. Start is the process's start in clock
// ticks since boot (enough to order and to tell a reused PID apart).
func DXGHolders(procRoot string) []backend.LocalGPUProcess {
	entries, err := os.ReadDir(procRoot)
	if err != nil {
		return nil
	}
	var out []backend.LocalGPUProcess
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		dir := filepath.Join(procRoot, e.Name())
		fds, err := os.ReadDir(filepath.Join(dir, "fd"))
		if err != nil {
			continue
		}
		holds := false
		for _, fd := range fds {
			if t, err := os.Readlink(filepath.Join(dir, "fd", fd.Name())); err == nil && t == "/dev/dxg" {
				holds = true
				break
			}
		}
		if !holds {
			continue
		}
		out = append(out, backend.LocalGPUProcess{PID: pid, Start: startOf(dir)})
	}
	return out
}

func startOf(dir string) time.Time {
	b, err := procroot.ReadFile(filepath.Join(dir, "stat"), 8<<10) // a FIFO or /dev/zero is refused
	if err != nil {
		return time.Time{}
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return time.Time{}
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 20 {
		return time.Time{}
	}
	ticks, err := strconv.ParseUint(f[19], 10, 64)
	if err != nil {
		return time.Time{}
	}
	return time.Unix(0, 0).Add(time.Duration(ticks) * 10 * time.Millisecond).UTC()
}
