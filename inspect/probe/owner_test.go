package probe

import (
	"context"
	"errors"
	"net/http"
	"net/netip"
	"testing"
)

// A Client that requires an owner check connects only where the check
// passes, and with no check at all not anywhere: the server gets nothing.
func TestOwnerCheck(t *testing.T) {
	port, hits := server(t, func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("ok")) })
	c := New(Options{RequireOwner: true})
	defer c.Close()
	ctx := context.Background()

	if r := c.Get(ctx, port, "/health", nil); !errors.Is(r.Err, ErrUnproven) {
		t.Errorf("no check: %+v, want ErrUnproven", r)
	}
	notHis := errors.New("not the process's socket")
	var asked netip.AddrPort
	deny := WithOwnerCheck(ctx, func(ap netip.AddrPort) error { asked = ap; return notHis })
	if r := c.Get(deny, port, "/health", nil); !errors.Is(r.Err, ErrUnproven) || !errors.Is(r.Err, notHis) {
		t.Errorf("check refuses: %+v, want ErrUnproven wrapping the check's reason", r)
	}
	if want := netip.AddrPortFrom(localhost, uint16(port)); asked != want {
		t.Errorf("the check was asked about %v, want %v", asked, want)
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("%d requests reached the server without a proven owner", n)
	}
	allow := WithOwnerCheck(ctx, func(netip.AddrPort) error { return nil })
	if r := c.Get(allow, port, "/health", nil); !r.OK() || string(r.Body) != "ok" {
		t.Errorf("check passes: %+v", r)
	}
	// A Client that does not require the check still applies one given.
	plain := New(Options{})
	defer plain.Close()
	if r := plain.Get(deny, port, "/health", nil); !errors.Is(r.Err, ErrUnproven) {
		t.Errorf("plain client, refusing check: %+v", r)
	}
	if r := plain.Get(ctx, port, "/health", nil); !r.OK() {
		t.Errorf("plain client, no check: %+v", r)
	}
}
