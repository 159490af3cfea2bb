// Package safefile opens files that other processes, servers and users
// name, the one way gtm does it: read-only, without blocking (a FIFO or a
// device node is refused, never waited on), checked on the open
// descriptor (a regular file, within a size bound, so a path swapped for
// a FIFO after a check changes nothing), and read with a deadline.
//
// Two kinds of opener:
//
//   - Open and ReadFile open a path the user gave gtm (gtm model FILE,
//     --replay FILE, --llm-log PID=PATH) with gtm's own rights, following
//     symbolic links as the user expects.
//   - An Access opens a path a process named (a model on its command line,
//     its --api-key-file, its log, its app settings) only if that
//     process's user could read it: every directory on the way must be
//     searchable and the file readable by the process's uid, gid and
//     supplementary groups, resolved inside the process's root directory,
//     without following a symbolic link out of it. Mode bits decide; a
//     file or folder with a POSIX ACL counts as closed to all but its
//     owner (ACLs are not evaluated). gtm often runs as root; without
//     this, any user could make it read /etc/shadow for them.
package safefile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"github.com/gputaskman/gtm/internal/regfile"
)

// DefaultTimeout bounds one read: a file on a hung network or FUSE mount
// must not hold a refresh.
const DefaultTimeout = 2 * time.Second

var (
	// ErrNotRegular is a path that is not a regular file (a FIFO, a
	// socket, a device, a directory). It was not opened for reading.
	ErrNotRegular = regfile.ErrNotRegular
	// ErrTooLarge is a file over the caller's size bound.
	ErrTooLarge = errors.New("file too large")
	// ErrTimeout is a read that ran past its deadline.
	ErrTimeout = errors.New("read timed out")
)

// Open opens path read-only, following symbolic links, and requires a
// regular file of at most max bytes (max <= 0: any size). Anything but a
// regular file is refused before it is opened for reading (regfile.Open).
func Open(path string, max int64) (*os.File, fs.FileInfo, error) {
	f, err := regfile.Open(path)
	if err != nil {
		return nil, nil, err
	}
	fi, err := check(f, path, max)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

// ReadFile reads a whole regular file of at most max bytes (max <= 0:
// 64 MiB) opened with Open, within DefaultTimeout.
func ReadFile(path string, max int64) ([]byte, error) {
	f, _, err := Open(path, max)
	if err != nil {
		return nil, err
	}
	return ReadAll(f, path, max, DefaultTimeout)
}

// check fstats an open file: regular, and within max bytes.
func check(f *os.File, path string, max int64) (fs.FileInfo, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	if max > 0 && fi.Size() > max {
		return nil, &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("%w: %d bytes, limit %d", ErrTooLarge, fi.Size(), max)}
	}
	return fi, nil
}

const defaultMax = 64 << 20

// ReadAll reads f to its end, at most max bytes (max <= 0: 64 MiB; more
// is ErrTooLarge), within timeout, and closes f. Files such as those in
// /proc report size 0 and are still read to the end.
func ReadAll(f *os.File, path string, max int64, timeout time.Duration) ([]byte, error) {
	if max <= 0 {
		max = defaultMax
	}
	var data []byte
	err := Within(timeout, func() error {
		defer f.Close()
		var err error
		data, err = io.ReadAll(io.LimitReader(f, max+1))
		if err == nil && int64(len(data)) > max {
			err = &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w: over %d bytes", ErrTooLarge, max)}
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return data, nil
}

// Within runs fn and waits at most timeout for it. After the timeout it
// returns ErrTimeout and fn finishes on its own: fn must own whatever it
// uses (close its file itself) and write results only the caller reads
// after a nil error.
func Within(timeout time.Duration, fn func() error) error {
	return WithinContext(timeout, func(context.Context) error { return fn() })
}

// WithinContext is Within for work that can stop: fn's context ends when
// the timeout passes, so a parse that checks it stops instead of running
// on after the caller stopped waiting (a read blocked in the kernel still
// returns only when the kernel lets it).
func WithinContext(timeout time.Duration, fn func(ctx context.Context) error) error {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		defer cancel()
		done <- fn(ctx)
	}()
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case err := <-done:
		return err
	case <-t.C:
		cancel()
		return fmt.Errorf("%w after %v", ErrTimeout, timeout)
	}
}
