// Package regfile opens a path for reading only when it names a regular
// file, deciding on what the path resolves to before anything is opened
// for reading. Opening is itself an action: a terminal opened without
// O_NOCTTY becomes the opener's controlling tty, a watchdog device arms
// on open, a FIFO waits for a writer. Paths gtm did not choose (a proc
// root's files, /proc/PID/fd/N, a model a process names) must never get
// that far, so the decision is made on an O_PATH descriptor's fstat
// where the kernel has one (Linux), and the file is then reopened through
// that very descriptor: nothing is looked up by path a second time.
//
// It is the one opener under procroot and safefile
// (docs/design.md, safety rule 10).
package regfile

import (
	"errors"
	"io/fs"
	"os"
)

// ErrNotRegular is a path that is not a regular file (a FIFO, a socket,
// a device, a directory). Nothing was opened for reading.
var ErrNotRegular = errors.New("not a regular file")

// Open opens path read-only, following symbolic links, if it is a
// regular file; anything else is refused with ErrNotRegular before it is
// opened for reading.
func Open(path string) (*os.File, error) {
	return OpenIf(path, nil)
}

// OpenIf is Open with one more decision: decide (when not nil) sees the
// file path resolves to, and an error from it refuses the file before it
// is opened for reading. fi is the fstat of that very file; the caller
// may check its owner and mode (fi.Sys() is a *syscall.Stat_t on unix).
// aclPath, when not "", is a path that names the same inode for
// getxattr (a descriptor's /proc/self/fd entry), for an ACL check.
func OpenIf(path string, decide func(fi fs.FileInfo, aclPath string) error) (*os.File, error) {
	return openIf(path, decide)
}

func notRegular(path string) error {
	return &fs.PathError{Op: "open", Path: path, Err: ErrNotRegular}
}

// OpenDir opens a directory for listing, following symbolic links;
// anything else fails at once (ENOTDIR) without being opened.
func OpenDir(path string) (*os.File, error) { return openDir(path) }
