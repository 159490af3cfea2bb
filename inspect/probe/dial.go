package probe

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"syscall"
	"time"
)

// ErrNotLoopback is the refusal of a destination outside loopback.
var ErrNotLoopback = errors.New("refused by policy: not a loopback address")

// IsLoopback reports whether a is an address the policy lets a probe
// contact: 127.0.0.0/8 or ::1, also written IPv4-mapped
// (::ffff:127.0.0.1), without a zone.
func IsLoopback(a netip.Addr) bool {
	return a.Zone() == "" && a.Unmap().IsLoopback()
}

// checkDest is the policy on a dial: TCP to a literal loopback address.
// A host name is refused too, so no name is ever resolved.
func checkDest(network, address string) error {
	switch network {
	case "tcp", "tcp4", "tcp6":
	default:
		return fmt.Errorf("network %q: %w", network, ErrNotLoopback)
	}
	ap, err := netip.ParseAddrPort(address)
	if err != nil || !IsLoopback(ap.Addr()) {
		return fmt.Errorf("destination %s: %w", address, ErrNotLoopback)
	}
	return nil
}

// control runs on the new socket after the address is resolved and
// before connect(2): a refusal here means no packet was sent.
func control(network, address string, _ syscall.RawConn) error {
	return checkDest(network, address)
}

// ErrUnproven is a dial refused because nothing proved whose listener the
// address is (see WithOwnerCheck).
var ErrUnproven = errors.New("refused by policy: the listener's owner is not proven")

type ownerCheckKey struct{}

// WithOwnerCheck returns ctx carrying check, which every connection made
// for a request under ctx must pass just before it is opened: gtm's proof
// that the socket listening on the address belongs to the process it is
// asking (netports.Held; docs/design.md, safety rule 9). A loopback
// port is anyone's to listen on; a
// request, and above all a credential, goes only where that proof holds.
// Connections kept alive were proven when they were opened.
func WithOwnerCheck(ctx context.Context, check func(netip.AddrPort) error) context.Context {
	return context.WithValue(ctx, ownerCheckKey{}, check)
}

func ownerCheckFrom(ctx context.Context) func(netip.AddrPort) error {
	check, _ := ctx.Value(ownerCheckKey{}).(func(netip.AddrPort) error)
	return check
}

// newDialer returns a DialContext that checks the destination twice:
// before dialing, and on the resolved address in Dialer.Control, so a
// change anywhere above (a proxy, a URL built wrong) still cannot reach
// another host. With requireOwner, the request's owner check (see
// WithOwnerCheck) must be there and pass, right before connect(2).
func newDialer(timeout time.Duration, requireOwner bool) func(ctx context.Context, network, address string) (net.Conn, error) {
	d := &net.Dialer{Timeout: timeout, KeepAlive: -1, Control: control}
	return func(ctx context.Context, network, address string) (net.Conn, error) {
		if err := checkDest(network, address); err != nil {
			return nil, &net.OpError{Op: "dial", Net: network, Err: err}
		}
		if check := ownerCheckFrom(ctx); check != nil {
			if err := check(netip.MustParseAddrPort(address)); err != nil { // parsed by checkDest
				return nil, &net.OpError{Op: "dial", Net: network, Err: fmt.Errorf("%w: %w", ErrUnproven, err)}
			}
		} else if requireOwner {
			return nil, &net.OpError{Op: "dial", Net: network, Err: ErrUnproven}
		}
		return d.DialContext(ctx, network, address)
	}
}
