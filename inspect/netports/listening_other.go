//go:build !linux

package netports

import (
	"errors"
	"fmt"
	"runtime"
)

// Listening needs Linux's /proc; elsewhere it returns an error matching
// errors.ErrUnsupported.
func Listening(procRoot string, pid int) ([]Port, error) {
	return nil, fmt.Errorf("netports: listening ports are not supported on this OS (%s): %w", runtime.GOOS, errors.ErrUnsupported)
}
