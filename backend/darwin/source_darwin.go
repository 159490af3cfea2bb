package darwin

import (
	"context"
	"os"
	"os/exec"
	"time"

	"golang.org/x/sys/unix"
)

// New returns the macOS source on the real OS: ioreg and footprint run as
// commands, physical memory and process start times come from sysctl.
// Call Start to begin footprint polling.
func New() *Backend {
	s := NewBackend(runCommand)
	s.MemSize = func() (uint64, error) { return unix.SysctlUint64("hw.memsize") }
	s.StartTime = startTime
	if os.Geteuid() != 0 {
		me := uint32(os.Geteuid())
		s.Measurable = func(pid int) bool {
			k, err := unix.SysctlKinfoProc("kern.proc.pid", pid)
			return err == nil && k.Eproc.Ucred.Uid == me
		}
	}
	return s
}

// runCommand runs a system tool by its absolute path (never one found on
// a user's PATH) and returns its standard output.
func runCommand(ctx context.Context, name string, args ...string) ([]byte, error) {
	path := "/usr/sbin/" + name
	if name == "footprint" {
		path = "/usr/bin/footprint"
	}
	return exec.CommandContext(ctx, path, args...).Output()
}

// ProcessCred is the user and groups process pid runs as (its effective
// uid and groups from kern.proc.pid; the first group is its gid), false
// when it is gone: whose rights a file it names is read with.
func ProcessCred(pid int) (uid, gid uint32, groups []uint32, ok bool) {
	k, err := unix.SysctlKinfoProc("kern.proc.pid", pid)
	if err != nil || k.Proc.P_pid != int32(pid) {
		return 0, 0, nil, false
	}
	c := k.Eproc.Ucred
	n := int(c.Ngroups)
	if n < 0 || n > len(c.Groups) {
		n = len(c.Groups)
	}
	groups = append([]uint32(nil), c.Groups[:n]...)
	gid = k.Eproc.Pcred.P_rgid
	if n > 0 {
		gid = groups[0]
	}
	return c.Uid, gid, groups, true
}

// StartTime is when process pid started (kern.proc.pid), false when it
// is gone: what tells a process from a later one with its PID.
func StartTime(pid int) (time.Time, bool) { return startTime(pid) }

func startTime(pid int) (time.Time, bool) {
	k, err := unix.SysctlKinfoProc("kern.proc.pid", pid)
	if err != nil || k.Proc.P_pid != int32(pid) {
		return time.Time{}, false
	}
	tv := k.Proc.P_starttime
	return time.Unix(tv.Sec, int64(tv.Usec)*1000), true
}
