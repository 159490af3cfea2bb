package actions

import (
	"errors"
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/gputaskman/gtm/backend/linux"
	"github.com/gputaskman/gtm/inspect/netports"
	"github.com/gputaskman/gtm/internal/schema"
)

// checkPortOwner: the socket listening on r's address in gtm's own
// network namespace must be held by p, or by the process serving its API
// (an Ollama runner's server: p's api_pid), and made by p's user. A
// loopback port is anyone's to take once a server lets it go; an unload
// in p's name goes only where that proof holds (netports.Reachable).
func (s *System) checkPortOwner(p *schema.Process, r UnloadRequest) error {
	root := s.ProcRoot
	if root == "" {
		root = "/proc"
	}
	// A tree that is not procfs may claim any socket for any process.
	if why := untrustedRoot(root); why != "" {
		return errors.New(why)
	}
	info := linux.NewProcFS(root).Lookup(p.PID)
	if !info.Exists {
		return errors.New("the process has exited")
	}
	if p.StartTime == nil || info.StartTime == nil || !p.StartTime.Equal(*info.StartTime) {
		return errors.New("the PID now names another process, or its start time is unknown")
	}
	// Sockets are stamped with the effective user that made them.
	uid, err := statusUID(filepath.Join(root, strconv.Itoa(p.PID), "status"), 1)
	if err != nil {
		return fmt.Errorf("the process's user cannot be read: %v", err)
	}
	holders := []int{p.PID}
	if p.LLM != nil && p.LLM.APIPID != nil && *p.LLM.APIPID != p.PID {
		holders = append(holders, *p.LLM.APIPID)
	}
	for _, h := range holders {
		reach, err := netports.Reachable(root, h)
		if err != nil {
			continue
		}
		for _, port := range reach.Reachable {
			if port.Loopback() != r.Addr {
				continue
			}
			if int(port.UID) != uid {
				return fmt.Errorf("port %d is held by another user (uid %d), not by this process's user (uid %d)", r.Addr.Port(), port.UID, uid)
			}
			return nil
		}
	}
	return fmt.Errorf("no socket this process or its server holds listens on %s now", r.Addr)
}
