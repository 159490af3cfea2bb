package desktop

import (
	"context"
	"fmt"
	"os"
	"time"
)

// quitWhenDone quits the app once ctx ends (a signal, or Quit in the tray
// menu: both cancel the run's context), whether or not Fyne's loop has
// started. Nothing is done once finished is closed: the app has ended.
func (d *controller) quitWhenDone(ctx context.Context, finished <-chan struct{}) {
	go func() {
		select {
		case <-ctx.Done():
			select {
			case <-finished: // Run is returning and cancelled ctx itself
				return
			default:
			}
			d.q.do(d.quit)
		case <-finished:
		}
	}()
}

// quitGrace is how long a quit may take before gtm exits regardless.
const quitGrace = 5 * time.Second

// exitIfStuck ends the process if it is still running quitGrace after a
// quit was asked for. Stock Fyne can hang while quitting (its stop hook
// may wait on a queue the loop no longer serves; third_party/fyne fixes
// that in our builds), and a monitor that ignores SIGTERM or its own Quit
// is worse than one that skips its last clean-up.
func exitIfStuck() {
	time.AfterFunc(quitGrace, func() {
		fmt.Fprintf(os.Stderr, "gtm: still running %s after quitting; exiting now\n", quitGrace)
		os.Exit(0)
	})
}
