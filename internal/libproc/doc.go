// Package libproc calls macOS's proc_pidinfo without cgo, the way
// golang.org/x/sys/unix calls libSystem: a dynamic import, a one-jump
// trampoline (libproc_darwin_*.s) and the runtime's syscall6. It is
// shared by backend/darwin (process credentials, working directory) and
// inspect/procmaps (the region walk). Elsewhere it is empty.
package libproc
