package safetensors_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/gputaskman/gtm/inspect/hfmodel/hfgen"
	"github.com/gputaskman/gtm/inspect/parsebudget"
	"github.com/gputaskman/gtm/inspect/safetensors"
)

// allocated is how many bytes fn allocates (runtime.MemStats.TotalAlloc):
// everything the parse asked of the heap, whether freed or not.
func allocated(fn func()) uint64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	fn()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// The report's file: a million tensors in a 62 MB header. It is refused
// from its length, before anything is read (it used to cost ~735 MB of
// allocations and seconds).
func TestHostileHeaderRefusedFromItsLength(t *testing.T) {
	h := hfgen.Hostile{N: 1 << 20}
	var err error
	a := allocated(func() { _, err = safetensors.Parse(h, h.Size()) })
	if err == nil || !errors.Is(err, safetensors.ErrFormat) || !strings.Contains(err.Error(), "MaxHeaderBytes") {
		t.Fatalf("parsed, or the wrong error: %v", err)
	}
	if a > 64<<10 {
		t.Fatalf("refusing it allocated %d bytes", a)
	}
}

// The dearest header the limits let through (the most tensors, in the
// fewest bytes each) parses within what a real model's would cost: the
// tensor table of 24 bytes each (12 MiB with its growth copies) and a
// fixed ~0.2 MiB. Before streaming it allocated ~180 MB.
func TestHostileHeaderAtTheLimits(t *testing.T) {
	h := hfgen.Hostile{N: safetensors.MaxTensors}
	var got *safetensors.Header
	var err error
	a := allocated(func() { got, err = safetensors.Parse(h, h.Size()) })
	if err != nil || got.Tensors != safetensors.MaxTensors {
		t.Fatalf("%v, %+v", err, got)
	}
	if bound := uint64(2*safetensors.MaxTensors*24 + 1<<20); a > bound {
		t.Fatalf("parse allocated %d bytes, bound %d", a, bound)
	}
}

func TestTooManyTensors(t *testing.T) {
	h := hfgen.Hostile{N: safetensors.MaxTensors + 1}
	var err error
	a := allocated(func() { _, err = safetensors.Parse(h, h.Size()) })
	if !errors.Is(err, safetensors.ErrFormat) || !strings.Contains(err.Error(), "MaxTensors") {
		t.Fatalf("%v", err)
	}
	if bound := uint64(2*safetensors.MaxTensors*24 + 1<<20); a > bound {
		t.Fatalf("parse allocated %d bytes, bound %d", a, bound)
	}
}

// cancelOnRead cancels its parse's context at the first read of the
// header proper, as a caller's deadline would fire mid-parse.
type cancelOnRead struct {
	io.ReaderAt
	cancel func()
	reads  int
}

func (c *cancelOnRead) ReadAt(p []byte, off int64) (int, error) {
	c.reads++
	if off >= 8 {
		c.cancel()
	}
	return c.ReaderAt.ReadAt(p, off)
}

// A cancelled parse stops at its next read, with the context's error
// (not a format error: nothing is wrong with the file).
func TestParseStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	h := hfgen.Hostile{N: safetensors.MaxTensors}
	r := &cancelOnRead{ReaderAt: h, cancel: cancel}
	_, err := safetensors.ParseContext(ctx, r, h.Size())
	if !errors.Is(err, context.Canceled) || errors.Is(err, safetensors.ErrFormat) {
		t.Fatalf("error %v", err)
	}
	if r.reads > 2 { // the length, then one buffer
		t.Fatalf("%d reads after the cancel", r.reads-2)
	}
}

// A parse needs its share of gtm's parse budget: while the budget is
// held, it is refused as a passing state; once released, it parses.
func TestParseRefusedWhileTheBudgetIsHeld(t *testing.T) {
	b := file(nil, hfgen.DecoderTensors(hfgen.Decoder{Layers: 2, Hidden: 64, Heads: 4, KVHeads: 2, Intermediate: 128, Vocab: 100}))
	hold := parsebudget.Default.Reserve()
	defer hold.Release()
	if err := hold.Grow(parsebudget.DefaultLimit - 16<<10); err != nil {
		t.Fatal(err)
	}
	_, err := safetensors.Parse(bytes.NewReader(b), int64(len(b)))
	if !errors.Is(err, parsebudget.ErrOver) || !parsebudget.Busy(err) || !strings.HasPrefix(err.Error(), "safetensors: ") {
		t.Fatalf("error %v", err)
	}
	hold.Release()
	if _, err := safetensors.Parse(bytes.NewReader(b), int64(len(b))); err != nil {
		t.Fatal(err)
	}
	if held := parsebudget.Default.Held(); held != 0 {
		t.Fatalf("%d bytes still held after the parses", held)
	}
}

// gate blocks reads past after until open is closed, and says when the
// first one arrived.
type gate struct {
	io.ReaderAt
	after   int64
	reached chan struct{}
	open    chan struct{}
	once    sync.Once
}

func (g *gate) ReadAt(p []byte, off int64) (int, error) {
	if off+int64(len(p)) > g.after {
		g.once.Do(func() { close(g.reached) })
		<-g.open
	}
	return g.ReaderAt.ReadAt(p, off)
}

// Two big parses at once: the second is refused while the first holds
// its tensor table, and parses once the first is done.
func TestSecondConcurrentParseRefused(t *testing.T) {
	big := hfgen.Hostile{N: 200_000}
	g := &gate{ReaderAt: big, after: big.Size() / 2, reached: make(chan struct{}), open: make(chan struct{})}
	done := make(chan error, 1)
	go func() {
		_, err := safetensors.Parse(g, big.Size())
		done <- err
	}()
	<-g.reached // the first parse holds half its table now
	held := parsebudget.Default.Held()
	if held < 1<<20 {
		t.Fatalf("the first parse holds only %d bytes", held)
	}
	old := parsebudget.Default.SetLimit(held + 64<<10)
	b := file(nil, hfgen.DecoderTensors(hfgen.Decoder{Layers: 8, Hidden: 64, Heads: 4, KVHeads: 2, Intermediate: 128, Vocab: 100}))
	_, err := safetensors.Parse(bytes.NewReader(b), int64(len(b)))
	parsebudget.Default.SetLimit(old)
	close(g.open)
	if !parsebudget.Busy(err) {
		t.Fatalf("second parse: %v", err)
	}
	if err := <-done; err != nil {
		t.Fatalf("first parse: %v", err)
	}
	if _, err := safetensors.Parse(bytes.NewReader(b), int64(len(b))); err != nil {
		t.Fatalf("second parse, alone: %v", err)
	}
}
