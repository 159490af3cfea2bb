//go:build !nogui

package main

import (
	"context"
	"github.com/gputaskman/gtm/app/collect"

	"github.com/gputaskman/gtm/ui/desktop"
)

// runGUI opens the desktop app (package ui/desktop) over src; it returns
// when the app quits, ctx ending included.
func runGUI(ctx context.Context, src collect.Provider, opts guiOptions) error {
	d := opts.desktopOptions
	return desktop.Run(ctx, src, desktop.Options{Interval: opts.Interval, GPU: opts.GPU,
		Tray: d.Tray, AlertVRAM: d.AlertVRAM, Live: d.Live, StartDemo: d.StartDemo,
		Demo: d.Demo, NewLive: d.NewLive, Log: d.Log, Version: version})
}

// handOffWindow: this build is the window, so it runs the window itself.
func handOffWindow([]string) error { return nil }
