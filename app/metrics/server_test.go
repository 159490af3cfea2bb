package metrics

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"
)

// discard is a ResponseWriter that only counts, so that what a request
// allocates is the handler's own.
type discard struct {
	h    http.Header
	code int
	n    int
}

func (d *discard) Header() http.Header { return d.h }
func (d *discard) WriteHeader(code int) {
	if d.code == 0 {
		d.code = code
	}
}
func (d *discard) Write(b []byte) (int, error) {
	d.WriteHeader(200)
	d.n += len(b)
	return len(b), nil
}

// localRequest is a GET as a local client sends it (httptest's default
// Host, example.com, is not this server's).
func localRequest(path string) *http.Request {
	r := httptest.NewRequest(http.MethodGet, path, nil)
	r.Host = "localhost:9835"
	return r
}

// manyProcesses is the fixture with n llama-server rows.
func manyProcesses(n int) *Exporter {
	s := fixture()
	base := s.Processes[0]
	s.Processes = nil
	for i := 0; i < n; i++ {
		p := base
		p.PID, p.PIDLabel = 10000+i, fmt.Sprint(10000+i)
		p.Cmdline = []string{"/opt/llama/llama-server", "-m", "/home/alice/models/secret.gguf"}
		s.Processes = append(s.Processes, p)
	}
	e := New()
	e.Update(s, 0)
	return e
}

// TestSnapshotJSONShared: /snapshot.json is encoded once per snapshot and
// every request is written from those bytes, so N readers (slow or not)
// cost no N copies of the snapshot; a new snapshot is encoded anew.
func TestSnapshotJSONShared(t *testing.T) {
	e := manyProcesses(2000)
	h := e.Handler(Options{Interval: time.Second})
	for _, enc := range []string{"", "gzip"} {
		req := localRequest("/snapshot.json")
		req.Header.Set("Accept-Encoding", enc)
		first := &discard{h: http.Header{}}
		h.ServeHTTP(first, req)
		if first.code != 200 || first.n < 1<<20 && enc == "" {
			t.Fatalf("first request: %d, %d bytes", first.code, first.n)
		}
		const n = 20
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for i := 0; i < n; i++ {
			w := &discard{h: http.Header{}}
			h.ServeHTTP(w, req)
			if w.code != 200 || w.n != first.n {
				t.Fatalf("request %d: %d, %d bytes, want %d", i, w.code, w.n, first.n)
			}
		}
		runtime.ReadMemStats(&after)
		if per := (after.TotalAlloc - before.TotalAlloc) / n; per > uint64(first.n)/10 {
			t.Errorf("Accept-Encoding %q: %d bytes allocated per request for a %d-byte body: the snapshot is encoded per request", enc, per, first.n)
		}
	}
	if e.jsonEncodes != 1 {
		t.Errorf("%d encodings for one snapshot, want 1", e.jsonEncodes)
	}
	e.Update(fixture(), 0)
	w := &discard{h: http.Header{}}
	h.ServeHTTP(w, localRequest("/snapshot.json"))
	if e.jsonEncodes != 2 || w.n > 1<<20 {
		t.Errorf("a new snapshot served stale bytes (%d encodings, %d bytes)", e.jsonEncodes, w.n)
	}
}

// TestSnapshotJSONRedactedByDefault: /snapshot.json shows what --redact
// leaves (no command lines, paths cut to file names, user and host names
// replaced) unless FullSnapshot is asked for.
func TestSnapshotJSONRedactedByDefault(t *testing.T) {
	s := fixture()
	p := &s.Processes[0]
	p.Cmdline = []string{"llama-server", "--api-key", "hunter2", "-m", "/srv/private/Qwen3-8B-Q4_K_M.gguf"}
	p.Cwd, p.Exe, p.User = sp("/srv/private/run"), sp("/srv/private/bin/llama-server"), sp("alice")
	body := func(full bool) string {
		e := New()
		e.Update(s, 0)
		rec := httptest.NewRecorder()
		e.Handler(Options{FullSnapshot: full}).ServeHTTP(rec, localRequest("/snapshot.json"))
		if rec.Code != 200 {
			t.Fatalf("full=%v: %d", full, rec.Code)
		}
		return rec.Body.String()
	}
	red := body(false)
	for _, leak := range []string{"/srv/private", "hunter2", `"alice"`, `"box"`} {
		if strings.Contains(red, leak) {
			t.Errorf("default /snapshot.json shows %s", leak)
		}
	}
	if !strings.Contains(red, `"redacted": true`) || !strings.Contains(red, "Qwen3-8B-Q4_K_M.gguf") || !strings.Contains(red, `"llama-server"`) {
		t.Error("default /snapshot.json is not the redacted snapshot")
	}
	full := body(true)
	for _, want := range []string{`"/srv/private/run"`, `"alice"`, `"box"`} {
		if !strings.Contains(full, want) {
			t.Errorf("full /snapshot.json lacks %s", want)
		}
	}
}

// rawGet sends a request with the given Host header over a fresh
// connection and returns the status code and body.
func rawGet(t *testing.T, addr, path, host string) (int, string) {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(5 * time.Second))
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", path, host)
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("Host %q: %v", host, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestHostCheck: only this server's names are answered (DNS rebinding
// sends the attacker's); others get 421 and a one-line reason.
func TestHostCheck(t *testing.T) {
	e := New()
	e.Update(fixture(), 0)
	srv := httptest.NewServer(e.Handler(Options{Interval: time.Second, Hosts: []string{"gpu-box.lan", "[fd00::5]:9835"}}))
	defer srv.Close()
	addr := srv.Listener.Addr().String()
	for _, host := range []string{addr, "127.0.0.1", "127.1.2.3:80", "[::1]:9835", "[::1]", "localhost", "LocalHost.:9835",
		"gpu-box.lan", "GPU-BOX.LAN:9835", "[fd00::5]"} {
		for _, path := range []string{"/snapshot.json", "/metrics", "/healthz", "/"} {
			if code, _ := rawGet(t, addr, path, host); code != 200 {
				t.Errorf("Host %q %s: %d, want 200", host, path, code)
			}
		}
	}
	for _, host := range []string{"evil.example", "evil.example:" + strings.Split(addr, ":")[1], "localhost.evil.example",
		"evil.localhost", "10.9.8.7", "[fd00::6]", "gpu-box", "127.0.0.1.nip.io"} {
		for _, path := range []string{"/snapshot.json", "/metrics", "/healthz", "/"} {
			code, body := rawGet(t, addr, path, host)
			if code != http.StatusMisdirectedRequest || strings.Count(body, "\n") != 1 || strings.Contains(body, "llama-server") {
				t.Errorf("Host %q %s: %d %q, want 421 and one line", host, path, code, body)
			}
		}
	}
}

// TestHostAllowedLocalAddress: an address literal is answered when it is
// the one the connection came in on (a server listening on 0.0.0.0 is
// reached at its own addresses), not another.
func TestHostAllowedLocalAddress(t *testing.T) {
	local := &net.TCPAddr{IP: net.ParseIP("10.1.2.3"), Port: 9835}
	for host, want := range map[string]bool{"10.1.2.3:9835": true, "10.1.2.3": true, "10.1.2.4:9835": false, "": true, ":9835": false} {
		if got := hostAllowed(host, local, nil); got != want {
			t.Errorf("Host %q on 10.1.2.3: %v, want %v", host, got, want)
		}
	}
	local6 := &net.TCPAddr{IP: net.ParseIP("fd00::7")}
	if !hostAllowed("[FD00::7]:9835", local6, nil) || hostAllowed("[fd00::8]", local6, nil) {
		t.Error("IPv6 literal of the local address")
	}
}

// TestLimitListener: beyond the cap a client waits until a connection
// closes; it is then served.
func TestLimitListener(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	e := New()
	e.Update(fixture(), 0)
	srv := &http.Server{Handler: e.Handler(Options{Interval: time.Second})}
	go srv.Serve(LimitListener(ln, 2))
	defer srv.Close()
	addr := ln.Addr().String()
	var held []net.Conn
	for i := 0; i < 2; i++ {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		held = append(held, c)
	}
	waiting := make(chan int, 1)
	go func() {
		code, _ := rawGet(t, addr, "/healthz", "localhost")
		waiting <- code
	}()
	select {
	case code := <-waiting:
		t.Fatalf("a third connection was served (%d) while two were held with a cap of 2", code)
	case <-time.After(300 * time.Millisecond):
	}
	held[0].Close()
	select {
	case code := <-waiting:
		if code != 200 {
			t.Errorf("the waiting client got %d", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the waiting client was not served after a connection closed")
	}
}

// TestBearerToken: with a token, every path but the probes' answers 401
// to a request without it, with another token or another scheme, and the
// answer neither shows the processes nor echoes what was sent; the token
// opens them all.
func TestBearerToken(t *testing.T) {
	const token = "s3cr3t-t0ken-of-the-test-0123456789"
	e := New()
	e.Update(fixture(), 0)
	h := e.Handler(Options{Interval: time.Second, Token: []byte(token)})
	get := func(path, auth string) (int, http.Header, string) {
		r := localRequest(path)
		if auth != "" {
			r.Header.Set("Authorization", auth)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		return rec.Code, rec.Header(), rec.Body.String()
	}
	for _, path := range []string{"/metrics", "/snapshot.json", "/"} {
		for _, auth := range []string{"", "Bearer", "Bearer ", "Bearer wrong-" + token, "Bearer " + token[:len(token)-1],
			"Bearer " + token + "x", "Basic " + token, token, "Bearer\t" + token} {
			code, hdr, body := get(path, auth)
			if code != http.StatusUnauthorized || !strings.HasPrefix(hdr.Get("WWW-Authenticate"), "Bearer") ||
				strings.Contains(body, "llama-server") || strings.Contains(body, token[:8]) {
				t.Errorf("%s with Authorization %q: %d %q, want 401", path, auth, code, body)
			}
		}
		for _, auth := range []string{"Bearer " + token, "bearer " + token, "Bearer  " + token + " "} {
			if code, _, _ := get(path, auth); code != 200 {
				t.Errorf("%s with Authorization %q: %d, want 200", path, auth, code)
			}
		}
	}
	if _, _, body := get("/metrics", "Bearer "+token); !strings.Contains(body, "llama-server") {
		t.Error("/metrics with the token lacks the processes")
	}
	// The kubelet's probes carry no token and learn nothing of processes.
	for _, path := range []string{"/healthz", "/livez"} {
		if code, _, body := get(path, ""); code != 200 || strings.TrimSpace(body) != "ok" {
			t.Errorf("%s without a token: %d %q, want 200 ok", path, code, body)
		}
	}
	// Without a token configured, nothing is asked.
	rec := httptest.NewRecorder()
	e.Handler(Options{Interval: time.Second}).ServeHTTP(rec, localRequest("/metrics"))
	if rec.Code != 200 {
		t.Errorf("no token configured: %d", rec.Code)
	}
}

// TestNoSnapshot: --no-snapshot leaves /snapshot.json out, and the index
// does not link it.
func TestNoSnapshot(t *testing.T) {
	e := New()
	e.Update(fixture(), 0)
	h := e.Handler(Options{Interval: time.Second, NoSnapshot: true})
	for path, want := range map[string]int{"/snapshot.json": http.StatusNotFound, "/metrics": 200, "/healthz": 200, "/livez": 200} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, localRequest(path))
		if rec.Code != want {
			t.Errorf("%s: %d, want %d", path, rec.Code, want)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, localRequest("/"))
	if strings.Contains(rec.Body.String(), "snapshot.json") {
		t.Errorf("index links the snapshot: %s", rec.Body.String())
	}
}

// TestLivez: the liveness probe answers before the first snapshot and
// after snapshots stop, where /healthz says 503.
func TestLivez(t *testing.T) {
	e := New()
	h := e.Handler(Options{Interval: time.Second})
	for _, path := range []string{"/livez", "/healthz"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, localRequest(path))
		if want := map[string]int{"/livez": 200, "/healthz": 503}[path]; rec.Code != want {
			t.Errorf("before the first snapshot %s: %d, want %d", path, rec.Code, want)
		}
	}
}
