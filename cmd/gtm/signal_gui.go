//go:build !nogui

package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

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
		case <-ctx.Done():
		}
	}()
}
