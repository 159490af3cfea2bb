// Package parsecache runs the header parses of a scan and remembers what
// each gave per file version, a failure or a timeout included: a hostile
// file costs one parse, not one per scan, and a file that changes is
// parsed again. A parse runs under a deadline (safefile.DefaultTimeout);
// when it passes, the parse's context ends so the parse stops, instead of
// running on while the next scan starts another.
//
// Together with parsebudget (what a parse may allocate) this is gtm's
// rule for parsing files other processes name: a hostile header costs
// what a real model's does, once.
package parsecache

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gputaskman/gtm/inspect/parsebudget"
	"github.com/gputaskman/gtm/internal/safefile"
)

// DefaultMax is how many file versions a Cache keeps by default.
const DefaultMax = 256

// Cache keeps one parse result per key: a file Version, or a Version
// with whatever else the result depends on (the reading user). The zero
// value is ready to use; a nil *Cache parses every time, still under the
// deadline (one-shot callers such as gtm model).
type Cache[K comparable, V any] struct {
	Max     int           // entries kept; 0 means DefaultMax
	Timeout time.Duration // one parse's deadline; 0 means safefile.DefaultTimeout

	mu     sync.Mutex
	m      map[K]result[V]
	parses atomic.Int64
}

type result[V any] struct {
	v   V
	err error
}

// Get returns what parse gave for k, running it only when k has no
// result yet. f is the file parse reads: Get closes it, at once when the
// result is cached, else when parse returns (which may be after Get
// returned, for a parse stopped by its deadline). A timeout is cached like
// any failure; a refusal only because other parses hold the budget is
// not (parsebudget.Busy).
func (c *Cache[K, V]) Get(k K, f io.Closer, parse func(ctx context.Context) (V, error)) (V, error) {
	if c != nil {
		c.mu.Lock()
		r, ok := c.m[k]
		c.mu.Unlock()
		if ok {
			f.Close()
			return r.v, r.err
		}
		c.parses.Add(1)
	}
	var v V
	timeout := safefile.DefaultTimeout
	if c != nil && c.Timeout > 0 {
		timeout = c.Timeout
	}
	err := safefile.WithinContext(timeout, func(ctx context.Context) error {
		defer f.Close()
		var err error
		v, err = parse(ctx)
		return err
	})
	if errors.Is(err, safefile.ErrTimeout) {
		// v is still the parse's to write: never touch it
		err = fmt.Errorf("parse stopped: %w; not tried again until the file changes", err)
		var zero V
		c.keep(k, zero, err)
		return zero, err
	}
	c.keep(k, v, err)
	return v, err
}

// keep stores a result, but not on a nil cache nor a refusal only
// because other parses hold the budget.
func (c *Cache[K, V]) keep(k K, v V, err error) {
	if c == nil || parsebudget.Busy(err) {
		return
	}
	c.mu.Lock()
	limit := c.Max
	if limit <= 0 {
		limit = DefaultMax
	}
	if c.m == nil {
		c.m = map[K]result[V]{}
	}
	for old := range c.m {
		if len(c.m) < limit {
			break
		}
		delete(c.m, old) // an arbitrary entry
	}
	c.m[k] = result[V]{v, err}
	c.mu.Unlock()
}

// Parses is how many parses Get started (results not found cached).
func (c *Cache[K, V]) Parses() int64 { return c.parses.Load() }

// Len is how many results are kept.
func (c *Cache[K, V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}
