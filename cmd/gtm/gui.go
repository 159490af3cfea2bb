//go:build !nogui

package main

import (
	"context"
	"errors"
	"fmt"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"github.com/gputaskman/gtm/app"
	"github.com/gputaskman/gtm/assets"
	"github.com/gputaskman/gtm/ui"
)

var errNoDisplay = errors.New("no display found (neither DISPLAY nor WAYLAND_DISPLAY is set); use 'gtm --once' for a text snapshot or 'gtm --json' for JSON")

// runGUI opens the window and refreshes it from src on its own goroutine,
// so a slow refresh never blocks the UI.
func runGUI(src app.Source, opts guiOptions) (err error) {
	if err := checkDisplay(); err != nil {
		return err
	}
	// GLFW panics when it cannot open a window (no GL, refused X
	// authorisation); say so in one line instead of a stack trace.
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("could not open the window: %v; use 'gtm --once' or 'gtm --json' instead", r)
		}
	}()
	a := fyneapp.NewWithID("io.github.gputaskman.gtm")
	a.SetIcon(fyne.NewStaticResource("icon.png", assets.Icon))
	w := ui.NewMainWindow(a)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go app.Run(ctx, src, opts.Interval, func(s *app.Snapshot) {
		if opts.GPU != nil {
			s = s.OnlyDevice(*opts.GPU)
		}
		fyne.Do(func() { w.Update(s) })
	})
	w.Window.ShowAndRun()
	return nil
}
