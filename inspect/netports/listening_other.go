//go:build !linux

package netports

import (
	"errors"
	"fmt"
	"net/netip"
	"runtime"
)

// Listening needs Linux's /proc; elsewhere it returns an error matching
// errors.ErrUnsupported.
func Listening(procRoot string, pid int) ([]Port, error) {
	return nil, fmt.Errorf("netports: listening ports are not supported on this OS (%s): %w", runtime.GOOS, errors.ErrUnsupported)
}

// Reachable needs Linux's /proc, like Listening.
func Reachable(procRoot string, pid int) (Reach, error) {
	_, err := Listening(procRoot, pid)
	return Reach{}, err
}

// Held needs Linux's /proc, like Listening: nothing is proven elsewhere.
func Held(procRoot string, pid int, ap netip.AddrPort) error {
	_, err := Listening(procRoot, pid)
	return err
}
