package capture

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/internal/schema"
)

func testCapture(n int) []*schema.Snapshot {
	out := make([]*schema.Snapshot, n)
	for i := range out {
		out[i] = &schema.Snapshot{SchemaVersion: schema.SchemaVersion, TakenAt: time.Unix(int64(1000+i), 0).UTC()}
	}
	return out
}

// collected returns the indices Collect hands out over n calls.
func collected(t *testing.T, tl *Timeline, n int) []int {
	t.Helper()
	var out []int
	for range n {
		out = append(out, int(tl.Collect(context.Background()).TakenAt.Unix()-1000))
	}
	return out
}

func TestTimelinePlaysOncePerCollectAndHoldsAtTheEnd(t *testing.T) {
	tl := NewTimeline(testCapture(4))
	if tl.Len() != 4 || tl.Position() != 0 || !tl.Playing() {
		t.Fatalf("new timeline: len %d pos %d playing %v", tl.Len(), tl.Position(), tl.Playing())
	}
	if got, want := collected(t, tl, 6), []int{0, 1, 2, 3, 3, 3}; !slices.Equal(got, want) {
		t.Errorf("played %v, want %v", got, want)
	}
	if tl.Playing() || tl.Position() != 3 {
		t.Errorf("at the end: playing %v pos %d; want stopped at 3", tl.Playing(), tl.Position())
	}
	// Play at the end starts over.
	tl.Play()
	if got, want := collected(t, tl, 2), []int{0, 1}; !slices.Equal(got, want) {
		t.Errorf("replayed %v, want %v", got, want)
	}
}

func TestTimelinePauseSeek(t *testing.T) {
	tl := NewTimeline(testCapture(10))
	collected(t, tl, 2) // at 1
	tl.Pause()
	if got, want := collected(t, tl, 3), []int{1, 1, 1}; !slices.Equal(got, want) {
		t.Errorf("paused: %v, want %v", got, want)
	}
	// A seek shows the snapshot sought next, paused or playing.
	tl.Seek(7)
	if tl.Position() != 7 {
		t.Errorf("position after seek = %d", tl.Position())
	}
	if got, want := collected(t, tl, 2), []int{7, 7}; !slices.Equal(got, want) {
		t.Errorf("paused after seek: %v, want %v", got, want)
	}
	tl.Play()
	tl.Seek(4)
	if got, want := collected(t, tl, 3), []int{4, 5, 6}; !slices.Equal(got, want) {
		t.Errorf("playing after seek: %v, want %v", got, want)
	}
	for _, tc := range []struct{ seek, want int }{{-5, 0}, {99, 9}} {
		tl.Seek(tc.seek)
		if tl.Position() != tc.want {
			t.Errorf("Seek(%d) → %d, want %d (clamped)", tc.seek, tl.Position(), tc.want)
		}
	}
	if tl.At(-1) != tl.At(0) || tl.At(42) != tl.Last() {
		t.Error("At does not clamp")
	}
}

func TestTimelineLoop(t *testing.T) {
	tl := NewTimeline(testCapture(3))
	tl.SetLoop(true)
	if got, want := collected(t, tl, 7), []int{0, 1, 2, 0, 1, 2, 0}; !slices.Equal(got, want) {
		t.Errorf("looped %v, want %v", got, want)
	}
	if !tl.Playing() {
		t.Error("a looping timeline stopped")
	}
}

func TestTimelineSingleSnapshot(t *testing.T) {
	tl := NewTimeline(testCapture(1))
	tl.Play()
	if tl.Playing() {
		t.Error("a one-snapshot capture cannot play")
	}
	if got := collected(t, tl, 2); !slices.Equal(got, []int{0, 0}) {
		t.Errorf("got %v", got)
	}
}

// TestTimelineConcurrent is for the race detector: the collecting
// goroutine and the UI use one timeline at once.
func TestTimelineConcurrent(t *testing.T) {
	tl := NewTimeline(testCapture(50))
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for range 500 {
			if tl.Collect(context.Background()) == nil {
				t.Error("nil snapshot")
				return
			}
		}
	}()
	go func() {
		defer wg.Done()
		for i := range 500 {
			tl.Seek(i % 60)
			if i%3 == 0 {
				tl.Pause()
			} else {
				tl.Play()
			}
			_ = tl.Position() + tl.Len()
			_ = tl.Playing()
		}
	}()
	wg.Wait()
}

// Both replays stand in for the live collector.
var (
	_ collect.Provider = (*Timeline)(nil)
	_ collect.Provider = Replay{}
)

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
