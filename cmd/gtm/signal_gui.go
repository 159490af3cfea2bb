//go:build !nogui

package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"fyne.io/fyne/v2"
)

// stopOnSignal quits the app cleanly on SIGTERM or Ctrl+C (SIGINT) until
// ctx ends.
func stopOnSignal(ctx context.Context, a fyne.App) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		defer signal.Stop(ch)
		select {
		case <-ch:
			fyne.Do(a.Quit)
			exitIfStuck()
		case <-ctx.Done():
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
