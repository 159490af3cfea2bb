//go:build !nogui

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/capture"
)

// leakCapture writes a capture of n snapshots every 2 s in which the
// llama-server (PID 4242) grows 20 MiB/s from the 10th snapshot on.
func leakCapture(t *testing.T, n int) string {
	t.Helper()
	caps, err := readCaptureFile(filepath.Join("..", "..", "app", "snapshot", "testdata", "snapshot.golden.json"))
	if err != nil {
		t.Fatal(err)
	}
	base := caps[0]
	path := filepath.Join(t.TempDir(), "leak.jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cw := capture.NewWriter(f)
	for i := 0; i < n; i++ {
		s := *base
		s.Devices = append(s.Devices[:0:0], base.Devices...)
		s.Processes = append(s.Processes[:0:0], base.Processes...)
		grew := uint64(max(0, i-10)) * 2 * (20 << 20)
		used := *base.Devices[0].MemoryUsedBytes + grew
		s.Devices[0].MemoryUsedBytes = &used
		for j := range s.Processes {
			if s.Processes[j].PID == 4242 && s.Processes[j].VRAMBytes != nil {
				v := *s.Processes[j].VRAMBytes + grew
				s.Processes[j].VRAMBytes = &v
			}
		}
		s.TakenAt = base.TakenAt.Add(time.Duration(2*i) * time.Second)
		if err := cw.Write(&s); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// TestDesktopTrayNotifiesLeak: the desktop app replaying a capture in
// which llama-server grows 20 MiB/s notifies, through the session's
// notification service, one leak suspect and one "full in N min" for its
// GPU: once each, not on every refresh.
func TestDesktopTrayNotifiesLeak(t *testing.T) {
	env := newDesktopEnv(t, true)
	w := newWatcher(t, env.bus)
	g := env.start(t, "--tray", "--interval", "0.1", "--replay", leakCapture(t, 80))
	item := w.waitItem(t, g)
	var notes []string
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if notes = w.notes(); len(notes) >= 2 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(time.Second) // the rest of the replay: nothing more
	notes = w.notes()
	var leak, full int
	for _, n := range notes {
		switch {
		case strings.HasPrefix(n, "gtm: Leak suspect: llama-server (PID 4242) keeps growing on GPU 0\n") && strings.Contains(n, "growing 1.17 GiB/min"):
			leak++
		case strings.HasPrefix(n, "gtm: GPU 0 VRAM full in ~") && strings.Contains(n, "driven by PID 4242"):
			full++
		}
	}
	if leak != 1 || full != 1 || len(notes) != 2 {
		t.Fatalf("notifications %q, want one leak suspect and one full forecast", notes)
	}
	menu := w.menu(t, item)
	if labels := visibleLabels(menu); !strings.Contains(strings.Join(labels, "|"), "Alert on VRAM leaks and GPUs filling up") {
		t.Errorf("menu %q lacks the trend alerts toggle", labels)
	}
	quitFromMenu(t, w, item, g, menu)
}
