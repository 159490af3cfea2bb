package ui

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/history"

	"github.com/gputaskman/gtm/internal/schema"
	"github.com/gputaskman/gtm/ui/tray"
)

func noGPUSnapshot() *schema.Snapshot {
	s := testSnapshot()
	s.Devices = []schema.Device{}
	s.Processes = []schema.Process{}
	s.Sources = []schema.SourceStatus{schema.Failed("nvml", errors.New("NVIDIA driver not found (libnvidia-ml.so.1 could not be loaded)")), schema.OK("procfs")}
	return s
}

func demoCapture() []*schema.Snapshot {
	var out []*schema.Snapshot
	for i := 0; i < 3; i++ {
		s := testSnapshot()
		s.TakenAt = t0.Add(time.Duration(i) * time.Second)
		s.Demo = true
		out = append(out, s)
	}
	return out
}

func TestShellOffersDemoWithoutGPU(t *testing.T) {
	sh := NewShell(newWindow(t))
	var asked []bool
	sh.OnDemo = func(on bool) { asked = append(asked, on) }
	sh.Update(noGPUSnapshot())
	if got := sh.BannerText(); !strings.Contains(got, "No GPU readings on this machine: NVIDIA driver not found.") {
		t.Errorf("banner %q", got)
	}
	if sh.BannerButton() != "Show the recorded demo" {
		t.Errorf("button %q", sh.BannerButton())
	}
	sh.TapBanner()
	if len(asked) != 1 || !asked[0] {
		t.Errorf("asked %v", asked)
	}
	// With GPUs there is nothing to explain.
	sh.Update(testSnapshot())
	if sh.BannerText() != "" {
		t.Errorf("banner with a GPU: %q", sh.BannerText())
	}
}

func TestShellWithoutDemoOffersNothing(t *testing.T) {
	sh := NewShell(newWindow(t)) // OnDemo nil: no demo in this build
	sh.Update(noGPUSnapshot())
	if sh.BannerText() != "" || sh.BannerButton() != "" {
		t.Errorf("banner %q button %q", sh.BannerText(), sh.BannerButton())
	}
}

func TestShellLabelsDemoEverywhere(t *testing.T) {
	w := newWindow(t)
	sh := NewShell(w)
	var asked []bool
	sh.OnDemo = func(on bool) { asked = append(asked, on) }
	sh.Update(noGPUSnapshot())
	tl := capture.NewTimeline(demoCapture())
	sh.EnterDemo(tl)
	sh.Update(tl.Collect(t.Context()))
	if !strings.HasPrefix(sh.BannerText(), tray.DemoBanner) || sh.BannerButton() != "Leave the demo" {
		t.Errorf("banner %q / %q", sh.BannerText(), sh.BannerButton())
	}
	if got := w.Window.Title(); got != Title+" — recorded demo" {
		t.Errorf("title %q", got)
	}
	if w.pane.live {
		t.Errorf("actions on processes offered for demo PIDs")
	}
	if len(w.Rows()) == 0 {
		t.Errorf("demo shows no processes")
	}
	sh.TapBanner()
	if len(asked) != 1 || asked[0] {
		t.Fatalf("asked %v, want leave", asked)
	}
	sh.LeaveDemo()
	if w.Window.Title() != Title || !w.pane.live || sh.BannerText() != "" {
		t.Errorf("after leaving: title %q live %v banner %q", w.Window.Title(), w.pane.live, sh.BannerText())
	}
	if w.history.Series(0, history.Metric(0)).Len() != 0 {
		t.Errorf("the demo's history stayed after leaving it")
	}
}

func TestShellHiddenRecordsWithoutDrawing(t *testing.T) {
	w := newWindow(t)
	sh := NewShell(w)
	first := testSnapshot()
	sh.Update(first)
	sh.SetHidden(true)
	later := testSnapshot()
	later.TakenAt = t0.Add(time.Second)
	later.Processes = later.Processes[:1]
	sh.Update(later)
	if w.Snapshot() != first || len(w.Rows()) != 3 {
		t.Fatalf("hidden window drew: %d rows", len(w.Rows()))
	}
	if n := w.history.Series(0, history.Metric(0)).Len(); n != 2 {
		t.Errorf("history has %d samples while hidden, want 2", n)
	}
	sh.SetHidden(false)
	if w.Snapshot() != later || len(w.Rows()) != 1 {
		t.Errorf("showing did not draw the latest: %d rows", len(w.Rows()))
	}
	if n := w.history.Series(0, history.Metric(0)).Len(); n != 2 {
		t.Errorf("showing added to the history again: %d samples", n)
	}
}

func TestShellSelectPID(t *testing.T) {
	w := newWindow(t)
	sh := NewShell(w)
	s := manyProcesses(40, t0)
	sh.Update(s)
	target := s.Processes[39].PID // not among the top rows by VRAM
	if !sh.SelectPID(target) {
		t.Fatalf("PID %d not selected", target)
	}
	if p := w.Selected(); p == nil || p.PID != target {
		t.Errorf("selected %+v", p)
	}
	if sh.SelectPID(999999) {
		t.Errorf("a PID not in the snapshot was selected")
	}
}
