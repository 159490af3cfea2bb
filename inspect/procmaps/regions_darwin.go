package procmaps

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// libproc's proc_pidinfo, called the way golang.org/x/sys/unix calls
// libSystem on macOS without cgo: the dynamic import below, a one-jump
// trampoline (regions_darwin_*.s) and the runtime's syscall6, which
// switches to the system stack and calls it.

//go:cgo_import_dynamic libc_proc_pidinfo proc_pidinfo "/usr/lib/libSystem.B.dylib"

var libc_proc_pidinfo_trampoline_addr uintptr

//go:linkname syscall_syscall6 syscall.syscall6
func syscall_syscall6(fn, a1, a2, a3, a4, a5, a6 uintptr) (r1, r2 uintptr, err unix.Errno)

// procPIDInfo is proc_pidinfo(pid, flavor, arg, buf, len(buf)).
func procPIDInfo(pid, flavor int, arg uint64, buf []byte) int {
	if len(buf) == 0 {
		return 0
	}
	r, _, _ := syscall_syscall6(libc_proc_pidinfo_trampoline_addr, uintptr(pid), uintptr(flavor),
		uintptr(arg), uintptr(unsafe.Pointer(&buf[0])), uintptr(len(buf)), 0)
	return int(int32(r))
}

// ScanRegions lists the files process pid maps through a region walk
// (WalkRegions over proc_pidinfo). A process that is gone gives an error
// matching fs.ErrNotExist; another user's, when gtm is not root,
// fs.ErrPermission.
func ScanRegions(pid int) (*Maps, error) {
	m, err := WalkRegions(pid, procPIDInfo, MaxRegions)
	if err == nil {
		return m, nil
	}
	k, kerr := unix.SysctlKinfoProc("kern.proc.pid", pid)
	exists := kerr == nil && k.Proc.P_pid == int32(pid)
	euid := unix.Geteuid()
	permitted := euid == 0 || (exists && k.Eproc.Ucred.Uid == uint32(euid))
	return nil, WalkError(pid, exists, permitted)
}
