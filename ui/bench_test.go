package ui

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/gputaskman/gtm/internal/schema"
)

// BenchmarkWindowUpdate200 is one refresh's work on the UI goroutine with
// 200 processes and a full 10-minute history: header, eight charts, the
// table (sorted, visible cells) and the selected process's pane. The
// budget is 2 ms.
func BenchmarkWindowUpdate200(b *testing.B) {
	a := test.NewTempApp(b)
	w := NewMainWindow(a, Options{Interval: time.Second})
	defer w.Window.Close()
	w.Window.Resize(fyne.NewSize(1360, 880))
	snaps := [2]*fyneSnap{}
	for i := range snaps {
		snaps[i] = &fyneSnap{s: manyProcesses(200, t0)}
		snaps[i].s.Processes[0] = testSnapshot().Processes[0] // an LLM, selected
	}
	at := t0
	for i := 0; i < w.history.Capacity(); i++ {
		at = at.Add(time.Second)
		s := snaps[i%2].s
		s.TakenAt = at
		w.Update(s)
	}
	w.table.selectRow(0)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		at = at.Add(time.Second)
		s := snaps[i%2].s
		s.TakenAt = at
		w.Update(s)
	}
}

// BenchmarkWindowStill is a refresh that brings the snapshot already shown
// (a still replay): it must cost next to nothing.
func BenchmarkWindowStill(b *testing.B) {
	a := test.NewTempApp(b)
	w := NewMainWindow(a, Options{Interval: time.Second})
	defer w.Window.Close()
	s := manyProcesses(200, t0)
	w.Update(s)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w.Update(s)
	}
}

type fyneSnap struct{ s *schema.Snapshot }
