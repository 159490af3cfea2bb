// Package onnxgen writes ONNX model files for tests: a ModelProto with
// opsets, metadata, a graph of placeholder nodes and initializers stored
// as raw_data, as typed data fields, or in external files. Field numbers
// are onnx/onnx's onnx/onnx.proto.
//
// Raw weight payloads are holes: Bytes fills them with zeros, WriteFile
// leaves them sparse on disk, so a "2 GB" model costs a few KiB.
package onnxgen

import (
	"encoding/binary"
	"math"
	"os"
	"strconv"

	"github.com/gputaskman/gtm/inspect/onnx"
)

// Storage is where a Tensor's data goes.
type Storage int

const (
	Raw      Storage = iota // TensorProto.raw_data (the usual export)
	Typed                   // float_data, int32_data, int64_data... by type
	External                // data_location EXTERNAL + external_data entries
	None                    // dims and type only, no data at all
)

// Tensor is one initializer.
type Tensor struct {
	Name     string
	Dims     []int64
	DataType int32 // onnx.TypeFloat...
	Storage  Storage
	// Unpacked writes dims one field per value (proto2's default for a
	// repeated int64) instead of packed.
	Unpacked bool
	// External storage: location, offset, length (Length < 0: omitted).
	Location string
	Offset   int64
	Length   int64
}

// Sparse is one sparse initializer: a dense shape, and values/indices
// tensors of NNZ elements.
type Sparse struct {
	Dims    []int64
	Values  Tensor
	Indices Tensor
}

// Model is the ModelProto to write.
type Model struct {
	IRVersion       int64
	Producer        string
	ProducerVersion string
	Domain          string
	ModelVersion    int64
	Opsets          []onnx.Opset
	Metadata        []onnx.Property
	GraphName       string
	Nodes           int
	Initializers    []Tensor
	Sparse          []Sparse
	// DocString is written as ModelProto.doc_string (field 6), which the
	// reader must skip.
	DocString string
}

// enc is an encoded message: bytes with holes (runs of zeros that are
// not materialised).
type enc struct {
	parts []part
	n     int64
}

type part struct {
	b    []byte
	hole int64
}

func (e *enc) raw(b []byte) {
	if len(e.parts) > 0 && e.parts[len(e.parts)-1].hole == 0 {
		e.parts[len(e.parts)-1].b = append(e.parts[len(e.parts)-1].b, b...)
	} else {
		e.parts = append(e.parts, part{b: append([]byte(nil), b...)})
	}
	e.n += int64(len(b))
}

func (e *enc) hole(n int64) {
	if n > 0 {
		e.parts = append(e.parts, part{hole: n})
		e.n += n
	}
}

func (e *enc) uvarint(v uint64) { e.raw(binary.AppendUvarint(nil, v)) }

func (e *enc) tag(num int, wire int) { e.uvarint(uint64(num)<<3 | uint64(wire)) }

func (e *enc) varintField(num int, v int64) {
	e.tag(num, 0)
	e.uvarint(uint64(v))
}

func (e *enc) bytesField(num int, b []byte) {
	e.tag(num, 2)
	e.uvarint(uint64(len(b)))
	e.raw(b)
}

func (e *enc) stringField(num int, s string) { e.bytesField(num, []byte(s)) }

func (e *enc) holeField(num int, n int64) {
	e.tag(num, 2)
	e.uvarint(uint64(n))
	e.hole(n)
}

func (e *enc) message(num int, sub *enc) {
	e.tag(num, 2)
	e.uvarint(uint64(sub.n))
	for _, p := range sub.parts {
		if p.hole > 0 {
			e.hole(p.hole)
		} else {
			e.raw(p.b)
		}
	}
}

func entry(k, v string) *enc {
	var e enc
	e.stringField(1, k)
	e.stringField(2, v)
	return &e
}

// Elements is the product of dims (1 for a scalar).
func Elements(dims []int64) int64 {
	n := int64(1)
	for _, d := range dims {
		n *= d
	}
	return n
}

func tensor(t Tensor) *enc {
	var e enc
	if t.Unpacked {
		for _, d := range t.Dims {
			e.varintField(1, d)
		}
	} else if len(t.Dims) > 0 {
		var packed []byte
		for _, d := range t.Dims {
			packed = binary.AppendUvarint(packed, uint64(d))
		}
		e.bytesField(1, packed)
	}
	e.varintField(2, int64(t.DataType))
	if t.Name != "" {
		e.stringField(8, t.Name)
	}
	n := Elements(t.Dims)
	switch t.Storage {
	case Raw:
		b, _ := onnx.TypeBytes(int64(t.DataType), uint64(n))
		e.holeField(9, int64(b))
	case Typed:
		typed(&e, t.DataType, n)
	case External:
		e.message(13, entry("location", t.Location))
		e.message(13, entry("offset", strconv.FormatInt(t.Offset, 10)))
		if t.Length >= 0 {
			e.message(13, entry("length", strconv.FormatInt(t.Length, 10)))
		}
		e.varintField(14, 1)
	}
	return &e
}

// typed writes n zero elements in the typed field onnx.proto gives the
// data type: packed fixed-width floats and doubles, packed varints for the
// integer types, one entry per string.
func typed(e *enc, dt int32, n int64) {
	switch dt {
	case onnx.TypeFloat, onnx.TypeComplex64:
		if dt == onnx.TypeComplex64 {
			n *= 2
		}
		e.holeField(4, 4*n)
	case onnx.TypeDouble, onnx.TypeComplex128:
		if dt == onnx.TypeComplex128 {
			n *= 2
		}
		e.holeField(10, 8*n)
	case onnx.TypeInt64:
		e.bytesField(7, make([]byte, n)) // a zero varint is one 0x00 byte
	case onnx.TypeUint32, onnx.TypeUint64:
		e.bytesField(11, make([]byte, n))
	case onnx.TypeString:
		for i := int64(0); i < n; i++ {
			e.stringField(6, "s")
		}
	default: // int32, int16, int8, uint16, uint8, bool, float16, bfloat16...
		e.bytesField(5, make([]byte, n))
	}
}

func (m *Model) encode() *enc {
	var e enc
	e.varintField(1, m.IRVersion)
	if m.Producer != "" {
		e.stringField(2, m.Producer)
	}
	if m.ProducerVersion != "" {
		e.stringField(3, m.ProducerVersion)
	}
	if m.Domain != "" {
		e.stringField(4, m.Domain)
	}
	if m.ModelVersion != 0 {
		e.varintField(5, m.ModelVersion)
	}
	if m.DocString != "" {
		e.stringField(6, m.DocString)
	}
	var g enc
	for i := 0; i < m.Nodes; i++ {
		var n enc
		n.stringField(1, "x"+strconv.Itoa(i))
		n.stringField(2, "y"+strconv.Itoa(i))
		n.stringField(4, "Identity")
		g.message(1, &n)
	}
	if m.GraphName != "" {
		g.stringField(2, m.GraphName)
	}
	for _, t := range m.Initializers {
		g.message(5, tensor(t))
	}
	for _, s := range m.Sparse {
		var se enc
		se.message(1, tensor(s.Values))
		se.message(2, tensor(s.Indices))
		var packed []byte
		for _, d := range s.Dims {
			packed = binary.AppendUvarint(packed, uint64(d))
		}
		se.bytesField(3, packed)
		g.message(15, &se)
	}
	e.message(7, &g)
	for _, o := range m.Opsets {
		var oe enc
		if o.Domain != "" {
			oe.stringField(1, o.Domain)
		}
		oe.varintField(2, o.Version)
		e.message(8, &oe)
	}
	for _, p := range m.Metadata {
		e.message(14, entry(p.Key, p.Value))
	}
	return &e
}

// Bytes encodes the model, weight payloads as zeros. Keep it for small
// models; WriteFile writes large ones sparsely.
func (m *Model) Bytes() []byte {
	e := m.encode()
	if e.n > math.MaxInt32 {
		panic("onnxgen: model too large for Bytes; use WriteFile")
	}
	out := make([]byte, 0, e.n)
	for _, p := range e.parts {
		if p.hole > 0 {
			out = append(out, make([]byte, p.hole)...)
		} else {
			out = append(out, p.b...)
		}
	}
	return out
}

// WriteFile writes the model to path, weight payloads as sparse holes.
func (m *Model) WriteFile(path string) error {
	e := m.encode()
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	var off int64
	for _, p := range e.parts {
		if p.hole > 0 {
			off += p.hole
			continue
		}
		if _, err := f.WriteAt(p.b, off); err != nil {
			f.Close()
			return err
		}
		off += int64(len(p.b))
	}
	if err := f.Truncate(off); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
