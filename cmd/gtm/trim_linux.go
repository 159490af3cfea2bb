//go:build linux && !nogui

package main

// #include <malloc.h>
import "C"

import (
	"context"
	"time"
)

// trimHeapEvery hands the C heap's free pages back to the system every
// period until ctx ends. Software GL allocates and frees each changed
// text's texture with malloc on several threads; glibc keeps the freed
// memory in per-thread arenas, so without a trim the window's resident
// memory crept up for as long as it ran although nothing leaked.
func trimHeapEvery(ctx context.Context, period time.Duration) {
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			C.malloc_trim(0)
		}
	}
}
