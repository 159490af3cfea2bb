//go:build !nogui

package main

import (
	"context"
	"fmt"
	"runtime/debug"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"github.com/gputaskman/gtm/app/actions"
	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/app/snapshot"
	"github.com/gputaskman/gtm/assets"
	"github.com/gputaskman/gtm/ui"
)

// appID is gtm's application ID (FyneApp.toml, the .desktop file).
const appID = "io.github.gputaskman.gtm"

// runGUI opens the window and refreshes it from src on its own goroutine,
// so a slow refresh never blocks the UI.
func runGUI(src collect.Provider, opts guiOptions) (err error) {
	if err := checkDisplay(opts.Log); err != nil {
		return err
	}
	pre, running := desktopPreflight(opts)
	if running {
		return nil
	}
	defer pre.close()
	// GLFW panics when it cannot open a window (no GL, refused X
	// authorisation); say so in one line instead of a stack trace.
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("could not open the window: %v; use 'gtm --once' or 'gtm --json' instead", r)
		}
	}()
	// The window allocates little per refresh but keeps text textures and
	// a capture alive; collecting garbage sooner keeps its resident memory
	// about 10 MB lower at no measurable CPU cost.
	debug.SetGCPercent(40)
	// Every change to the window goes through fyne.Do (desk.q), so Fyne's
	// thread checks are off: otherwise each Refresh asks which goroutine
	// it is on by formatting a stack trace, a third of the window's CPU.
	fyneapp.SetMetadata(fyne.AppMetadata{ID: appID, Name: "gtm", Version: version,
		Migrations: map[string]bool{"fyneDo": true}})
	a := fyneapp.NewWithID(appID)
	a.SetIcon(fyne.NewStaticResource("icon.png", assets.Icon))
	// A capture's PIDs and ports are not this machine's now: no actions
	// on them.
	_, replay := src.(*capture.Timeline)
	w := ui.NewMainWindow(a, ui.Options{Interval: opts.Interval, Actions: actions.NewSystem(), Replay: replay})
	desk := newDesktop(a, w, src, opts, pre)
	instanceTarget.Store(desk)

	// One goroutine collects; each snapshot reaches the window on the main
	// goroutine (desk.q: fyne.Do once Fyne's loop runs), so it only draws.
	// A source that hands back the snapshot it gave last time (a still
	// replay) redraws nothing.
	var last *snapshot.Snapshot
	runner := &collect.Runner{
		Src:      desk.src,
		Interval: opts.Interval,
		OnSnapshot: func(s *snapshot.Snapshot) {
			if s == last {
				desk.q.do(func() { w.SetCollecting(false); desk.tick() })
				return
			}
			last = s
			if opts.GPU != nil {
				s = s.OnlyDevice(*opts.GPU)
			}
			desk.q.do(func() { desk.onSnapshot(s) })
		},
		OnSlow: func() { desk.q.do(func() { w.SetCollecting(true) }) },
	}
	w.OnPause = runner.SetPaused
	desk.attach(runner)
	if tl, ok := src.(ui.Timeline); ok {
		w.SetTimeline(tl)
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stopOnSignal(ctx, a)
	go runner.Run(ctx)
	desk.startTray()
	desk.run()
	return nil
}
