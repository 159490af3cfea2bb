package libproc

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

//go:cgo_import_dynamic libc_proc_pidinfo proc_pidinfo "/usr/lib/libSystem.B.dylib"

var libc_proc_pidinfo_trampoline_addr uintptr

//go:linkname syscall_syscall6 syscall.syscall6
func syscall_syscall6(fn, a1, a2, a3, a4, a5, a6 uintptr) (r1, r2 uintptr, err unix.Errno)

// PIDInfo is proc_pidinfo(pid, flavor, arg, buf, len(buf)): the bytes
// written, 0 (or less) on failure.
func PIDInfo(pid, flavor int, arg uint64, buf []byte) int {
	if len(buf) == 0 {
		return 0
	}
	r, _, _ := syscall_syscall6(libc_proc_pidinfo_trampoline_addr, uintptr(pid), uintptr(flavor),
		uintptr(arg), uintptr(unsafe.Pointer(&buf[0])), uintptr(len(buf)), 0)
	return int(int32(r))
}
