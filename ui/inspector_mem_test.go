package ui

import (
	"reflect"
	"runtime"
	"testing"

	"fyne.io/fyne/v2/container"
)

// fynePatched reports whether this build has third_party/fyne's patches
// (the make targets build with them; a plain `go test` gets stock Fyne).
func fynePatched() bool {
	_, ok := reflect.TypeOf(container.ThemeOverride{}).FieldByName("scopeTheme")
	return ok
}

// TestInspectorShapeChangesKeepMemoryFlat: selecting processes whose
// panes differ in shape re-themes the pane's new rows. Stock Fyne gave the
// pane a new cache scope each time and parsed both font faces again for
// it, never letting the old ones go: about 7 MB a click, for good.
func TestInspectorShapeChangesKeepMemoryFlat(t *testing.T) {
	if !fynePatched() {
		t.Skip("stock Fyne re-parses fonts on every re-theme; run with scripts/gui-buildflags.sh (make test does)")
	}
	s := snapshot()
	i, w := newTestInspector(t, &fakeActions{})
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
