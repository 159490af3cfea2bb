package ui

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/app/history"
	"github.com/gputaskman/gtm/app/report"

	"github.com/gputaskman/gtm/internal/schema"
)

func ptr[T any](v T) *T { return &v }

var t0 = time.Date(2026, 12, 2, 15, 4, 5, 0, time.UTC)

func testSnapshot() *schema.Snapshot {
	return &schema.Snapshot{
		SchemaVersion: 1,
		Tool:          schema.Tool{Name: "gtm", Version: "test"},
		TakenAt:       t0,
		Host:          schema.Host{OS: "linux", Mode: "native", Hostname: ptr("testhost")},
		Devices: []schema.Device{{
			Index: 0, Name: ptr("NVIDIA GeForce RTX 4090"), Vendor: "NVIDIA", PCIBusID: ptr("00000000:01:00.0"),
			MemoryTotalBytes: ptr(uint64(24 << 30)), MemoryUsedBytes: ptr(uint64(9 << 30)),
			GPUUtilPercent: ptr(87.0), MemoryUtilPercent: ptr(0.0), SMClockMHz: ptr(2520.0),
		}},
		Processes: []schema.Process{
			{PID: 4242, PIDLabel: "4242", DeviceIndex: ptr(0), Name: ptr("llama-server"), User: ptr("alice"), VRAMBytes: ptr(uint64(6 << 30)),
				GPUUtilPercent: ptr(85.0), SMUtilPercent: ptr(85.0), EncoderUtilPercent: ptr(0.0), DecoderUtilPercent: ptr(0.0),
				Cmdline: []string{"llama-server", "-m", "qwen3.gguf"}, Category: ptr("AI"),
				Runtimes: []schema.Runtime{{Name: "ggml/llama.cpp", Detail: "CUDA", Libraries: []string{"libggml-cuda.so"}}},
				Models:   []schema.Model{{Path: "/srv/models/qwen3.gguf", Name: ptr("qwen3:0.6b"), Evidence: []string{"mapped", "cmdline"}, Confirmed: true}},
				LLM: &schema.LLM{NCtx: ptr(uint64(8192)), NCtxSource: ptr("api"), SlotsTotal: ptr(4), SlotsBusy: ptr(1), TokensPerSecond: ptr(42.5),
					Breakdown: schema.Breakdown{Weights: &schema.Part{Bytes: 633495552, Source: "reported", From: "log"},
						KVCache: &schema.Part{Bytes: 939524096, Source: "estimated", From: "gguf"}}}},
			{PID: 5151, PIDLabel: "H:5151", DeviceIndex: ptr(0), Notes: []string{collect.NoteOtherNamespace}},
			{PID: 1337, PIDLabel: "1337", DeviceIndex: ptr(0), Name: ptr("Xorg"), User: ptr("root"), VRAMBytes: ptr(uint64(512 << 20)),
				GPUUtilPercent: ptr(4.0), Category: ptr("compositor"), Runtimes: []schema.Runtime{}, Models: []schema.Model{}},
		},
		Sources: []schema.SourceStatus{schema.OK("nvml"), schema.Failed("nvml.processes.gpu1", errString("ERROR_NO_PERMISSION"))},
	}
}

type errString string

func (e errString) Error() string { return string(e) }

func newWindow(t *testing.T) *MainWindow {
	t.Helper()
	a := test.NewTempApp(t)
	w := NewMainWindow(a, Options{Interval: time.Second})
	t.Cleanup(w.Window.Close)
	return w
}

func column(w *MainWindow, col int) []string {
	var out []string
	for _, r := range w.Rows() {
		out = append(out, r[col])
	}
	return out
}

func TestWindowShowsSnapshot(t *testing.T) {
	w := newWindow(t)
	w.Update(testSnapshot())

	dev := w.DeviceText()
	for _, want := range []string{"GPU 0 · NVIDIA GeForce RTX 4090", "PCI 00000000:01:00.0 · native", "VRAM 9.00 GiB / 24.00 GiB (38 %)",
		"GPU 87%", "Memory activity (not bandwidth) 0%", "Temperature n/a", "Power / limit n/a / n/a",
		"Could not read the GPU process list of GPU 1: no permission (root can see more)."} {
		if !strings.Contains(dev, want) {
			t.Errorf("device header lacks %q:\n%s", want, dev)
		}
	}
	rows := w.Rows()
	if len(rows) != 3 {
		t.Fatalf("rows = %v", rows)
	}
	// Sorted by VRAM, largest first; unknown VRAM last.
	if got := strings.Join(rows[0], "|"); got != "4242|llama-server|6.00 GiB|n/a|85%|n/a|–|n/a|n/a|AI|qwen3:0.6b (mapped+cmdline)|ggml/llama.cpp|alice|85%|0%|0%|||" {
		t.Errorf("row 0 = %s", got)
	}
	// A row whose details are unknown shows n/a, never 0; spill and
	// paged do not exist on Linux and stay blank.
	if got := strings.Join(rows[2], "|"); got != "H:5151|n/a|n/a|n/a|n/a|n/a||n/a|n/a|n/a|n/a|n/a|n/a|n/a|n/a|n/a|||" {
		t.Errorf("row 2 = %s", got)
	}
	if st := w.StatusText(); !strings.Contains(st, "3 processes · sorted by VRAM · testhost (linux, native)") {
		t.Errorf("status = %q", st)
	}
	if got := w.header.bar.Legend(); !slices.Equal(got, []string{"AI 6.00 GiB", "compositor 512.0 MiB", "not attributed 2.50 GiB", "free 15.00 GiB"}) {
		t.Errorf("legend = %q", got)
	}
}

func TestWindowNoGPU(t *testing.T) {
	w := newWindow(t)
	s := &schema.Snapshot{Devices: []schema.Device{}, Processes: []schema.Process{},
		Sources: []schema.SourceStatus{schema.Failed("nvml", errString("NVIDIA driver not found (libnvidia-ml.so.1 could not be loaded)"))}}
	w.Update(s)
	if got := w.header.title.Text; got != "No GPU to show: NVIDIA driver not found (libnvidia-ml.so.1 could not be loaded)." {
		t.Errorf("title = %q", got)
	}
	if len(w.Rows()) != 0 {
		t.Error("rows left over")
	}
	w.Update(testSnapshot())
	s2 := *s
	w.Update(&s2)
	if len(w.Rows()) != 0 {
		t.Error("stale rows after an empty snapshot")
	}
}

// manyProcesses is a snapshot with n processes of varied sizes and load,
// some with unknown values.
func manyProcesses(n int, at time.Time) *schema.Snapshot {
	s := testSnapshot()
	s.TakenAt = at
	s.Processes = nil
	for i := 0; i < n; i++ {
		p := schema.Process{PID: 1000 + i, PIDLabel: fmt.Sprint(1000 + i), DeviceIndex: ptr(0), Name: ptr(fmt.Sprintf("proc-%03d", (i*37)%n)),
			User: ptr("u"), Category: ptr("other"), Runtimes: []schema.Runtime{}, Models: []schema.Model{}, Cmdline: []string{"x"}}
		if i%7 != 3 {
			p.VRAMBytes = ptr(uint64((i*7919)%n+1) << 20)
		}
		if i%5 != 2 {
			p.GPUUtilPercent = ptr(float64((i * 13) % 100))
		}
		if i%4 == 0 {
			p.SpillBytes = ptr(uint64(i) << 10)
			p.PagedBytes = ptr(uint64(n-i) << 10)
		}
		s.Processes = append(s.Processes, p)
	}
	s.Host.OS = "windows"
	return s
}

// checkOrder checks that a column is sorted the column's way with
// unknowns (n/a or blank) last.
func checkOrder(t *testing.T, w *MainWindow, col int, numeric bool) {
	t.Helper()
	vals := column(w, col)
	byPID := map[string]*schema.Process{}
	for i := range w.snap.Processes {
		byPID[w.snap.Processes[i].PIDLabel] = &w.snap.Processes[i]
	}
	seenUnknown := false
	var prev float64
	prevS := ""
	for i, v := range vals {
		if v == report.NA || v == "" {
			seenUnknown = true
			continue
		}
		if seenUnknown {
			t.Fatalf("column %s: known value %q after an unknown (row %d)", columnTitles[col], v, i)
		}
		r := procRow{p: byPID[w.Rows()[i][colPID]]}
		if numeric {
			f, _ := numeric2(&r, col)
			if i > 0 && f > prev {
				t.Fatalf("column %s not descending at row %d: %v after %v", columnTitles[col], i, f, prev)
			}
			prev = f
		} else {
			if i > 0 && strings.ToLower(v) < prevS {
				t.Fatalf("column %s not ascending at row %d", columnTitles[col], i)
			}
			prevS = strings.ToLower(v)
		}
	}
}

func numeric2(r *procRow, col int) (float64, bool) { return numeric(r, col) }

func TestSortKeyCycle(t *testing.T) {
	w := newWindow(t)
	w.table.showAll = true
	w.Update(manyProcesses(60, t0))
	want := []int{colGPU, colSpill, colPaged, colName, colVRAM}
	checkOrder(t, w, colVRAM, true)
	for _, col := range want {
		w.TypedRune('s')
		if w.table.sortCol != col {
			t.Fatalf("after s: sorted by %s, want %s", columnTitles[w.table.sortCol], columnTitles[col])
		}
		checkOrder(t, w, col, col != colName)
		if !strings.Contains(w.StatusText(), "sorted by "+columnTitles[col]) {
			t.Errorf("status does not say the sort: %q", w.StatusText())
		}
	}
}

func TestHeaderClickSortsEveryColumn(t *testing.T) {
	w := newWindow(t)
	w.table.showAll = true
	w.Update(manyProcesses(40, t0))
	for col := 0; col < numCols; col++ {
		h := newHeaderCell(w.table).(*headerCell)
		h.set(col, columnTitles[col])
		test.Tap(h)
		if w.table.sortCol != col {
			t.Fatalf("tapping %s sorted by %s", columnTitles[col], columnTitles[w.table.sortCol])
		}
		if col == colVRAM || col == colGPU || col == colSpill || col == colPaged {
			checkOrder(t, w, col, true)
		}
		first := w.Rows()[0][colPID]
		test.Tap(h) // again: reversed
		if !w.table.reverse {
			t.Errorf("second tap on %s did not reverse", columnTitles[col])
		}
		if col == colPID && w.Rows()[0][colPID] == first {
			t.Errorf("reversing PID kept %s first", first)
		}
	}
}

func TestSelectionFollowsPID(t *testing.T) {
	w := newWindow(t)
	w.Update(testSnapshot())
	// The window opens on the largest process and follows the top row
	// until someone picks one.
	if p := w.Selected(); p == nil || p.PID != 4242 {
		t.Fatalf("first snapshot selected %v", p)
	}
	grown := testSnapshot()
	grown.TakenAt = t0.Add(-time.Second) // older than shown: history keeps it out, the table does not care
	grown.Processes[2].VRAMBytes = ptr(uint64(20 << 30))
	w.Update(grown)
	if p := w.Selected(); p == nil || p.PID != 1337 {
		t.Fatalf("top row not followed before a choice: %v", p)
	}
	w.Update(testSnapshot())
	w.TypedKey(fyne.KeyUp)   // a choice (already first: stays on 4242)
	w.TypedKey(fyne.KeyDown) // second: Xorg
	if p := w.Selected(); p == nil || p.PID != 1337 {
		t.Fatalf("selected %v", p)
	}
	if !strings.Contains(w.pane.title.Text, "Xorg") {
		t.Errorf("process pane shows %q", w.pane.title.Text)
	}
	// Next refresh: Xorg grows and moves to the top; the selection stays on it.
	s := testSnapshot()
	s.TakenAt = t0.Add(time.Second)
	s.Processes[2].VRAMBytes = ptr(uint64(10 << 30))
	w.Update(s)
	if p := w.Selected(); p == nil || p.PID != 1337 || w.table.selectedIndex() != 0 {
		t.Fatalf("selection lost: %v at %d", p, w.table.selectedIndex())
	}
	w.TypedKey(fyne.KeyUp) // already first: stays
	if w.Selected().PID != 1337 {
		t.Error("Up moved past the first row")
	}
	// The process exits: nothing selected, the process pane says so.
	s2 := testSnapshot()
	s2.TakenAt = t0.Add(2 * time.Second)
	s2.Processes = s2.Processes[:2]
	w.Update(s2)
	if w.Selected() != nil || w.pane.title.Text != "Select a process to inspect it." {
		t.Errorf("selected %v, pane %q", w.Selected(), w.pane.title.Text)
	}
	// It comes back: selected again.
	s3 := testSnapshot()
	s3.TakenAt = t0.Add(3 * time.Second)
	w.Update(s3)
	if p := w.Selected(); p == nil || p.PID != 1337 {
		t.Errorf("returning process not reselected: %v", p)
	}
}

func TestClickSelectsRow(t *testing.T) {
	w := newWindow(t)
	w.Update(testSnapshot())
	w.table.table.Select(widgetCell(1, 3))
	if p := w.Selected(); p == nil || p.PID != 1337 {
		t.Fatalf("click selected %v", p)
	}
}

func TestTopAndAll(t *testing.T) {
	w := newWindow(t)
	w.Update(manyProcesses(40, t0))
	if n := len(w.Rows()); n != topN {
		t.Fatalf("top shows %d rows, want %d", n, topN)
	}
	if !strings.Contains(w.StatusText(), "top 15 of 40 processes") {
		t.Errorf("status = %q", w.StatusText())
	}
	// Top holds the largest by VRAM even when sorted by name.
	w.table.sortBy(colName)
	var smallestTop uint64 = math.MaxUint64
	for _, r := range w.table.rows {
		if v, ok := vramOf(r.p); ok && v < smallestTop {
			smallestTop = v
		}
	}
	larger := 0
	for _, p := range w.snap.Processes {
		if p.VRAMBytes != nil && *p.VRAMBytes > smallestTop {
			larger++
		}
	}
	if larger > topN-1 {
		t.Errorf("%d processes are larger than the smallest shown", larger)
	}
	w.TypedRune('a')
	if n := len(w.Rows()); n != 40 {
		t.Errorf("all shows %d rows", n)
	}
	w.TypedRune('a')
	if n := len(w.Rows()); n != topN {
		t.Errorf("back to top shows %d rows", n)
	}
}

func TestPauseKey(t *testing.T) {
	w := newWindow(t)
	var calls []bool
	w.OnPause = func(p bool) { calls = append(calls, p) }
	w.Update(testSnapshot())
	w.TypedRune('p')
	if !strings.Contains(w.Window.Title(), "paused") || !w.Paused() || w.activity.Text != "paused  " {
		t.Errorf("title %q, activity %q", w.Window.Title(), w.activity.Text)
	}
	w.TypedRune('p')
	if strings.Contains(w.Window.Title(), "paused") || w.Paused() {
		t.Errorf("title after resume %q", w.Window.Title())
	}
	if !slices.Equal(calls, []bool{true, false}) {
		t.Errorf("OnPause calls = %v", calls)
	}
}

func TestCollectingShown(t *testing.T) {
	w := newWindow(t)
	if w.activity.Text != "collecting…  " {
		t.Errorf("before the first snapshot: %q", w.activity.Text)
	}
	w.Update(testSnapshot())
	if w.activity.Text != "" {
		t.Errorf("after a snapshot: %q", w.activity.Text)
	}
	w.SetCollecting(true)
	if w.activity.Text != "collecting…  " {
		t.Errorf("slow collection: %q", w.activity.Text)
	}
	w.Update(w.Snapshot()) // even the same snapshot ends it
	if w.activity.Text != "" {
		t.Errorf("after the slow collection: %q", w.activity.Text)
	}
}

func TestChartsKeyAndDropdown(t *testing.T) {
	w := newWindow(t)
	w.Update(testSnapshot())
	for m := 0; m < int(history.NumMetrics); m++ {
		w.TypedRune('c')
		if w.charts.mode != m || w.charts.pick.Selected != history.MetricNames[m] || w.charts.body.Objects[0] != w.charts.large {
			t.Fatalf("after %d× c: mode %d, dropdown %q", m+1, w.charts.mode, w.charts.pick.Selected)
		}
		if title, _, _ := w.charts.large.Texts(); title != history.MetricNames[m] {
			t.Errorf("large chart shows %q", title)
		}
	}
	w.TypedRune('c')
	if w.charts.mode != -1 || w.charts.pick.Selected != allCharts {
		t.Errorf("c did not return to all charts")
	}
	w.charts.pick.SetSelected("Temperature")
	if w.charts.mode != int(history.MetricTemperature) {
		t.Errorf("dropdown: mode %d", w.charts.mode)
	}
}

func TestHelpAndEscape(t *testing.T) {
	w := newWindow(t)
	w.TypedRune('?')
	if !w.HelpShown() {
		t.Fatal("? did not open help")
	}
	w.TypedKey(fyne.KeyEscape)
	if w.HelpShown() {
		t.Error("Escape did not close help")
	}
	w.TypedKey(fyne.KeyEscape) // nothing open: harmless
}

func TestQuitKeys(t *testing.T) {
	w := newWindow(t)
	quits := 0
	w.OnQuit = func() { quits++ }
	w.TypedRune('q')
	if quits != 1 {
		t.Errorf("q: %d quits", quits)
	}
	test.TypeOnCanvas(w.Window.Canvas(), "q")
	if quits != 2 {
		t.Errorf("typed q: %d quits", quits)
	}
	// Ctrl+Q through the canvas's shortcut table.
	// The test canvas wraps the software canvas that holds the shortcut
	// table; reach it as the GLFW driver would.
	inner := reflect.ValueOf(w.Window.Canvas()).Elem().FieldByName("WindowlessCanvas").Interface()
	sc, ok := inner.(interface{ TypedShortcut(fyne.Shortcut) })
	if !ok {
		t.Fatal("the test canvas takes no shortcuts")
	}
	sc.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyQ, Modifier: fyne.KeyModifierControl})
	if quits != 3 {
		t.Errorf("Ctrl+Q: %d quits", quits)
	}
}

func TestStillSnapshotChangesNothing(t *testing.T) {
	w := newWindow(t)
	s := testSnapshot()
	w.Update(s)
	before := w.history.Series(0, history.MetricGPU).Len()
	w.Update(s)
	if after := w.history.Series(0, history.MetricGPU).Len(); after != before {
		t.Errorf("history grew from %d to %d on the same snapshot", before, after)
	}
}

func TestIdleForColumn(t *testing.T) {
	w := newWindow(t)
	for i := 0; i < 130; i++ {
		s := testSnapshot()
		s.TakenAt = t0.Add(time.Duration(i) * time.Second)
		s.Sources = append(s.Sources, schema.OK("nvml.process_utilization.gpu0"))
		s.Processes[0].GPUUtilPercent = ptr(0.0) // llama-server holds 6 GiB, idle
		s.Processes[2].GPUUtilPercent = nil      // Xorg: no sample = did not run
		w.Update(s)
	}
	got := map[string]string{}
	for _, r := range w.Rows() {
		got[r[colPID]] = r[colIdle]
	}
	if got["4242"] != "2 min" || got["1337"] != "2 min" || got["H:5151"] != "" {
		t.Errorf("idle column = %v", got)
	}
	// Per-process utilisation not readable: a process holding VRAM has an
	// unknown idle time (n/a), not 0 and not blank.
	s := testSnapshot()
	s.TakenAt = t0.Add(200 * time.Second)
	s.Processes[0].GPUUtilPercent = nil
	w.Update(s)
	for _, r := range w.Rows() {
		if r[colPID] == "4242" && r[colIdle] != "n/a" {
			t.Errorf("idle with no utilisation reading = %q", r[colIdle])
		}
	}
}

func TestTableKeepsEightRows(t *testing.T) {
	w := newWindow(t)
	s := manyProcesses(40, t0)
	for i := range s.Processes {
		s.Processes[i].Notes = []string{strings.Repeat("a long note that used to push the table off the window ", 3)}
	}
	s.Sources = append(s.Sources, schema.Failed("nvml.process_utilization.gpu0", errString("ERROR_NOT_SUPPORTED")))
	w.Update(s)
	w.Window.Resize(fyne.NewSize(1360, 880))
	rowH := newTableCell().MinSize().Height
	if visible := w.table.table.Size().Height / rowH; visible < 9 { // header + 8
		t.Errorf("table shows %.1f rows of %v px in %v", visible, rowH, w.table.table.Size())
	}
}

// TestWindowRender draws the window with Fyne's software renderer and
// compares it with testdata/window.png (Fyne writes testdata/failed/ on a
// mismatch, to look at).
func TestWindowRender(t *testing.T) {
	time.Local = time.UTC
	w := newWindow(t)
	w.Update(testSnapshot())
	test.AssertImageMatches(t, "window.png", w.Window.Canvas().Capture())
}

func widgetCell(r, c int) widget.TableCellID { return widget.TableCellID{Row: r, Col: c} }

func TestDeviceSelector(t *testing.T) {
	w := newWindow(t)
	s := testSnapshot()
	s.Devices = append(s.Devices, schema.Device{Index: 1, Name: ptr("NVIDIA RTX A2000"), MemoryTotalBytes: ptr(uint64(6 << 30)),
		MemoryUsedBytes: ptr(uint64(1 << 30))})
	s.Processes = append(s.Processes, schema.Process{PID: 777, PIDLabel: "777", DeviceIndex: ptr(1), Name: ptr("ffmpeg"),
		VRAMBytes: ptr(uint64(300 << 20))})
	w.Update(s)
	if !w.header.selector.Visible() || len(w.header.selector.Options) != 2 {
		t.Fatalf("selector visible %v, options %v", w.header.selector.Visible(), w.header.selector.Options)
	}
	if got := column(w, colPID); slices.Contains(got, "777") {
		t.Errorf("GPU 0's table lists GPU 1's process: %v", got)
	}
	w.header.selector.SetSelected("GPU 1")
	if w.device != 1 || !strings.HasPrefix(w.header.title.Text, "GPU 1 · NVIDIA RTX A2000") {
		t.Errorf("device %d, title %q", w.device, w.header.title.Text)
	}
	if got := column(w, colPID); !slices.Equal(got, []string{"777"}) {
		t.Errorf("GPU 1's table = %v", got)
	}
	// The next refresh stays on GPU 1.
	s2 := testSnapshot()
	s2.TakenAt = t0.Add(time.Second)
	s2.Devices = s.Devices
	s2.Processes = s.Processes
	w.Update(s2)
	if w.device != 1 {
		t.Errorf("refresh moved back to GPU %d", w.device)
	}
	// A single-GPU snapshot hides the selector.
	s3 := testSnapshot()
	s3.TakenAt = t0.Add(2 * time.Second)
	w.Update(s3)
	if w.header.selector.Visible() || w.device != 0 {
		t.Errorf("one GPU: selector visible %v, device %d", w.header.selector.Visible(), w.device)
	}
}

func TestSystemAndProcessCPURAM(t *testing.T) {
	w := newWindow(t)
	s := testSnapshot()
	s.System = &schema.System{CPUPercent: ptr(37.0), MemoryUsedBytes: ptr(uint64(21 << 30)), MemoryTotalBytes: ptr(uint64(64 << 30))}
	s.Processes[0].CPUPercent = ptr(312.0 / 16)
	s.Processes[0].RSSBytes = ptr(uint64(5 << 30))
	w.Update(s)
	if got := w.header.sysCPU.value.Text; got != "37%" {
		t.Errorf("system CPU = %q", got)
	}
	if got := w.header.sysRAM.value.Text; got != "21.00 GiB / 64.00 GiB" {
		t.Errorf("system RAM = %q", got)
	}
	// Swap not read: n/a, not 0.
	if got := w.header.sysSwap.value.Text; got != "n/a / n/a" {
		t.Errorf("swap = %q", got)
	}
	row := w.Rows()[0]
	if row[colCPU] != "20%" || row[colRSS] != "5.00 GiB" {
		t.Errorf("CPU %q RSS %q", row[colCPU], row[colRSS])
	}
	if got := w.Rows()[1]; got[colCPU] != "n/a" || got[colRSS] != "n/a" {
		t.Errorf("unknown CPU/RSS shown as %q %q", got[colCPU], got[colRSS])
	}
	w.table.sortBy(colRSS)
	if w.Rows()[0][colPID] != "4242" {
		t.Error("RSS sort")
	}
}

func TestPIDMarkersAndInferredVRAM(t *testing.T) {
	w := newWindow(t)
	s := testSnapshot()
	s.Processes = append(s.Processes,
		schema.Process{PID: 81, PIDLabel: "W:81", DeviceIndex: ptr(0), VRAMInferredBytes: ptr(uint64(3 << 30)), VRAMInferredBy: ptr(schema.Matched)},
		schema.Process{PID: 82, PIDLabel: "82", DeviceIndex: ptr(0), VRAMInferredBytes: ptr(uint64(1 << 30)), VRAMInferredBy: ptr(schema.Guess)})
	w.Update(s)
	got := map[string]string{}
	for _, r := range w.Rows() {
		got[r[colPID]] = r[colVRAM] + "|" + r[colSpill]
	}
	// Inferred sizes are shown (and sorted) with their marker; the W: row
	// is a Windows process, whose spill counter exists but was not read.
	if got["W:81*"] != "3.00 GiB*|n/a" || got["82?"] != "1.00 GiB?|" {
		t.Errorf("rows = %v", got)
	}
	if order := column(w, colPID); !slices.Equal(order[:3], []string{"4242", "W:81*", "82?"}) {
		t.Errorf("VRAM order = %v", order)
	}
	// The bar adds measured bytes only.
	if v := splitVRAM(s, 0); v.Raw[5] != 0 {
		t.Errorf("inferred bytes in the bar: %+v", v.Raw)
	}
}

func TestCopySnapshotIsRedacted(t *testing.T) {
	test.NewTempApp(t)
	w := NewMainWindow(fyne.CurrentApp(), Options{})
	home := "/home/alice/models/secret-project/model.gguf"
	user, host := "alice", "alice-workstation"
	name := "llama-server"
	s := &schema.Snapshot{SchemaVersion: schema.SchemaVersion, Host: schema.Host{Hostname: &host}, Devices: []schema.Device{{Index: 0}},
		Processes: []schema.Process{{PID: 42, PIDLabel: "42", Name: &name, User: &user, DeviceIndex: schema.Ptr(0),
			Cmdline: []string{"llama-server", "-m", home, "--api-key", "sk-123"}, Cwd: schema.Ptr("/home/alice/models/secret-project")}}}
	w.Update(s)
	w.TypedRune('y')
	got := fyne.CurrentApp().Clipboard().Content()
	if !strings.Contains(got, `"redacted": true`) {
		t.Fatalf("clipboard is not a redacted snapshot:\n%s", got)
	}
	for _, leak := range []string{"/home/alice", "/models/", "alice", "alice-workstation", "sk-123"} {
		if strings.Contains(got, leak) {
			t.Errorf("clipboard leaks %q", leak)
		}
	}
	if !strings.Contains(w.StatusText(), "redacted") {
		t.Errorf("status %q", w.StatusText())
	}
}

// Every heading fits its column with the sort arrow: a right-aligned
// heading wider than its column ("GPU % ↓") spilled over the one before.
func TestHeadingsFitTheirColumnsWhenSorted(t *testing.T) {
	w := newWindow(t)
	w.Window.Resize(fyne.NewSize(2600, 900)) // every column in view
	w.Update(manyProcesses(5, t0))
	for col := 0; col < numCols; col++ {
		w.table.sortBy(col)
		var cells []*headerCell
		visit(w.table.table, func(o fyne.CanvasObject) bool {
			if h, ok := o.(*headerCell); ok {
				cells = append(cells, h)
				return false
			}
			return true
		})
		found := false
		for _, h := range cells {
			if h.col != col {
				continue
			}
			found = true
			if need := h.MinSize().Width; h.Size().Width < need {
				t.Errorf("heading %q needs %.0f but its column is %.0f wide", h.text.Text, need, h.Size().Width)
			}
		}
		if !found {
			t.Errorf("no heading for column %s in view", columnTitles[col])
		}
	}
}

// TestWindowShowsTrends: a growing process reads "+rate" in the Trend
// column, the header says when the GPU would be full, and the process
// pane charts the process's own VRAM once there are readings.
func TestWindowShowsTrends(t *testing.T) {
	w := newWindow(t)
	var s *schema.Snapshot
	for sec := 0; sec < 5; sec++ {
		s = testSnapshot()
		s.TakenAt = s.TakenAt.Add(time.Duration(sec) * time.Second)
		v := *s.Processes[0].VRAMBytes + uint64(sec)<<20
		s.Processes[0].VRAMBytes = &v
		w.Update(s)
	}
	if !w.pane.vram.Visible() {
		t.Fatal("the process pane has no VRAM chart after five readings")
	}
	if title, value, _ := w.pane.vram.Texts(); title != "VRAM of this process" || value != "6.00 GiB" {
		t.Errorf("pane chart %q %q", title, value)
	}
	s = testSnapshot()
	s.TakenAt = s.TakenAt.Add(10 * time.Second)
	pid := s.Processes[0].PID
	s.Processes[0].VRAMTrend = &schema.Trend{Shape: "steady growth", BytesPerSecond: 20 << 20, Source: "inferred"}
	s.Devices[0].VRAMForecast = &schema.Forecast{FullInSeconds: 600, BytesPerSecond: 20 << 20, DrivenByPID: &pid, Source: "inferred"}
	w.Update(s)
	if got := w.Rows()[0][colTrend]; got != "+1.17 GiB/min" {
		t.Errorf("trend cell %q", got)
	}
	if got := w.header.forecast.Text; !w.header.forecast.Visible() || !strings.HasPrefix(got, "VRAM full in ~10 min at 1.17 GiB/min") {
		t.Errorf("forecast line %q (visible %v)", got, w.header.forecast.Visible())
	}
	// Where the growth began is marked on the device's VRAM chart and on
	// the process's own.
	since := s.TakenAt.Add(-8 * time.Second)
	s = testSnapshot()
	s.TakenAt = s.TakenAt.Add(11 * time.Second)
	s.Processes[0].VRAMTrend = &schema.Trend{Shape: "steady growth", BytesPerSecond: 20 << 20, Since: &since, Source: "inferred"}
	s.Devices[0].VRAMTrend = &schema.Trend{Shape: "steady growth", BytesPerSecond: 20 << 20, Since: &since, Source: "inferred"}
	w.Update(s)
	if got := w.charts.charts[history.MetricVRAM].Marker(); !got.Equal(since) {
		t.Errorf("VRAM chart marker %v, want %v", got, since)
	}
	if got := w.pane.vram.Marker(); !got.Equal(since) {
		t.Errorf("process chart marker %v, want %v", got, since)
	}
	s = testSnapshot()
	s.TakenAt = s.TakenAt.Add(12 * time.Second)
	w.Update(s)
	if !w.charts.charts[history.MetricVRAM].Marker().IsZero() || !w.pane.vram.Marker().IsZero() {
		t.Error("a marker stayed after the growth ended")
	}
}

// TestWindowShowsPressure: a server whose KV cache is full with requests
// waiting says so under the GPU's VRAM bar and first in its process pane.
func TestWindowShowsPressure(t *testing.T) {
	w := newWindow(t)
	s := testSnapshot()
	s.Processes[0].LLM.Pressure = []schema.Pressure{{Kind: "kv_full", Text: "KV cache full: 12 requests waiting", Since: s.TakenAt, Source: "reported"}}
	w.Update(s)
	if got := w.header.forecast.Text; !w.header.forecast.Visible() || !strings.Contains(got, "llama-server (PID 4242): KV cache full: 12 requests waiting (reported by its API)") {
		t.Errorf("header warning %q (visible %v)", got, w.header.forecast.Visible())
	}
	found := false
	for _, sec := range w.pane.view.Sections {
		for _, r := range sec.Rows {
			if r.Label == "Pressure" && r.Value == "KV cache full: 12 requests waiting" {
				found = true
			}
		}
	}
	if !found {
		t.Error("the process pane does not show the pressure")
	}
}

// TestWindowShowsPower: a process's estimated power in the Power column
// with its error bar, the card's power split under the header's tiles,
// and the process pane's power, share and energy so far, each an estimate.
func TestWindowShowsPower(t *testing.T) {
	w := newWindow(t)
	s := testSnapshot()
	f := func(v float64) *float64 { return &v }
	src := "counter"
	s.Devices[0].Energy = &schema.DeviceEnergy{PowerW: f(300), PowerSource: &src, IdleFloorW: f(50), ActiveW: f(250), ProcessesW: f(250), UnattributedW: f(0)}
	s.Processes[0].Power = &schema.ProcessPower{Watts: f(187.5), ErrorWatts: f(4.2), Share: f(0.75), EnergyJoules: f(12345),
		Method: "active power × share of SM time", Source: "estimated"}
	w.Update(s)
	if got := w.Rows()[0][colPower]; got != "187.5 ± 4.2 W" {
		t.Errorf("power cell %q", got)
	}
	if got := w.header.split.Text; !w.header.split.Visible() || got != "Power 300.0 W (counter)  idle 50.0 W  processes 250.0 W (estimated)  unattributed 0.0 W" {
		t.Errorf("header split %q", got)
	}
	want := map[string]string{"Power": "187.5 ± 4.2 W", "Share of engine time": "75.0%", "Energy so far": "12.3 kJ (3.43 Wh)"}
	for _, sec := range w.pane.view.Sections {
		for _, r := range sec.Rows {
			if v, ok := want[r.Label]; ok && r.Value == v && strings.HasPrefix(r.Prov, "estimated") {
				delete(want, r.Label)
			}
		}
	}
	if len(want) > 0 {
		t.Errorf("process pane lacks %v", want)
	}
}
