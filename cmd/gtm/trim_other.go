//go:build !linux && !nogui

package main

import (
	"context"
	"time"
)

// trimHeapEvery does nothing off Linux (see trim_linux.go).
func trimHeapEvery(context.Context, time.Duration) {}
