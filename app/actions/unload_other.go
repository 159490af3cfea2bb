//go:build !linux

package actions

import (
	"fmt"

	"github.com/gputaskman/gtm/internal/schema"
)

// checkPortOwner: who holds a port is read from Linux's /proc only; a
// port whose owner is unknown is not sent an unload.
func (s *System) checkPortOwner(_ *schema.Process, r UnloadRequest) error {
	return fmt.Errorf("who holds port %d cannot be checked on this platform", r.Addr.Port())
}
