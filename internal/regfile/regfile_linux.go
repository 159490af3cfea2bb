package regfile

import (
	"errors"
	"io/fs"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// openIf resolves path to an O_PATH descriptor (no driver's open runs),
// decides on its fstat, and only then opens the same inode for reading
// through /proc/self/fd, checking that it is still that inode.
func openIf(path string, decide func(fs.FileInfo, string) error) (*os.File, error) {
	pfd, err := unix.Open(path, unix.O_PATH|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	pf := os.NewFile(uintptr(pfd), path) // closes pfd
	defer pf.Close()
	fi, err := pf.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, notRegular(path)
	}
	self := "/proc/self/fd/" + strconv.Itoa(pfd)
	if decide != nil {
		if err := decide(fi, self); err != nil {
			return nil, err
		}
	}
	fd, err := unix.Open(self, unix.O_RDONLY|unix.O_NONBLOCK|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	f := os.NewFile(uintptr(fd), path)
	fi2, err := f.Stat()
	if err != nil || !os.SameFile(fi, fi2) {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: path, Err: errors.New("file changed while opening")}
	}
	return f, nil
}

// openDir: O_DIRECTORY makes the lookup fail on anything but a directory
// before any driver's open runs.
func openDir(path string) (*os.File, error) {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NONBLOCK|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(fd), path), nil
}
