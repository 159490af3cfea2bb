//go:build unix && !linux

package regfile

import (
	"io/fs"
	"os"
	"syscall"
)

// openIf, without O_PATH: open without blocking and without taking a
// terminal, then decide on the descriptor. A device node is opened before
// it is refused; these systems give no way to look first.
func openIf(path string, decide func(fs.FileInfo, string) error) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = notRegular(path)
	}
	if err == nil && decide != nil {
		err = decide(fi, "")
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

func openDir(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_DIRECTORY|syscall.O_NONBLOCK|syscall.O_NOCTTY|syscall.O_CLOEXEC, 0)
}
