package opens

import (
	"encoding/binary"
	"errors"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode/utf16"
)

// createPayload builds a Kernel-File Create event's UserData as the
// provider's manifest lays it out (see decodeCreate): v0 Irp, ThreadId,
// FileObject pointers then CreateOptions, CreateAttributes, ShareAccess;
// v1 Irp, FileObject pointers then IssuingThreadId, CreateOptions,
// CreateAttributes, ShareAccess; then FileName, UTF-16LE, NUL-ended
// when nul.
func createPayload(version uint8, ptr64 bool, name string, nul bool) []byte {
	var b []byte
	le := binary.LittleEndian
	ptr := func(v uint64) {
		if ptr64 {
			b = le.AppendUint64(b, v)
		} else {
			b = le.AppendUint32(b, uint32(v))
		}
	}
	u32 := func(v uint32) { b = le.AppendUint32(b, v) }
	switch version {
	case 0:
		ptr(0xffffa00011112222) // Irp
		ptr(0x1234)             // ThreadId
		ptr(0xffffa00033334444) // FileObject
	case 1:
		ptr(0xffffa00011112222) // Irp
		ptr(0xffffa00033334444) // FileObject
		u32(0x1234)             // IssuingThreadId
	}
	u32(0x01000060) // CreateOptions: FILE_OPEN, non-directory
	u32(0x80)       // CreateAttributes: FILE_ATTRIBUTE_NORMAL
	u32(0x7)        // ShareAccess: read, write, delete
	for _, c := range utf16.Encode([]rune(name)) {
		b = le.AppendUint16(b, c)
	}
	if nul {
		b = le.AppendUint16(b, 0)
	}
	return b
}

func TestDecodeCreate(t *testing.T) {
	const name = `\Device\HarddiskVolume3\models\Llama 3 ü 𝔾.gguf` // a surrogate pair too
	for _, v := range []uint8{0, 1} {
		for _, ptr64 := range []bool{false, true} {
			for _, nul := range []bool{true, false} {
				got, err := decodeCreate(v, ptr64, createPayload(v, ptr64, name, nul))
				if err != nil || got != name {
					t.Errorf("v%d ptr64=%v nul=%v: %q, %v; want %q", v, ptr64, nul, got, err, name)
				}
			}
		}
	}
	// What follows the NUL (padding) is not the name's.
	b := append(createPayload(1, true, `C:\x.gguf`, true), 'j', 0, 'k', 0)
	if got, _ := decodeCreate(1, true, b); got != `C:\x.gguf` {
		t.Errorf("after the NUL: %q", got)
	}
	// v0 on 64-bit has its name at 36 bytes, v1 at 32: read with the
	// other's layout, the name is cut or shifted.
	if got, _ := decodeCreate(1, true, createPayload(0, true, `C:\x.gguf`, true)); got == `C:\x.gguf` {
		t.Error("the versions' layouts are not told apart")
	}
	for _, c := range []struct {
		v    uint8
		data []byte
		want string
	}{
		{2, createPayload(1, true, "x", true), "version 2"},
		{1, make([]byte, 31), "31 bytes, its fixed part 32"},
		{0, make([]byte, 35), "35 bytes, its fixed part 36"},
	} {
		if _, err := decodeCreate(c.v, true, c.data); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("v%d %d bytes: %v, want %q", c.v, len(c.data), err, c.want)
		}
	}
}

func TestDosPath(t *testing.T) {
	vols := []volume{{`\Device\HarddiskVolume3`, "C:"}, {`\Device\HarddiskVolume31`, "D:"}}
	for _, c := range []struct {
		nt, want string
		ok       bool
	}{
		{`\Device\HarddiskVolume3\models\x.gguf`, `C:\models\x.gguf`, true},
		{`\Device\HarddiskVolume31\m\x.gguf`, `D:\m\x.gguf`, true}, // not C:'s device with "1\"
		{`\Device\Mup\srv\share\x.gguf`, `\\srv\share\x.gguf`, true},
		{`\Device\HarddiskVolume7\x.gguf`, "", false}, // no drive letter
		{`\Device\HarddiskVolume3`, "", false},
	} {
		if got, ok := dosPath(vols, c.nt); got != c.want || ok != c.ok {
			t.Errorf("dosPath(%q) = %q, %v; want %q, %v", c.nt, got, ok, c.want, c.ok)
		}
	}
}

func TestOnCreate(t *testing.T) {
	tr := &Tracer{st: newStore(Options{})}
	vols := []volume{{`\Device\HarddiskVolume3`, "C:"}}
	now := time.Now()
	var pinned []int
	pin := func(pid int) (uint64, bool) {
		pinned = append(pinned, pid)
		return uint64(pid) * 1000, pid != 66 // 66 exited before the event was read
	}
	ev := func(pid uint32, name string) createEvent {
		return createEvent{pid: pid, version: 1, flags: headerFlag64, data: createPayload(1, true, name, true)}
	}
	tr.onCreate(ev(42, `\Device\HarddiskVolume3\models\llama.gguf`), vols, 7, pin, now)
	tr.onCreate(ev(42, `\Device\HarddiskVolume3\Windows\System32\kernel32.dll`), vols, 7, pin, now)
	tr.onCreate(ev(7, `\Device\HarddiskVolume3\models\gtm-own.gguf`), vols, 7, pin, now)
	tr.onCreate(ev(42, `\Device\HarddiskVolume9\models\nodrive.gguf`), vols, 7, pin, now)
	tr.onCreate(ev(66, `\Device\HarddiskVolume3\models\gone.onnx`), vols, 7, pin, now)
	tr.onCreate(createEvent{pid: 42, version: 1, flags: headerFlag32, data: createPayload(1, false, `\Device\HarddiskVolume3\w\whisper.bin`, true)}, vols, 7, pin, now)
	tr.onCreate(createEvent{pid: 42, version: 9, data: []byte{1, 2}}, vols, 7, pin, now)

	if !slices.Equal(pinned, []int{42, 66, 42}) {
		t.Errorf("pinned %v: only model opens of others, named by drive, cost a process lookup", pinned)
	}
	got := tr.Opened(Proc{PID: 42, Start: 42000})
	var paths []string
	for _, o := range got {
		paths = append(paths, o.Path)
	}
	if want := []string{`C:\w\whisper.bin`, `C:\models\llama.gguf`}; !slices.Equal(paths, want) {
		t.Errorf("opened %q, want %q", paths, want)
	}
	if tr.Opened(Proc{PID: 42, Start: 1}) != nil {
		t.Error("another process with the PID got 42's opens")
	}
	s := tr.Stats()
	if s.Events != 7 || s.Kept != 2 || s.Unnamed != 1 || s.Unpinned != 1 {
		t.Errorf("stats %+v", s)
	}
}

// fakeETW stands in for advapi32: it records the calls, refuses those
// told to, and its ProcessTrace blocks until the session is stopped or
// the trace closed, as the real one does.
type fakeETW struct {
	mu      sync.Mutex
	calls   []string
	running bool // a session by the name exists
	fail    map[string][]error
	ended   chan struct{}
	endOnce sync.Once
}

func newFake(running bool) *fakeETW {
	return &fakeETW{running: running, fail: map[string][]error{}, ended: make(chan struct{})}
}

func (f *fakeETW) call(name string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, name)
	if errs := f.fail[name]; len(errs) > 0 {
		f.fail[name] = errs[1:]
		return errs[0]
	}
	return nil
}

func (f *fakeETW) end() { f.endOnce.Do(func() { close(f.ended) }) }

func (f *fakeETW) start(string) (uint64, error) {
	if err := f.call("start"); err != nil {
		return 0, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.running {
		return 0, errAlreadyExists
	}
	f.running = true
	return 11, nil
}

func (f *fakeETW) stop(string) error {
	if err := f.call("stop"); err != nil {
		return err
	}
	f.mu.Lock()
	was := f.running
	f.running = false
	f.mu.Unlock()
	f.end()
	if !was {
		return errNotFound
	}
	return nil
}

func (f *fakeETW) enable(h uint64) error {
	if h != 11 {
		return errors.New("enable: not the session's handle")
	}
	return f.call("enable")
}

func (f *fakeETW) open(string) (uint64, error) {
	if err := f.call("open"); err != nil {
		return 0, err
	}
	return 22, nil
}

func (f *fakeETW) process(h uint64) error {
	if h != 22 {
		return errors.New("process: not the trace's handle")
	}
	_ = f.call("process")
	<-f.ended
	return nil
}

func (f *fakeETW) closeTrace(h uint64) error {
	if h != 22 {
		return errors.New("closeTrace: not the trace's handle")
	}
	err := f.call("closeTrace")
	if err == nil {
		f.end()
	}
	return err
}

func (f *fakeETW) log() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.calls)
}

func (f *fakeETW) isRunning() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.running
}

func TestSessionLifecycle(t *testing.T) {
	f := newFake(false)
	s, err := startSession(f, sessionName)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.close(); err != nil {
		t.Fatal(err)
	}
	if err := s.close(); err != nil { // a second close does nothing
		t.Fatal(err)
	}
	got := f.log()
	// process runs on its own goroutine: it is anywhere after open.
	i := slices.Index(got, "process")
	got = slices.Delete(got, i, i+1)
	if want := []string{"start", "enable", "open", "stop", "closeTrace"}; !slices.Equal(got, want) || i < 3 {
		t.Errorf("calls %v (process at %d), want %v with process after open", f.log(), i, want)
	}
	if f.isRunning() {
		t.Error("the session outlived close")
	}
}

// A session a crashed gtm left behind is stopped, and gtm's started.
func TestSessionStopsLeftBehind(t *testing.T) {
	f := newFake(true)
	s, err := startSession(f, sessionName)
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	if got := f.log()[:4]; !slices.Equal(got, []string{"start", "stop", "start", "enable"}) {
		t.Errorf("calls %v", got)
	}
}

// Whatever step fails, no session is left running, and the error is the
// one line gtm prints.
func TestSessionStartFails(t *testing.T) {
	denied := errAccessDenied
	for _, c := range []struct {
		name    string
		fail    map[string][]error
		running bool
		is      error
		says    string
	}{
		{"not elevated", map[string][]error{"start": {denied}}, false, ErrNeedsAdmin, "elevated"},
		{"left behind, not elevated", map[string][]error{"stop": {denied}}, true, ErrNeedsAdmin, "elevated"},
		{"enable refused", map[string][]error{"enable": {denied}}, false, ErrNeedsAdmin, "elevated"},
		{"no consumer (Wine)", map[string][]error{"open": {syscall.Errno(50)}}, false, ErrUnsupported, "OpenTraceW"},
		{"no session", map[string][]error{"start": {syscall.Errno(50)}}, false, ErrUnsupported, "StartTraceW"},
	} {
		f := newFake(c.running)
		f.fail = c.fail
		s, err := startSession(f, sessionName)
		if s != nil || !errors.Is(err, c.is) || !strings.Contains(err.Error(), c.says) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, %v; want one line, %v, saying %q", c.name, s, err, c.is, c.says)
		}
		if f.isRunning() && !c.running {
			t.Errorf("%s: a session was left running (calls %v)", c.name, f.log())
		}
		if slices.Contains(f.log(), "process") {
			t.Errorf("%s: events consumed from a session that failed", c.name)
		}
	}
}

// A stop that fails still ends the consumer (CloseTrace does) and says so.
func TestSessionCloseStopFails(t *testing.T) {
	f := newFake(false)
	s, err := startSession(f, sessionName)
	if err != nil {
		t.Fatal(err)
	}
	f.fail["stop"] = []error{syscall.Errno(31)}
	if err := s.close(); err == nil || !strings.Contains(err.Error(), "stopping the trace session") {
		t.Errorf("close: %v", err)
	}
	if got := f.log(); !slices.Contains(got, "closeTrace") {
		t.Errorf("calls %v: the trace was not closed", got)
	}
}
