package wayland

import (
	"encoding/binary"
	"io"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// serve listens on a unix socket and runs handle for each connection.
func serve(t *testing.T, handle func(c net.Conn)) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "wayland-9")
	l, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func() { defer c.Close(); handle(c) }()
		}
	}()
	return path
}

// event is a message as a compositor writes it.
func event(object, opcode uint32, args []byte) []byte {
	b := binary.NativeEndian.AppendUint32(nil, object)
	b = binary.NativeEndian.AppendUint32(b, uint32(8+len(args))<<16|opcode)
	return append(b, args...)
}

// global is wl_registry.global(name, interface, version).
func global(name uint32, iface string, version uint32) []byte {
	a := binary.NativeEndian.AppendUint32(nil, name)
	a = binary.NativeEndian.AppendUint32(a, uint32(len(iface)+1))
	a = append(a, iface...)
	a = append(a, 0)
	for len(a)%4 != 0 {
		a = append(a, 0)
	}
	return binary.NativeEndian.AppendUint32(a, version)
}

// compositor reads the two requests, checks them, and answers.
func compositor(t *testing.T, answer []byte) func(net.Conn) {
	return func(c net.Conn) {
		req := make([]byte, 24)
		if _, err := io.ReadFull(c, req); err != nil {
			t.Errorf("requests: %v", err)
			return
		}
		want := [][3]uint32{{1, 12<<16 | 1, 2}, {1, 12 << 16, 3}} // get_registry(2), sync(3)
		for i, w := range want {
			for j := range 3 {
				if got := binary.NativeEndian.Uint32(req[12*i+4*j:]); got != w[j] {
					t.Errorf("request %d word %d = %#x, want %#x", i, j, got, w[j])
				}
			}
		}
		c.Write(answer)
	}
}

func TestProbeCompositor(t *testing.T) {
	answers := map[string][]byte{
		"globals then done": append(append(event(2, 0, global(1, "wl_compositor", 6)),
			event(2, 0, global(2, "xdg_wm_base", 5))...), event(3, 0, []byte{7, 0, 0, 0})...),
		"done only": event(3, 0, []byte{1, 0, 0, 0}),
	}
	for name, answer := range answers {
		if err := Probe(serve(t, compositor(t, answer)), time.Second); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// reply reads the probe's requests, then writes b.
func reply(b []byte) func(net.Conn) {
	return func(c net.Conn) {
		io.ReadFull(c, make([]byte, 24))
		c.Write(b)
	}
}

func TestProbeNotACompositor(t *testing.T) {
	cases := []struct {
		name   string
		handle func(net.Conn)
		want   string
	}{
		{"silent", func(c net.Conn) { io.Copy(io.Discard, c) }, "no answer"},
		{"closes", func(c net.Conn) {}, "closed the connection"},
		{"reads then closes", func(c net.Conn) { c.Read(make([]byte, 24)) }, "closed the connection"},
		{"http", reply([]byte("HTTP/1.1 400 Bad Request\r\n\r\n")), "answered"},
		{"short header", reply([]byte{2, 0, 0}), "closed the connection"},
		{"short body", reply(event(2, 0, global(1, "wl_shm", 1))[:14]), "closed the connection"},
		{"odd size", reply(append(event(2, 0, nil)[:4], 0, 0, 9, 0)), "malformed message"},
		{"huge size", reply(event(2, 0, make([]byte, 8000))), "malformed message"},
		{"bad global", reply(event(2, 0, []byte{1, 0, 0, 0, 200, 0, 0, 0, 'x', 0, 0, 0})), "malformed registry event"},
		{"global without NUL", reply(event(2, 0, func() []byte {
			g := global(1, "wl_seat", 7)
			g[8+7] = 'x'
			return g
		}())), "malformed registry event"},
		{"other object", reply(event(9, 0, []byte{0, 0, 0, 0})), "unexpected message (object 9"},
		{"protocol error", reply(event(1, 0, make([]byte, 12))), "protocol error"},
	}
	for _, tc := range cases {
		start := time.Now()
		err := Probe(serve(t, tc.handle), 300*time.Millisecond)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
		if time.Since(start) > 2*time.Second {
			t.Errorf("%s: took %v", tc.name, time.Since(start))
		}
	}
	if err := Probe(filepath.Join(t.TempDir(), "none"), time.Second); err == nil || !strings.Contains(err.Error(), "cannot connect: ") {
		t.Errorf("no socket: %v", err)
	}
}

func TestSocketPath(t *testing.T) {
	if got := SocketPath("wayland-1", "/run/user/1000"); got != "/run/user/1000/wayland-1" {
		t.Error(got)
	}
	if got := SocketPath("/tmp/w", "/run/user/1000"); got != "/tmp/w" {
		t.Error(got)
	}
}
