package llamacpplog_test

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/llamacpplog"
	"github.com/gputaskman/gtm/internal/safefile"
)

// A tail of empty lines costs the tail, not a copy per line: it
// allocated 86 MiB for the 512 KiB read.
func TestTailOfEmptyLinesCostsItsSize(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.log")
	if err := os.WriteFile(p, []byte(strings.Repeat("\n", 1<<20)), 0o644); err != nil {
		t.Fatal(err)
	}
	var a, z runtime.MemStats
	runtime.ReadMemStats(&a)
	r, err := llamacpplog.ParseTail(p, time.Time{}, 0)
	runtime.ReadMemStats(&z)
	if err != nil || r.Block != nil {
		t.Fatalf("%v %+v", err, r)
	}
	if got := z.TotalAlloc - a.TotalAlloc; got > 2<<20 {
		t.Fatalf("reading a %d KiB tail allocated %d bytes", llamacpplog.MaxTail>>10, got)
	}
}

// A log that fails to parse (a read timing out on a hung mount) is not
// read again until it changes.
func TestTailCacheKeepsFailures(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.log")
	if err := os.WriteFile(p, []byte("line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var c llamacpplog.TailCache[int]
	open := func(path string) (*os.File, os.FileInfo, error) { return safefile.Open(path, 0) }
	parses := 0
	parse := func(once llamacpplog.Opener) (int, error) {
		parses++
		f, _, err := once(p)
		if err == nil {
			f.Close()
		}
		return 0, safefile.ErrTimeout
	}
	for range 3 {
		if _, err := c.Parsed(open, p, p, parse); !errors.Is(err, safefile.ErrTimeout) {
			t.Fatalf("got %v", err)
		}
	}
	if parses != 1 {
		t.Fatalf("%d parses of one version", parses)
	}
	if err := os.WriteFile(p, []byte("line\nmore\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.Parsed(open, p, p, parse)
	if parses != 2 {
		t.Fatalf("a changed log: %d parses", parses)
	}
}
