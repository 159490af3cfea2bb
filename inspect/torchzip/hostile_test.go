package torchzip_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"runtime"
	"testing"

	"github.com/gputaskman/gtm/inspect/torchzip"
	"github.com/gputaskman/gtm/inspect/torchzip/torchzipgen"
)

// many is an archive of n empty storages: a long central directory.
func many(n int) []byte {
	return (&torchzipgen.Checkpoint{Storages: make([]int, n)}).Bytes()
}

// A directory's entries are counted, not kept: 100,000 entries cost the
// parse's fixed buffers (~0.4 MiB), no more.
func TestLongDirectoryBounded(t *testing.T) {
	b := many(100_000)
	var a, z runtime.MemStats
	runtime.ReadMemStats(&a)
	c, err := torchzip.Parse(bytes.NewReader(b), int64(len(b)))
	runtime.ReadMemStats(&z)
	if err != nil || c.Storages != 100_000 {
		t.Fatalf("%v %+v", err, c)
	}
	if got := z.TotalAlloc - a.TotalAlloc; got > 1<<20 {
		t.Fatalf("parse allocated %d bytes", got)
	}
}

type cancelOnRead struct {
	io.ReaderAt
	cancel func()
	reads  int
}

func (c *cancelOnRead) ReadAt(p []byte, off int64) (int, error) {
	c.reads++
	c.cancel()
	return c.ReaderAt.ReadAt(p, off)
}

// A cancelled parse stops at its next read of the directory.
func TestParseStopsWhenCancelled(t *testing.T) {
	b := many(50_000)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := &cancelOnRead{ReaderAt: bytes.NewReader(b), cancel: cancel}
	_, err := torchzip.ParseContext(ctx, r, int64(len(b)))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("%v after %d reads", err, r.reads)
	}
}
