package probe

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"strings"
	"testing"
	"time"
)

func TestCheckDest(t *testing.T) {
	for addr, ok := range map[string]bool{
		"127.0.0.1:80":          true,
		"127.0.0.2:80":          true,
		"127.255.255.254:1":     true,
		"[::1]:80":              true,
		"[::ffff:127.0.0.1]:80": true,
		"10.0.0.1:80":           false,
		"192.168.1.20:80":       false,
		"172.16.0.1:80":         false,
		"8.8.8.8:53":            false,
		"1.1.1.1:80":            false,
		"192.0.2.1:80":          false,
		"0.0.0.0:80":            false, // "any" means this host on some stacks; not loopback
		"[::]:80":               false,
		"[::ffff:10.0.0.1]:80":  false,
		"[::ffff:8.8.8.8]:80":   false,
		"[2001:db8::1]:80":      false,
		"[fe80::1%lo]:80":       false,
		"[::1%lo]:80":           false,
		"[fd00::2]:80":          false,
		"localhost:80":          false, // names are never resolved
		"evil.com:80":           false,
		"127.0.0.1":             false,
		"":                      false,
	} {
		err := checkDest("tcp", addr)
		if (err == nil) != ok {
			t.Errorf("%q: %v", addr, err)
		}
		if err != nil && !errors.Is(err, ErrNotLoopback) {
			t.Errorf("%q: %v does not match ErrNotLoopback", addr, err)
		}
	}
	for _, network := range []string{"udp", "unix", "ip4:icmp"} {
		if checkDest(network, "127.0.0.1:80") == nil {
			t.Errorf("network %s allowed", network)
		}
	}
}

// The socket's Control refuses a non-loopback address before connect(2):
// the dial fails at once with the policy error, not a timeout or a
// connection error. (192.0.2.0/24 and 2001:db8::/32 are documentation
// ranges; nothing is sent to them.)
func TestControlRefusesBeforeConnect(t *testing.T) {
	d := &net.Dialer{Timeout: 5 * time.Second, Control: control}
	for _, addr := range []string{"192.0.2.1:80", "[::ffff:192.0.2.1]:80", "[2001:db8::1]:80"} {
		start := time.Now()
		c, err := d.DialContext(context.Background(), "tcp", addr)
		if err == nil {
			c.Close()
			t.Fatalf("%s: connected", addr)
		}
		if !errors.Is(err, ErrNotLoopback) || !strings.Contains(err.Error(), "refused by policy") {
			t.Errorf("%s: %v, want the policy refusal", addr, err)
		}
		if el := time.Since(start); el > time.Second {
			t.Errorf("%s: took %v: the refusal must come before connecting", addr, el)
		}
	}
}

// The Client's dialer refuses before even creating a socket, names too.
func TestDialerRefuses(t *testing.T) {
	dial := newDialer(time.Second, false)
	for _, addr := range []string{"192.0.2.1:80", "10.0.0.1:80", "192.168.0.1:80", "8.8.8.8:443", "[::ffff:10.0.0.1]:80", "localhost:80", "example.com:80"} {
		c, err := dial(context.Background(), "tcp", addr)
		if err == nil {
			c.Close()
			t.Fatalf("%s: connected", addr)
		}
		if !errors.Is(err, ErrNotLoopback) {
			t.Errorf("%s: %v", addr, err)
		}
	}
}

func TestDialerAccepts(t *testing.T) {
	dial := newDialer(time.Second, false)
	for _, addr := range []string{"127.0.0.1:0", "127.0.0.2:0", "[::1]:0"} {
		l, err := net.Listen("tcp", addr)
		if err != nil {
			t.Logf("skipping %s: %v", addr, err)
			continue
		}
		c, err := dial(context.Background(), "tcp", l.Addr().String())
		if err != nil {
			t.Errorf("%s: %v", l.Addr(), err)
		} else {
			c.Close()
		}
		l.Close()
	}
}

func TestIsLoopback(t *testing.T) {
	for s, want := range map[string]bool{"127.0.0.1": true, "127.1.2.3": true, "::1": true, "::ffff:127.0.0.1": true,
		"128.0.0.1": false, "::": false, "0.0.0.0": false, "::ffff:192.0.2.1": false, "fe80::1%lo": false} {
		if got := IsLoopback(netip.MustParseAddr(s)); got != want {
			t.Errorf("%s: %v", s, got)
		}
	}
	if IsLoopback(netip.Addr{}) {
		t.Error("zero Addr is loopback")
	}
}
