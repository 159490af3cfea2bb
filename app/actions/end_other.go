//go:build !linux

package actions

import (
	"errors"

	"github.com/gputaskman/gtm/internal/schema"
)

// Ending a process needs the owner and start-time checks of end_linux.go;
// other platforms do not offer it yet.
func (s *System) checkEnd(*schema.Process) error {
	return errors.New("ending a process from gtm is supported on Linux only")
}

func (s *System) terminate(*schema.Process) error {
	return errors.New("not supported on this platform")
}
