package metrics

import (
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"sync"
)

// MaxConnections bounds the connections gtm serve holds at once; further
// clients wait in the kernel's listen backlog until one closes. With every
// body shared, a connection costs its buffers and goroutine, not a copy of
// a snapshot.
const MaxConnections = 64

// checkHost answers only requests whose Host names this server (see
// hostAllowed): a web page that rebinds its own name to 127.0.0.1 sends that
// name, and gets 421 Misdirected Request instead of the snapshot.
func checkHost(next http.Handler, names []string) http.Handler {
	allowed := map[string]bool{}
	for _, n := range names {
		if n = normalHost(n); n != "" {
			allowed[n] = true
		}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		local, _ := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
		if !hostAllowed(r.Host, local, allowed) {
			http.Error(w, fmt.Sprintf("gtm: Host %q is not a name of this server (gtm serve --allow-host NAME answers it)", r.Host), http.StatusMisdirectedRequest)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// requireToken answers 401 to a request that does not carry
// "Authorization: Bearer TOKEN", except on the open paths (the kubelet's
// probes carry no token); no token, no check. The token's hash is compared
// in constant time, so neither the time taken nor the length tells a
// guess how close it came; the answer never echoes what was sent.
func requireToken(next http.Handler, token []byte, open ...string) http.Handler {
	if len(token) == 0 {
		return next
	}
	want := sha256.Sum256(token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !slices.Contains(open, r.URL.Path) {
			scheme, cred, _ := strings.Cut(r.Header.Get("Authorization"), " ")
			got := sha256.Sum256([]byte(strings.TrimSpace(cred)))
			if ok := subtle.ConstantTimeCompare(got[:], want[:]) == 1; !ok || !strings.EqualFold(scheme, "Bearer") {
				w.Header().Set("WWW-Authenticate", `Bearer realm="gtm"`)
				http.Error(w, "gtm: this server needs its bearer token (gtm serve --token-file)", http.StatusUnauthorized)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// hostAllowed reports whether a request's Host header names this server: a
// loopback address, localhost, the address the connection came in on, or
// one of names (normalised by normalHost). The port is not compared: a
// rebinding page's Host carries its own name whatever the port. A request
// without Host (HTTP/1.0) is no browser's and is answered.
func hostAllowed(host string, local net.Addr, names map[string]bool) bool {
	h := normalHost(host)
	if h == "" {
		return host == ""
	}
	if ip, err := netip.ParseAddr(h); err == nil {
		if ip.IsLoopback() {
			return true
		}
		if a, ok := local.(*net.TCPAddr); ok {
			if l, ok := netip.AddrFromSlice(a.IP); ok && l.Unmap() == ip {
				return true
			}
		}
		return names[h]
	}
	return h == "localhost" || names[h]
}

// normalHost reduces a Host header or a name to compare: no port, no
// brackets, lower case, no trailing dot, an IP address in its canonical
// form (IPv4-mapped IPv6 as IPv4). "" for nothing usable.
func normalHost(h string) string {
	if host, _, err := net.SplitHostPort(h); err == nil {
		h = host
	}
	h = strings.TrimSuffix(strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")), ".")
	if ip, err := netip.ParseAddr(h); err == nil {
		return ip.Unmap().String()
	}
	return h
}

// LimitListener accepts at most n connections at once: Accept waits for
// one to close before taking the next from the backlog.
func LimitListener(l net.Listener, n int) net.Listener {
	return &limitListener{Listener: l, slots: make(chan struct{}, n), done: make(chan struct{})}
}

type limitListener struct {
	net.Listener
	slots     chan struct{}
	done      chan struct{}
	closeOnce sync.Once
}

func (l *limitListener) Accept() (net.Conn, error) {
	select {
	case l.slots <- struct{}{}:
	case <-l.done:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &limitConn{Conn: c, release: func() { <-l.slots }}, nil
}

func (l *limitListener) Close() error {
	err := l.Listener.Close()
	l.closeOnce.Do(func() { close(l.done) })
	return err
}

type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
