package probe

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"syscall"
	"testing"
	"time"
)

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

var refused = Result{Err: fmt.Errorf("probe: %w", syscall.ECONNREFUSED)}

func TestBackoffSchedule(t *testing.T) {
	tr := NewTracker()
	k := Key{PID: 42, Start: t0.Add(-time.Hour), Port: 8080}
	now := t0
	for i, want := range []time.Duration{5, 10, 20, 40, 80, 160, 300, 300, 300} {
		want *= time.Second
		if !tr.Allowed(k, now) {
			t.Fatalf("failure %d: not allowed at the end of the wait", i)
		}
		tr.Record(k, "/health", refused, now)
		if got := tr.RetryIn(k, "/health", now); got != want {
			t.Errorf("after failure %d: wait %v, want %v", i+1, got, want)
		}
		if tr.Allowed(k, now.Add(want-time.Millisecond)) {
			t.Errorf("after failure %d: allowed before %v", i+1, want)
		}
		// The whole key backs off, not just the path.
		if tr.RetryIn(k, "/v1/models", now) != want {
			t.Errorf("after failure %d: other path not backing off", i+1)
		}
		now = now.Add(want)
	}
	// Success resets.
	tr.Record(k, "/health", Result{Status: 200}, now)
	tr.Record(k, "/health", refused, now)
	if got := tr.RetryIn(k, "", now); got != FirstBackoff {
		t.Errorf("after success and a failure: %v", got)
	}
}

// A bad answer backs off that path only; the server keeps being asked
// other paths. Caller-side endings back off nothing.
func TestBackoffPath(t *testing.T) {
	tr := NewTracker()
	k := Key{PID: 42, Port: 8080}
	tr.Record(k, "/slots", Result{Status: 503}, t0)
	tr.Record(k, "/big", Result{Status: 200, Truncated: true, Err: tooLarge(1 << 20)}, t0)
	if !tr.Allowed(k, t0) || tr.RetryIn(k, "/props", t0) != 0 {
		t.Error("key backing off after a path failure")
	}
	for _, p := range []string{"/slots", "/big"} {
		if tr.RetryIn(k, p, t0) != FirstBackoff {
			t.Errorf("%s: %v", p, tr.RetryIn(k, p, t0))
		}
	}
	for _, err := range []error{ErrBudget, context.Canceled, context.DeadlineExceeded} {
		tr.Record(k, "/props", Result{Err: fmt.Errorf("probe: %w", err)}, t0)
	}
	if tr.RetryIn(k, "/props", t0) != 0 {
		t.Error("caller's budget or context counted against the target")
	}
	// A 4xx is an answer.
	tr.Record(k, "/v1/models", Result{Status: 401}, t0)
	if tr.RetryIn(k, "/v1/models", t0) != 0 {
		t.Error("401 backs off")
	}
}

func TestCache(t *testing.T) {
	tr := NewTracker()
	k := Key{PID: 42, Start: t0, Port: 8080}
	tr.Record(k, "/p", Result{Status: 200, Body: []byte("a"), Elapsed: time.Millisecond}, t0)
	if r, ok := tr.Cached(k, "/p", 10*time.Second, t0.Add(9*time.Second)); !ok || !r.Cached || r.Elapsed != 0 || string(r.Body) != "a" {
		t.Errorf("%+v, %v", r, ok)
	}
	if _, ok := tr.Cached(k, "/p", 10*time.Second, t0.Add(10*time.Second)); ok {
		t.Error("cached at maxAge")
	}
	if _, ok := tr.Cached(k, "/p", 10*time.Second, t0.Add(-time.Second)); ok {
		t.Error("cached from the future")
	}
	if _, ok := tr.Cached(k, "/other", time.Hour, t0); ok {
		t.Error("other path cached")
	}
	// The same start instant in another location and with a monotonic
	// reading is the same process.
	k2 := k
	k2.Start = k.Start.In(time.FixedZone("X", 3600))
	if _, ok := tr.Cached(k2, "/p", time.Hour, t0); !ok {
		t.Error("same start, other location: not the same key")
	}
	k3 := k
	k3.Start = time.Now()
	if _, ok := tr.Cached(k3, "/p", time.Hour, t0); ok {
		t.Error("reused PID got the old process's answer")
	}
	// Failures are not cached.
	tr.Record(k, "/q", Result{Status: 500}, t0)
	if _, ok := tr.Cached(k, "/q", time.Hour, t0); ok {
		t.Error("500 cached")
	}
}

func TestForget(t *testing.T) {
	tr := NewTracker()
	a, b := Key{PID: 1, Port: 1}, Key{PID: 2, Port: 2}
	tr.Record(a, "/x", Result{Status: 200}, t0)
	tr.Record(b, "/x", refused, t0)
	tr.Forget(func(k Key) bool { return k.PID == 1 })
	if keys, paths := tr.Len(); keys != 1 || paths != 1 {
		t.Errorf("%d keys, %d paths", keys, paths)
	}
	if !tr.Allowed(b, t0) {
		t.Error("forgotten key still backing off")
	}
	// Not seen for ForgetAfter: dropped at the next sweep.
	tr.Record(Key{PID: 3, Port: 3}, "/x", Result{Status: 200}, t0.Add(ForgetAfter+2*time.Minute))
	if keys, paths := tr.Len(); keys != 1 || paths != 1 {
		t.Errorf("after %v: %d keys, %d paths", ForgetAfter, keys, paths)
	}
}

func TestTrackerBounded(t *testing.T) {
	tr := NewTracker()
	now := t0
	for i := range maxEntries + 100 {
		now = now.Add(time.Millisecond)
		tr.Record(Key{PID: i, Port: 80}, "/x", Result{Status: 200}, now)
	}
	if keys, paths := tr.Len(); keys > maxEntries || paths > maxEntries {
		t.Errorf("%d keys, %d paths", keys, paths)
	}
	// The most recent stay.
	if _, ok := tr.Cached(Key{PID: maxEntries + 99, Port: 80}, "/x", time.Hour, now); !ok {
		t.Error("newest evicted")
	}
}

// Through the Client: a cached answer makes no request; a failed target
// is left alone until its backoff ends, with no dial at all meanwhile.
func TestGetCached(t *testing.T) {
	clock := t0
	c := New(Options{Now: func() time.Time { return clock }})
	defer c.Close()
	port, hits := server(t, func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, `{"n":1}`) })
	k := Key{PID: 7, Start: t0.Add(-time.Minute), Port: port}
	ctx := context.Background()
	for i := range 4 { // at 0, 4, 8, 12 s: asked at 0 and 12
		r := c.GetCached(ctx, k, "/v1/models", nil, 10*time.Second)
		if r.Err != nil || string(r.Body) != `{"n":1}` || r.Cached != (i == 1 || i == 2) {
			t.Fatalf("call %d: %+v", i, r)
		}
		clock = clock.Add(4 * time.Second)
	}
	if n := hits.Load(); n != 2 {
		t.Errorf("%d requests, want 2", n)
	}

	// A port nobody listens on.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := Key{PID: 8, Port: l.Addr().(*net.TCPAddr).Port}
	l.Close()
	dials := recordDials(c)
	if r := c.GetCached(ctx, dead, "/health", nil, time.Second); r.Err == nil || errors.Is(r.Err, ErrBackoff) {
		t.Fatalf("first: %v", r.Err)
	}
	clock = clock.Add(4 * time.Second)
	if r := c.GetCached(ctx, dead, "/health", nil, time.Second); !errors.Is(r.Err, ErrBackoff) {
		t.Errorf("within 5 s: %v", r.Err)
	} else {
		t.Log(r.Err)
	}
	if n := len(dials()); n != 1 {
		t.Errorf("%d dials, want 1", n)
	}
	clock = clock.Add(time.Second)
	if r := c.GetCached(ctx, dead, "/health", nil, time.Second); errors.Is(r.Err, ErrBackoff) || len(dials()) != 2 {
		t.Errorf("after 5 s: %v, %d dials", r.Err, len(dials()))
	}
}
