package probe

import (
	"context"
	"errors"
	"net/netip"
	"slices"
	"sync"
	"time"
)

// Backoff and memory bounds of a Tracker.
const (
	// FirstBackoff is the wait after a first failure; each further
	// failure doubles it, up to MaxBackoff.
	FirstBackoff = 5 * time.Second
	MaxBackoff   = 5 * time.Minute
	// ForgetAfter: state of a target not asked about for this long is
	// dropped, as its process has most likely gone.
	ForgetAfter = 10 * time.Minute
	// maxEntries bounds each map however many targets come and go.
	maxEntries = 4096
)

// ErrBackoff is a request not made because its target failed recently.
var ErrBackoff = errors.New("backing off after a failure")

// Key names one server: a port of one process. Start, the process's start
// time, tells a reused PID from the process that had it.
type Key struct {
	PID   int
	Start time.Time
	Port  int
	// Addr is the loopback address to contact (::1 for a server on IPv6
	// only); the zero Addr means 127.0.0.1.
	Addr netip.Addr
}

// target is where to send k's requests. An invalid port is left for
// requestURL to refuse.
func (k Key) target() netip.AddrPort {
	a := k.Addr
	if !a.IsValid() {
		a = localhost
	}
	port := k.Port
	if port < 0 || port > 65535 {
		port = 0
	}
	return netip.AddrPortFrom(a, uint16(port))
}

// norm makes equal start instants equal map keys, whatever their
// location or monotonic reading.
func (k Key) norm() Key {
	k.Start = k.Start.Round(0).UTC()
	return k
}

type backoff struct {
	fails int
	until time.Time
}

func (b *backoff) fail(now time.Time) {
	b.fails++
	d := MaxBackoff
	if b.fails <= 7 { // 5 s << 6 = 320 s, past the cap
		d = min(FirstBackoff<<(b.fails-1), MaxBackoff)
	}
	b.until = now.Add(d)
}

func (b *backoff) wait(now time.Time) time.Duration { return max(b.until.Sub(now), 0) }

type keyState struct {
	backoff
	seen time.Time
}

type pathKey struct {
	Key
	path string
}

type pathState struct {
	backoff
	seen   time.Time
	res    Result // last good answer
	at     time.Time
	cached bool
}

// Tracker remembers, per target Key and per (Key, path), failures to back
// off from and the last good answer. A request that got no response
// (refused, timed out, not allowed) backs off the whole key; one that got
// a bad answer (5xx, body too large or cut) backs off that path only. Any
// good answer, including a 4xx, resets both. Time is passed in, so tests
// drive it. It is safe for concurrent use.
type Tracker struct {
	mu    sync.Mutex
	keys  map[Key]*keyState
	paths map[pathKey]*pathState
	swept time.Time
}

// NewTracker returns an empty Tracker.
func NewTracker() *Tracker {
	return &Tracker{keys: map[Key]*keyState{}, paths: map[pathKey]*pathState{}}
}

// Allowed reports whether k may be contacted at now: it has not failed,
// or its backoff has passed.
func (t *Tracker) Allowed(k Key, now time.Time) bool { return t.RetryIn(k, "", now) == 0 }

// RetryIn is how long until k, and path on k unless path is "", may be
// contacted again; 0 means now.
func (t *Tracker) RetryIn(k Key, path string, now time.Time) time.Duration {
	k = k.norm()
	t.mu.Lock()
	defer t.mu.Unlock()
	var d time.Duration
	if s := t.keys[k]; s != nil {
		d = s.wait(now)
	}
	if s := t.paths[pathKey{k, path}]; s != nil && path != "" {
		d = max(d, s.wait(now))
	}
	return d
}

// Cached returns the last good answer for (k, path) if it is younger
// than maxAge, marked Cached.
func (t *Tracker) Cached(k Key, path string, maxAge time.Duration, now time.Time) (Result, bool) {
	k = k.norm()
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.paths[pathKey{k, path}]
	if s == nil || !s.cached {
		return Result{}, false
	}
	if age := now.Sub(s.at); age < 0 || age >= maxAge {
		return Result{}, false
	}
	s.seen = now
	if ks := t.keys[k]; ks != nil {
		ks.seen = now
	}
	r := s.res
	r.Cached, r.Elapsed = true, 0
	return r, true
}

// Record notes the outcome of a request for (k, path) made at now.
func (t *Tracker) Record(k Key, path string, r Result, now time.Time) {
	if r.Err != nil && !targetsFault(r.Err) {
		return // the caller's budget or context ended it
	}
	k = k.norm()
	t.mu.Lock()
	defer t.mu.Unlock()
	t.sweep(now)
	ks := t.keys[k]
	if ks == nil {
		if len(t.keys) >= maxEntries {
			evictOldest(t.keys, func(s *keyState) time.Time { return s.seen })
		}
		ks = &keyState{}
		t.keys[k] = ks
	}
	pk := pathKey{k, path}
	ps := t.paths[pk]
	if ps == nil {
		if len(t.paths) >= maxEntries {
			evictOldest(t.paths, func(s *pathState) time.Time { return s.seen })
		}
		ps = &pathState{}
		t.paths[pk] = ps
	}
	ks.seen, ps.seen = now, now
	switch {
	case r.Err == nil && r.Status < 500:
		ks.backoff, ps.backoff = backoff{}, backoff{}
		ps.res, ps.at, ps.cached = r, now, true
	case r.Status == 0 && !errors.Is(r.Err, ErrBadPath):
		ks.fail(now) // no answer: the server, not the path
	default:
		ps.fail(now)
	}
}

// targetsFault: an error the target caused, as opposed to the caller's
// budget, cancellation or own deadline (the Client's timeout is
// ErrTimeout, not context.DeadlineExceeded).
func targetsFault(err error) bool {
	return !errors.Is(err, ErrBudget) && !errors.Is(err, context.Canceled) &&
		!errors.Is(err, context.DeadlineExceeded)
}

// Forget drops the state of every key keep rejects, such as targets
// whose process has exited.
func (t *Tracker) Forget(keep func(Key) bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for k := range t.keys {
		if !keep(k) {
			delete(t.keys, k)
		}
	}
	for pk := range t.paths {
		if !keep(pk.Key) {
			delete(t.paths, pk)
		}
	}
}

// Len is how many keys and (key, path) pairs are tracked.
func (t *Tracker) Len() (keys, paths int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.keys), len(t.paths)
}

// sweep drops state not seen for ForgetAfter, at most once a minute.
func (t *Tracker) sweep(now time.Time) {
	if now.Sub(t.swept) < time.Minute && now.After(t.swept) {
		return
	}
	t.swept = now
	for k, s := range t.keys {
		if now.Sub(s.seen) > ForgetAfter {
			delete(t.keys, k)
		}
	}
	for pk, s := range t.paths {
		if now.Sub(s.seen) > ForgetAfter {
			delete(t.paths, pk)
		}
	}
}

// evictOldest makes room in a full map: it drops the oldest eighth in one
// go, so a stream of new targets costs a sort per 512 inserts, not a scan
// each.
func evictOldest[K comparable, S any](m map[K]S, seen func(S) time.Time) {
	times := make([]time.Time, 0, len(m))
	for _, s := range m {
		times = append(times, seen(s))
	}
	slices.SortFunc(times, time.Time.Compare)
	cut := times[len(times)/8]
	for k, s := range m {
		if !seen(s).After(cut) {
			delete(m, k)
		}
	}
}
