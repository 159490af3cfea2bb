package netports

import (
	"errors"
	"net/netip"
)

// ErrNotHeld is a port gtm will not contact for a process: no socket
// listening there in gtm's own network namespace is held by it.
var ErrNotHeld = errors.New("not held by the process in gtm's network namespace")

// Reach is where a process listens, split by whether gtm can reach it.
//
// A process's /proc/<pid>/net/tcp shows the process's own network
// namespace. A server in a container without a published port listens on
// a 127.0.0.1 that is not gtm's: connecting to the same port on gtm's
// loopback reaches whoever listens there, any local user. So gtm contacts
// only sockets it finds listening in its own namespace whose inode is in
// the process's descriptor table (socket inodes are unique system-wide):
// that proves the listener is the process's (docs/design.md, safety
// rule 9).
type Reach struct {
	// Reachable are the process's listeners in gtm's own network
	// namespace: the only ports gtm may contact for it.
	Reachable []Port
	// Elsewhere are the process's loopback listeners in another network
	// namespace (read only when none is reachable): never contacted, and
	// said so.
	Elsewhere []Port
}

// Proves reports whether ap, an address gtm would dial, is one of the
// process's reachable listeners (Port.Loopback).
func (r Reach) Proves(ap netip.AddrPort) bool {
	for _, p := range r.Reachable {
		if p.Loopback() == ap {
			return true
		}
	}
	return false
}
