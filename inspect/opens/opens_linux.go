package opens

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/gputaskman/gtm/internal/procroot"
)

// Test hooks: refuseFID makes name-reporting marks fail, refuseFS every
// filesystem mark (EXDEV both), refusePIDFD groups that pin openers
// (EINVAL), so the fallbacks run on kernels and filesystems that accept
// everything. readGate, held, stops the readers before their next read.
var (
	refuseFID, refuseFS, refusePIDFD bool
	readGate                         sync.RWMutex
)

const (
	metaLen = int(unsafe.Sizeof(unix.FanotifyEventMetadata{}))
	readBuf = 64 << 10 // hundreds of events a read

	// A reader pauses between drains of the queue, so a burst is read in
	// one go: each wake-up costs the runtime's scheduler far more than an
	// event does. The pause lengthens while little comes (a desktop's
	// trickle: two wake-ups a second) and shortens when a cycle brought a
	// quarter of the queue (16,384 events), so a storm does not overflow it.
	minPause   = 10 * time.Millisecond
	firstPause = 50 * time.Millisecond // after an idle spell
	maxPause   = 500 * time.Millisecond
	busy       = 4096 // events in a cycle that shorten the pause
	quiet      = 1024 // events in a cycle below which it lengthens

	fidFlags = unix.FAN_CLASS_NOTIF | unix.FAN_CLOEXEC | unix.FAN_NONBLOCK | unix.FAN_REPORT_DFID_NAME
	fdFlags  = unix.FAN_CLASS_NOTIF | unix.FAN_CLOEXEC | unix.FAN_NONBLOCK
	evFlags  = unix.O_RDONLY | unix.O_LARGEFILE | unix.O_CLOEXEC
)

// atFDCWD is AT_FDCWD (-100) as a syscall argument.
var atFDCWD = func() uintptr { v := unix.AT_FDCWD; return uintptr(v) }()

// A group is one fanotify instance. Name-reporting groups (FAN_REPORT_DFID_NAME,
// Linux 5.9+) carry the opened file's name in the event, so an open that is
// not a model's costs a few hundred bytes copied and a close (of its
// pidfd). Groups reporting by fd (the fallback for kernels and filesystems
// that refuse names) cost an fd, a readlink and a close per event more.
// Groups that pin openers (FAN_REPORT_PIDFD, Linux 5.15+) carry a pidfd of
// the opener in each event, made when gtm reads it, or FAN_NOPIDFD when
// the opener has exited by then.
type group struct {
	fid   bool
	pidfd bool
	fd    int
	done  chan struct{}
}

type sysTracer struct {
	groups []*group
	// mounts holds a directory fd per filesystem marked by name, by fsid:
	// the mount a directory handle is opened through to name it.
	mounts map[unix.Fsid]int
	// wake (an eventfd) and quit end the readers: wake their poll, quit
	// their pause.
	wake int
	quit chan struct{}
	once sync.Once
}

func (s *sysTracer) close() error {
	if s.quit == nil {
		return nil
	}
	var err error
	s.once.Do(func() {
		close(s.quit)
		if s.wake >= 0 {
			one := [8]byte{1}
			if _, werr := unix.Write(s.wake, one[:]); werr != nil {
				err = fmt.Errorf("opens: close: %w", werr)
			}
		}
		for _, g := range s.groups {
			if g.done != nil && err == nil {
				<-g.done // within one batch
			}
		}
		// Closing a group frees its queued events; in fd groups an event's
		// fd is made only when read, so none leak.
		for _, g := range s.groups {
			unix.Close(g.fd)
		}
		for _, fd := range s.mounts {
			unix.Close(fd)
		}
		if s.wake >= 0 {
			unix.Close(s.wake)
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
// their own goroutines until Close. It fails when fanotify is unavailable
// (ErrNeedsCap, ErrUnsupported) or when no path could be marked.
func Start(o Options) (*Tracer, error) {
	t := &Tracer{st: newStore(o)}
	s := &t.sys
	s.mounts = map[unix.Fsid]int{}
	s.quit = make(chan struct{})
	s.wake = -1
	fail := func(err error) (*Tracer, error) {
		s.close()
		return nil, err
	}
	// Unprivileged processes may not pin openers (EPERM): nor could
	// they mark filesystems.
	g, err := t.newGroup(fidFlags)
	switch {
	case err == nil:
		s.groups = append(s.groups, g)
	case errors.Is(err, unix.EINVAL): // before 5.9: by fd only
	default:
		return fail(initErr(err))
	}
	if err := t.markAll(o.Paths); err != nil {
		return fail(err)
	}
	if s.wake, err = unix.Eventfd(0, unix.EFD_CLOEXEC|unix.EFD_NONBLOCK); err != nil {
		s.wake = -1
		return fail(fmt.Errorf("opens: eventfd: %w", err))
	}
	self := os.Getpid()
	for _, g := range s.groups {
		g.done = make(chan struct{})
		go t.read(g, self)
	}
	return t, nil
}

// fdGroup returns the group reporting by fd, made on first use.
func (t *Tracer) fdGroup() (*group, error) {
	for _, g := range t.sys.groups {
		if !g.fid {
			return g, nil
		}
	}
	g, err := t.newGroup(fdFlags)
	if err != nil {
		return nil, initErr(err)
	}
	t.sys.groups = append(t.sys.groups, g)
	return g, nil
}

// newGroup makes a group that pins openers where the kernel can, else one
// that does not (saying why in Stats.ByPID).
func (t *Tracer) newGroup(flags uint) (*group, error) {
	g := &group{fid: flags&unix.FAN_REPORT_DFID_NAME != 0, pidfd: true}
	var err error = unix.EINVAL
	if !refusePIDFD {
		g.fd, err = unix.FanotifyInit(flags|unix.FAN_REPORT_PIDFD, evFlags)
	}
	if errors.Is(err, unix.EINVAL) { // before 5.15
		if g.fd, err = unix.FanotifyInit(flags, evFlags); err == nil {
			g.pidfd = false
			t.stats.ByPID = "the kernel refused FAN_REPORT_PIDFD (EINVAL; Linux 5.15+ pins openers)"
		}
	}
	if err != nil {
		return nil, err
	}
	return g, nil
}

// markAll marks each dir's filesystem once: by name where the filesystem
// gives file handles, else by fd; a filesystem that refuses whole marks
// gets its mount marked instead (Linux 6.18 accepted fd marks on every
// filesystem tried: ext4, tmpfs, overlayfs, ramfs, proc, sysfs, devpts,
// cgroup).
func (t *Tracer) markAll(dirs []string) error {
	st := &t.stats
	fsDone := map[uint64]bool{}  // st_dev of filesystems marked whole
	mntDone := map[uint64]bool{} // mount IDs marked
	var needCap bool
	var initFail error
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
		how, fsErr, err := t.mark(d)
		switch {
		case err != nil:
			needCap = needCap || errors.Is(err, unix.EPERM) || errors.Is(err, ErrNeedsCap)
			if errors.Is(err, ErrUnsupported) {
				initFail = err
			}
			st.Refused = append(st.Refused, d+": "+err.Error())
			continue
		case how == unix.FAN_MARK_MOUNT:
			if hasMnt {
				mntDone[sx.Mnt_id] = true
			}
			st.MountOnly = append(st.MountOnly, d+": filesystem mark refused: "+fsErr.Error())
		default:
			fsDone[dev] = true
		}
		st.Marked = append(st.Marked, d)
	}
	switch {
	case len(st.Marked) > 0:
		return nil
	case needCap:
		return ErrNeedsCap
	case initFail != nil:
		return initFail
	case len(st.Refused) == 0:
		return errors.New("opens: no directory to mark")
	}
	return fmt.Errorf("opens: no directory could be marked (%s)", st.Refused[0])
}

// mark marks dir's filesystem by name, else by fd, else its mount by fd.
// how is the mark made; fsErr why a filesystem mark was refused.
func (t *Tracer) mark(dir string) (how uint, fsErr, err error) {
	if g := t.sys.groups; len(g) > 0 && g[0].fid {
		if err = t.markByName(g[0].fd, dir); err == nil {
			return unix.FAN_MARK_FILESYSTEM, nil, nil
		}
		if errors.Is(err, unix.EPERM) {
			return 0, nil, err // no fallback has more rights
		}
		t.stats.PerEventFD = append(t.stats.PerEventFD, dir+": "+err.Error())
	}
	g, err := t.fdGroup()
	if err != nil {
		return 0, nil, err
	}
	fsErr = unix.EXDEV
	if !refuseFS {
		fsErr = fanMark(g.fd, unix.FAN_MARK_FILESYSTEM, dir)
	}
	if fsErr == nil {
		return unix.FAN_MARK_FILESYSTEM, nil, nil
	}
	if err = fanMark(g.fd, unix.FAN_MARK_MOUNT, dir); err != nil {
		return 0, fsErr, err
	}
	return unix.FAN_MARK_MOUNT, fsErr, nil
}

// markByName marks dir's filesystem in the name-reporting group and keeps
// an O_PATH fd to it, to open the directory handles its events carry.
func (t *Tracer) markByName(fan int, dir string) error {
	if refuseFID || refuseFS {
		return unix.EXDEV
	}
	// Not O_PATH: open_by_handle_at refuses those (EBADF).
	mfd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return err
	}
	var sf unix.Statfs_t
	if err := unix.Fstatfs(mfd, &sf); err != nil {
		unix.Close(mfd)
		return err
	}
	if _, ok := t.sys.mounts[sf.Fsid]; ok || sf.Fsid == (unix.Fsid{}) {
		// Two filesystems with one fsid (or none) could not be told apart
		// in events: the second is read by fd.
		unix.Close(mfd)
		return unix.EXDEV
	}
	if err := fanMark(fan, unix.FAN_MARK_FILESYSTEM, dir); err != nil {
		unix.Close(mfd)
		return err
	}
	t.sys.mounts[sf.Fsid] = mfd
	return nil
}

func fanMark(fan int, kind uint, dir string) error {
	err := unix.FanotifyMark(fan, unix.FAN_MARK_ADD|unix.FAN_MARK_ONLYDIR|kind, unix.FAN_OPEN, unix.AT_FDCWD, dir)
	if errors.Is(err, unix.EINTR) {
		err = unix.FanotifyMark(fan, unix.FAN_MARK_ADD|unix.FAN_MARK_ONLYDIR|kind, unix.FAN_OPEN, unix.AT_FDCWD, dir)
	}
	return err
}

// read is a group's event loop: drain the queue, pause, then sleep in
// poll(2) until an event or Close. Not the runtime's poller: it would wake
// the process at every event that arrives during the pause, and that
// wake-up costs more than the event. Nothing runs on a timer while idle.
func (t *Tracer) read(g *group, self int) {
	defer close(g.done)
	r := reader{t: t, self: self, buf: make([]byte, readBuf), link: make([]byte, MaxPath), stat: make([]byte, statMax)}
	pfd := []unix.PollFd{{Fd: int32(g.fd), Events: unix.POLLIN}, {Fd: int32(t.sys.wake), Events: unix.POLLIN}}
	pause := time.NewTimer(time.Hour)
	pause.Stop()
	delay := firstPause
	for {
		cycle, ok := r.drain(g)
		if !ok {
			return // the group is broken: nothing more will come
		}
		switch {
		case cycle == 0:
			// Idle: sleep until an event, then let its burst gather.
			if _, err := unix.Poll(pfd, -1); err != nil && !errors.Is(err, unix.EINTR) {
				return
			}
			if pfd[1].Revents != 0 {
				return
			}
			delay = firstPause
		case cycle >= busy:
			delay = max(delay/4, minPause)
		case cycle < quiet:
			delay = min(delay*2, maxPause)
		}
		pause.Reset(delay)
		select {
		case <-t.sys.quit:
			pause.Stop()
			return
		case <-pause.C:
		}
	}
}

// drain reads g's queue until it is empty, returning how many events came
// (an overflow counts as a full queue); false when the group is broken or
// closing (a storm faster than gtm reads would never empty the queue).
func (r *reader) drain(g *group) (int, bool) {
	cycle := 0
	for {
		readGate.RLock()
		n, err := unix.Read(g.fd, r.buf)
		readGate.RUnlock()
		if n > 0 {
			got, overflow := r.batch(r.buf[:n], g)
			cycle += got
			if overflow {
				cycle += 4 * busy
			}
			select {
			case <-r.t.sys.quit:
				return cycle, false
			default:
			}
			continue
		}
		switch {
		case errors.Is(err, unix.EAGAIN):
			return cycle, true
		case errors.Is(err, unix.EINTR):
			continue
		}
		return cycle, false
	}
}

// reader holds a loop's buffers, reused for every event.
type reader struct {
	t    *Tracer
	self int
	buf  []byte
	path []byte // "/proc/self/fd/N\x00"
	link []byte
	stat []byte // /proc/PID/stat
}

// statMax bounds a /proc/PID/stat read: a line of 52 numbers and a name.
const statMax = 4096

// batch handles one read's events. Every event's fds (the file's, the
// opener's pidfd) are closed before the next is looked at, whatever the
// event was. It returns how many events it read and whether the queue
// overflowed.
func (r *reader) batch(b []byte, g *group) (int, bool) {
	var events, overflows, foreign, unpinned uint64
	for len(b) >= metaLen {
		m := (*unix.FanotifyEventMetadata)(unsafe.Pointer(&b[0]))
		n := int(m.Event_len)
		if n < metaLen || n > len(b) {
			break // malformed; the kernel never sends this
		}
		ev := b[:n]
		b = b[n:]
		var info []byte
		if ml := int(m.Metadata_len); ml >= metaLen && ml <= n {
			info = ev[ml:]
		}
		fd, pid, pidfd := int(m.Fd), int(m.Pid), -1
		if g.pidfd {
			pidfd = pidfdOf(info)
		}
		var path string
		switch {
		case m.Mask&unix.FAN_Q_OVERFLOW != 0:
			overflows++
		case m.Vers != unix.FANOTIFY_METADATA_VERSION || pid == r.self:
			events++
		case pid == 0:
			events++
			foreign++
		case g.fid:
			events++
			path = r.byName(info)
		case fd >= 0:
			events++
			// The name filter comes first; nothing else is done for an
			// open that is not a model's.
			link, ok := r.readlink(fd)
			unix.Close(fd)
			fd = -1
			if ok && IsModelName(link) {
				path = strings.Clone(link)
			}
		default:
			events++
		}
		if path != "" {
			if start, ok := r.opener(g.pidfd, pid, pidfd); ok {
				r.t.record(Proc{PID: pid, Start: start}, path, r.t.st.now())
			} else {
				unpinned++
			}
		}
		if fd >= 0 {
			unix.Close(fd)
		}
		if pidfd >= 0 {
			unix.Close(pidfd)
		}
	}
	r.t.mu.Lock()
	r.t.stats.Events += events
	r.t.stats.Overflows += overflows
	r.t.stats.Foreign += foreign
	r.t.stats.Unpinned += unpinned
	r.t.mu.Unlock()
	return int(events), overflows > 0
}

// pidfdOf returns the pidfd an event's info records carry: negative when
// none, FAN_NOPIDFD when the opener had exited as the event was read.
func pidfdOf(info []byte) int {
	ne := binary.NativeEndian
	for len(info) >= 4 {
		typ, l := info[0], int(ne.Uint16(info[2:4]))
		if l < 4 || l > len(info) {
			break
		}
		// header(4) pidfd(4)
		if typ == unix.FAN_EVENT_INFO_TYPE_PIDFD && l >= 8 {
			return int(int32(ne.Uint32(info[4:8])))
		}
		info = info[l:]
	}
	return unix.FAN_NOPIDFD
}

// opener returns pid's start if the process holding pid now is the
// event's opener. Pinned, the kernel made a pidfd only if the opener still
// lived when gtm read the event; as a PID is not reused while its process
// lives (a zombie too), a start read before the pidfd is found alive is
// the opener's. Unpinned (before Linux 5.15), whoever holds pid now is
// taken for the opener.
func (r *reader) opener(pinned bool, pid, pidfd int) (uint64, bool) {
	if pinned && pidfd < 0 {
		return 0, false // FAN_NOPIDFD: exited; FAN_EPIDFD: no pidfd made
	}
	start, ok := r.startOf(pid)
	if !ok {
		return 0, false
	}
	// Signal 0 sends nothing; EPERM (another user's, without CAP_KILL)
	// still says it lives.
	if pinned && errors.Is(unix.PidfdSendSignal(pidfd, 0, nil, 0), unix.ESRCH) {
		return 0, false
	}
	return start, true
}

// startOf reads pid's start from /proc/PID/stat: /proc is this PID
// namespace's, as the events' PIDs are.
func (r *reader) startOf(pid int) (uint64, bool) {
	fd, err := unix.Open("/proc/"+strconv.Itoa(pid)+"/stat", unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return 0, false
	}
	n, err := unix.Read(fd, r.stat)
	unix.Close(fd)
	if err != nil || n <= 0 || n == len(r.stat) {
		return 0, false
	}
	return parseStart(r.stat[:n])
}

// StartTicks reads pid's start (clock ticks after boot) under procRoot.
func StartTicks(procRoot string, pid int) (uint64, bool) {
	b, err := procroot.ReadFile(filepath.Join(procRoot, strconv.Itoa(pid), "stat"), statMax)
	if err != nil {
		return 0, false
	}
	return parseStart(b)
}

// byName names a name-reporting event's file from its info records: the
// directory's handle and the name opened in it; "" when it is no model's.
// Only a model's name costs syscalls (to name the directory).
func (r *reader) byName(info []byte) string {
	ne := binary.NativeEndian
	for len(info) >= 4 {
		typ, l := info[0], int(ne.Uint16(info[2:4]))
		if l < 4 || l > len(info) {
			return ""
		}
		rec := info[:l]
		info = info[l:]
		// header(4) fsid(8) handle_bytes(4) handle_type(4) f_handle name\0
		if typ != unix.FAN_EVENT_INFO_TYPE_DFID_NAME || len(rec) < 20 {
			continue
		}
		hb := int(ne.Uint32(rec[12:16]))
		if hb > len(rec)-20 {
			return ""
		}
		name := rec[20+hb:]
		if i := bytes.IndexByte(name, 0); i >= 0 {
			name = name[:i]
		}
		if len(name) == 0 || !IsModelName(unsafe.String(&name[0], len(name))) {
			return ""
		}
		fsid := unix.Fsid{Val: [2]int32{int32(ne.Uint32(rec[4:8])), int32(ne.Uint32(rec[8:12]))}}
		mfd, ok := r.t.sys.mounts[fsid]
		if !ok {
			return ""
		}
		h := unix.NewFileHandle(int32(ne.Uint32(rec[16:20])), rec[20:20+hb])
		dfd, err := unix.OpenByHandleAt(mfd, h, unix.O_PATH|unix.O_CLOEXEC)
		if err != nil {
			return "" // the directory is gone
		}
		dir, ok := r.readlink(dfd)
		unix.Close(dfd)
		if !ok || !strings.HasPrefix(dir, "/") {
			return ""
		}
		path := strings.TrimSuffix(dir, "/") + "/" + string(name)
		if !IsModelName(path) { // the full path may be under /dev
			return ""
		}
		return path
	}
	return ""
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

// record notes one model open. Called by the event reader.
func (t *Tracer) record(p Proc, path string, at time.Time) {
	t.mu.Lock()
	t.st.add(p, path, at, &t.stats)
	t.mu.Unlock()
}
