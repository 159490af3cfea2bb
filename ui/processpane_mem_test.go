package ui

import (
	"runtime"
	"testing"
)

// TestProcessPaneShapeChangesKeepMemoryFlat: selecting processes whose
// panes differ in shape gives the pane new rows. Refreshing the pane's
// theme override for them gave stock Fyne a new cache scope each time, and
// Fyne parsed both font faces again for it, never letting the old ones go:
// about 7 MB a click, for good. It runs on the patched Fyne (make test) and
// on stock Fyne (make test-stock-fyne).
func TestProcessPaneShapeChangesKeepMemoryFlat(t *testing.T) {
	s := testSnapshot()
	i, w := newTestPane(t, &fakeActions{})
	show := func(p int) {
		i.Show(s, &s.Processes[p])
		w.Canvas().Capture() // paint: fonts are loaded when text is drawn
	}
	show(0)
	show(1)
	before := liveHeap()
	for range 6 {
		show(0)
		show(1)
	}
	if grew := liveHeap() - before; grew > 4<<20 {
		t.Errorf("heap grew %.1f MB over 12 re-themed panes", float64(grew)/(1<<20))
	}
}

// liveHeap is the Go heap in use after a collection, in bytes.
func liveHeap() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}
