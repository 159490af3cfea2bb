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
