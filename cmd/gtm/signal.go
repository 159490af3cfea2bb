package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

// untilInterrupted is the one place SIGINT (Ctrl+C) and SIGTERM are
// handled: they cancel the context every long-running command stops by
// (the window, gtm serve, gtm record). After the first, the default comes
// back, so a second signal ends a gtm whose stop hangs at once.
func untilInterrupted() (context.Context, context.CancelFunc) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop()
	}()
	return ctx, stop
}
