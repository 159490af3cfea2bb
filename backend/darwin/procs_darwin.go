package darwin

import (
	"os/user"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/internal/schema"
)

// Processes looks up processes through sysctl (kern.proc.pid and
// kern.procargs2) and libproc (the working directory). It implements
// backend.ProcessSource.
type Processes struct{}

// Lookup implements backend.ProcessSource.
func (Processes) Lookup(pid int) backend.ProcessInfo {
	info := backend.ProcessInfo{PID: pid}
	k, err := unix.SysctlKinfoProc("kern.proc.pid", pid)
	if err != nil || k.Proc.P_pid != int32(pid) {
		return info
	}
	info.Exists = true
	comm := unix.ByteSliceToString(k.Proc.P_comm[:])
	info.Name = &comm
	ppid := int(k.Eproc.Ppid)
	info.PPID = &ppid
	if st, ok := startTime(pid); ok {
		info.StartTime = &st
	}
	if d, ok := cwd(pid); ok {
		info.Cwd = &d // relative model paths on its command line resolve against it
	}
	uid := strconv.FormatUint(uint64(k.Eproc.Ucred.Uid), 10)
	if u, err := user.LookupId(uid); err == nil {
		info.User = &u.Username
	} else {
		info.User = &uid
	}
	raw, err := unix.SysctlRaw("kern.procargs2", pid)
	if err != nil {
		info.Restricted = true
		return info
	}
	if exe, args, err := ParseProcArgs(raw); err == nil {
		if exe != "" {
			info.Exe = &exe
			// p_comm is cut at 16 bytes; the executable's name is whole.
			if base := exe[strings.LastIndexByte(exe, '/')+1:]; strings.HasPrefix(base, comm) {
				info.Name = &base
			}
		}
		info.Cmdline = args
	}
	return info
}

// Forget implements backend.ProcessSource (nothing is cached).
func (Processes) Forget(map[int]bool) {}

// Health implements backend.ProcessSource.
func (Processes) Health() schema.SourceStatus { return schema.OK("sysctl") }
