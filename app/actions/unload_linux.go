package actions

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gputaskman/gtm/app/snapshot"
	"github.com/gputaskman/gtm/backend/linux"
)

// checkPortOwner: the socket listening on r's port must belong to the user
// p runs as. The API was found on p's ports or its parent's (an Ollama
// runner's server); a port held by another user is someone else's server,
// which must not be sent an unload in p's name.
func (s *System) checkPortOwner(p *snapshot.Process, r UnloadRequest) error {
	root := s.ProcRoot
	if root == "" {
		root = "/proc"
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
	owners, err := listenerUIDs(root, r.Addr.Port())
	if err != nil {
		return fmt.Errorf("who listens on port %d cannot be read: %v", r.Addr.Port(), err)
	}
	if len(owners) == 0 {
		return fmt.Errorf("nothing listens on port %d now", r.Addr.Port())
	}
	for _, o := range owners {
		if o != uid {
			return fmt.Errorf("port %d is held by another user (uid %d), not by this process's user (uid %d)", r.Addr.Port(), o, uid)
		}
	}
	return nil
}

// listenerUIDs returns the owner (the uid column) of each TCP socket
// listening on port, read from <root>/net/tcp and tcp6: the network
// namespace gtm itself connects in.
func listenerUIDs(root string, port uint16) ([]int, error) {
	var uids []int
	for _, name := range []string{"tcp", "tcp6"} {
		f, err := os.Open(filepath.Join(root, "net", name))
		if err != nil {
			if name == "tcp6" && errors.Is(err, fs.ErrNotExist) {
				continue // IPv6 disabled in this kernel
			}
			return nil, err
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			// sl local rem st queues timer retrnsmt uid timeout inode
			f := strings.Fields(sc.Text())
			if len(f) < 10 || f[3] != "0A" { // 0A: LISTEN
				continue
			}
			i := strings.LastIndexByte(f[1], ':')
			p, err := strconv.ParseUint(f[1][i+1:], 16, 16)
			if i < 0 || err != nil || uint16(p) != port {
				continue
			}
			uid, err := strconv.Atoi(f[7])
			if err != nil {
				continue
			}
			uids = append(uids, uid)
		}
		err = sc.Err()
		f.Close()
		if err != nil {
			return nil, err
		}
	}
	return uids, nil
}
