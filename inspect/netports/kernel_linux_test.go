package netports

import (
	"errors"
	"io/fs"
	"net"
	"net/netip"
	"os"
	"os/exec"
	"slices"
	"testing"
)

func listen(t *testing.T, network, addr string) (netip.AddrPort, bool) {
	t.Helper()
	l, err := net.Listen(network, addr)
	if err != nil {
		t.Logf("listen %s %s: %v", network, addr, err)
		return netip.AddrPort{}, false
	}
	t.Cleanup(func() { l.Close() })
	return l.Addr().(*net.TCPAddr).AddrPort(), true
}

// nonLoopback is an address of this host outside loopback that a socket
// can be bound to (no traffic is sent), if there is one.
func nonLoopback() (netip.Addr, bool) {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return netip.Addr{}, false
	}
	for _, a := range addrs {
		n, ok := a.(*net.IPNet)
		if !ok {
			continue
		}
		ip, ok := netip.AddrFromSlice(n.IP)
		if ok && ip.Unmap().IsGlobalUnicast() || ok && ip.Unmap().IsPrivate() {
			return ip.Unmap(), true
		}
	}
	return netip.Addr{}, false
}

// The kernel's own tables: this process's listeners on 127.0.0.1, ::1 and
// a wildcard are found; one on a non-loopback address and a connected
// socket are not.
func TestListeningRealProcess(t *testing.T) {
	v4, ok := listen(t, "tcp4", "127.0.0.1:0")
	if !ok {
		t.Fatal("cannot listen on 127.0.0.1")
	}
	uid := uint32(os.Geteuid()) // a socket is stamped with its creator's fsuid
	want := []Port{{Addr: v4.Addr(), Port: v4.Port(), UID: uid}}
	if v6, ok := listen(t, "tcp6", "[::1]:0"); ok {
		want = append(want, Port{Addr: v6.Addr(), Port: v6.Port(), UID: uid})
	} else {
		t.Log("no IPv6 loopback: skipping the ::1 check")
	}
	if w, ok := listen(t, "tcp4", "0.0.0.0:0"); ok {
		want = append(want, Port{Addr: w.Addr(), Port: w.Port(), UID: uid})
	}
	var unwanted []uint16
	if ip, ok := nonLoopback(); ok {
		if ap, ok := listen(t, "tcp", netip.AddrPortFrom(ip, 0).String()); ok {
			t.Logf("non-loopback listener %v", ap)
			unwanted = append(unwanted, ap.Port())
		}
	} else {
		t.Log("no non-loopback address: skipping the exclusion check")
	}
	c, err := net.Dial("tcp4", v4.String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	unwanted = append(unwanted, c.LocalAddr().(*net.TCPAddr).AddrPort().Port())

	got, err := Listening("/proc", os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("listening: %v", got)
	for _, p := range want {
		if !slices.Contains(got, p) {
			t.Errorf("%v not found in %v", p, got)
		}
	}
	for _, p := range got {
		if slices.Contains(unwanted, p.Port) {
			t.Errorf("%v returned: not a loopback listener", p)
		}
		if !p.Loopback().Addr().IsLoopback() {
			t.Errorf("%v: contact address %v not loopback", p, p.Loopback())
		}
	}
}

func TestListeningExitedProcess(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	if _, err := Listening("", cmd.Process.Pid); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("got %v, want fs.ErrNotExist", err)
	}
}
