package netports

import (
	"errors"
	"net/netip"
	"os"
	"os/exec"
	"slices"
	"syscall"
	"testing"

	"github.com/gputaskman/gtm/inspect/procmaps/maptest"
)

func TestMain(m *testing.M) {
	maptest.MaybeRunChild()
	os.Exit(m.Run())
}

// This process's own listener is reachable and proven its own; the same
// address is not another process's, and a process that holds no socket
// proves nothing.
func TestReachableOwnListener(t *testing.T) {
	ap, ok := listen(t, "tcp4", "127.0.0.1:0")
	if !ok {
		t.Fatal("cannot listen on 127.0.0.1")
	}
	r, err := Reachable("/proc", os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	if !r.Proves(ap) || len(r.Elsewhere) != 0 {
		t.Errorf("Reachable = %+v, want it to prove %v and nothing elsewhere", r, ap)
	}
	if err := Held("/proc", os.Getpid(), ap); err != nil {
		t.Errorf("Held(self, %v) = %v", ap, err)
	}
	other := exec.Command("sleep", "30")
	if err := other.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = other.Process.Kill(); _ = other.Wait() })
	if err := Held("/proc", other.Process.Pid, ap); !errors.Is(err, ErrNotHeld) {
		t.Errorf("Held(another process, %v) = %v, want ErrNotHeld", ap, err)
	}
}

// The attack: a server in a network namespace of its own (a container
// with no published port) listens on 127.0.0.1:P there; another user
// listens on the same port on this namespace's loopback. The server's
// own tables name P, but nothing proves this namespace's listener is the
// server's: P is listed as elsewhere, never reachable, and a dial there
// for the server is refused.
func TestReachableOtherNetNamespace(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: a network namespace, and a socket made as nobody")
	}
	squatter := maptest.StartServerAs(t, "squatter", nobody)
	server := maptest.StartServerWith(t, "llama-server", maptest.ServerOptions{Port: squatter.Port, NewNetNS: true})
	ap := netip.AddrPortFrom(netip.AddrFrom4([4]byte{127, 0, 0, 1}), uint16(squatter.Port))

	mine, err := Listening("/proc", server.PID) // the server's own namespace's view
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(mine, func(p Port) bool { return p.Loopback() == ap }) {
		t.Fatalf("the server's own tables do not show %v: %v", ap, mine)
	}
	r, err := Reachable("/proc", server.PID)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Reachable) != 0 || r.Proves(ap) {
		t.Errorf("reachable %v: a port in another namespace taken for this one's", r.Reachable)
	}
	if !slices.ContainsFunc(r.Elsewhere, func(p Port) bool { return p.Loopback() == ap }) {
		t.Errorf("elsewhere = %v, want %v there", r.Elsewhere, ap)
	}
	if err := Held("/proc", server.PID, ap); !errors.Is(err, ErrNotHeld) {
		t.Errorf("Held(server, %v) = %v, want ErrNotHeld: the squatter would get the request", ap, err)
	}
	// The squatter's own listener is proven its own.
	if err := Held("/proc", squatter.PID, ap); err != nil {
		t.Errorf("Held(squatter, %v) = %v", ap, err)
	}
}

var nobody = &syscall.Credential{Uid: 65534, Gid: 65534}
