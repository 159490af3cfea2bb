package parsecache_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/parsebudget"
	"github.com/gputaskman/gtm/inspect/parsecache"
	"github.com/gputaskman/gtm/internal/safefile"
)

// closer counts Close calls; done, when set, is closed by the first.
type closer struct {
	n    atomic.Int32
	done chan struct{}
}

func (c *closer) Close() error {
	if c.n.Add(1) == 1 && c.done != nil {
		close(c.done)
	}
	return nil
}

func version(t *testing.T, path string) parsecache.Version {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return parsecache.VersionOf(path, fi)
}

// A failure is kept for the file's version: the second Get does not
// parse; a changed file is parsed again.
func TestFailureCachedPerVersion(t *testing.T) {
	p := filepath.Join(t.TempDir(), "m.safetensors")
	if err := os.WriteFile(p, []byte("bad"), 0o644); err != nil {
		t.Fatal(err)
	}
	var c parsecache.Cache[parsecache.Version, int]
	bad := errors.New("bad header")
	parse := func(context.Context) (int, error) { return 0, bad }
	for range 3 {
		f := &closer{}
		if _, err := c.Get(version(t, p), f, parse); !errors.Is(err, bad) {
			t.Fatalf("got %v", err)
		}
		if f.n.Load() != 1 {
			t.Fatalf("file closed %d times", f.n.Load())
		}
	}
	if c.Parses() != 1 {
		t.Fatalf("%d parses of one version", c.Parses())
	}
	if err := os.WriteFile(p, []byte("better"), 0o644); err != nil {
		t.Fatal(err)
	}
	v, err := c.Get(version(t, p), &closer{}, func(context.Context) (int, error) { return 7, nil })
	if err != nil || v != 7 || c.Parses() != 2 {
		t.Fatalf("changed file: %d, %v, %d parses", v, err, c.Parses())
	}
}

// A parse past its deadline is stopped (its context ends), its file
// closed, and the timeout kept: the next scan does not start another.
func TestTimeoutStopsTheParseAndIsCached(t *testing.T) {
	c := &parsecache.Cache[string, int]{Timeout: 10 * time.Millisecond}
	stopped := make(chan error, 1)
	f := &closer{done: make(chan struct{})}
	_, err := c.Get("k", f, func(ctx context.Context) (int, error) {
		<-ctx.Done() // a parse checking its context, as every header parser does
		stopped <- ctx.Err()
		return 0, ctx.Err()
	})
	if !errors.Is(err, safefile.ErrTimeout) {
		t.Fatalf("got %v", err)
	}
	if err := <-stopped; !errors.Is(err, context.Canceled) {
		t.Fatalf("the parse saw %v", err)
	}
	<-f.done // closed by the parse's goroutine as it returns
	_, err2 := c.Get("k", &closer{}, func(context.Context) (int, error) {
		t.Fatal("parsed again")
		return 0, nil
	})
	if !errors.Is(err2, safefile.ErrTimeout) || c.Parses() != 1 {
		t.Fatalf("second get: %v, %d parses", err2, c.Parses())
	}
}

// A refusal because other parses hold the budget says nothing of the
// file: it is tried again.
func TestBusyNotCached(t *testing.T) {
	b := parsebudget.New(100 << 10)
	hold := b.Reserve()
	if err := hold.Grow(90 << 10); err != nil {
		t.Fatal(err)
	}
	var c parsecache.Cache[string, int]
	parse := func(context.Context) (int, error) {
		r := b.Reserve()
		defer r.Release()
		return 1, r.Grow(50 << 10)
	}
	if _, err := c.Get("k", &closer{}, parse); !parsebudget.Busy(err) {
		t.Fatalf("got %v", err)
	}
	hold.Release()
	if v, err := c.Get("k", &closer{}, parse); err != nil || v != 1 || c.Parses() != 2 {
		t.Fatalf("%d %v, %d parses", v, err, c.Parses())
	}
}

func TestNilCacheParsesEachTime(t *testing.T) {
	var c *parsecache.Cache[string, int]
	n := 0
	for range 2 {
		f := &closer{}
		if v, err := c.Get("k", f, func(context.Context) (int, error) { n++; return n, nil }); err != nil || v != n || f.n.Load() != 1 {
			t.Fatalf("%d %v", v, err)
		}
	}
	if n != 2 {
		t.Fatalf("%d parses", n)
	}
}

func TestBounded(t *testing.T) {
	c := parsecache.Cache[int, int]{Max: 2}
	for i := range 5 {
		c.Get(i, &closer{}, func(context.Context) (int, error) { return i, nil })
	}
	if c.Len() != 2 {
		t.Fatalf("%d entries kept", c.Len())
	}
}
