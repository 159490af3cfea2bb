package ui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"github.com/gputaskman/gtm/app/history"
	"github.com/gputaskman/gtm/internal/schema"
)

// fakeTimeline is a capture held in memory, like capture.Timeline.
type fakeTimeline struct {
	snaps   []*schema.Snapshot
	pos     int
	playing bool
}

func (f *fakeTimeline) Len() int                  { return len(f.snaps) }
func (f *fakeTimeline) At(i int) *schema.Snapshot { return f.snaps[max(0, min(i, len(f.snaps)-1))] }
func (f *fakeTimeline) Position() int             { return f.pos }
func (f *fakeTimeline) Seek(i int)                { f.pos = max(0, min(i, len(f.snaps)-1)) }
func (f *fakeTimeline) Playing() bool             { return f.playing }
func (f *fakeTimeline) Play()                     { f.playing = true }
func (f *fakeTimeline) Pause()                    { f.playing = false }
func (f *fakeTimeline) next() *schema.Snapshot {
	f.pos = min(f.pos+1, len(f.snaps)-1)
	return f.snaps[f.pos]
}
func (f *fakeTimeline) collect() *schema.Snapshot { return f.snaps[f.pos] }
func newFakeTimeline(n int) *fakeTimeline {
	f := &fakeTimeline{playing: true}
	for i := 0; i < n; i++ {
		s := testSnapshot()
		s.TakenAt = t0.Add(time.Duration(i) * time.Second)
		s.Devices[0].GPUUtilPercent = ptr(float64(i))
		f.snaps = append(f.snaps, s)
	}
	return f
}

func TestTimelineFillsChartsAndScrubs(t *testing.T) {
	w := newWindow(t)
	tl := newFakeTimeline(30)
	tl.pos = 29
	w.SetTimeline(tl)
	if !w.timeline.root.Visible() {
		t.Fatal("no timeline bar for a capture")
	}
	if n := w.history.Series(0, history.MetricGPU).Len(); n != 30 {
		t.Errorf("charts hold %d samples, want the 30 up to the position", n)
	}
	if _, v, _ := w.history.Series(0, history.MetricGPU).Last(); v != 29 {
		t.Errorf("last = %v", v)
	}
	// Scrub back: the charts end at the new position.
	w.timeline.slider.SetValue(10)
	if tl.pos != 10 || w.Snapshot() != tl.snaps[10] {
		t.Fatalf("slider did not seek: pos %d", tl.pos)
	}
	if n := w.history.Series(0, history.MetricGPU).Len(); n != 11 {
		t.Errorf("after seeking, charts hold %d samples, want 11", n)
	}
	if !strings.HasPrefix(w.timeline.where.Text, "11 / 30 · ") {
		t.Errorf("position label %q", w.timeline.where.Text)
	}
	// Playing forward moves the slider with it.
	w.Update(tl.next())
	if w.timeline.slider.Value != 11 {
		t.Errorf("slider at %v after playing one step", w.timeline.slider.Value)
	}
	// p pauses the replay (not collection) and the title says so.
	paused := false
	w.OnPause = func(bool) { paused = true }
	w.TypedRune('p')
	if tl.playing || !strings.Contains(w.Window.Title(), "paused") {
		t.Errorf("p: playing %v, title %q", tl.playing, w.Window.Title())
	}
	if paused {
		t.Error("p paused collection during a replay")
	}
	w.TypedRune('p')
	if !tl.playing || strings.Contains(w.Window.Title(), "paused") {
		t.Errorf("p again: playing %v, title %q", tl.playing, w.Window.Title())
	}
	// The replay loops back to the start: the charts start over.
	tl.Seek(0)
	w.Update(tl.collect())
	if n := w.history.Series(0, history.MetricGPU).Len(); n != 1 {
		t.Errorf("after looping, charts hold %d samples", n)
	}
}

func TestNoTimelineForOneSnapshot(t *testing.T) {
	w := newWindow(t)
	w.SetTimeline(newFakeTimeline(1))
	if w.timeline.root.Visible() {
		t.Error("a one-snapshot replay shows a timeline")
	}
}

func TestTimelineKeys(t *testing.T) {
	w := newWindow(t)
	tl := newFakeTimeline(20)
	w.SetTimeline(tl)
	for _, c := range []struct {
		key  fyne.KeyName
		want int
	}{{fyne.KeyEnd, 19}, {fyne.KeyLeft, 18}, {fyne.KeyRight, 19}, {fyne.KeyRight, 19}, {fyne.KeyHome, 0}, {fyne.KeyLeft, 0}} {
		w.TypedKey(c.key)
		if tl.pos != c.want || w.Snapshot() != tl.snaps[c.want] {
			t.Errorf("%s: at %d, want %d", c.key, tl.pos, c.want)
		}
	}
}
