package gguf_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/gguf"
	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
	"github.com/gputaskman/gtm/inspect/parsebudget"
)

// allocated is how many bytes fn allocates (runtime.MemStats.TotalAlloc).
func allocated(fn func()) uint64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	fn()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// hostileTensors is the most tensors the limits allow, each with the
// longest name: the dearest tensor table.
func hostileTensors(n int) *ggufgen.Image {
	b := ggufgen.New().Set("general.architecture", ggufgen.String("llama"))
	for i := range n {
		b.Tensor(fmt.Sprintf("%0*d", gguf.MaxTensorNameLen, i), gguf.TypeF32, 0)
	}
	return b.MustBuild()
}

// The dearest header the limits allow costs what the budget accounts
// (about 13 MiB of tensor table); before, 131,072 such tensors took
// ~52 MB.
func TestHostileTensorTableBounded(t *testing.T) {
	im := hostileTensors(gguf.MaxTensors)
	var err error
	a := allocated(func() { _, err = gguf.Parse(im.ReaderAt(), im.Size) })
	if err != nil {
		t.Fatal(err)
	}
	if a > 16*mib {
		t.Fatalf("parse allocated %.1f MiB", float64(a)/mib)
	}
}

// Kept metadata stops at MaxRetainedBytes (values past it are counted,
// not kept): 16 strings of 1 MiB keep 4 of them.
func TestHostileMetadataBounded(t *testing.T) {
	b := ggufgen.New().Set("general.architecture", ggufgen.String("llama"))
	for i := range 16 {
		b.Set(fmt.Sprintf("x.%d", i), ggufgen.String(strings.Repeat("x", gguf.MaxKeptString)))
	}
	im := b.MustBuild()
	var err error
	a := allocated(func() { _, err = gguf.Parse(im.ReaderAt(), im.Size) })
	if err != nil {
		t.Fatal(err)
	}
	if a > 6*mib {
		t.Fatalf("parse allocated %.1f MiB", float64(a)/mib)
	}
}

// cancelOnRead cancels the parse's context at its first read past the
// start, as a deadline firing mid-parse would.
type cancelOnRead struct {
	io.ReaderAt
	cancel func()
	reads  int
}

func (c *cancelOnRead) ReadAt(p []byte, off int64) (int, error) {
	c.reads++
	if off > 0 {
		c.cancel()
	}
	return c.ReaderAt.ReadAt(p, off)
}

func TestParseStopsWhenCancelled(t *testing.T) {
	im := hostileTensors(20000) // a header of several read buffers
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := &cancelOnRead{ReaderAt: im.ReaderAt(), cancel: cancel}
	_, err := gguf.ParseContext(ctx, r, im.Size)
	var ge *gguf.Error
	if !errors.Is(err, context.Canceled) || !errors.As(err, &ge) || strings.Contains(err.Error(), "\n") {
		t.Fatalf("error %v", err)
	}
	if r.reads > 2 {
		t.Fatalf("%d reads", r.reads)
	}
}

func TestParseRefusedWhileTheBudgetIsHeld(t *testing.T) {
	im := ggufgen.ManyTensors(1000).MustBuild()
	hold := parsebudget.Default.Reserve()
	defer hold.Release()
	if err := hold.Grow(parsebudget.DefaultLimit - 64<<10); err != nil {
		t.Fatal(err)
	}
	_, err := gguf.Parse(im.ReaderAt(), im.Size)
	if !errors.Is(err, parsebudget.ErrOver) || !parsebudget.Busy(err) || !strings.HasPrefix(err.Error(), "gguf: ") {
		t.Fatalf("error %v", err)
	}
	hold.Release()
	if _, err := gguf.Parse(im.ReaderAt(), im.Size); err != nil {
		t.Fatal(err)
	}
}
