package onnx_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gputaskman/gtm/inspect/onnx"
	"github.com/gputaskman/gtm/inspect/onnx/onnxgen"
)

func parseBytes(t *testing.T, b []byte) (*onnx.Model, error) {
	t.Helper()
	return onnx.Parse(bytes.NewReader(b), int64(len(b)))
}

// wantSizes computes parameters and bytes of dense initializers the slow
// way, from the test's own width table.
func wantSizes(ts []onnxgen.Tensor) (params, nbytes uint64) {
	bits := map[int32]uint64{
		onnx.TypeFloat: 32, onnx.TypeFloat16: 16, onnx.TypeBFloat16: 16, onnx.TypeInt8: 8,
		onnx.TypeInt64: 64, onnx.TypeInt4: 4, onnx.TypeDouble: 64, onnx.TypeBool: 8,
		onnx.TypeComplex64: 64, onnx.TypeFloat8E4M3FN: 8, onnx.TypeUint2: 2, onnx.TypeUint32: 32,
	}
	for _, t := range ts {
		n := uint64(onnxgen.Elements(t.Dims))
		params += n
		nbytes += (n*bits[t.DataType] + 7) / 8
	}
	return params, nbytes
}

func sample() *onnxgen.Model {
	return &onnxgen.Model{
		IRVersion:       8,
		Producer:        "pytorch",
		ProducerVersion: "2.3.0",
		Domain:          "ai.example",
		ModelVersion:    3,
		DocString:       "exported for a test",
		Opsets:          []onnx.Opset{{Domain: "", Version: 17}, {Domain: "com.microsoft", Version: 1}},
		Metadata:        []onnx.Property{{Key: "author", Value: "someone"}},
		GraphName:       "main_graph",
		Nodes:           5,
		Initializers: []onnxgen.Tensor{
			{Name: "embed", Dims: []int64{320, 64}, DataType: onnx.TypeFloat16, Storage: onnxgen.Raw},
			{Name: "w1", Dims: []int64{64, 64}, DataType: onnx.TypeFloat, Storage: onnxgen.Raw, Unpacked: true},
			{Name: "b1", Dims: []int64{64}, DataType: onnx.TypeFloat, Storage: onnxgen.Typed},
			{Name: "shape", Dims: []int64{3}, DataType: onnx.TypeInt64, Storage: onnxgen.Typed},
			{Name: "q", Dims: []int64{7, 3}, DataType: onnx.TypeInt4, Storage: onnxgen.Raw},
			{Name: "mask", Dims: []int64{9}, DataType: onnx.TypeBool, Storage: onnxgen.Typed},
			{Name: "c", Dims: []int64{2}, DataType: onnx.TypeComplex64, Storage: onnxgen.Typed},
			{Name: "scalar", DataType: onnx.TypeDouble, Storage: onnxgen.Raw},
			{Name: "f8", Dims: []int64{5, 5}, DataType: onnx.TypeFloat8E4M3FN, Storage: onnxgen.Raw},
			{Name: "u2", Dims: []int64{5}, DataType: onnx.TypeUint2, Storage: onnxgen.Raw},
			{Name: "ids", Dims: []int64{6}, DataType: onnx.TypeUint32, Storage: onnxgen.Typed},
			{Name: "d", Dims: []int64{2, 2}, DataType: onnx.TypeDouble, Storage: onnxgen.Typed},
		},
	}
}

func TestRoundTrip(t *testing.T) {
	g := sample()
	m, err := parseBytes(t, g.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	params, nbytes := wantSizes(g.Initializers)
	want := &onnx.Model{
		IRVersion: 8, Producer: "pytorch", ProducerVersion: "2.3.0", Domain: "ai.example",
		ModelVersion: 3, Opsets: g.Opsets, Metadata: g.Metadata, GraphName: "main_graph",
		Nodes: 5, Initializers: len(g.Initializers), Parameters: params, InitializerBytes: nbytes,
	}
	if !reflect.DeepEqual(m, want) {
		t.Errorf("got  %+v\nwant %+v", m, want)
	}
}

func TestExternalData(t *testing.T) {
	g := &onnxgen.Model{IRVersion: 9, Opsets: []onnx.Opset{{Version: 21}}, Initializers: []onnxgen.Tensor{
		{Name: "a", Dims: []int64{1000, 4096}, DataType: onnx.TypeFloat16, Storage: onnxgen.External, Location: "model.onnx.data", Offset: 0, Length: 8192000},
		{Name: "b", Dims: []int64{4096}, DataType: onnx.TypeFloat16, Storage: onnxgen.External, Location: "model.onnx.data", Offset: 8192000, Length: 8192},
		{Name: "c", Dims: []int64{16}, DataType: onnx.TypeFloat, Storage: onnxgen.External, Location: "../other.bin", Length: -1},
		{Name: "d", Dims: []int64{2}, DataType: onnx.TypeFloat, Storage: onnxgen.Raw},
	}}
	m, err := parseBytes(t, g.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !m.ExternalData || !reflect.DeepEqual(m.ExternalFiles, []string{"model.onnx.data", "../other.bin"}) {
		t.Errorf("external: %v %q", m.ExternalData, m.ExternalFiles)
	}
	if m.ExternalBytes != 8192000+8192 {
		t.Errorf("external bytes %d", m.ExternalBytes)
	}
	params, nbytes := wantSizes(g.Initializers)
	if m.Parameters != params || m.InitializerBytes != nbytes {
		t.Errorf("params %d bytes %d, want %d %d", m.Parameters, m.InitializerBytes, params, nbytes)
	}
	if len(m.Notes) != 0 {
		t.Errorf("notes %q", m.Notes)
	}
}

func TestSparseInitializer(t *testing.T) {
	g := &onnxgen.Model{IRVersion: 7, Sparse: []onnxgen.Sparse{{
		Dims:    []int64{100, 100},
		Values:  onnxgen.Tensor{Dims: []int64{10}, DataType: onnx.TypeFloat, Storage: onnxgen.Raw},
		Indices: onnxgen.Tensor{Dims: []int64{10}, DataType: onnx.TypeInt64, Storage: onnxgen.Raw},
	}}}
	m, err := parseBytes(t, g.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if m.Initializers != 1 || m.SparseInitializers != 1 || m.Parameters != 10000 || m.InitializerBytes != 10*4+10*8 {
		t.Errorf("%+v", m)
	}
}

func TestUncountedAndMismatch(t *testing.T) {
	g := &onnxgen.Model{IRVersion: 7, Initializers: []onnxgen.Tensor{
		{Dims: []int64{4}, DataType: onnx.TypeString, Storage: onnxgen.Typed},
		{Dims: []int64{4}, DataType: 99, Storage: onnxgen.Raw},
		{Dims: []int64{4}, DataType: onnx.TypeFloat, Storage: onnxgen.None},
	}}
	m, err := parseBytes(t, g.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if m.Parameters != 12 || m.InitializerBytes != 16 || m.UncountedInitializers != 2 {
		t.Errorf("%+v", m)
	}
	joined := strings.Join(m.Notes, "|")
	if !strings.Contains(joined, "2 initializers of undefined") || !strings.Contains(joined, "1 initializers store a different") {
		t.Errorf("notes %q", m.Notes)
	}
}

// countingReader counts the bytes Parse reads.
type countingReader struct {
	r interface {
		ReadAt([]byte, int64) (int, error)
	}
	n atomic.Int64
}

func (c *countingReader) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.r.ReadAt(p, off)
	c.n.Add(int64(n))
	return n, err
}

// TestLargeInlineWeightsNotRead: a model whose weights (3 GiB, inline in
// raw_data) lie between its header fields is parsed by reading a few
// KiB: each payload is skipped by its length.
func TestLargeInlineWeightsNotRead(t *testing.T) {
	g := &onnxgen.Model{IRVersion: 8, Producer: "pytorch", Opsets: []onnx.Opset{{Version: 17}}, Nodes: 3}
	for i := 0; i < 3; i++ {
		g.Initializers = append(g.Initializers, onnxgen.Tensor{Dims: []int64{1 << 15, 1 << 14}, DataType: onnx.TypeFloat16, Storage: onnxgen.Raw})
	}
	path := filepath.Join(t.TempDir(), "big.onnx")
	if err := g.WriteFile(path); err != nil {
		t.Skip("sparse file:", err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, _ := f.Stat()
	cr := &countingReader{r: f}
	m, err := onnx.Parse(cr, fi.Size())
	if err != nil {
		t.Fatal(err)
	}
	if m.InitializerBytes != 3<<30 || m.Parameters != 3<<29 || len(m.Opsets) != 1 {
		t.Errorf("%+v", m)
	}
	if cr.n.Load() > 1<<20 {
		t.Errorf("read %d bytes of a %d-byte file", cr.n.Load(), fi.Size())
	}
}

// TestTruncatedEveryByte: every prefix of a small model fails with a
// classified error, or parses as a model with fewer fields (a protobuf may
// end at any top-level field boundary).
func TestTruncatedEveryByte(t *testing.T) {
	g := sample()
	full := g.Bytes()
	ok := 0
	for n := 0; n < len(full); n++ {
		m, err := parseBytes(t, full[:n])
		if err == nil {
			ok++
			if m.Initializers > len(g.Initializers) {
				t.Fatalf("prefix %d: %d initializers", n, m.Initializers)
			}
			continue
		}
		if !errors.Is(err, onnx.ErrTruncated) && !errors.Is(err, onnx.ErrInvalid) {
			t.Fatalf("prefix %d: unclassified %v", n, err)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Fatalf("prefix %d: multi-line error %q", n, err)
		}
	}
	// top-level fields after ir_version: producer, version, domain,
	// model_version, doc_string, graph, 2 opsets, 1 metadata entry.
	if ok > 9 {
		t.Errorf("%d prefixes parsed, want at most 9", ok)
	}
}

func tag(num, wire int) []byte { return binary.AppendUvarint(nil, uint64(num)<<3|uint64(wire)) }

func lenField(num int, payload []byte) []byte {
	b := tag(num, 2)
	b = binary.AppendUvarint(b, uint64(len(payload)))
	return append(b, payload...)
}

func irv() []byte { return append(tag(1, 0), 8) }

func TestHostile(t *testing.T) {
	tensorWithDims := func(n int, d uint64) []byte {
		var dims []byte
		for i := 0; i < n; i++ {
			dims = binary.AppendUvarint(dims, d)
		}
		tensor := lenField(1, dims)
		tensor = append(tensor, append(tag(2, 0), 1)...)
		return append(irv(), lenField(7, lenField(5, tensor))...)
	}
	hugeLen := append(irv(), tag(2, 2)...)
	hugeLen = binary.AppendUvarint(hugeLen, 1<<40)
	longVarint := append(irv(), tag(5, 0)...)
	longVarint = append(longVarint, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01)
	// a graph whose initializer claims more bytes than the graph holds
	inner := append(tag(5, 2), 100)
	inner = append(inner, make([]byte, 10)...)
	escaping := append(irv(), lenField(7, inner)...)
	escaping = append(escaping, make([]byte, 200)...)
	cases := []struct {
		name string
		b    []byte
		want error
	}{
		{"empty", nil, onnx.ErrInvalid},
		{"no ir_version", lenField(2, []byte("pytorch")), onnx.ErrInvalid},
		{"huge length", hugeLen, onnx.ErrTruncated},
		{"varint past 64 bits", longVarint, onnx.ErrInvalid},
		{"group wire type", append(irv(), tag(9, 3)...), onnx.ErrInvalid},
		{"field number 0", append(irv(), 0x00), onnx.ErrInvalid},
		{"length past parent", escaping, onnx.ErrInvalid},
		{"too many dims", tensorWithDims(onnx.MaxDims+1, 2), onnx.ErrTooLarge},
		{"negative dim", tensorWithDims(2, ^uint64(0)), onnx.ErrInvalid},
		{"ir_version as bytes", lenField(1, []byte("8")), onnx.ErrInvalid},
		{"ir_version 0", append(tag(1, 0), 0), onnx.ErrInvalid},
		{"ir_version 5000", append(tag(1, 0), 0x88, 0x27), onnx.ErrInvalid},
		{"node as varint", append(irv(), lenField(7, append(tag(1, 0), 1))...), onnx.ErrInvalid},
	}
	for _, c := range cases {
		_, err := parseBytes(t, c.b)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, err, c.want)
		}
	}

	// dims whose product overflows: counted as uncounted, with a note.
	m, err := parseBytes(t, tensorWithDims(3, 1<<30))
	if err != nil {
		t.Fatal(err)
	}
	if m.Parameters != 0 || m.UncountedInitializers != 1 || len(m.Notes) == 0 {
		t.Errorf("overflow: %+v", m)
	}
}

func TestTooManyInitializers(t *testing.T) {
	one := lenField(5, append(tag(2, 0), 1)) // an initializer: data_type FLOAT
	graph := bytes.Repeat(one, onnx.MaxInitializers+1)
	b := append(irv(), lenField(7, graph)...)
	if _, err := parseBytes(t, b); !errors.Is(err, onnx.ErrTooLarge) {
		t.Fatalf("got %v", err)
	}
}

// TestHostileAllocations: a 256 MiB string and 100,000 metadata entries
// cost Parse bounded memory (strings are cut, entries past MaxMetadata
// are counted, not kept).
func TestHostileAllocations(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hostile.onnx")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	head := append(irv(), tag(2, 2)...)
	head = binary.AppendUvarint(head, 256<<20)
	f.Write(head)
	var meta []byte
	for i := 0; i < 100000; i++ {
		meta = append(meta, lenField(14, append(lenField(1, []byte("k")), lenField(2, []byte("v"))...))...)
	}
	f.WriteAt(meta, int64(len(head))+256<<20)
	fi, _ := f.Stat()
	defer f.Close()

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	m, err := onnx.Parse(f, fi.Size())
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Producer) != onnx.MaxString || len(m.Metadata) != onnx.MaxMetadata {
		t.Errorf("producer %d bytes, %d metadata", len(m.Producer), len(m.Metadata))
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 8<<20 {
		t.Errorf("allocated %d bytes", got)
	}
}

// BenchmarkParse1000: a 1,000-initializer header (weights skipped).
func BenchmarkParse1000(b *testing.B) {
	g := &onnxgen.Model{IRVersion: 8, Producer: "pytorch", Opsets: []onnx.Opset{{Version: 17}}, Nodes: 3000}
	for i := 0; i < 1000; i++ {
		g.Initializers = append(g.Initializers, onnxgen.Tensor{Name: "model.layers.0.mlp.up_proj.weight", Dims: []int64{64, 64}, DataType: onnx.TypeFloat16, Storage: onnxgen.Raw})
	}
	data := g.Bytes()
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := onnx.Parse(bytes.NewReader(data), int64(len(data))); err != nil {
			b.Fatal(err)
		}
	}
}
