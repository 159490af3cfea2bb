package capture

import (
	"context"
	"sync"

	"github.com/gputaskman/gtm/app/energy"
	"github.com/gputaskman/gtm/app/trend"
	"github.com/gputaskman/gtm/internal/schema"
)

// Timeline plays a capture back as a collect.Provider: each Collect while playing
// moves one snapshot forward, so the window replays a capture at its own
// refresh rate and renders each snapshot exactly as it did live. It holds
// on the last snapshot (or wraps to the first when looping).
//
// A Timeline is safe for concurrent use: the collecting goroutine calls
// Collect while the UI seeks, plays and pauses.
type Timeline struct {
	snaps []*schema.Snapshot

	mu      sync.Mutex
	pos     int
	playing bool
	loop    bool
	// shown is false until the snapshot at pos has been handed out by
	// Collect; a seek clears it, so the next Collect shows the snapshot
	// sought rather than the one after it.
	shown bool
}

// NewTimeline plays snaps (at least one, in the order taken) from the
// first, playing. Their trends are recomputed from their readings first
// (trend.AnnotateAll), and their power split and energy
// (energy.AnnotateAll): a capture from an older gtm has none recorded. It
// panics on an empty capture, which Read never returns.
func NewTimeline(snaps []*schema.Snapshot) *Timeline {
	if len(snaps) == 0 {
		panic("capture.NewTimeline: empty capture")
	}
	trend.AnnotateAll(snaps)
	energy.AnnotateAll(snaps)
	return &Timeline{snaps: snaps, playing: len(snaps) > 1}
}

// Len is the number of snapshots in the capture.
func (t *Timeline) Len() int { return len(t.snaps) }

// At returns snapshot i (clamped to the capture), e.g. to fill history
// charts up to the current position. Snapshots are shared: do not modify.
func (t *Timeline) At(i int) *schema.Snapshot { return t.snaps[t.clamp(i)] }

// Position is the index of the snapshot Collect returned last (or will
// return next, after a seek or before the first call).
func (t *Timeline) Position() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.pos
}

// Seek moves to snapshot i (clamped to the capture); the next Collect
// returns it. Playing or paused stays as it was.
func (t *Timeline) Seek(i int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.pos, t.shown = t.clamp(i), false
}

// Playing reports whether Collect advances.
func (t *Timeline) Playing() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.playing
}

// Play resumes playback; at the end of a capture that does not loop it
// starts again from the first snapshot. A one-snapshot capture never plays.
func (t *Timeline) Play() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.snaps) < 2 {
		return
	}
	if t.pos == len(t.snaps)-1 {
		t.pos, t.shown = 0, false
	}
	t.playing = true
}

// Pause stops Collect from advancing; it keeps returning the current
// snapshot.
func (t *Timeline) Pause() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.playing = false
}

// SetLoop makes playback wrap from the last snapshot to the first instead
// of stopping there (a demo that runs forever).
func (t *Timeline) SetLoop(loop bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.loop = loop
}

// Collect implements collect.Provider: the current snapshot, after moving one
// forward when playing. At the last snapshot playback stops (Playing turns
// false) unless the timeline loops.
func (t *Timeline) Collect(context.Context) *schema.Snapshot {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.playing && t.shown {
		switch {
		case t.pos < len(t.snaps)-1:
			t.pos++
		case t.loop:
			t.pos = 0
		}
	}
	t.shown = true
	if t.pos == len(t.snaps)-1 && !t.loop {
		t.playing = false
	}
	return t.snaps[t.pos]
}

func (t *Timeline) clamp(i int) int {
	return max(0, min(i, len(t.snaps)-1))
}

// Last returns the capture's last snapshot: what --once and --json print
// for a capture.
func (t *Timeline) Last() *schema.Snapshot { return t.snaps[len(t.snaps)-1] }

// Replay is a collect.Provider that gives back one saved snapshot every
// time, so the window and reports render a replayed snapshot exactly as a
// live one.
type Replay struct{ Snapshot *schema.Snapshot }

// Collect gives the saved snapshot.
func (r Replay) Collect(context.Context) *schema.Snapshot { return r.Snapshot }
