package linux

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/internal/procroot"
	"github.com/gputaskman/gtm/internal/schema"
)

// userHZ is the kernel's USER_HZ, the unit of /proc/<pid>/stat start times.
// It is 100 on every Linux architecture Go supports.
const userHZ = 100

// clockTick is one USER_HZ tick: 10 ms, exact in nanoseconds.
const clockTick = time.Second / userHZ

// ProcFS reads processes under a proc root ("/proc" on a real system).
// Details are cached per (pid, start time, command name) and re-validated
// from /proc/<pid>/stat on every lookup, so a reused PID is never shown
// with the previous process's details, nor an exec'd one with its parent's.
type ProcFS struct {
	root string

	// pods names the pods of processes that run in one; nil leaves only
	// their UIDs and container IDs.
	pods *PodNames

	// readlink is os.Readlink; tests replace it to simulate permission
	// errors, which root (who runs CI) never gets.
	readlink func(string) (string, error)

	// now is the clock CPU load is measured against; tests replace it.
	now func() time.Time

	mu       sync.Mutex
	bootTime *time.Time
	cache    map[int]cachedInfo
	users    map[string]*string
	cpuTimes map[int]cpuSample
	numCPU   int
}

// cpuSample is a process's cumulative CPU time at one moment, kept to
// compute its load at the next reading.
type cpuSample struct {
	startTicks uint64 // a different start time is a reused PID
	ticks      uint64 // utime + stime
	at         time.Time
}

// cachedInfo is valid while the process's start time and command name are
// unchanged: a new start time is a reused PID, a new name an exec.
type cachedInfo struct {
	startTicks uint64
	comm       string
	info       backend.ProcessInfo
}

// NewProcFS returns a reader for the proc tree at root.
func NewProcFS(root string) *ProcFS {
	return &ProcFS{root: root, readlink: os.Readlink, now: time.Now,
		cache: map[int]cachedInfo{}, users: map[string]*string{}, cpuTimes: map[int]cpuSample{}}
}

// SetHostRoot names pods from the kubelet's log folders under dir (the
// node's root, "/" when gtm runs on it).
func (p *ProcFS) SetHostRoot(dir string) { p.pods = NewPodNames(dir) }

// SetCRISocket also names pods from the kubelet's labels the container
// runtime at socket gives, where the folders do not; warn hears failures.
func (p *ProcFS) SetCRISocket(socket string, warn func(error)) {
	if p.pods == nil {
		p.pods = NewPodNames("/")
	}
	p.pods.UseCRI(socket, warn)
}

// named fills a pod's names from the kubelet's folders on every lookup: a
// process is cached for its life, but its pod's folders may appear later.
func (p *ProcFS) named(info backend.ProcessInfo) backend.ProcessInfo {
	if info.Pod != nil {
		info.Pod = p.pods.Resolve(info.Pod.UID, info.Pod.ContainerID)
	}
	return info
}

// SourceName is the process-details source's name in snapshots.
const SourceName = "procfs"

// Health implements backend.ProcessSource: the proc root must give a boot
// time, or no start time (and so no PID-reuse check) can be computed.
func (p *ProcFS) Health() schema.SourceStatus {
	if _, err := p.BootTime(); err != nil {
		return schema.Failed(SourceName, err)
	}
	return schema.OK(SourceName)
}

// statFields is what one /proc/<pid>/stat line gives us.
type statFields struct {
	comm         string
	state        byte
	ppid         int
	utime, stime uint64 // CPU time in user and kernel mode, USER_HZ ticks
	startTicks   uint64
}

// gone reports whether a /proc read failed because the process is gone:
// ENOENT once it is reaped, ESRCH when it was reaped between open and read.
// Either is "exited", never "hidden by permissions".
func gone(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ESRCH)
}

// zombie: the process exited (Z) or is being torn down (X) but is still
// listed.
func (f statFields) zombie() bool { return f.state == 'Z' || f.state == 'X' }

// parseStat parses /proc/<pid>/stat. The command name is in parentheses
// and may itself contain spaces and ')', so fields are counted from the
// last ')'.
func parseStat(b []byte) (statFields, error) {
	open := bytes.IndexByte(b, '(')
	closeIdx := bytes.LastIndexByte(b, ')')
	if open < 0 || closeIdx < open {
		return statFields{}, errors.New("malformed stat: no command name")
	}
	f := statFields{comm: string(b[open+1 : closeIdx])}
	rest := strings.Fields(string(b[closeIdx+1:]))
	// rest[0] is field 3 (state); ppid is field 4, utime and stime
	// fields 14 and 15, starttime field 22.
	if len(rest) < 20 {
		return statFields{}, fmt.Errorf("malformed stat: %d fields after the command name", len(rest))
	}
	ppid, err := strconv.Atoi(rest[1])
	if err != nil {
		return statFields{}, fmt.Errorf("malformed stat ppid: %w", err)
	}
	start, err := strconv.ParseUint(rest[19], 10, 64)
	if err != nil {
		return statFields{}, fmt.Errorf("malformed stat starttime: %w", err)
	}
	utime, err := strconv.ParseUint(rest[11], 10, 64)
	if err != nil {
		return statFields{}, fmt.Errorf("malformed stat utime: %w", err)
	}
	stime, err := strconv.ParseUint(rest[12], 10, 64)
	if err != nil {
		return statFields{}, fmt.Errorf("malformed stat stime: %w", err)
	}
	f.ppid, f.startTicks, f.state = ppid, start, rest[0][0]
	f.utime, f.stime = utime, stime
	return f, nil
}

// BootTime reads btime from <root>/stat, once.
func (p *ProcFS) BootTime() (time.Time, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.bootTimeLocked()
}

func (p *ProcFS) bootTimeLocked() (time.Time, error) {
	if p.bootTime != nil {
		return *p.bootTime, nil
	}
	b, _, err := procroot.ReadPrefix(filepath.Join(p.root, "stat"), maxMachineStat)
	if err != nil {
		return time.Time{}, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "btime "); ok {
			secs, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			if err != nil {
				return time.Time{}, fmt.Errorf("malformed btime: %w", err)
			}
			t := time.Unix(secs, 0).UTC()
			p.bootTime = &t
			return t, nil
		}
	}
	return time.Time{}, errors.New("no btime in stat")
}

// StartTicks turns a StartTime this source gave back into the process's
// /proc/<pid>/stat starttime (clock ticks after boot), exactly: both are
// dated from the one boot time read. A time on no tick after it is none
// this source gave. btime has whole seconds only, so comparing start
// times with other clocks is off by up to a second; comparing ticks is not.
func (p *ProcFS) StartTicks(start time.Time) (uint64, bool) {
	bt, err := p.BootTime()
	if err != nil || start.Before(bt) {
		return 0, false
	}
	d := start.Sub(bt)
	if d%clockTick != 0 {
		return 0, false
	}
	return uint64(d / clockTick), true
}

// Lookup returns what /proc says about pid. It never fails: what cannot be
// read is nil, and Exists/Restricted say why.
func (p *ProcFS) Lookup(pid int) backend.ProcessInfo {
	dir := filepath.Join(p.root, strconv.Itoa(pid))
	statBytes, err := procroot.ReadFile(filepath.Join(dir, "stat"), maxStat)
	if err != nil {
		p.forget(pid)
		info := backend.ProcessInfo{PID: pid}
		if !gone(err) {
			info.Exists, info.Restricted = true, true
		}
		return info
	}
	st, err := parseStat(statBytes)
	if err != nil {
		p.forget(pid)
		return backend.ProcessInfo{PID: pid, Exists: true}
	}

	p.mu.Lock()
	if c, ok := p.cache[pid]; ok && c.startTicks == st.startTicks && c.comm == st.comm {
		p.mu.Unlock()
		info := c.info
		info.Exited = st.zombie()
		return p.named(info)
	}
	p.mu.Unlock()

	info := p.read(pid, dir, st)
	if info.Exited = st.zombie(); info.Exited && len(info.Cmdline) == 0 {
		// A zombie's cmdline reads empty: unknown, not a kernel thread's [].
		info.Cmdline = nil
	}

	// A process caught between exec's new name and its new arguments reads
	// an empty command line: that is not kept, so the next lookup reads
	// again. A kernel thread's is always empty, and kept.
	if len(info.Cmdline) > 0 || info.Exited || pid == 2 || (info.PPID != nil && *info.PPID == 2) {
		p.mu.Lock()
		p.cache[pid] = cachedInfo{startTicks: st.startTicks, comm: st.comm, info: info}
		p.mu.Unlock()
	}
	return p.named(info)
}

// Forget drops cached details of processes not in keep, so the cache stays
// as small as the set of processes being watched.
func (p *ProcFS) Forget(keep map[int]bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for pid := range p.cache {
		if !keep[pid] {
			delete(p.cache, pid)
		}
	}
	for pid := range p.cpuTimes {
		if !keep[pid] {
			delete(p.cpuTimes, pid)
		}
	}
}

func (p *ProcFS) forget(pid int) {
	p.mu.Lock()
	delete(p.cache, pid)
	delete(p.cpuTimes, pid)
	p.mu.Unlock()
}

func (p *ProcFS) read(pid int, dir string, st statFields) backend.ProcessInfo {
	info := backend.ProcessInfo{PID: pid, Exists: true}
	name := st.comm
	if b, err := procroot.ReadFile(filepath.Join(dir, "comm"), maxComm); err == nil {
		if s := strings.TrimRight(string(b), "\n"); s != "" {
			name = s
		}
	}
	info.Name = &name
	ppid := st.ppid
	info.PPID = &ppid

	p.mu.Lock()
	if bt, err := p.bootTimeLocked(); err == nil {
		t := bt.Add(time.Duration(st.startTicks) * clockTick)
		info.StartTime = &t
	}
	p.mu.Unlock()

	restricted := func(err error) {
		if errors.Is(err, fs.ErrPermission) {
			info.Restricted = true
		}
	}
	if exe, err := p.readlink(filepath.Join(dir, "exe")); err == nil {
		exe = strings.TrimSuffix(exe, " (deleted)")
		info.Exe = &exe
	} else {
		restricted(err)
	}
	if cwd, err := p.readlink(filepath.Join(dir, "cwd")); err == nil {
		info.Cwd = &cwd
	} else {
		restricted(err)
	}
	if b, truncated, err := procroot.ReadPrefix(filepath.Join(dir, "cmdline"), MaxCmdline); err == nil {
		info.Cmdline, info.CmdlineTruncated = splitCmdline(b), truncated
	} else {
		restricted(err)
	}
	if b, err := procroot.ReadFile(filepath.Join(dir, "cgroup"), maxCgroup); err == nil {
		if c, ok := containerFromCgroup(string(b)); ok {
			info.Container = &c
		}
		if uid, id, ok := podFromCgroup(string(b)); ok {
			info.Pod = &backend.Pod{UID: uid, ContainerID: id}
		}
	}
	if b, _, err := procroot.ReadPrefix(filepath.Join(dir, "status"), maxStatus); err == nil { // Uid: is near the top
		if uid, ok := statusUID(b); ok {
			info.User = p.userName(uid)
		}
	} else {
		restricted(err)
	}
	return info
}

// MaxCmdline is the most of /proc/<pid>/cmdline read: a process can make
// its arguments as long as the kernel allows (megabytes), and every refresh
// would hold them all. Longer command lines are cut and marked truncated.
const MaxCmdline = 128 << 10

// Bounds on the other /proc files read (procroot reads them without
// blocking, regular files only: a --proc-root tree may hold a FIFO or a
// link to /dev/zero). Each is far above what the kernel writes.
const (
	maxStat   = 8 << 10  // <pid>/stat: one line of 52 numbers and a name
	maxStatm  = 4 << 10  // <pid>/statm: seven numbers
	maxComm   = 4 << 10  // <pid>/comm: at most 64 bytes
	maxCgroup = 64 << 10 // <pid>/cgroup: a line per hierarchy
	maxStatus = 64 << 10 // <pid>/status: only its first lines are used
	// maxMachineStat bounds <root>/stat, whose intr line grows with the
	// machine's interrupts; btime comes after it.
	maxMachineStat = 16 << 20
)

// splitCmdline splits NUL-separated arguments. Some programs rewrite their
// argv into one space-separated string; that is kept as one argument.
func splitCmdline(b []byte) []string {
	b = bytes.TrimRight(b, "\x00")
	if len(b) == 0 {
		return []string{}
	}
	parts := bytes.Split(b, []byte{0})
	out := make([]string, len(parts))
	for i, part := range parts {
		out[i] = string(part)
	}
	return out
}

// statusUID returns the real UID from a /proc/<pid>/status file.
func statusUID(b []byte) (string, bool) {
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "Uid:"); ok {
			f := strings.Fields(v)
			if len(f) > 0 {
				return f[0], true
			}
		}
	}
	return "", false
}

// userName maps a UID to a login name, falling back to the number itself
// (a UID from another user database, e.g. a container's, is still a fact).
func (p *ProcFS) userName(uid string) *string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n, ok := p.users[uid]; ok {
		return n
	}
	name := uid
	if u, err := user.LookupId(uid); err == nil && u.Username != "" {
		name = u.Username
	}
	p.users[uid] = &name
	return &name
}
