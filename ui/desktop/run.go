//go:build !nogui

package desktop

// Run is the one file here that needs Fyne's driver (cgo, a GL library):
// gtm's headless build (-tags nogui) has none, and imports none of this
// package.

import (
	"context"
	"fmt"
	"log"
	"os"
	"runtime/debug"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"github.com/gputaskman/gtm/app/actions"
	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/assets"
	"github.com/gputaskman/gtm/internal/display"
	"github.com/gputaskman/gtm/ui"
)

// Run opens the window and refreshes it from src on its own goroutine, so
// a slow refresh never blocks the UI. It returns when the app quits.
func Run(ctx context.Context, src collect.Provider, opts Options) (err error) {
	if err := display.Check(opts.Log); err != nil {
		return err
	}
	pre, running := checkBefore(opts)
	if running {
		return nil
	}
	defer pre.close()
	quietStart(pre)
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
	// Every change to the window goes through fyne.Do (d.q), so Fyne's
	// thread checks are off: otherwise each Refresh asks which goroutine
	// it is on by formatting a stack trace, a third of the window's CPU.
	fyneapp.SetMetadata(fyne.AppMetadata{ID: AppID, Name: "gtm", Version: opts.Version,
		Migrations: map[string]bool{"fyneDo": true}})
	a := fyneapp.NewWithID(AppID)
	a.SetIcon(fyne.NewStaticResource("icon.png", assets.Icon))
	// A capture's PIDs and ports are not this machine's now: no actions
	// on them.
	_, replay := src.(*capture.Timeline)
	w := ui.NewMainWindow(a, ui.Options{Interval: opts.Interval, Actions: actions.NewSystem(), Replay: replay})

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	d := newController(a, w, src, opts, pre)
	d.cancel = cancel
	pre.target.Store(d)
	runner := d.newRunner()
	if tl, ok := src.(ui.Timeline); ok {
		w.SetTimeline(tl)
	}

	finished := make(chan struct{})
	defer close(finished) // before cancel: the app has ended, nothing to quit
	d.quitWhenDone(ctx, finished)
	go runner.Run(ctx)
	d.startTray()
	d.run()
	return nil
}

// quietStart keeps a first start on a bare account to gtm's own lines:
// without a session bus Fyne's reports of what the bus would have given
// are dropped (quietBus), and the user's cache folder exists (Fyne creates
// only its own folder in it, and on an account with no ~/.cache logs two
// errors and caches nothing).
func quietStart(pre *preflight) {
	if pre.noBus {
		log.SetOutput(newQuietBus(log.Writer()))
	}
	if dir, err := os.UserCacheDir(); err == nil {
		os.MkdirAll(dir, 0o700) // best effort: Fyne says so if it still fails
	}
}
