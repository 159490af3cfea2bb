package onnx_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/onnx"
	"github.com/gputaskman/gtm/inspect/onnx/onnxgen"
)

// FuzzParse: any bytes parse without panic into a classified one-line
// error or a model that keeps the parser's bounds.
func FuzzParse(f *testing.F) {
	f.Add(sample().Bytes())
	f.Add((&onnxgen.Model{IRVersion: 9, Initializers: []onnxgen.Tensor{
		{Dims: []int64{4, 4}, DataType: onnx.TypeFloat, Storage: onnxgen.External, Location: "w.bin", Length: 64},
	}}).Bytes())
	f.Add((&onnxgen.Model{IRVersion: 7, Sparse: []onnxgen.Sparse{{Dims: []int64{8, 8},
		Values:  onnxgen.Tensor{Dims: []int64{2}, DataType: onnx.TypeFloat, Storage: onnxgen.Typed},
		Indices: onnxgen.Tensor{Dims: []int64{2}, DataType: onnx.TypeInt64, Storage: onnxgen.Typed},
	}}}).Bytes())
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := onnx.Parse(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			if m != nil {
				t.Fatal("model with error")
			}
			if !errors.Is(err, onnx.ErrInvalid) && !errors.Is(err, onnx.ErrTruncated) &&
				!errors.Is(err, onnx.ErrTooLarge) && !errors.Is(err, onnx.ErrRead) {
				t.Fatalf("unclassified: %v", err)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		for _, n := range m.Notes {
			if strings.ContainsAny(n, "\n\r") {
				t.Fatalf("multi-line note %q", n)
			}
		}
		switch {
		case m.Initializers > onnx.MaxInitializers, m.SparseInitializers > m.Initializers,
			m.UncountedInitializers > m.Initializers, m.Nodes > onnx.MaxNodes:
			t.Fatalf("counts: %+v", m)
		case len(m.Notes) > onnx.MaxNotes, len(m.Opsets) > onnx.MaxOpsets,
			len(m.Metadata) > onnx.MaxMetadata, len(m.ExternalFiles) > onnx.MaxExternal:
			t.Fatalf("lists: %+v", m)
		case len(m.Producer) > onnx.MaxString, len(m.GraphName) > onnx.MaxString:
			t.Fatalf("strings: %+v", m)
		case m.IRVersion < 1 || m.IRVersion > 100:
			t.Fatalf("ir_version %d", m.IRVersion)
		case len(m.ExternalFiles) > 0 && !m.ExternalData:
			t.Fatalf("external files without external data: %+v", m)
		}
	})
}
