package opens

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Test hooks: refuseFS makes every filesystem mark fail with EXDEV, so the
// mount fallback is exercised on filesystems that accept both.
var refuseFS bool

const (
	metaLen = int(unsafe.Sizeof(unix.FanotifyEventMetadata{}))
	readBuf = 64 << 10 // ~2,700 events a read
	linkMax = 4096     // PATH_MAX: a longer name is no path readlink can give whole
)

// atFDCWD is AT_FDCWD (-100) as a syscall argument.
var atFDCWD = func() uintptr { v := unix.AT_FDCWD; return uintptr(v) }()

type sysTracer struct {
	fan, wake int // the fanotify fd; an eventfd that ends the reader
	done      chan struct{}
	once      sync.Once
}

func (s *sysTracer) close() error {
	if s.done == nil {
		return nil
	}
	var err error
	s.once.Do(func() {
		one := [8]byte{1}
		_, err = unix.Write(s.wake, one[:])
		if err == nil {
			<-s.done // the reader returns at its next poll: within one batch
		}
		// Closing the group frees queued events; their fds are only made
		// when read, so none leak.
		if cerr := unix.Close(s.fan); err == nil {
			err = cerr
		}
		unix.Close(s.wake)
		if err != nil {
			err = fmt.Errorf("opens: close: %w", err)
		}
	})
	return err
}

// initErr maps fanotify_init's errors to the package's.
func initErr(err error) error {
	switch {
	case errors.Is(err, unix.EPERM):
		return ErrNeedsCap
	case errors.Is(err, unix.ENOSYS):
		return fmt.Errorf("%w: the kernel has no fanotify (ENOSYS)", ErrUnsupported)
	case errors.Is(err, unix.EINVAL):
		return fmt.Errorf("%w: the kernel refused fanotify_init's flags (EINVAL)", ErrUnsupported)
	}
	return fmt.Errorf("opens: fanotify_init: %w", err)
}

// Start marks the filesystems of o.Paths for open events and reads them on
// its own goroutine until Close. It fails when fanotify is unavailable
// (ErrNeedsCap, ErrUnsupported) or when no path could be marked.
func Start(o Options) (*Tracer, error) {
	fan, err := unix.FanotifyInit(unix.FAN_CLASS_NOTIF|unix.FAN_CLOEXEC|unix.FAN_NONBLOCK,
		unix.O_RDONLY|unix.O_LARGEFILE|unix.O_CLOEXEC)
	if err != nil {
		return nil, initErr(err)
	}
	t := &Tracer{st: newStore(o)}
	if err := markAll(fan, o.Paths, &t.stats); err != nil {
		unix.Close(fan)
		return nil, err
	}
	wake, err := unix.Eventfd(0, unix.EFD_CLOEXEC|unix.EFD_NONBLOCK)
	if err != nil {
		unix.Close(fan)
		return nil, fmt.Errorf("opens: eventfd: %w", err)
	}
	t.sys = sysTracer{fan: fan, wake: wake, done: make(chan struct{})}
	go t.read(os.Getpid())
	return t, nil
}

// markAll marks each dir's filesystem once; a filesystem that refuses
// (overlayfs and some pseudo filesystems on older kernels) gets its mount
// marked instead.
func markAll(fan int, dirs []string, st *Stats) error {
	fsDone := map[uint64]bool{}  // st_dev of filesystems marked whole
	mntDone := map[uint64]bool{} // mount IDs marked
	var needCap, tried bool
	for _, d := range dirs {
		if d == "" {
			continue
		}
		d = filepath.Clean(d)
		var sx unix.Statx_t
		if err := unix.Statx(unix.AT_FDCWD, d, 0, unix.STATX_TYPE|unix.STATX_MNT_ID, &sx); err != nil {
			st.Refused = append(st.Refused, d+": "+err.Error())
			continue
		}
		if sx.Mode&unix.S_IFMT != unix.S_IFDIR {
			st.Refused = append(st.Refused, d+": not a directory")
			continue
		}
		dev := unix.Mkdev(sx.Dev_major, sx.Dev_minor)
		hasMnt := sx.Mask&unix.STATX_MNT_ID != 0
		if fsDone[dev] || hasMnt && mntDone[sx.Mnt_id] {
			continue
		}
		tried = true
		var fsErr error = unix.EXDEV
		if !refuseFS {
			fsErr = mark(fan, unix.FAN_MARK_FILESYSTEM, d)
		}
		if fsErr == nil {
			fsDone[dev] = true
			st.Marked = append(st.Marked, d)
			continue
		}
		if err := mark(fan, unix.FAN_MARK_MOUNT, d); err != nil {
			needCap = needCap || errors.Is(err, unix.EPERM)
			st.Refused = append(st.Refused, d+": "+err.Error())
			continue
		}
		if hasMnt {
			mntDone[sx.Mnt_id] = true
		}
		st.Marked = append(st.Marked, d)
		st.MountOnly = append(st.MountOnly, d+": filesystem mark refused: "+fsErr.Error())
	}
	switch {
	case len(st.Marked) > 0:
		return nil
	case needCap:
		return ErrNeedsCap
	case !tried && len(st.Refused) == 0:
		return errors.New("opens: no directory to mark")
	}
	return fmt.Errorf("opens: no directory could be marked (%s)", st.Refused[0])
}

func mark(fan int, kind uint, dir string) error {
	err := unix.FanotifyMark(fan, unix.FAN_MARK_ADD|unix.FAN_MARK_ONLYDIR|kind, unix.FAN_OPEN, unix.AT_FDCWD, dir)
	if errors.Is(err, unix.EINTR) {
		err = unix.FanotifyMark(fan, unix.FAN_MARK_ADD|unix.FAN_MARK_ONLYDIR|kind, unix.FAN_OPEN, unix.AT_FDCWD, dir)
	}
	return err
}

// read is the event loop: drain the queue, then sleep in poll until an
// event or Close's wake-up. It never sleeps on a timer, so an idle tracer
// costs nothing.
func (t *Tracer) read(self int) {
	defer close(t.sys.done)
	r := reader{t: t, self: self, buf: make([]byte, readBuf), link: make([]byte, linkMax)}
	pfd := []unix.PollFd{{Fd: int32(t.sys.fan), Events: unix.POLLIN}, {Fd: int32(t.sys.wake), Events: unix.POLLIN}}
	for {
		n, err := unix.Read(t.sys.fan, r.buf)
		switch {
		case n > 0:
			r.batch(r.buf[:n])
			continue
		case errors.Is(err, unix.EINTR):
			continue
		case !errors.Is(err, unix.EAGAIN):
			return // the group is gone or broken: nothing more will come
		}
		if _, err := unix.Poll(pfd, -1); err != nil && !errors.Is(err, unix.EINTR) {
			return
		}
		if pfd[1].Revents != 0 {
			return
		}
	}
}

// reader holds the event loop's buffers, reused for every event.
type reader struct {
	t    *Tracer
	self int
	buf  []byte
	path []byte // "/proc/self/fd/N\x00"
	link []byte
}

// batch handles one read's events. Every event's fd is closed before the
// next is looked at, whatever the event was.
func (r *reader) batch(b []byte) {
	var events, overflows, foreign uint64
	for len(b) >= metaLen {
		m := (*unix.FanotifyEventMetadata)(unsafe.Pointer(&b[0]))
		n := int(m.Event_len)
		if n < metaLen || n > len(b) {
			break // malformed; the kernel never sends this
		}
		b = b[n:]
		fd, pid := int(m.Fd), int(m.Pid)
		switch {
		case m.Mask&unix.FAN_Q_OVERFLOW != 0:
			overflows++
		case fd < 0:
			events++
		case m.Vers != unix.FANOTIFY_METADATA_VERSION || pid == r.self:
			events++
		case pid == 0:
			events++
			foreign++
		default:
			events++
			// The name filter comes first; nothing else is done for an
			// open that is not a model's.
			path, ok := r.readlink(fd)
			unix.Close(fd)
			fd = -1
			if ok && IsModelName(path) {
				r.t.record(pid, strings.Clone(path), r.t.st.now())
			}
		}
		if fd >= 0 {
			unix.Close(fd)
		}
	}
	r.t.mu.Lock()
	r.t.stats.Events += events
	r.t.stats.Overflows += overflows
	r.t.stats.Foreign += foreign
	r.t.mu.Unlock()
}

// readlink names fd's file without allocating: the result aliases r.link
// and is valid until the next call.
func (r *reader) readlink(fd int) (string, bool) {
	r.path = append(r.path[:0], "/proc/self/fd/"...)
	r.path = strconv.AppendInt(r.path, int64(fd), 10)
	r.path = append(r.path, 0)
	n, _, errno := unix.Syscall6(unix.SYS_READLINKAT, atFDCWD,
		uintptr(unsafe.Pointer(&r.path[0])), uintptr(unsafe.Pointer(&r.link[0])), uintptr(len(r.link)), 0, 0)
	if errno != 0 || n == 0 || int(n) >= len(r.link) {
		return "", false
	}
	return unsafe.String(&r.link[0], int(n)), true
}
