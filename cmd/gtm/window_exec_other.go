//go:build nogui && !unix

package main

// handOffWindow: on Windows the release's gtm.exe is the window build
// itself, so a headless build has no window to hand off to.
func handOffWindow([]string) error { return nil }

// noWindowHint: a headless build here looks for no window binary.
func noWindowHint() string { return "" }
