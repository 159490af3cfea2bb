//go:build unix

package procroot

import (
	"os"
	"syscall"
)

// openNonblock: O_NONBLOCK makes opening a FIFO return at once instead of
// waiting for a writer; the fstat that follows then refuses it.
func openNonblock(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
}

// OpenDir opens a directory without blocking: anything else (a FIFO
// named like a folder) fails at once with ENOTDIR.
func OpenDir(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
}
