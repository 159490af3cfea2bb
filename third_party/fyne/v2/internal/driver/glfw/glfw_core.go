//go:build ((!gles && !arm && !arm64) || darwin) && !wasm && !test_web_driver

package glfw

import "github.com/go-gl/glfw/v3.4/glfw"

func initWindowHints() {
	glfw.WindowHint(glfw.ContextVersionMajor, 2)
	glfw.WindowHint(glfw.ContextVersionMinor, 1)

	glfw.WindowHint(glfw.CocoaGraphicsSwitching, glfw.True)
	// Fyne paints opaque windows and never tests depth or stencil: without
	// these buffers (GLFW asks for 8-bit alpha, 24-bit depth and 8-bit
	// stencil by default) software GL allocates and clears one 4-byte plane
	// per pixel less, about 5 MB for a 1360x880 window.
	glfw.WindowHint(glfw.AlphaBits, 0)
	glfw.WindowHint(glfw.DepthBits, 0)
	glfw.WindowHint(glfw.StencilBits, 0)
}
