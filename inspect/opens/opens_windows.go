package opens

import (
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// The advapi32 calls of a real-time trace session (evntrace.h), no cgo.
var (
	advapi32           = windows.NewLazySystemDLL("advapi32.dll")
	procStartTraceW    = advapi32.NewProc("StartTraceW")
	procControlTraceW  = advapi32.NewProc("ControlTraceW")
	procEnableTraceEx2 = advapi32.NewProc("EnableTraceEx2")
	procOpenTraceW     = advapi32.NewProc("OpenTraceW")
	procProcessTrace   = advapi32.NewProc("ProcessTrace")
	procCloseTrace     = advapi32.NewProc("CloseTrace")
)

// The provider and event gtm enables. Microsoft-Windows-Kernel-File's
// manifest, as OSSEM lists it (github.com/OTRF/OSSEM,
// data_dictionaries/windows/etw-providers/Microsoft-Windows-Kernel-File/
// README.md: event 12 is task Create, keywords KERNEL_FILE_KEYWORD_FILEIO
// and KERNEL_FILE_KEYWORD_CREATE, versions 0 and 1). OSSEM gives names,
// not values: the GUID and KERNEL_FILE_KEYWORD_CREATE = 0x80 are as
// public ETW consumers of the provider define them, not yet read from a
// live Windows's manifest (`logman query providers
// Microsoft-Windows-Kernel-File` lists both).
const (
	kernelFileProvider = "{EDD08927-9CC4-4E65-B970-C2560FB5C289}"
	kernelFileCreateKW = 0x80
	createEventID      = 12
)

// evntrace.h and evntcons.h constants.
const (
	wnodeFlagTracedGUID       = 0x00020000 // WNODE_FLAG_TRACED_GUID
	eventTraceRealTimeMode    = 0x00000100 // EVENT_TRACE_REAL_TIME_MODE
	eventTraceControlStop     = 1          // EVENT_TRACE_CONTROL_STOP
	eventControlEnable        = 1          // EVENT_CONTROL_CODE_ENABLE_PROVIDER
	traceLevelInformation     = 4          // TRACE_LEVEL_INFORMATION
	processTraceRealTime      = 0x00000100 // PROCESS_TRACE_MODE_REAL_TIME
	processTraceEventRecord   = 0x10000000 // PROCESS_TRACE_MODE_EVENT_RECORD
	invalidProcessTraceHandle = ^uint64(0) // INVALID_PROCESSTRACE_HANDLE on 64-bit
	maxSessionName            = 1024       // bytes kept for each name ControlTraceW returns
)

// wnodeHeader is WNODE_HEADER (wmistr.h).
type wnodeHeader struct {
	BufferSize        uint32
	ProviderID        uint32
	HistoricalContext uint64
	TimeStamp         int64
	GUID              windows.GUID
	ClientContext     uint32
	Flags             uint32
}

// eventTraceProperties is EVENT_TRACE_PROPERTIES (evntrace.h); the
// session's names follow it in the same buffer.
type eventTraceProperties struct {
	Wnode               wnodeHeader
	BufferSize          uint32
	MinimumBuffers      uint32
	MaximumBuffers      uint32
	MaximumFileSize     uint32
	LogFileMode         uint32
	FlushTimer          uint32
	EnableFlags         uint32
	AgeLimit            int32
	NumberOfBuffers     uint32
	FreeBuffers         uint32
	EventsLost          uint32
	BuffersWritten      uint32
	LogBuffersLost      uint32
	RealTimeBuffersLost uint32
	LoggerThreadID      windows.Handle
	LogFileNameOffset   uint32
	LoggerNameOffset    uint32
}

// eventTrace is EVENT_TRACE (evntrace.h), unused by a record consumer but
// inside eventTraceLogfile.
type eventTrace struct {
	Header           [48]byte // EVENT_TRACE_HEADER
	InstanceID       uint32
	ParentInstanceID uint32
	ParentGUID       windows.GUID
	MofData          uintptr
	MofLength        uint32
	ClientContext    uint32
}

// traceLogfileHeader is TRACE_LOGFILE_HEADER (evntrace.h).
type traceLogfileHeader struct {
	BufferSize         uint32
	Version            uint32
	ProviderVersion    uint32
	NumberOfProcessors uint32
	EndTime            int64
	TimerResolution    uint32
	MaximumFileSize    uint32
	LogFileMode        uint32
	BuffersWritten     uint32
	LogInstanceGUID    windows.GUID
	LoggerName         *uint16
	LogFileName        *uint16
	TimeZone           [172]byte // TIME_ZONE_INFORMATION
	BootTime           int64
	PerfFreq           int64
	StartTime          int64
	ReservedFlags      uint32
	BuffersLost        uint32
}

// eventTraceLogfile is EVENT_TRACE_LOGFILEW (evntrace.h).
type eventTraceLogfile struct {
	LogFileName         *uint16
	LoggerName          *uint16
	CurrentTime         int64
	BuffersRead         uint32
	ProcessTraceMode    uint32
	CurrentEvent        eventTrace
	LogfileHeader       traceLogfileHeader
	BufferCallback      uintptr
	BufferSize          uint32
	Filled              uint32
	EventsLost          uint32
	EventRecordCallback uintptr
	IsKernelTrace       uint32
	Context             uintptr
}

// eventRecord is EVENT_RECORD (evntcons.h), its EVENT_HEADER inline.
type eventRecord struct {
	Size              uint16
	HeaderType        uint16
	Flags             uint16
	EventProperty     uint16
	ThreadID          uint32
	ProcessID         uint32
	TimeStamp         int64
	ProviderID        windows.GUID
	ID                uint16 // EVENT_DESCRIPTOR
	Version           uint8
	Channel           uint8
	Level             uint8
	Opcode            uint8
	Task              uint16
	Keyword           uint64
	ProcessorTime     uint64
	ActivityID        windows.GUID
	BufferContext     uint32
	ExtendedDataCount uint16
	UserDataLength    uint16
	ExtendedData      uintptr
	UserData          unsafe.Pointer
	UserContext       uintptr
}

// advapi implements etwCalls with advapi32.
type advapi struct{ provider windows.GUID }

// properties returns an EVENT_TRACE_PROPERTIES buffer with room for the
// names ControlTraceW writes back.
func properties() []byte {
	n := int(unsafe.Sizeof(eventTraceProperties{}))
	buf := make([]byte, n+2*maxSessionName)
	p := (*eventTraceProperties)(unsafe.Pointer(&buf[0]))
	p.Wnode.BufferSize = uint32(len(buf))
	p.Wnode.Flags = wnodeFlagTracedGUID
	p.Wnode.ClientContext = 1 // QPC timestamps
	p.LoggerNameOffset = uint32(n)
	p.LogFileNameOffset = uint32(n + maxSessionName)
	return buf
}

func (advapi) start(name string) (uint64, error) {
	buf := properties()
	p := (*eventTraceProperties)(unsafe.Pointer(&buf[0]))
	p.LogFileMode = eventTraceRealTimeMode
	p.LogFileNameOffset = 0 // real time: no file
	p.FlushTimer = 1        // deliver each second
	p.BufferSize = 64       // KiB
	n, err := windows.UTF16PtrFromString(name)
	if err != nil {
		return 0, err
	}
	var h uint64
	r, _, _ := procStartTraceW.Call(uintptr(unsafe.Pointer(&h)), uintptr(unsafe.Pointer(n)), uintptr(unsafe.Pointer(&buf[0])))
	return h, errno(r)
}

func (advapi) stop(name string) error {
	buf := properties()
	n, err := windows.UTF16PtrFromString(name)
	if err != nil {
		return err
	}
	r, _, _ := procControlTraceW.Call(0, uintptr(unsafe.Pointer(n)), uintptr(unsafe.Pointer(&buf[0])), eventTraceControlStop)
	return errno(r)
}

func (a advapi) enable(session uint64) error {
	r, _, _ := procEnableTraceEx2.Call(uintptr(session), uintptr(unsafe.Pointer(&a.provider)), eventControlEnable,
		traceLevelInformation, kernelFileCreateKW, 0, 0, 0)
	return errno(r)
}

func (advapi) open(name string) (uint64, error) {
	n, err := windows.UTF16PtrFromString(name)
	if err != nil {
		return 0, err
	}
	lf := eventTraceLogfile{LoggerName: n, ProcessTraceMode: processTraceRealTime | processTraceEventRecord,
		EventRecordCallback: recordCallback()}
	r, _, e := procOpenTraceW.Call(uintptr(unsafe.Pointer(&lf)))
	if uint64(r) == invalidProcessTraceHandle {
		if errno, ok := e.(windows.Errno); ok && errno == 0 {
			return 0, fmt.Errorf("INVALID_PROCESSTRACE_HANDLE, no error set")
		}
		return 0, e
	}
	return uint64(r), nil
}

func (advapi) process(trace uint64) error {
	r, _, _ := procProcessTrace.Call(uintptr(unsafe.Pointer(&trace)), 1, 0, 0)
	return errno(r)
}

func (advapi) closeTrace(trace uint64) error {
	r, _, _ := procCloseTrace.Call(uintptr(trace))
	return errno(r)
}

func errno(r uintptr) error {
	if r == 0 {
		return nil
	}
	return windows.Errno(r)
}

// The record callback: Go makes a limited number of callbacks, so there
// is one, which hands events to the tracer running now (one a process).
var (
	cbOnce  sync.Once
	cb      uintptr
	current atomic.Pointer[Tracer]
)

func recordCallback() uintptr {
	cbOnce.Do(func() { cb = windows.NewCallback(onRecord) })
	return cb
}

func onRecord(r *eventRecord) uintptr {
	t := current.Load()
	if t == nil || r.ID != createEventID || r.ProviderID != t.sys.provider {
		return 0
	}
	var data []byte
	if r.UserData != nil && r.UserDataLength > 0 {
		data = unsafe.Slice((*byte)(r.UserData), r.UserDataLength)
	}
	t.onCreate(createEvent{pid: r.ProcessID, version: r.Version, flags: r.Flags, data: data},
		t.sys.vols, t.sys.self, ProcessStart, time.Now())
	return 0
}

type sysTracer struct {
	s        *session
	provider windows.GUID
	vols     []volume
	self     int
}

func (s *sysTracer) close() error {
	if s.s == nil {
		return nil
	}
	err := s.s.close()
	current.Store(nil) // after ProcessTrace returned: no callback runs now
	return err
}

// Start runs the trace session until Close. o's Paths are not used: the
// provider reports the opens of every volume. It fails with ErrNeedsAdmin
// when gtm is not elevated, ErrUnsupported where the system has no kernel
// trace (Wine).
func Start(o Options) (*Tracer, error) {
	g, err := windows.GUIDFromString(kernelFileProvider)
	if err != nil {
		return nil, fmt.Errorf("opens: %w", err)
	}
	if underWine() {
		// Wine's advapi32 answers StartTraceW and EnableTraceEx2 with
		// success stubs and OpenTraceW with ERROR_ACCESS_DENIED, which
		// would read as "not elevated".
		return nil, fmt.Errorf("%w: Wine has no kernel event tracing (ETW); models read and closed stay candidates", ErrUnsupported)
	}
	t := &Tracer{st: newStore(o)}
	t.sys.provider, t.sys.vols, t.sys.self = g, volumes(), os.Getpid()
	for _, v := range t.sys.vols {
		t.stats.Marked = append(t.stats.Marked, v.drive+`\`)
	}
	if !current.CompareAndSwap(nil, t) {
		return nil, fmt.Errorf("opens: a file-open trace is running already")
	}
	s, err := startSession(advapi{provider: g}, sessionName)
	if err != nil {
		current.Store(nil)
		return nil, err
	}
	t.sys.s = s
	stopOnConsoleEvent()
	return t, nil
}

// A command that handles no signal (--once) ends at Ctrl+C without its
// deferred Close, which would leave the session running: so Ctrl+C,
// Ctrl+Break and the console closing stop it first. Handlers run last
// registered first; this one returns FALSE, so Go's own (and after it
// the default, exit) still run.
var (
	procSetConsoleCtrlHandler = windows.NewLazySystemDLL("kernel32.dll").NewProc("SetConsoleCtrlHandler")
	ctrlOnce                  sync.Once
)

func stopOnConsoleEvent() {
	ctrlOnce.Do(func() {
		h := windows.NewCallback(func(ctrlType uint32) uintptr {
			if current.Load() != nil {
				_ = advapi{}.stop(sessionName) // Close's own stop then finds none
			}
			return 0
		})
		_, _, _ = procSetConsoleCtrlHandler.Call(h, 1)
	})
}

// underWine: Wine's ntdll exports wine_get_version, Windows's does not.
func underWine() bool {
	return windows.NewLazySystemDLL("ntdll.dll").NewProc("wine_get_version").Find() == nil
}

// volumes maps each drive letter's NT device (QueryDosDeviceW).
func volumes() []volume {
	var out []volume
	mask, _ := windows.GetLogicalDrives()
	buf := make([]uint16, 1024)
	for i := range 26 {
		if mask&(1<<i) == 0 {
			continue
		}
		drive := string(rune('A'+i)) + ":"
		d, _ := windows.UTF16PtrFromString(drive)
		if n, err := windows.QueryDosDevice(d, &buf[0], uint32(len(buf))); err == nil && n > 0 {
			out = append(out, volume{device: windows.UTF16ToString(buf[:n]), drive: drive})
		}
	}
	return out
}

// ProcessStart returns process pid's creation time as a FILETIME (100 ns
// since 1601), which keys its opens: false when it cannot be opened
// (exited, or protected).
func ProcessStart(pid int) (uint64, bool) {
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		return 0, false
	}
	defer windows.CloseHandle(h)
	var creation, exit, kernel, user windows.Filetime
	if windows.GetProcessTimes(h, &creation, &exit, &kernel, &user) != nil {
		return 0, false
	}
	return uint64(creation.HighDateTime)<<32 | uint64(creation.LowDateTime), true
}
