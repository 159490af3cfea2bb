package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// The process pane is shown again on every refresh: with the same readings
// it must draw nothing, with new readings update labels in place.
func benchProcessPane(b *testing.B, changing bool) {
	test.NewTempApp(b)
	w := test.NewWindow(nil)
	defer w.Close()
	i := NewProcessPane(w, &fakeActions{})
	w.SetContent(i.CanvasObject())
	w.Resize(fyne.NewSize(460, 900))
	s1, p1 := ollamaRunner()
	s2, p2 := ollamaRunner()
	p2.GPUUtilPercent = ptr(12.0)
	*p2.VRAMBytes += 64 << 20
	i.Show(s1, p1)
	b.ReportAllocs()
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		if changing && n%2 == 1 {
			i.Show(s2, p2)
		} else {
			i.Show(s1, p1)
		}
	}
}

func BenchmarkProcessPaneShowUnchanged(b *testing.B) { benchProcessPane(b, false) }
func BenchmarkProcessPaneShowChanged(b *testing.B)   { benchProcessPane(b, true) }
