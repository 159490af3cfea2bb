package onnx_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/onnx"
	"github.com/gputaskman/gtm/inspect/onnx/onnxgen"
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

// hostile keeps the most the limits allow: every metadata entry, opset
// and external file name at its longest.
func hostile() []byte {
	long := func(i int) string { return fmt.Sprintf("%-*d", onnx.MaxString, i) }
	m := &onnxgen.Model{IRVersion: 9}
	for i := range onnx.MaxMetadata {
		m.Metadata = append(m.Metadata, onnx.Property{Key: long(i), Value: long(i)})
	}
	for i := range onnx.MaxOpsets {
		m.Opsets = append(m.Opsets, onnx.Opset{Domain: long(i), Version: 1})
	}
	for i := range onnx.MaxExternal {
		m.Initializers = append(m.Initializers, onnxgen.Tensor{Name: "w", Dims: []int64{1}, DataType: onnx.TypeFloat,
			Storage: onnxgen.External, Location: long(i), Length: 4})
	}
	return m.Bytes()
}

// The dearest model the limits allow costs a few MiB (29.4 MiB before the
// limits were cut to what real models use), accounted in gtm's parse
// budget: with the budget lowered below it, the parse is refused (not
// Busy: it is the file's own size) instead of keeping it.
func TestHostileModelBounded(t *testing.T) {
	b := hostile()
	var m *onnx.Model
	var err error
	a := allocated(func() { m, err = onnx.Parse(bytes.NewReader(b), int64(len(b))) })
	if err != nil || len(m.ExternalFiles) != onnx.MaxExternal {
		t.Fatalf("%v", err)
	}
	if a > 10<<20 {
		t.Fatalf("the dearest model the limits allow allocated %.1f MiB", float64(a)/(1<<20))
	}
	old := parsebudget.Default.SetLimit(int64(a) / 2)
	defer parsebudget.Default.SetLimit(old)
	_, err = onnx.Parse(bytes.NewReader(b), int64(len(b)))
	if !errors.Is(err, parsebudget.ErrOver) || parsebudget.Busy(err) || !strings.HasPrefix(err.Error(), "onnx: ") {
		t.Fatalf("under half the budget it needs: %v", err)
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

func TestParseStopsWhenCancelled(t *testing.T) {
	b := hostile()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := &cancelOnRead{ReaderAt: bytes.NewReader(b), cancel: cancel}
	_, err := onnx.ParseContext(ctx, r, int64(len(b)))
	if !errors.Is(err, context.Canceled) || r.reads != 1 {
		t.Fatalf("%v after %d reads", err, r.reads)
	}
}
