//go:build (!gles && !arm && !arm64 && !android && !ios && !mobile && !test_web_driver && !wasm) || (darwin && !mobile && !ios && !wasm && !test_web_driver)

package gl

import (
	"os"

	"github.com/go-gl/gl/v2.1/gl"
)

// keptFrame tells whether the window's back buffer still holds the last
// frame when the next one starts. Software GL swaps by copying the back
// buffer to the window, so it does; GPU drivers often flip buffers, so it
// holds an older frame or nothing defined. GLFW offers no buffer-age
// query, so each frame leaves a mark: the lowest two bits of green and
// blue of the bottom-left pixel count frames. When the next frame finds
// that count in the back buffer, the buffer is the last frame.
type keptFrame struct {
	marked      bool
	mark        [4]uint8
	count       uint8
	misses      int
	w, h        int
	unsupported bool
}

// FYNE_FULL_REPAINT=1 paints every frame whole.
var fullRepaint = os.Getenv("FYNE_FULL_REPAINT") == "1"

// kept reports whether the back buffer holds the last frame, at size w×h.
func (k *keptFrame) kept(p *painter, w, h int) bool {
	if fullRepaint || k.unsupported {
		return false
	}
	if !k.marked || k.w != w || k.h != h {
		return false
	}
	k.marked = false
	if readCorner() != k.mark {
		// A driver that flips buffers: stop reading the pixel back (each
		// read waits for the GPU) after a few frames that show it.
		if k.misses++; k.misses >= 3 {
			k.unsupported = true
		}
		return false
	}
	k.misses = 0
	return true
}

// leaveMark counts this frame in its bottom-left pixel, just before the
// swap. The pixel's colour changes by at most 3/255 in green and blue.
func (k *keptFrame) leaveMark(p *painter, w, h int) {
	if fullRepaint || k.unsupported {
		return
	}
	k.count = (k.count + 1) & 15
	m := readCorner()
	m[1] = m[1]&^3 | k.count&3
	m[2] = m[2]&^3 | k.count>>2
	gl.Scissor(0, 0, 1, 1)
	gl.Enable(gl.SCISSOR_TEST)
	gl.ClearColor(float32(m[0])/255, float32(m[1])/255, float32(m[2])/255, float32(m[3])/255)
	gl.Clear(gl.COLOR_BUFFER_BIT)
	gl.Disable(gl.SCISSOR_TEST)
	// Read it back: the mark is what the buffer holds, whatever its format
	// did to the colour.
	k.mark = readCorner()
	if k.mark[1]&3 != k.count&3 || k.mark[2]&3 != k.count>>2 {
		k.unsupported = true // fewer than 8 bits a channel: no room for a count
		return
	}
	k.marked, k.w, k.h = true, w, h
}

// corner receives the bottom-left pixel (GL may write only to memory
// holding no Go pointers; windows paint on one thread).
var corner [4]uint8

func readCorner() [4]uint8 {
	gl.ReadPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, gl.Ptr(&corner[0]))
	return corner
}
