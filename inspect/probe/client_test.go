package probe

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// server starts a loopback test server and returns its port; hits counts
// the requests it got.
func server(t *testing.T, h http.HandlerFunc) (port int, hits *atomic.Int64) {
	t.Helper()
	hits = new(atomic.Int64)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		h(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.Listener.Addr().(*net.TCPAddr).Port, hits
}

// recordDials makes c note every address it dials; dials returns them.
func recordDials(c *Client) (dials func() []string) {
	var mu sync.Mutex
	var seen []string
	orig := c.tr.DialContext
	c.tr.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		mu.Lock()
		seen = append(seen, addr)
		mu.Unlock()
		return orig(ctx, network, addr)
	}
	return func() []string { mu.Lock(); defer mu.Unlock(); return append([]string(nil), seen...) }
}

// slack is what a loaded machine (the race detector, two packages on two
// CPUs) may add to a duration; a hang would take the hostile server's 10 s
// or forever.
const slack = 500 * time.Millisecond

// within fails unless r took at most d, give or take slack.
func within(t *testing.T, r Result, d time.Duration) {
	t.Helper()
	if r.Elapsed > d+slack {
		t.Errorf("took %v, want at most %v", r.Elapsed, d)
	}
}

func TestGetOK(t *testing.T) {
	var got http.Header
	var method string
	port, _ := server(t, func(w http.ResponseWriter, r *http.Request) {
		got, method = r.Header.Clone(), r.Method
		fmt.Fprint(w, `{"ok":true}`)
	})
	c := New(Options{})
	defer c.Close()
	r := c.Get(context.Background(), port, "/v1/models", http.Header{"Authorization": {"Bearer k"}, "User-Agent": {"curl"}})
	if r.Err != nil || r.Status != 200 || string(r.Body) != `{"ok":true}` || !r.OK() {
		t.Fatalf("%+v", r)
	}
	if method != http.MethodGet || got.Get("User-Agent") != "gtm" || got.Get("Authorization") != "Bearer k" {
		t.Errorf("method %s, headers %v", method, got)
	}
	var v struct{ OK bool }
	if err := JSON(r, &v); err != nil || !v.OK {
		t.Errorf("JSON: %v, %+v", err, v)
	}
}

// A body of 50 MiB: at most 1 MiB + 1 is read, the result says too
// large, and memory stays near the cap.
func TestHostileHugeBody(t *testing.T) {
	var written atomic.Int64
	chunk := bytes.Repeat([]byte("x"), 32<<10)
	port, _ := server(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Has("declared") {
			w.Header().Set("Content-Length", fmt.Sprint(50<<20))
		}
		for range (50 << 20) / len(chunk) {
			n, err := w.Write(chunk)
			written.Add(int64(n))
			if err != nil {
				return
			}
		}
	})
	c := New(Options{Timeout: 10 * time.Second}) // the cap is tested, not the clock (slow under -race)
	defer c.Close()
	for _, path := range []string{"/streamed", "/declared?declared=1"} {
		written.Store(0)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		r := c.Get(context.Background(), port, path, nil)
		runtime.ReadMemStats(&after)
		if !r.Truncated || !errors.Is(r.Err, ErrTooLarge) || r.Status != 200 {
			t.Fatalf("%s: %d bytes, truncated %v, %v", path, len(r.Body), r.Truncated, r.Err)
		}
		if !strings.Contains(r.Err.Error(), "body exceeds 1 MiB") {
			t.Errorf("%s: error %q", path, r.Err)
		}
		if len(r.Body) > 1<<20 {
			t.Errorf("%s: kept %d bytes", path, len(r.Body))
		}
		// The client's buffer (at most 1 MiB + 1, grown by doubling),
		// plus the server's and the transport's small buffers.
		alloc := after.TotalAlloc - before.TotalAlloc
		t.Logf("%s: %d KiB allocated, %d KiB written by the server, %v", path, alloc>>10, written.Load()>>10, r.Elapsed)
		if alloc > 6<<20 {
			t.Errorf("%s: allocated %d MiB", path, alloc>>20)
		}
		within(t, r, 100*time.Millisecond)
	}
	if JSON(Result{Status: 200, Body: []byte("{}"), Truncated: true, Err: tooLarge(1 << 20)}, new(any)) == nil {
		t.Error("JSON decoded a truncated body")
	}
}

// A body that never ends: the cap ends it when it streams fast, the
// timeout when it trickles.
func TestHostileEndlessBody(t *testing.T) {
	port, _ := server(t, func(w http.ResponseWriter, r *http.Request) {
		chunk := bytes.Repeat([]byte("y"), 64<<10)
		if r.URL.Path == "/trickle" {
			chunk = chunk[:1]
		}
		for {
			if _, err := w.Write(chunk); err != nil {
				return
			}
			w.(http.Flusher).Flush()
			if r.URL.Path == "/trickle" {
				select {
				case <-time.After(5 * time.Millisecond):
				case <-r.Context().Done():
					return
				}
			}
		}
	})
	c := New(Options{})
	defer c.Close()
	r := c.Get(context.Background(), port, "/fast", nil)
	if !r.Truncated || !errors.Is(r.Err, ErrTooLarge) {
		t.Errorf("fast: truncated %v, %v", r.Truncated, r.Err)
	}
	within(t, r, 100*time.Millisecond)

	r = c.Get(context.Background(), port, "/trickle", nil)
	if !errors.Is(r.Err, ErrTimeout) || r.Truncated || r.Status != 200 {
		t.Errorf("trickle: status %d, truncated %v, %v", r.Status, r.Truncated, r.Err)
	}
	if r.Elapsed < 250*time.Millisecond {
		t.Errorf("trickle: returned after %v, before the timeout", r.Elapsed)
	}
	within(t, r, DefaultTimeout)
}

// A server that stalls 10 s before its headers: back in about 300 ms.
func TestHostileStall(t *testing.T) {
	port, _ := server(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(10 * time.Second):
		case <-r.Context().Done():
		}
	})
	c := New(Options{})
	defer c.Close()
	r := c.Get(context.Background(), port, "/slots", nil)
	if !errors.Is(r.Err, ErrTimeout) || r.Status != 0 {
		t.Errorf("status %d, %v", r.Status, r.Err)
	}
	if !strings.Contains(r.Err.Error(), "timed out after 300ms") {
		t.Errorf("error %q", r.Err)
	}
	if r.Elapsed < 250*time.Millisecond {
		t.Errorf("returned after %v", r.Elapsed)
	}
	within(t, r, DefaultTimeout)
}

// Redirects are answers, never followed: not to another host, not even
// to another loopback server.
func TestHostileRedirect(t *testing.T) {
	other, otherHits := server(t, func(w http.ResponseWriter, r *http.Request) {})
	port, _ := server(t, func(w http.ResponseWriter, r *http.Request) {
		to := "http://evil.example/steal"
		if r.URL.Path == "/local" {
			to = fmt.Sprintf("http://127.0.0.1:%d/", other)
		}
		http.Redirect(w, r, to, http.StatusFound)
	})
	c := New(Options{})
	defer c.Close()
	dials := recordDials(c)
	for _, path := range []string{"/remote", "/local"} {
		r := c.Get(context.Background(), port, path, nil)
		if r.Err != nil || r.Status != http.StatusFound {
			t.Errorf("%s: status %d, %v", path, r.Status, r.Err)
		}
	}
	if n := otherHits.Load(); n != 0 {
		t.Errorf("redirect followed: %d requests", n)
	}
	for _, a := range dials() {
		if a != fmt.Sprintf("127.0.0.1:%d", port) {
			t.Errorf("dialed %s", a)
		}
	}
}

func TestHostileInvalidJSON(t *testing.T) {
	port, _ := server(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/broken":
			fmt.Fprint(w, `{"models": [`)
		case "/html":
			fmt.Fprint(w, "<html>hello</html>")
		case "/two":
			fmt.Fprint(w, `{} {}`)
		}
	})
	c := New(Options{})
	defer c.Close()
	for _, path := range []string{"/broken", "/html", "/two", "/empty"} {
		r := c.Get(context.Background(), port, path, nil)
		var v map[string]any
		err := JSON(r, &v)
		if !errors.Is(err, ErrInvalidJSON) || !strings.Contains(err.Error(), "invalid JSON") {
			t.Errorf("%s: %v", path, err)
		}
	}
}

// 401: the status comes back as an answer, not an error.
func TestUnauthorized(t *testing.T) {
	port, _ := server(t, func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, `{"error":"Invalid API Key"}`, http.StatusUnauthorized)
	})
	c := New(Options{})
	defer c.Close()
	r := c.Get(context.Background(), port, "/v1/models", nil)
	if r.Status != http.StatusUnauthorized || r.Err != nil || r.OK() {
		t.Fatalf("status %d, %v", r.Status, r.Err)
	}
	if err := JSON(r, new(any)); !errors.Is(err, ErrStatus) || !strings.Contains(err.Error(), "401 Unauthorized") {
		t.Errorf("JSON: %v", err)
	}
}

// A server that closes the connection mid-body: a clear error, the part
// that came, no hang.
func TestHostileCloseMidBody(t *testing.T) {
	port, _ := server(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "1000")
		w.Write(bytes.Repeat([]byte("z"), 100))
		w.(http.Flusher).Flush()
		conn, _, err := http.NewResponseController(w).Hijack()
		if err == nil {
			conn.Close()
		}
	})
	c := New(Options{})
	defer c.Close()
	r := c.Get(context.Background(), port, "/", nil)
	if r.Err == nil || r.Status != 200 || r.Truncated || len(r.Body) != 100 {
		t.Fatalf("status %d, %d bytes, truncated %v, %v", r.Status, len(r.Body), r.Truncated, r.Err)
	}
	if JSON(r, new(any)) == nil {
		t.Error("JSON decoded a cut body")
	}
	within(t, r, 100*time.Millisecond)
}

// Proxy settings in the environment change nothing.
func TestIgnoresProxyEnv(t *testing.T) {
	proxy, proxyHits := server(t, func(w http.ResponseWriter, r *http.Request) {})
	port, hits := server(t, func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "direct") })
	for _, v := range []string{"HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "ALL_PROXY"} {
		t.Setenv(v, fmt.Sprintf("http://127.0.0.1:%d", proxy))
	}
	t.Setenv("NO_PROXY", "")
	t.Setenv("no_proxy", "")
	c := New(Options{})
	defer c.Close()
	if c.tr.Proxy != nil {
		t.Fatal("transport has a proxy function")
	}
	r := c.Get(context.Background(), port, "/", nil)
	if r.Err != nil || string(r.Body) != "direct" || hits.Load() != 1 || proxyHits.Load() != 0 {
		t.Errorf("%q, %v; target %d hits, proxy %d", r.Body, r.Err, hits.Load(), proxyHits.Load())
	}
	// And one pointing off the host.
	t.Setenv("HTTP_PROXY", "http://192.0.2.1:3128")
	t.Setenv("http_proxy", "http://192.0.2.1:3128")
	if r := c.Get(context.Background(), port, "/", nil); r.Err != nil {
		t.Errorf("bogus proxy: %v", r.Err)
	}
}

// Local only: whatever the caller passes, nothing but loopback is dialed,
// and what is refused is refused before any connection.
func TestLocalOnly(t *testing.T) {
	port, _ := server(t, func(w http.ResponseWriter, r *http.Request) {})
	c := New(Options{})
	defer c.Close()
	dials := recordDials(c)
	ctx := context.Background()
	bad := []Result{
		c.Get(ctx, port, "@192.0.2.1/", nil),
		c.Get(ctx, port, "//192.0.2.1/", nil),
		c.Get(ctx, port, ".192.0.2.1/", nil),
		c.Get(ctx, 0, "/", nil),
		c.Get(ctx, 70000, "/", nil),
		c.GetAddr(ctx, netip.MustParseAddrPort("192.0.2.1:80"), "/", nil),
		c.GetAddr(ctx, netip.MustParseAddrPort("[::ffff:192.0.2.1]:80"), "/", nil),
		c.GetAddr(ctx, netip.MustParseAddrPort("[2001:db8::1]:80"), "/", nil),
		c.GetAddr(ctx, netip.MustParseAddrPort("0.0.0.0:80"), "/", nil),
		c.GetCached(ctx, Key{PID: 1, Port: 80, Addr: netip.MustParseAddr("10.0.0.1")}, "/", nil, time.Second),
	}
	for i, r := range bad {
		if r.Err == nil {
			t.Errorf("%d: no error", i)
		}
		within(t, r, 0)
	}
	if r := c.Get(ctx, port, "/", nil); r.Err != nil {
		t.Fatal(r.Err)
	}
	for _, a := range dials() {
		ap, err := netip.ParseAddrPort(a)
		if err != nil || !IsLoopback(ap.Addr()) {
			t.Errorf("dialed %s", a)
		}
	}
	if len(dials()) != 1 {
		t.Errorf("dials %v, want the one good request", dials())
	}
}

// A server on ::1 only is reached with GetAddr or a Key's Addr.
func TestIPv6Loopback(t *testing.T) {
	l, err := net.Listen("tcp6", "[::1]:0")
	if err != nil {
		t.Skip("no IPv6 loopback:", err)
	}
	srv := &httptest.Server{Listener: l, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "v6") })}}
	srv.Start()
	defer srv.Close()
	c := New(Options{})
	defer c.Close()
	ap := l.Addr().(*net.TCPAddr).AddrPort()
	if r := c.GetAddr(context.Background(), ap, "/", nil); r.Err != nil || string(r.Body) != "v6" {
		t.Errorf("%q, %v", r.Body, r.Err)
	}
	k := Key{PID: 1, Port: int(ap.Port()), Addr: ap.Addr()}
	if r := c.GetCached(context.Background(), k, "/", nil, time.Second); r.Err != nil || string(r.Body) != "v6" {
		t.Errorf("%q, %v", r.Body, r.Err)
	}
}

// The caller's context ends a request early, and that is not held against
// the target.
func TestCallerCancel(t *testing.T) {
	port, _ := server(t, func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	c := New(Options{Timeout: 5 * time.Second})
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	k := Key{PID: 9, Port: port}
	r := c.GetCached(ctx, k, "/", nil, time.Second)
	if !errors.Is(r.Err, context.DeadlineExceeded) {
		t.Errorf("%v", r.Err)
	}
	within(t, r, 50*time.Millisecond)
	if !c.Tracker().Allowed(k, time.Now()) {
		t.Error("caller's deadline counted as the target's failure")
	}
}
