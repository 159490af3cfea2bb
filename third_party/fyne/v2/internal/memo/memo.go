// Package memo holds results that stay true while nothing changes: the
// minimum sizes of containers and widgets during one pass of a driver over
// a tree, and a generation for measured text that moves on whenever the
// text-size cache is cleared (a theme or font change).
//
// It imports nothing from Fyne, so the fyne package itself can use it.
package memo

import (
	"sync"
	"sync/atomic"
)

var (
	mu      sync.Mutex
	active  bool
	minSize = map[any][2]float32{}

	textGeneration atomic.Uint64
)

// StartMinSizes begins a pass in which MinSize results are remembered. The
// caller must call ForgetMinSizes whenever it resizes or lays out anything
// during the pass, and StopMinSizes at its end.
func StartMinSizes() {
	mu.Lock()
	active = true
	clear(minSize)
	mu.Unlock()
}

// ForgetMinSizes drops what was remembered (something was laid out).
func ForgetMinSizes() {
	mu.Lock()
	clear(minSize)
	mu.Unlock()
}

// StopMinSizes ends the pass.
func StopMinSizes() {
	mu.Lock()
	active = false
	clear(minSize)
	mu.Unlock()
}

// MinSize returns the remembered minimum size of o, if a pass is running
// and it was computed during it.
func MinSize(o any) (w, h float32, ok bool) {
	mu.Lock()
	if !active {
		mu.Unlock()
		return 0, 0, false
	}
	s, ok := minSize[o]
	mu.Unlock()
	return s[0], s[1], ok
}

// SetMinSize remembers o's minimum size while a pass is running.
func SetMinSize(o any, w, h float32) {
	mu.Lock()
	if active {
		minSize[o] = [2]float32{w, h}
	}
	mu.Unlock()
}

// TextGeneration changes whenever measured text sizes may have changed.
func TextGeneration() uint64 { return textGeneration.Load() }

// NewTextGeneration is called when the text-size cache is cleared.
func NewTextGeneration() { textGeneration.Add(1) }
