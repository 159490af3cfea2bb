package darwin

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// libproc's proc_pidinfo through libSystem without cgo, as
// golang.org/x/sys/unix calls libSystem: the dynamic import, a one-jump
// trampoline (libproc_darwin_*.s) and the runtime's syscall6. (The
// region walk in inspect/procmaps makes the same call for itself.)

//go:cgo_import_dynamic libc_proc_pidinfo proc_pidinfo "/usr/lib/libSystem.B.dylib"

var libc_proc_pidinfo_trampoline_addr uintptr

//go:linkname syscall_syscall6 syscall.syscall6
func syscall_syscall6(fn, a1, a2, a3, a4, a5, a6 uintptr) (r1, r2 uintptr, err unix.Errno)

// procPIDInfo is proc_pidinfo(pid, flavor, arg, buf, len(buf)): the bytes
// written, 0 on failure.
func procPIDInfo(pid, flavor int, arg uint64, buf []byte) int {
	if len(buf) == 0 {
		return 0
	}
	r, _, _ := syscall_syscall6(libc_proc_pidinfo_trampoline_addr, uintptr(pid), uintptr(flavor),
		uintptr(arg), uintptr(unsafe.Pointer(&buf[0])), uintptr(len(buf)), 0)
	return int(int32(r))
}

// cwd is process pid's working directory; false when it cannot be read
// (gone, another user's without root, a kernel process).
func cwd(pid int) (string, bool) {
	buf := make([]byte, VnodePathInfoSize)
	if procPIDInfo(pid, PROC_PIDVNODEPATHINFO, 0, buf) < VnodePathInfoSize {
		return "", false
	}
	d, err := DecodeCwd(buf)
	return d, err == nil
}
