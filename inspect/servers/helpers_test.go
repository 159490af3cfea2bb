package servers

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// reply is one canned answer: a status and a body, or a transport error.
type reply struct {
	status int
	body   string
	err    error
}

// file is a 200 reply carrying a recorded payload.
func file(t testing.TB, server, name string) reply {
	return replyFile(t, http.StatusOK, server, name)
}

func replyFile(t testing.TB, status int, server, name string) reply {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", server, name))
	if err != nil {
		t.Fatal(err)
	}
	return reply{status: status, body: string(b)}
}

// fakeGetter answers from a table; unknown paths get notFound (404 by
// default, LM Studio answers 200 with an error). With key set, paths not
// in public want "Authorization: Bearer <key>", as llama-server does.
type fakeGetter struct {
	routes   map[string]reply
	notFound *reply
	key      string
	public   map[string]bool

	mu    sync.Mutex
	calls []string
	auth  []string
}

func (f *fakeGetter) Get(ctx context.Context, port int, path string, hdr http.Header) (int, []byte, error) {
	f.mu.Lock()
	f.calls = append(f.calls, path)
	f.auth = append(f.auth, hdr.Get("Authorization"))
	f.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return 0, nil, err
	}
	if f.key != "" && !f.public[path] && hdr.Get("Authorization") != "Bearer "+f.key {
		return 401, []byte(`{"error":{"code":401,"message":"Invalid API Key","type":"authentication_error"}}`), nil
	}
	r, ok := f.routes[path]
	if !ok {
		if f.notFound != nil {
			r = *f.notFound
		} else {
			r = reply{status: 404, body: "404 page not found"}
		}
	}
	if r.err != nil {
		return 0, nil, r.err
	}
	return r.status, []byte(r.body), nil
}

func (f *fakeGetter) called(path string) bool {
	for _, c := range f.calls {
		if c == path {
			return true
		}
	}
	return false
}

// downGetter is a port nobody listens on.
type downGetter struct{ calls int }

var errRefused = errors.New("dial tcp 127.0.0.1: connection refused")

func (d *downGetter) Get(context.Context, int, string, http.Header) (int, []byte, error) {
	d.calls++
	return 0, nil, errRefused
}

// netGetter is the trivial real Getter: loopback only, capped body.
type netGetter struct{ client *http.Client }

func (n netGetter) Get(ctx context.Context, port int, path string, hdr http.Header) (int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, fmt.Sprintf("http://127.0.0.1:%d%s", port, path), nil)
	if err != nil {
		return 0, nil, err
	}
	for k, v := range hdr {
		req.Header[k] = v
	}
	c := n.client
	if c == nil {
		c = &http.Client{Timeout: 5 * time.Second}
	}
	resp, err := c.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	return resp.StatusCode, body, err
}

// Pointer helpers for expected values.
func i64(v int64) *int64     { return &v }
func f64(v float64) *float64 { return &v }

func eqInt(a, b *int64) bool     { return a == nil && b == nil || a != nil && b != nil && *a == *b }
func eqFloat(a, b *float64) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }

func showInt(p *int64) string {
	if p == nil {
		return "nil"
	}
	return fmt.Sprint(*p)
}

func showFloat(p *float64) string {
	if p == nil {
		return "nil"
	}
	return fmt.Sprint(*p)
}

func checkInt(t *testing.T, what string, got, want *int64) {
	t.Helper()
	if !eqInt(got, want) {
		t.Errorf("%s = %s, want %s", what, showInt(got), showInt(want))
	}
}

func checkFloat(t *testing.T, what string, got, want *float64) {
	t.Helper()
	if !eqFloat(got, want) {
		t.Errorf("%s = %s, want %s", what, showFloat(got), showFloat(want))
	}
}
