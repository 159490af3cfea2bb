//go:build !stockfyne

// This test guards a Fyne patch (third_party/fyne/patches/0001-fonts.patch):
// the stockfyne tag (make test-stock-fyne) leaves it out.

package ui

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strconv"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/assets"
)

// fontHeapLimit bounds the Go heap that opening the window and drawing a
// snapshot may take in a fresh process, fonts included. With the patched
// Fyne it takes about 4 MB (the bundled regular and bold faces and the
// window itself); stock Fyne also parsed the symbol font for each style and
// looked up and parsed the system's font for the user's language up front
// (about 8 MB more with DejaVu Sans, Debian's default).
const fontHeapLimit = 7 << 20

// TestWindowFontsStayBundled guards third_party/fyne/patches/0001-fonts.patch: drawing
// the window's texts parses only the fonts they are drawn with. It runs the
// measurement in a child process, since fonts are parsed once per process.
func TestWindowFontsStayBundled(t *testing.T) {
	if os.Getenv("GTM_FONT_HEAP_CHILD") != "" {
		fmt.Printf("window heap: %d bytes\n", windowHeap(t))
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestWindowFontsStayBundled$", "-test.count=1")
	cmd.Env = append(os.Environ(), "GTM_FONT_HEAP_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`window heap: (-?\d+) bytes`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("child printed no measurement:\n%s", out)
	}
	grew, _ := strconv.ParseInt(string(m[1]), 10, 64)
	t.Logf("opening the window and drawing a snapshot took %.1f MB of heap", float64(grew)/(1<<20))
	if grew > fontHeapLimit {
		t.Errorf("the window took %.1f MB of heap (limit %.1f MB): are fallback fonts parsed up front again?",
			float64(grew)/(1<<20), float64(fontHeapLimit)/(1<<20))
	}
}

// windowHeap opens the main window on the demo capture's last snapshot,
// paints it and returns how much the live heap grew.
func windowHeap(t *testing.T) int64 {
	snaps, err := capture.Read(bytes.NewReader(assets.DemoCapture))
	if err != nil {
		t.Fatal(err)
	}
	last := snaps[len(snaps)-1]
	before := liveHeap()
	w := newWindow(t)
	w.Window.Resize(fyne.NewSize(1360, 880))
	w.Update(last)
	w.Window.Canvas().Capture()
	after := liveHeap()
	runtime.KeepAlive(w)
	runtime.KeepAlive(snaps)
	return after - before
}
