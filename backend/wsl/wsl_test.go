package wsl

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/wddm"
	"github.com/gputaskman/gtm/internal/schema"
)

const gib = 1 << 30

func fixture(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/host-sample.json")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestParseLine(t *testing.T) {
	hs, err := ParseLine(fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	if hs.At.Year() != 2025 && hs.At.Year() != 2026 || len(hs.Counters.Local) != 6 || hs.Counters.Names[4120] != "vmwp.exe" {
		t.Errorf("%+v", hs)
	}
	for _, bad := range []string{"", "{", `{"t":0}`, "null", `{"t":5,"local":"x"}`} {
		if _, err := ParseLine([]byte(bad)); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
	if _, err := ParseLine(make([]byte, MaxLineBytes+1)); err == nil {
		t.Error("oversized line parsed")
	}
}

func TestInteropEnabled(t *testing.T) {
	root := t.TempDir()
	f := filepath.Join(root, "sys", "fs", "binfmt_misc", "WSLInterop")
	if InteropEnabled(root) {
		t.Error("no file: not enabled")
	}
	os.MkdirAll(filepath.Dir(f), 0o755)
	os.WriteFile(f, []byte("disabled\ninterpreter /init\n"), 0o644)
	if InteropEnabled(root) {
		t.Error("disabled read as enabled")
	}
	os.WriteFile(f, []byte("enabled\ninterpreter /init\n"), 0o644)
	if !InteropEnabled(root) {
		t.Error("enabled not seen")
	}
}

func TestPairAdapterByMemoryUse(t *testing.T) {
	a := func(luid string, used uint64) wddm.Adapter { return wddm.Adapter{LUID: luid, DedicatedBytes: &used} }
	if l, ok := PairAdapter(9*gib, []wddm.Adapter{a("big", 9*gib+100<<20), a("igpu", 64<<20)}); !ok || l != "big" {
		t.Errorf("unique: %q %v", l, ok)
	}
	if _, ok := PairAdapter(4*gib, []wddm.Adapter{a("big", 9*gib)}); ok {
		t.Error("nothing within tolerance must be unmatched")
	}
	if _, ok := PairAdapter(4*gib, []wddm.Adapter{a("x", 4*gib), a("y", 4*gib+10<<20)}); ok {
		t.Error("two candidates must be unmatched, not a guess")
	}
}

// pipeStarter feeds lines to the stream as a host process would, and can
// end that process.
type pipeStarter struct {
	starts atomic.Int32
	lines  chan string
}

func (p *pipeStarter) start(ctx context.Context) (io.ReadCloser, func() error, error) {
	p.starts.Add(1)
	r, w := io.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-ctx.Done():
				w.Close()
				return
			case l, ok := <-p.lines:
				if !ok || l == "DIE" {
					w.Close()
					return
				}
				io.WriteString(w, l+"\n")
			}
		}
	}()
	return r, func() error { <-done; return errors.New("exit status 1") }, nil
}

func TestStreamStartingThenOnThenRestartsAfterDeath(t *testing.T) {
	p := &pipeStarter{lines: make(chan string)}
	s := NewStream(p.start)
	s.Min, s.Max = 10*time.Millisecond, 20*time.Millisecond
	s.Start()
	defer s.Close()
	if hs, state, _ := s.Latest(); hs != nil || state != StateStarting {
		t.Fatalf("before the first sample: %v %s", hs, state)
	}
	line := strings.TrimSpace(string(fixture(t)))
	p.lines <- "garbage that is skipped"
	p.lines <- line
	if !s.WaitFirst(context.Background(), 5*time.Second) {
		t.Fatal("no first sample")
	}
	if hs, state, _ := s.Latest(); hs == nil || state != StateOn {
		t.Fatalf("after a sample: %v %s", hs, state)
	}
	p.lines <- "DIE"
	deadline := time.Now().Add(5 * time.Second)
	for {
		hs, state, err := s.Latest()
		if state == StateFailed {
			if hs != nil || err == nil || !strings.Contains(err.Error(), "powershell.exe") {
				t.Errorf("failed stream must drop the stale sample and say why: %v %v", hs, err)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("death not noticed")
		}
		time.Sleep(5 * time.Millisecond)
	}
	p.lines <- line // the restarted process
	for p.starts.Load() < 2 || func() bool { _, st, _ := s.Latest(); return st != StateOn }() {
		if time.Now().After(deadline) {
			t.Fatalf("not restarted: %d starts", p.starts.Load())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestStreamWaitFirstTimesOut(t *testing.T) {
	p := &pipeStarter{lines: make(chan string)}
	s := NewStream(p.start)
	s.Start()
	defer s.Close()
	if s.WaitFirst(context.Background(), 30*time.Millisecond) {
		t.Error("no sample was sent")
	}
}

type fixedGPU backend.Sample

func (f fixedGPU) Name() string                                         { return "nvml" }
func (f fixedGPU) Sample(context.Context, time.Duration) backend.Sample { return backend.Sample(f) }
func (f fixedGPU) Close() error                                         { return nil }

func streamWith(t *testing.T, line string) *Stream {
	p := &pipeStarter{lines: make(chan string, 1)}
	s := NewStream(p.start)
	s.Start()
	t.Cleanup(s.Close)
	p.lines <- line
	if !s.WaitFirst(context.Background(), 5*time.Second) {
		t.Fatal("no sample")
	}
	return s
}

func TestSourceRowsFromHostCounters(t *testing.T) {
	used := uint64(9556302233)
	nv := fixedGPU{
		Devices: []schema.Device{{Index: 0, MemoryUsedBytes: &used}},
		// NVML's per-process sample under WSL carries a Windows PID.
		Usage:   []backend.ProcessUsage{{PID: 4120, DeviceIndex: 0, SMUtilPercent: schema.Ptr(70.0)}, {PID: 77, DeviceIndex: 0}},
		Sources: []schema.SourceStatus{schema.OK("nvml")},
	}
	src := &Backend{NVML: nv, Stream: streamWith(t, strings.TrimSpace(string(fixture(t))))}
	s := src.Sample(context.Background(), time.Second)
	if s.WSL == nil || s.WSL.State != StateOn || len(s.WSL.Devices) != 1 {
		t.Fatalf("wsl %+v", s.WSL)
	}
	d := s.WSL.Devices[0]
	if d.AdapterLUID == nil || *d.AdapterLUID != "0x00000000_0x0000d1e3" || d.VMWorkerPID == nil || *d.VMWorkerPID != 4120 || d.Label != "WSL VM" {
		t.Errorf("device %+v", d)
	}
	if len(d.Contexts) != 3 || d.Contexts[1] != 6.5*gib {
		t.Errorf("contexts %v", d.Contexts)
	}
	rows := map[int]backend.ProcessUsage{}
	for _, u := range s.Usage {
		rows[u.PID] = u
	}
	vm := rows[4120]
	if vm.Name == nil || *vm.Name != "vmwp.exe" || *vm.VRAMBytes != 6.5*gib+300<<20 || len(vm.Notes) != 1 || vm.Notes[0] != NoteWSLVM {
		t.Errorf("vmwp row %+v", vm)
	}
	if vm.SMUtilPercent == nil || *vm.SMUtilPercent != 71.5 {
		t.Errorf("vmwp engines: %v", vm.SMUtilPercent)
	}
	dwm := rows[1288]
	if *dwm.VRAMBytes != 1503238553 || *dwm.SpillBytes != 220<<20 || dwm.PagedBytes == nil {
		t.Errorf("dwm row %+v", dwm)
	}
	if ch := rows[9312]; ch.DecoderUtilPercent == nil || *ch.DecoderUtilPercent != 11 {
		t.Errorf("chrome decoder %+v", ch)
	}
	if _, ok := rows[77]; !ok {
		t.Error("an NVML-only row must be kept")
	}
	for _, u := range s.Usage {
		if u.PID == 1288 && u.VRAMBytes != nil && *u.VRAMBytes == 64<<20 {
			t.Error("the other adapter's rows must not join this device")
		}
	}
}

func TestSourceUnmatchedAndOff(t *testing.T) {
	used := uint64(3 * gib) // matches no host adapter
	nv := fixedGPU{Devices: []schema.Device{{Index: 0, MemoryUsedBytes: &used}}}
	src := &Backend{NVML: nv, Stream: streamWith(t, strings.TrimSpace(string(fixture(t))))}
	s := src.Sample(context.Background(), time.Second)
	if d := s.WSL.Devices[0]; d.AdapterLUID != nil || d.VMWorkerPID != nil {
		t.Errorf("must be unmatched: %+v", d)
	}
	off := (&Backend{NVML: nv, OffReason: "--no-host"}).Sample(context.Background(), time.Second)
	if off.WSL.State != StateOff || *off.WSL.Reason != "--no-host" {
		t.Errorf("off: %+v", off.WSL)
	}
}
