package ui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/gputaskman/gtm/app"
	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/inspect"
)

func ptr[T any](v T) *T { return &v }

func snapshot() *app.Snapshot {
	return &app.Snapshot{
		SchemaVersion: 1,
		Tool:          app.Tool{Name: "gtm", Version: "test"},
		TakenAt:       time.Date(2026, 12, 2, 15, 4, 5, 0, time.UTC),
		Host:          app.Host{OS: "linux", Mode: "native", Hostname: ptr("testhost")},
		Devices: []backend.Device{{
			Index: 0, Name: ptr("NVIDIA GeForce RTX 4090"), Vendor: "NVIDIA", PCIBusID: ptr("00000000:01:00.0"),
			MemoryTotalBytes: ptr(uint64(24 << 30)), MemoryUsedBytes: ptr(uint64(9 << 30)),
			GPUUtilPercent: ptr(87.0), MemoryUtilPercent: ptr(0.0), SMClockMHz: ptr(2520.0),
		}},
		Processes: []app.Process{
			{PID: 4242, PIDLabel: "4242", DeviceIndex: ptr(0), Name: ptr("llama-server"), User: ptr("alice"), VRAMBytes: ptr(uint64(6 << 30)),
				GPUUtilPercent: ptr(85.0), SMUtilPercent: ptr(85.0), EncoderUtilPercent: ptr(0.0), DecoderUtilPercent: ptr(0.0),
				Cmdline: []string{"llama-server", "-m", "qwen3.gguf"}, Category: ptr("AI"),
				Runtimes: []inspect.Runtime{{Name: "ggml/llama.cpp", Detail: "CUDA", Libraries: []string{"libggml-cuda.so"}}},
				Models:   []inspect.Model{{Path: "/srv/models/qwen3.gguf", Name: ptr("qwen3:0.6b"), Evidence: []string{"mapped", "cmdline"}, Confirmed: true}},
				LLM: &inspect.LLM{NCtx: ptr(uint64(8192)), NCtxSource: ptr("api"), SlotsTotal: ptr(4), SlotsBusy: ptr(1), TokensPerSecond: ptr(42.5),
					Breakdown: inspect.Breakdown{Weights: &inspect.Part{Bytes: 633495552, Source: "reported", From: "log"},
						KVCache: &inspect.Part{Bytes: 939524096, Source: "estimated", From: "gguf"}}}},
			{PID: 5151, PIDLabel: "H:5151", DeviceIndex: ptr(0), Notes: []string{app.NoteOtherNamespace}},
		},
		Sources: []backend.Source{backend.OK("nvml"), backend.Failed("nvml.processes.gpu1", errString("ERROR_NO_PERMISSION"))},
	}
}

type errString string

func (e errString) Error() string { return string(e) }

func TestWindowShowsSnapshot(t *testing.T) {
	a := test.NewTempApp(t)
	w := NewMainWindow(a)
	defer w.Window.Close()
	w.Update(snapshot())

	dev := w.DeviceText()
	for _, want := range []string{"GPU 0  NVIDIA GeForce RTX 4090", "VRAM 9.00 GiB / 24.00 GiB (38%)", "Mem activity 0%", "Temp n/a", "Power n/a", "Listed processes hold 6.00 GiB (measured)"} {
		if !strings.Contains(dev, want) {
			t.Errorf("device header lacks %q:\n%s", want, dev)
		}
	}
	rows := w.Rows()
	if len(rows) != 2 {
		t.Fatalf("rows = %v", rows)
	}
	if got := strings.Join(rows[0], "|"); got != "4242|alice|0|6.00 GiB|85%|85%|0%|0%|llama-server|AI|qwen3:0.6b|llama-server -m qwen3.gguf" {
		t.Errorf("row 0 = %s", got)
	}
	// A row whose details are unknown shows n/a, never 0.
	if got := strings.Join(rows[1], "|"); got != "H:5151|n/a|0|n/a|n/a|n/a|n/a|n/a|n/a|n/a|n/a|n/a" {
		t.Errorf("row 1 = %s", got)
	}
	if st := w.StatusText(); !strings.Contains(st, "2 processes") || !strings.Contains(st, "nvml.processes.gpu1: ERROR_NO_PERMISSION") ||
		!strings.Contains(st, "H:5151: "+app.NoteOtherNamespace) ||
		!strings.Contains(st, "4242 LLM memory: weights 604.15 MiB (reported), KV 896.00 MiB (estimated), compute n/a, n_ctx 8192 (api), slots 1/4 busy, 42.5 tok/s") {
		t.Errorf("status = %q", st)
	}
}

func TestWindowNoGPU(t *testing.T) {
	a := test.NewTempApp(t)
	w := NewMainWindow(a)
	defer w.Window.Close()
	s := &app.Snapshot{Devices: []backend.Device{}, Processes: []app.Process{},
		Sources: []backend.Source{backend.Failed("nvml", errString("NVIDIA driver not found (libnvidia-ml.so.1 could not be loaded)"))}}
	w.Update(s)
	if got := w.DeviceText(); got != "No GPU to show: NVIDIA driver not found (libnvidia-ml.so.1 could not be loaded)." {
		t.Errorf("device text = %q", got)
	}
	if len(w.Rows()) != 0 {
		t.Error("rows left over")
	}
	// Updating again with processes, then without, leaves no stale rows.
	w.Update(snapshot())
	w.Update(s)
	if len(w.Rows()) != 0 {
		t.Error("stale rows after an empty snapshot")
	}
}

// TestWindowRender draws the window with Fyne's software renderer and
// compares it with testdata/window.png (Fyne writes testdata/failed/ on a
// mismatch, to look at).
func TestWindowRender(t *testing.T) {
	time.Local = time.UTC
	a := test.NewTempApp(t)
	w := NewMainWindow(a)
	defer w.Window.Close()
	w.Update(snapshot())
	test.AssertImageMatches(t, "window.png", w.Window.Canvas().Capture())
}
