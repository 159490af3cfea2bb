package netports

import "net/netip"

// Port is one listening TCP socket.
type Port struct {
	// Addr is the bound address, IPv4-mapped IPv6 unmapped: a loopback
	// address or a wildcard (0.0.0.0, ::).
	Addr netip.Addr
	Port uint16
	// UID is the socket's owner as the kernel stamped it: its creator's
	// filesystem uid.
	UID uint32
}

// Loopback is where to contact the listener: its own address when bound
// to loopback, 127.0.0.1 or ::1 when bound to a wildcard.
func (p Port) Loopback() netip.AddrPort {
	a := p.Addr
	if a.IsUnspecified() {
		if a.Is4() {
			a = netip.AddrFrom4([4]byte{127, 0, 0, 1})
		} else {
			a = netip.IPv6Loopback()
		}
	}
	return netip.AddrPortFrom(a, p.Port)
}

func (p Port) String() string {
	return netip.AddrPortFrom(p.Addr, p.Port).String()
}

// reachable reports whether a listener bound to a is reachable on loopback.
// The address must already be unmapped.
func reachable(a netip.Addr) bool {
	return a.Zone() == "" && (a.IsLoopback() || a.IsUnspecified())
}
