package main

import (
	"os"
	"syscall"
	"testing"
	"time"
)

// SIGTERM cancels the context the long-running commands stop by.
func TestUntilInterruptedCancelsOnSIGTERM(t *testing.T) {
	ctx, stop := untilInterrupted()
	defer stop()
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Skipf("cannot signal this process: %v", err)
	}
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("SIGTERM did not cancel the context")
	}
}
