//go:build !nogui && !linux

package main

// checkDisplay: Windows and macOS always have a desktop session to draw on.
func checkDisplay() error { return nil }
