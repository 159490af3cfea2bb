package opens

// The Windows tracer's portable half: the Kernel-File create event's
// decoding, NT device paths to drive paths, and the trace session's
// lifecycle behind etwCalls, so all three are tested on any OS.
// opens_windows.go makes the advapi32 calls.

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf16"
)

// sessionName names gtm's trace session: a session a crashed gtm left
// behind is found by it (and `logman stop gtm-trace-opens -ets` stops it
// by hand).
const sessionName = "gtm-trace-opens"

// EVENT_HEADER.Flags bits saying the pointer size of the event's
// producer (evntcons.h: EVENT_HEADER_FLAG_32_BIT_HEADER 0x0020,
// EVENT_HEADER_FLAG_64_BIT_HEADER 0x0040).
const (
	headerFlag32 = 0x0020
	headerFlag64 = 0x0040
)

// decodeCreate returns the FileName of a Kernel-File Create event's
// payload. The layouts, from the manifest as OSSEM lists them
// (…/Microsoft-Windows-Kernel-File/events/event-12.md and event-12_v1.md):
//
//	v0: Irp Pointer, ThreadId Pointer, FileObject Pointer, CreateOptions
//	    UInt32, CreateAttributes UInt32, ShareAccess UInt32, FileName
//	    UnicodeString
//	v1: Irp Pointer, FileObject Pointer, IssuingThreadId UInt32,
//	    CreateOptions UInt32, CreateAttributes UInt32, ShareAccess UInt32,
//	    FileName UnicodeString
//
// A Pointer is 4 or 8 bytes as the header's flags say; a UnicodeString is
// UTF-16LE ending at a NUL or the payload's end. The fixed part matches
// the kernel logger's documented FileIo_Create (learn.microsoft.com/
// windows/win32/etw/fileio-create: IrpPtr, TTID, FileObject pointers,
// three uint32s, then OpenPath, a NUL-terminated wide string).
func decodeCreate(version uint8, ptr64 bool, data []byte) (string, error) {
	ptr := 4
	if ptr64 {
		ptr = 8
	}
	var off int
	switch version {
	case 0:
		off = 3*ptr + 3*4
	case 1:
		off = 2*ptr + 4*4
	default:
		return "", fmt.Errorf("opens: Kernel-File Create version %d is not known", version)
	}
	if len(data) < off {
		return "", fmt.Errorf("opens: Kernel-File Create v%d payload is %d bytes, its fixed part %d", version, len(data), off)
	}
	name := data[off:]
	u := make([]uint16, 0, len(name)/2)
	for i := 0; i+1 < len(name); i += 2 {
		c := binary.LittleEndian.Uint16(name[i:])
		if c == 0 {
			break
		}
		u = append(u, c)
	}
	return string(utf16.Decode(u)), nil
}

// volume maps an NT device name (\Device\HarddiskVolume3) to the drive
// that names it for users (C:), as QueryDosDeviceW reports it.
type volume struct{ device, drive string }

// dosPath names an event's NT path as users and gtm's own file reads do:
// \Device\HarddiskVolume3\m\x.gguf is C:\m\x.gguf, \Device\Mup\srv\s\x
// is \\srv\s\x. A path on a volume with no drive letter has no such name.
func dosPath(vols []volume, nt string) (string, bool) {
	if rest, ok := strings.CutPrefix(nt, `\Device\Mup\`); ok {
		return `\\` + rest, true
	}
	for _, v := range vols {
		if rest, ok := strings.CutPrefix(nt, v.device); ok && strings.HasPrefix(rest, `\`) {
			return v.drive + rest, true
		}
	}
	return "", false
}

// createEvent is what a Kernel-File Create event says that gtm uses.
type createEvent struct {
	pid     uint32 // EVENT_HEADER.ProcessId: the issuing process
	version uint8  // EVENT_DESCRIPTOR.Version
	flags   uint16 // EVENT_HEADER.Flags
	data    []byte // UserData, valid during the callback only
}

// pinner pins an event's process: its start as the platform dates it
// (FILETIME of its creation on Windows), false when it has exited or
// cannot be opened.
type pinner func(pid int) (uint64, bool)

// onCreate records a create event when it names a model file: decoded,
// named by drive, filtered by name before anything costs a syscall, and
// kept under its opener pinned now (see Tracer). self is gtm's PID.
func (t *Tracer) onCreate(ev createEvent, vols []volume, self int, pin pinner, now time.Time) {
	t.mu.Lock()
	t.stats.Events++
	t.mu.Unlock()
	if int(ev.pid) == self {
		return
	}
	nt, err := decodeCreate(ev.version, ev.flags&headerFlag32 == 0, ev.data)
	if err != nil || !IsModelName(nt) {
		return
	}
	path, ok := dosPath(vols, nt)
	if !ok {
		t.mu.Lock()
		t.stats.Unnamed++
		t.mu.Unlock()
		return
	}
	start, ok := pin(int(ev.pid))
	t.mu.Lock()
	defer t.mu.Unlock()
	if !ok {
		t.stats.Unpinned++
		return
	}
	t.st.add(Proc{PID: int(ev.pid), Start: start}, path, now, &t.stats)
}

// etwCalls are the advapi32 calls a real-time trace session makes
// (opens_windows.go), behind an interface so that the lifecycle is tested
// with fakes.
type etwCalls interface {
	start(name string) (uint64, error) // StartTraceW
	stop(name string) error            // ControlTraceW(EVENT_TRACE_CONTROL_STOP), by name
	enable(session uint64) error       // EnableTraceEx2: Kernel-File, create keyword
	open(name string) (uint64, error)  // OpenTraceW: a real-time consumer
	process(trace uint64) error        // ProcessTrace: blocks until the session ends
	closeTrace(trace uint64) error     // CloseTrace
}

// Win32 errors the lifecycle tells apart (winerror.h).
const (
	errAccessDenied  = syscall.Errno(5)    // ERROR_ACCESS_DENIED
	errAlreadyExists = syscall.Errno(183)  // ERROR_ALREADY_EXISTS
	errClosePending  = syscall.Errno(7007) // ERROR_CTX_CLOSE_PENDING: CloseTrace while ProcessTrace delivers
	errNotFound      = syscall.Errno(4201) // ERROR_WMI_INSTANCE_NOT_FOUND: no such session
)

// ErrNeedsAdmin is returned on Windows when the trace session is refused
// to gtm's rights.
var ErrNeedsAdmin = errors.New("file-open tracing needs an elevated gtm (run as administrator); models read and closed stay candidates")

// session is a running trace session and its consumer.
type session struct {
	calls etwCalls
	name  string
	trace uint64
	done  chan struct{} // closed when ProcessTrace returned
	once  sync.Once
}

// startSession starts the named session, after stopping one a crashed
// gtm left behind under the name, enables the provider, and consumes its
// events on a goroutine. Whatever fails stops what was started.
func startSession(c etwCalls, name string) (*session, error) {
	h, err := c.start(name)
	if errors.Is(err, errAlreadyExists) {
		if serr := c.stop(name); serr != nil && !errors.Is(serr, errNotFound) {
			return nil, sessionErr("stopping the session a previous gtm left (ControlTraceW)", serr)
		}
		h, err = c.start(name)
	}
	if err != nil {
		return nil, sessionErr("StartTraceW", err)
	}
	if err := c.enable(h); err != nil {
		_ = c.stop(name)
		return nil, sessionErr("EnableTraceEx2", err)
	}
	tr, err := c.open(name)
	if err != nil {
		_ = c.stop(name)
		return nil, sessionErr("OpenTraceW", err)
	}
	s := &session{calls: c, name: name, trace: tr, done: make(chan struct{})}
	go func() {
		defer close(s.done)
		_ = c.process(tr) // its end is the session's: nothing to tell
	}()
	return s, nil
}

// sessionErr: a refusal to gtm's rights is the one line users act on;
// anything else says that this system gives no kernel trace, and why.
func sessionErr(call string, err error) error {
	if errors.Is(err, errAccessDenied) {
		return ErrNeedsAdmin
	}
	return fmt.Errorf("%w: no real-time kernel trace session (%s: %v)", ErrUnsupported, call, err)
}

// close stops the session (ProcessTrace then returns once it has
// delivered what was buffered), closes the consumer and waits for it.
// Safe to call more than once.
func (s *session) close() error {
	var err error
	s.once.Do(func() {
		serr := s.calls.stop(s.name)
		stopped := serr == nil || errors.Is(serr, errNotFound)
		cerr := s.calls.closeTrace(s.trace)
		closed := cerr == nil || errors.Is(cerr, errClosePending)
		switch {
		case !stopped:
			err = fmt.Errorf("opens: stopping the trace session: %w", serr)
		case !closed:
			err = fmt.Errorf("opens: closing the trace: %w", cerr)
		}
		if stopped || closed {
			<-s.done // either ends ProcessTrace; with neither it may never return
		}
	})
	return err
}
