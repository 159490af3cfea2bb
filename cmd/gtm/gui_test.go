//go:build !nogui

package main

import (
	"errors"
	"testing"

	"github.com/gputaskman/gtm/app"
)

func TestGUINeedsDisplay(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	if err := runGUI(&app.Collector{}, guiOptions{}); !errors.Is(err, errNoDisplay) {
		t.Errorf("err = %v", err)
	}
}
