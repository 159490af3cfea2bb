// Package opens names the model files processes open, from the kernel's
// file-open notifications (fanotify on Linux), so that a runtime that reads
// a model and closes it (whisper.cpp, faster-whisper, ONNX Runtime,
// torch.load, safetensors loaders) still leaves a trace once nothing of the
// file stays mapped.
//
// The tracer only notes what was opened: it never reads a file's contents
// and never opens a file itself. Read by fd, the kernel hands it a
// descriptor per event, closed at once; read by name, it opens only the
// directory of a model-named file (O_PATH, from the event's handle) to name
// it. An open proves the process read the file at some time,
// not that the model is in GPU memory; callers check the file's format with
// the opener's rights before naming it.
//
// Names are filtered first, before anything costly: only model-like names
// (IsModelName) under paths outside /proc, /sys and /dev are kept, and gtm's
// own opens are ignored. Where the kernel and filesystem allow it (Linux
// 5.9+, filesystems with file handles: ext4 and tmpfs tested) events
// carry the opened name, so an open that is no model's costs gtm one close
// (of the pidfd that pins its opener, see Tracer); elsewhere (overlayfs,
// ramfs, older kernels) each event brings an fd that costs a readlink and
// a close more (Stats.PerEventFD says where). Events are read in bursts:
// an open is seen within half a second. Each is kept under its opener's
// PID and start (Proc), so a process given the PID later is another.
// Everything is bounded: opens per process (Options.PerPID), processes
// (Options.MaxPIDs), age (Options.MaxAge), the bytes kept (Options.MaxBytes:
// paths can be PATH_MAX long), and the kernel's event queue (16,384
// events; an overflow is counted, never waited on).
//
// # Namespaces and containers
//
// Paths are as /proc/self/fd/N names them: gtm's own mount namespace view.
// A process in a container opens /models/x.gguf; gtm sees the path under its
// own root (for example /var/lib/docker/overlay2/…/merged/models/x.gguf),
// or a path that does not exist for gtm when the file's mount is not visible
// in gtm's namespace. A filesystem is named through the first of
// Options.Paths on it: a file outside that directory's mount (a bind mount
// of a subtree) may be named from the filesystem's root instead. PIDs are
// in gtm's PID namespace, and their starts are read from its /proc: the
// kernel reports 0 for an opener outside it (gtm itself running in a
// container and a host process opening a file on a shared filesystem);
// such events are dropped and counted in Stats.Foreign. A gtm inside a container also needs
// CAP_SYS_ADMIN in the initial user namespace to mark filesystems, which a
// container rarely has: Start then fails with ErrNeedsCap.
//
// # Windows
//
// On Windows (opens_windows.go) an elevated gtm runs a real-time trace
// session, "gtm-trace-opens", with the Microsoft-Windows-Kernel-File
// provider's create events: the opener's PID and the file's NT path, named
// by drive letter. Every local volume is seen, so Options.Paths are not
// needed there. An opener is pinned by its creation time (a FILETIME) when
// gtm reads the event, about a second after the open. The session is
// stopped by Close; one a crashed gtm left behind is stopped by the next
// Start. Refused to gtm's rights, Start returns ErrNeedsAdmin; where the
// system has no kernel trace (Wine) it returns ErrUnsupported.
//
// Start is opens_linux.go's and opens_windows.go's; callers elsewhere
// answer ErrUnsupported (cmd/gtm's trace_other.go).
package opens

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gputaskman/gtm/inspect/stores"
)

// Proc is one process: its PID and its start, in clock ticks after boot
// (/proc/PID/stat field 22), so that a later process given the same PID is
// another. Ticks are exact (10 ms); a time from btime is not (1 s).
type Proc struct {
	PID   int
	Start uint64
}

// Open is one model file a process opened, as fanotify reported it.
type Open struct {
	// Proc is the opener, pinned when gtm read the event (see Tracer).
	Proc
	// Path is as /proc/self/fd/N names it in gtm's mount namespace; the
	// opener's namespace may name the same file differently (see the
	// package doc).
	Path string
	At   time.Time // when gtm read the event: within a second of the open
}

// Options bound the tracer; zero values take the defaults.
type Options struct {
	// Paths are directories whose filesystems are marked
	// (FAN_MARK_FILESYSTEM, falling back to FAN_MARK_MOUNT where the
	// filesystem mark is refused); several on one filesystem mark it once.
	Paths   []string
	PerPID  int           // opens kept per process, newest first (default 16)
	MaxPIDs int           // processes kept (default 1024), least recently opening dropped
	MaxAge  time.Duration // opens older than this are dropped (default 30 min)
	// MaxBytes bounds the store's size: its paths' bytes plus 64 an open
	// and 128 a process (default 4 MiB), the least recently opening
	// processes dropped first.
	MaxBytes int
}

// Defaults for Options' zero values.
const (
	DefaultPerPID  = 16
	DefaultMaxPIDs = 1024
	DefaultMaxAge  = 30 * time.Minute
	// DefaultMaxBytes holds what the counts allow with the paths models
	// have (an HF snapshot's or an Ollama blob's, 100–150 bytes: 1024 × 16
	// opens need up to 3.5 MiB), so only longer names meet it; without it
	// paths of PATH_MAX would hold 64 MiB.
	DefaultMaxBytes = 4 << 20
	// MaxPath is PATH_MAX: a longer path names no file and is not kept.
	MaxPath = 4096
)

// Stats counts what the tracer saw since Start.
type Stats struct {
	Events    uint64 // events read, model or not (overflow notices excluded)
	Kept      uint64 // model opens recorded
	Dropped   uint64 // recorded opens dropped since by the bounds (PerPID, MaxPIDs, MaxAge, MaxBytes)
	OverBytes uint64 // of Dropped, those dropped by MaxBytes
	TooLong   uint64 // model opens not kept: the path is MaxPath bytes or more
	Overflows uint64 // kernel queue overflows: events lost before gtm read them
	Foreign   uint64 // events from processes outside gtm's PID namespace (PID 0), dropped
	// Unpinned counts model opens dropped because their opener could not
	// be pinned: it had exited when gtm read the event (its PID may be
	// another process's by then), or its start could not be read.
	Unpinned uint64
	// Unnamed counts Windows model opens on volumes with no drive letter
	// (or UNC name): gtm could not read them by the name the kernel gave.
	Unnamed uint64
	// ByPID says why openers are dated when gtm reads their events rather
	// than pinned by the kernel ("" when pinned; see Tracer).
	ByPID  string
	Marked []string
	// MountOnly lists the dirs in Marked whose filesystem mark was refused
	// and whose mount was marked instead ("dir: why"): opens of the same
	// filesystem through another mount are not seen.
	MountOnly []string
	// PerEventFD lists the dirs in Marked whose filesystem refused
	// name-reporting marks ("dir: why"): each open there costs gtm an fd,
	// a readlink and a close, model or not.
	PerEventFD []string
	Refused    []string // dirs that could not be marked, "dir: why"
}

var (
	// ErrNeedsCap is returned when the kernel refuses fanotify to gtm's
	// rights (EPERM from fanotify_init).
	ErrNeedsCap = errors.New("file-open tracing needs root or CAP_SYS_ADMIN; models read and closed stay candidates")
	// ErrUnsupported is returned when not on Linux, or when the kernel
	// refuses fanotify (ENOSYS, EINVAL); the wrapping error says which.
	ErrUnsupported = errors.New("file-open tracing is not supported")
)

// modelExts are the model file extensions worth keeping, lower case.
var modelExts = []string{".gguf", ".safetensors", ".onnx", ".bin", ".pt", ".pth", ".ckpt", ".tflite", ".engine", ".plan", ".mlmodel", ".ggml"}

// IsModelName reports whether path's name looks like a model file: a model
// extension (any case), an Ollama blob (sha256-…) or a whisper.cpp model
// (ggml-…). Paths under /proc, /sys and /dev are never models.
func IsModelName(path string) bool {
	if underPseudo(path) {
		return false
	}
	base := path
	if i := strings.LastIndexAny(path, `/\`); i >= 0 { // Windows names by either
		base = path[i+1:]
	}
	if base == "" {
		return false
	}
	if strings.HasPrefix(base, "sha256-") || strings.HasPrefix(base, "ggml-") {
		return true
	}
	dot := strings.LastIndexByte(base, '.')
	if dot < 0 || len(base)-dot > len(".safetensors") {
		return false // no extension, or longer than any kept one
	}
	ext := base[dot:]
	for _, e := range modelExts {
		if strings.EqualFold(ext, e) {
			return true
		}
	}
	return false
}

// parseStart reads a /proc/PID/stat line's starttime (field 22): the
// process's start in clock ticks after boot. The command name may hold
// spaces and ')', so fields are counted after the last ')'.
func parseStart(stat []byte) (uint64, bool) {
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, false
	}
	f := bytes.Fields(stat[i+1:]) // f[0] is field 3, the state
	if len(f) < 20 {
		return 0, false
	}
	start, err := strconv.ParseUint(string(f[19]), 10, 64)
	return start, err == nil
}

func underPseudo(path string) bool {
	for _, p := range []string{"/proc", "/sys", "/dev"} {
		if rest, ok := strings.CutPrefix(path, p); ok && (rest == "" || rest[0] == '/') {
			return true
		}
	}
	return false
}

// DefaultPaths lists the model stores gtm knows that exist: Ollama's
// (~/.ollama/models, /usr/share/ollama/.ollama/models), LM Studio's
// (~/.lmstudio/models, ~/.cache/lm-studio/models), the Hugging Face cache
// roots, the home directories (/home, /root) and the usual model folders
// (/models, /mnt, /data, /opt). home "" leaves out the per-user ones; env
// nil reads no variables.
func DefaultPaths(home string, env func(string) string) []string {
	if env == nil {
		env = func(string) string { return "" }
	}
	var c []string
	if v := env("OLLAMA_MODELS"); v != "" {
		c = append(c, v)
	}
	if home != "" {
		c = append(c,
			filepath.Join(home, ".ollama", "models"),
			filepath.Join(home, ".lmstudio", "models"),
			filepath.Join(home, ".cache", "lm-studio", "models"))
	}
	c = append(c, "/usr/share/ollama/.ollama/models")
	c = append(c, stores.HFRootCandidates(env, home)...)
	c = append(c, "/home", "/root", "/models", "/mnt", "/data", "/opt")
	var out []string
	for _, p := range c {
		if !filepath.IsAbs(p) {
			continue // relative to nothing gtm knows
		}
		p = filepath.Clean(p)
		if slices.Contains(out, p) {
			continue
		}
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			out = append(out, p)
		}
	}
	return out
}

// Tracer collects model opens until Close. Its methods are safe for
// concurrent use, and on a nil Tracer (tracing unavailable) they return
// nothing.
//
// An open is kept under its opener's Proc, learned as gtm reads the event,
// up to half a second after the open: by then the opener may have exited
// and its PID gone to another process. Where the kernel pins the opener in
// the event (FAN_REPORT_PIDFD, Linux 5.15+) an opener that exited is
// dropped (Stats.Unpinned), and the start read is counted only if the
// pinned process still lives after the read. Elsewhere (Stats.ByPID says
// why) the process holding the PID when the event is read is taken for
// the opener: a PID reused within that half second would be credited.
type Tracer struct {
	mu    sync.Mutex
	st    store
	stats Stats

	sys sysTracer // the platform's event source
}

// Opened returns the model files p opened, newest first, within MaxAge;
// nil when none are known. Another process with p's PID is another Proc.
func (t *Tracer) Opened(p Proc) []Open {
	if t == nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.st.opened(p, &t.stats)
}

// Forget drops every process keep says no to (those that exited). keep
// runs with the tracer locked: it should be cheap.
func (t *Tracer) Forget(keep func(Proc) bool) {
	if t == nil || keep == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.st.forget(keep, &t.stats)
}

// Stats returns the counters and marks; a copy.
func (t *Tracer) Stats() Stats {
	if t == nil {
		return Stats{}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.stats
	s.Marked = slices.Clone(s.Marked)
	s.MountOnly = slices.Clone(s.MountOnly)
	s.PerEventFD = slices.Clone(s.PerEventFD)
	s.Refused = slices.Clone(s.Refused)
	return s
}

// Close stops reading events and releases the kernel's resources; the
// opens already recorded stay readable.
func (t *Tracer) Close() error {
	if t == nil {
		return nil
	}
	return t.sys.close()
}

// store keeps the opens within Options' bounds.
type store struct {
	perPID   int
	maxPIDs  int
	maxBytes int
	maxAge   time.Duration
	now      func() time.Time
	procs    map[Proc]*procOpens
	// bytes is what the kept opens cost (see openCost); lru is a ring through
	// the processes, the most recently opening at lru.next and the least at
	// lru.prev, so that a bound drops the stalest in constant time.
	bytes int
	lru   *procOpens
}

type procOpens struct {
	proc       Proc
	opens      []Open // newest first, at most perPID
	last       time.Time
	prev, next *procOpens
}

// What an open and a process cost the store beyond their paths' bytes:
// the Open record (56 bytes) and a process's map entry, list links and
// slice header, rounded up.
const (
	openOverhead = 64
	procOverhead = 128
)

func openCost(o Open) int { return len(o.Path) + openOverhead }

func newStore(o Options) store {
	s := store{perPID: o.PerPID, maxPIDs: o.MaxPIDs, maxBytes: o.MaxBytes, maxAge: o.MaxAge, now: time.Now, procs: map[Proc]*procOpens{}}
	if s.perPID <= 0 {
		s.perPID = DefaultPerPID
	}
	if s.maxPIDs <= 0 {
		s.maxPIDs = DefaultMaxPIDs
	}
	if s.maxBytes <= 0 {
		s.maxBytes = DefaultMaxBytes
	}
	// One open of the longest path always fits, so the newest is kept.
	s.maxBytes = max(s.maxBytes, MaxPath+openOverhead+procOverhead)
	if s.maxAge <= 0 {
		s.maxAge = DefaultMaxAge
	}
	s.lru = &procOpens{}
	s.lru.next, s.lru.prev = s.lru, s.lru
	return s
}

// add records an open. A path the process already opened moves to the
// front rather than taking a second slot: loaders open one file several
// times (header, then tensors), which must not push other models out.
func (s *store) add(proc Proc, path string, at time.Time, st *Stats) {
	if len(path) >= MaxPath {
		st.TooLong++ // no file is named so: PATH_MAX counts the NUL
		return
	}
	st.Kept++
	p := s.procs[proc]
	if p == nil {
		if len(s.procs) >= s.maxPIDs {
			s.evict(s.lru.prev, st)
		}
		p = &procOpens{proc: proc, opens: make([]Open, 0, min(s.perPID, 4))}
		s.procs[proc] = p
		s.bytes += procOverhead
	} else {
		p.prev.next, p.next.prev = p.next, p.prev
	}
	p.prev, p.next = s.lru, s.lru.next
	p.next.prev, s.lru.next = p, p
	p.last = at
	if i := slices.IndexFunc(p.opens, func(o Open) bool { return o.Path == path }); i >= 0 {
		s.bytes -= openCost(p.opens[i])
		p.opens = slices.Delete(p.opens, i, i+1)
	} else if len(p.opens) >= s.perPID {
		st.Dropped += uint64(s.trim(p, s.perPID-1))
	}
	o := Open{Proc: proc, Path: path, At: at}
	p.opens = slices.Insert(p.opens, 0, o)
	s.bytes += openCost(o)
	s.fit(p, st)
}

// fit drops the least recently opening processes, then p's own oldest
// opens, until the store is within maxBytes: long paths must not hold
// what the counts allow (1024 processes × 16 opens × 4 KiB is 64 MiB).
func (s *store) fit(p *procOpens, st *Stats) {
	for s.bytes > s.maxBytes {
		if v := s.lru.prev; v != p {
			st.OverBytes += uint64(len(v.opens))
			s.evict(v, st)
			continue
		}
		// p alone is over (a MaxBytes below one process's opens): its
		// oldest go, never its newest, which fits by newStore's floor.
		n := s.trim(p, len(p.opens)-1)
		st.Dropped += uint64(n)
		st.OverBytes += uint64(n)
	}
}

// trim keeps p's n newest opens and returns how many it dropped.
func (s *store) trim(p *procOpens, n int) int {
	dropped := len(p.opens) - n
	for _, o := range p.opens[n:] {
		s.bytes -= openCost(o)
	}
	clear(p.opens[n:])
	p.opens = p.opens[:n]
	return dropped
}

// evict drops p with its opens, counted as dropped by the bounds.
func (s *store) evict(p *procOpens, st *Stats) {
	if p == s.lru {
		return // empty
	}
	st.Dropped += uint64(len(p.opens))
	s.remove(p)
}

// remove drops p from the store.
func (s *store) remove(p *procOpens) {
	s.trim(p, 0)
	s.bytes -= procOverhead
	p.prev.next, p.next.prev = p.next, p.prev
	p.prev, p.next = nil, nil
	delete(s.procs, p.proc)
}

func (s *store) opened(proc Proc, st *Stats) []Open {
	p := s.procs[proc]
	if p == nil {
		return nil
	}
	cut := s.now().Add(-s.maxAge)
	n := len(p.opens)
	for n > 0 && p.opens[n-1].At.Before(cut) {
		n--
	}
	st.Dropped += uint64(s.trim(p, n))
	if n == 0 {
		s.remove(p)
		return nil
	}
	return slices.Clone(p.opens)
}

func (s *store) forget(keep func(Proc) bool, st *Stats) {
	cut := s.now().Add(-s.maxAge)
	for proc, p := range s.procs {
		switch {
		case !keep(proc):
			s.remove(p)
		case p.last.Before(cut):
			// Its newest open aged out: nothing of it would be returned.
			s.evict(p, st)
		}
	}
}
