// Package display checks, before a window is opened, that the display the
// environment names (WAYLAND_DISPLAY, DISPLAY) can be reached, so that an
// unusable one is a one-line error instead of a panic inside GLFW.
//
// Exported API:
//
//   - Check(log) returns nil when a window can be opened; on Linux it may
//     switch this process to X11 (and say why on log) when the Wayland
//     socket has no compositor behind it, and does so without a word when
//     no Wayland display is named and none could be found (no
//     XDG_RUNTIME_DIR), so GLFW does not try.
//   - ErrNoDisplay is Check's error when neither variable is set.
package display

import "errors"

// ErrNoDisplay: neither DISPLAY nor WAYLAND_DISPLAY is set.
var ErrNoDisplay = errors.New("no display found (neither DISPLAY nor WAYLAND_DISPLAY is set); use 'gtm --once' for a text snapshot or 'gtm --json' for JSON")
