//go:build !nogui && !linux

package main

import "io"

// checkDisplay: Windows and macOS always have a desktop session to draw on.
func checkDisplay(io.Writer) error { return nil }
