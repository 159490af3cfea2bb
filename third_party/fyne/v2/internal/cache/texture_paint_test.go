package cache

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
)

// TestTextTextureKeptWhilePainted: a text drawn by the last paint survives
// the next paint's clean-up even when its time is up (a window refreshed
// less often than textTextureDuration), and goes once a paint has passed
// without drawing it.
func TestTextTextureKeptWhilePainted(t *testing.T) {
	defer func() { timeNow = time.Now; refreshNow() }()
	start := time.Now()
	timeNow = func() time.Time { return start }
	refreshNow()

	c := &dummyCanvas{}
	ent := FontCacheEntry{fontSizeEntry: fontSizeEntry{Text: "42 %"}}
	freed := 0
	PaintStarted()
	SetTextTexture(ent, NoTexture, c, func() { freed++ })

	later := start
	paint := func(draw bool) {
		later = later.Add(10 * time.Second) // well past textTextureDuration
		timeNow = func() time.Time { return later }
		refreshNow()
		PaintStarted()
		RangeExpiredTexturesFor(c, func(fyne.CanvasObject) {})
		if draw {
			if _, ok := GetTextTexture(ent); !ok {
				t.Fatal("texture gone while it was still being drawn")
			}
		}
	}
	paint(true)
	paint(true)
	if freed != 0 {
		t.Fatalf("a text drawn by every paint was freed %d times", freed)
	}
	paint(false) // the previous paint drew it: kept
	if freed != 0 {
		t.Fatal("freed although the previous paint drew it")
	}
	paint(false) // two paints without it, time up: freed
	if freed != 1 {
		t.Fatalf("freed %d times, want 1 once it is neither drawn nor recent", freed)
	}
}
