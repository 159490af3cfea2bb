//go:build !nogui

package main

import (
	"context"
	"errors"
	"github.com/gputaskman/gtm/app/collect"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/internal/display"
)

func TestGUINeedsDisplay(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	if err := runGUI(context.Background(), &collect.Collector{}, guiOptions{}); !errors.Is(err, display.ErrNoDisplay) {
		t.Errorf("err = %v", err)
	}
}

func TestGUIUnreachableDisplay(t *testing.T) {
	t.Setenv("WAYLAND_DISPLAY", "")
	t.Setenv("DISPLAY", ":4711")
	err := runGUI(context.Background(), &collect.Collector{}, guiOptions{})
	if err == nil || !strings.Contains(err.Error(), "cannot connect to the display (DISPLAY=:4711)") {
		t.Errorf("err = %v", err)
	}
	t.Setenv("DISPLAY", "")
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	t.Setenv("WAYLAND_DISPLAY", "wayland-9")
	if err := runGUI(context.Background(), &collect.Collector{}, guiOptions{}); err == nil || !strings.Contains(err.Error(), "WAYLAND_DISPLAY=wayland-9") {
		t.Errorf("err = %v", err)
	}
}
