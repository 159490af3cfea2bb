// Package procroot reads a proc root: the kernel's /proc, or the tree a
// user named with --proc-root. Only a procfs mount is the kernel's word
// about processes (Trusted); any other tree is data its owner wrote, and
// may hold FIFOs (an open would wait for ever), links to /dev/zero (a
// read would never end) or huge files. So every file here is opened
// without blocking, must be a regular file, and is read up to a bound.
//
// It is shared by backend (process details, machine counters, DRM
// fdinfo) and inspect; internal/safefile applies the same rules to the
// files processes name.
package procroot

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/gputaskman/gtm/internal/regfile"
)

var (
	// ErrNotRegular is a proc file that is not a regular file: a FIFO, a
	// device, a socket or a directory. procfs files are regular files.
	ErrNotRegular = regfile.ErrNotRegular
	// ErrTooLarge is a proc file longer than the caller's bound.
	ErrTooLarge = errors.New("file too large")
)

// Note is what a process under an untrusted proc root says, once, about
// the evidence it lacks.
const Note = "--proc-root is not a procfs mount: nothing read on its processes' behalf"

// Open opens path read-only if it is a regular file; anything else (a
// FIFO, a device node) is refused before it is opened (regfile.Open).
func Open(path string) (*os.File, error) { return regfile.Open(path) }

// OpenDir opens a directory without blocking: anything else (a FIFO
// named like a folder) fails at once.
func OpenDir(path string) (*os.File, error) { return regfile.OpenDir(path) }

// ReadFile reads a whole proc file of at most max bytes; a longer one is
// ErrTooLarge. procfs files report size 0, so the bound is on the bytes
// read, not on the size fstat gives.
func ReadFile(path string, max int) ([]byte, error) {
	b, more, err := ReadPrefix(path, max)
	if err != nil {
		return nil, err
	}
	if more {
		return nil, &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w: over %d bytes", ErrTooLarge, max)}
	}
	return b, nil
}

// ReadPrefix reads at most max bytes of a proc file, reporting whether
// there was more.
func ReadPrefix(path string, max int) ([]byte, bool, error) {
	f, err := Open(path)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	return readAtMost(f, max)
}

// readAtMost reads until EOF or max bytes. procfs hands out a file in
// several reads (a page at a time for seq files), so it loops; a read of
// 0 bytes is the end.
func readAtMost(f *os.File, max int) ([]byte, bool, error) {
	buf := make([]byte, 0, min(max+1, 512))
	for len(buf) <= max {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := f.Read(buf[len(buf):min(cap(buf), max+1)])
		buf = buf[:len(buf)+n]
		if err == io.EOF || n == 0 && err == nil {
			return buf, false, nil
		}
		if err != nil {
			return nil, false, err
		}
	}
	return buf[:max], true, nil
}
