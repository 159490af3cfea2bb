package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/gputaskman/gtm/internal/schema"
)

// Timeline is a replayed capture the window can scrub through and play.
// The window calls it on the Fyne goroutine; the collection goroutine
// reads the position through its own collect.Provider.
type Timeline interface {
	// Len is the number of snapshots in the capture.
	Len() int
	// At returns snapshot i (0 is the first).
	At(i int) *schema.Snapshot
	// Position is the snapshot now shown.
	Position() int
	// Seek moves to snapshot i.
	Seek(i int)
	// Playing reports whether the replay advances by itself.
	Playing() bool
	// Play resumes the replay (from the start when at the end).
	Play()
	// Pause stops it on the current snapshot.
	Pause()
}

// timelineBar is the replay's play/pause button, scrub slider and position.
type timelineBar struct {
	m      *MainWindow
	tl     Timeline
	root   *fyne.Container
	play   *widget.Button
	slider *widget.Slider
	where  *widget.Label
	// seeking is set while the window moves the slider itself, so its
	// OnChanged does not seek again.
	seeking bool
}

func newTimelineBar(m *MainWindow) *timelineBar {
	b := &timelineBar{m: m}
	b.play = widget.NewButtonWithIcon("", theme.MediaPauseIcon(), func() { b.setPlaying(!b.tl.Playing()) })
	b.slider = widget.NewSlider(0, 1)
	b.slider.Step = 1
	b.slider.OnChanged = func(v float64) {
		if !b.seeking && b.tl != nil {
			b.seek(int(v))
		}
	}
	b.where = widget.NewLabel("")
	b.root = container.NewBorder(nil, nil, container.NewHBox(widget.NewLabel("Replay"), b.play), b.where, b.slider)
	b.root.Hide()
	return b
}

// SetTimeline shows the replay bar for a capture and fills the charts from
// it up to the current position.
func (m *MainWindow) SetTimeline(tl Timeline) {
	b := m.timeline
	b.tl = tl
	if tl == nil || tl.Len() < 2 {
		b.tl = nil
		b.root.Hide()
		return
	}
	b.slider.Max = float64(tl.Len() - 1)
	b.root.Show()
	b.jump(tl.Position())
	b.sync()
}

// seek moves the replay to snapshot i and shows it, history included.
func (b *timelineBar) seek(i int) {
	b.tl.Seek(i)
	b.jump(b.tl.Position())
	b.sync()
}

// jump rebuilds the history from the capture so that the charts show the
// span ending at snapshot i, then shows it.
func (b *timelineBar) jump(i int) {
	h := b.m.history
	h.Reset()
	from := max(0, i-h.Capacity()+1)
	for j := from; j <= i; j++ {
		h.Add(b.tl.At(j))
	}
	b.m.snap = nil
	b.m.show(b.tl.At(i))
}

func (b *timelineBar) setPlaying(p bool) {
	if b.tl == nil {
		return
	}
	if p {
		b.tl.Play()
	} else {
		b.tl.Pause()
	}
	b.sync()
}

// sync shows the position and the play state.
func (b *timelineBar) sync() {
	if b.tl == nil {
		return
	}
	pos := b.tl.Position()
	if int(b.slider.Value) != pos {
		b.seeking = true
		b.slider.SetValue(float64(pos))
		b.seeking = false
	}
	playing := b.tl.Playing()
	icon := theme.MediaPlayIcon()
	if playing {
		icon = theme.MediaPauseIcon()
	}
	if b.m.paused == playing {
		b.m.setPausedState(!playing)
	}
	if b.play.Icon != icon {
		b.play.SetIcon(icon)
	}
	s := b.tl.At(pos)
	where := fmt.Sprintf("%d / %d · %s", pos+1, b.tl.Len(), s.TakenAt.Local().Format("15:04:05"))
	if b.where.Text != where {
		b.where.SetText(where)
	}
}
