package procmaps

import (
	"golang.org/x/sys/unix"

	"github.com/gputaskman/gtm/internal/libproc"
)

// ScanRegions lists the files process pid maps through a region walk
// (WalkRegions over proc_pidinfo). A process that is gone gives an error
// matching fs.ErrNotExist; another user's, when gtm is not root,
// fs.ErrPermission.
func ScanRegions(pid int) (*Maps, error) {
	m, err := WalkRegions(pid, libproc.PIDInfo, MaxRegions)
	if err == nil {
		return m, nil
	}
	k, kerr := unix.SysctlKinfoProc("kern.proc.pid", pid)
	exists := kerr == nil && k.Proc.P_pid == int32(pid)
	euid := unix.Geteuid()
	permitted := euid == 0 || (exists && k.Eproc.Ucred.Uid == uint32(euid))
	return nil, WalkError(pid, exists, permitted)
}
