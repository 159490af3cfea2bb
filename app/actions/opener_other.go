//go:build !linux && !darwin && !windows

package actions

// platformOpener: the BSDs and others follow freedesktop too.
func platformOpener() Opener { return commandOpener{name: "xdg-open"} }
