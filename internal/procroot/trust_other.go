//go:build !linux

package procroot

// Untrusted is "" where there is no procfs: only Linux reads a proc root
// (other platforms ask the OS, and their callers set how files are read).
func Untrusted(root string) string { return "" }
