package ui

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/report"
	"github.com/gputaskman/gtm/assets"
	"github.com/gputaskman/gtm/internal/schema"
)

// TestProcessPaneDemoCapture shows the shipped demo capture's llama-server
// while it answers: its load log reported weights, KV and compute, and the
// rest of the measurement is other/unknown. With GTM_SCREENSHOT_DIR set it
// also writes process.png and help.png there (headless renders, to look
// at beside the window's own screenshots).
func TestProcessPaneDemoCapture(t *testing.T) {
	time.Local = time.UTC
	snaps, err := capture.Read(bytes.NewReader(assets.DemoCapture))
	if err != nil {
		t.Fatal(err)
	}
	s := snaps[len(snaps)*2/3]
	var p *schema.Process
	for k := range s.Processes {
		if s.Processes[k].LLM != nil && s.Processes[k].VRAMBytes != nil {
			p = &s.Processes[k]
			break
		}
	}
	if p == nil {
		t.Fatal("no LLM process with measured VRAM in the demo capture")
	}
	i, w := newTestPane(t, &fakeActions{})
	w.Resize(fyne.NewSize(460, 1700))
	i.Show(s, p)
	got := allText(i.CanvasObject())
	mustContain(t, got, "reported (log)", "other / unknown", "full width: measured VRAM", report.RuntimeCaption, "confirmed")
	m := report.NewBar(p.VRAMBytes, &p.LLM.Breakdown)
	if m.Exceeded || !m.Parts[4].Known || m.Known+m.Parts[4].Bytes != *p.VRAMBytes {
		t.Errorf("parts and remainder do not add up to the measurement: %+v", m)
	}

	dir := os.Getenv("GTM_SCREENSHOT_DIR")
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	writePNG(t, filepath.Join(dir, "process.png"), w)
	hw := newHelpWindow(t)
	writePNG(t, filepath.Join(dir, "help.png"), hw)
}

func newHelpWindow(t *testing.T) fyne.Window {
	w := test.NewWindow(widget.NewLabel(""))
	t.Cleanup(w.Close)
	w.Resize(fyne.NewSize(900, 1000))
	ShowHelp(w)
	return w
}

func writePNG(t *testing.T, path string, w fyne.Window) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, w.Canvas().Capture()); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", path)
}
