// Package netports lists the TCP ports a process listens on, read from
// /proc/<pid>/fd and /proc/<pid>/net/tcp{,6}.
//
// Only listeners gtm may contact are returned: those bound to a loopback
// address (127.0.0.0/8, ::1) or to a wildcard (0.0.0.0, ::), which is
// reachable on loopback. A listener bound only to another address is left
// out, so nothing built on this package is led off the host.
//
// Reading is Linux only; elsewhere Listening returns an error matching
// errors.ErrUnsupported.
package netports
