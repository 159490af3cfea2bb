//go:build !nogui

package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/app/collect"
)

func TestGUINeedsDisplay(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	if err := runGUI(&collect.Collector{}, guiOptions{}); !errors.Is(err, errNoDisplay) {
		t.Errorf("err = %v", err)
	}
}

func TestGUIUnreachableDisplay(t *testing.T) {
	t.Setenv("WAYLAND_DISPLAY", "")
	t.Setenv("DISPLAY", ":4711")
	err := runGUI(&collect.Collector{}, guiOptions{})
	if err == nil || !strings.Contains(err.Error(), "cannot connect to the display (DISPLAY=:4711)") {
		t.Errorf("err = %v", err)
	}
	t.Setenv("DISPLAY", "")
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	t.Setenv("WAYLAND_DISPLAY", "wayland-9")
	if err := runGUI(&collect.Collector{}, guiOptions{}); err == nil || !strings.Contains(err.Error(), "WAYLAND_DISPLAY=wayland-9") {
		t.Errorf("err = %v", err)
	}
}

func TestX11Addresses(t *testing.T) {
	cases := map[string]string{
		":0":             "unix @/tmp/.X11-unix/X0 unix /tmp/.X11-unix/X0",
		":1.0":           "unix @/tmp/.X11-unix/X1 unix /tmp/.X11-unix/X1",
		"unix:2":         "unix @/tmp/.X11-unix/X2 unix /tmp/.X11-unix/X2",
		"localhost:10.0": "tcp localhost:6010",
		"garbage":        "",
		":x":             "",
	}
	for in, want := range cases {
		var parts []string
		for _, a := range x11Addresses(in) {
			parts = append(parts, a[0], a[1])
		}
		if got := strings.Join(parts, " "); got != want {
			t.Errorf("x11Addresses(%q) = %q, want %q", in, got, want)
		}
	}
}
