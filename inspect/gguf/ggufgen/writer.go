// Package ggufgen writes GGUF v3 files for tests: typed metadata, tensor
// infos of any type and shape, and a file size that covers the tensor data
// region without writing it (the data is left as a sparse hole, so a
// "600 MB" model costs a few KiB of disk).
//
// Builder helpers in models.go make typical headers: Qwen3-0.6B with its
// real tensor shapes, a Gemma-3-style SWA model, embedding, reranker,
// decision, speech, vision-projector, diffusion and Mamba models.
package ggufgen

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/gputaskman/gtm/inspect/gguf"
)

// Value is a typed metadata value.
type Value struct {
	typ  gguf.ValueType
	elem gguf.ValueType // arrays
	num  uint64         // fixed-size scalars, as little-endian bits
	str  string
	arr  []Value
}

func scalar(t gguf.ValueType, bits uint64) Value { return Value{typ: t, num: bits} }

// Scalar constructors, one per GGUF value type.

func Uint8(v uint8) Value     { return scalar(gguf.ValueUint8, uint64(v)) }
func Int8(v int8) Value       { return scalar(gguf.ValueInt8, uint64(uint8(v))) }
func Uint16(v uint16) Value   { return scalar(gguf.ValueUint16, uint64(v)) }
func Int16(v int16) Value     { return scalar(gguf.ValueInt16, uint64(uint16(v))) }
func Uint32(v uint32) Value   { return scalar(gguf.ValueUint32, uint64(v)) }
func Int32(v int32) Value     { return scalar(gguf.ValueInt32, uint64(uint32(v))) }
func Uint64(v uint64) Value   { return scalar(gguf.ValueUint64, v) }
func Int64(v int64) Value     { return scalar(gguf.ValueInt64, uint64(v)) }
func Float32(v float32) Value { return scalar(gguf.ValueFloat32, uint64(math.Float32bits(v))) }
func Float64(v float64) Value { return scalar(gguf.ValueFloat64, math.Float64bits(v)) }
func String(s string) Value   { return Value{typ: gguf.ValueString, str: s} }

func Bool(b bool) Value {
	if b {
		return scalar(gguf.ValueBool, 1)
	}
	return scalar(gguf.ValueBool, 0)
}

// Array is an array of elem; every value must have type elem (arrays of
// arrays are allowed: elem = gguf.ValueArray).
func Array(elem gguf.ValueType, vals ...Value) Value {
	return Value{typ: gguf.ValueArray, elem: elem, arr: vals}
}

// Strings is an array of strings.
func Strings(ss ...string) Value {
	vals := make([]Value, len(ss))
	for i, s := range ss {
		vals[i] = String(s)
	}
	return Array(gguf.ValueString, vals...)
}

// Uint32s is an array of uint32 (per-layer values).
func Uint32s(vs ...uint32) Value {
	vals := make([]Value, len(vs))
	for i, v := range vs {
		vals[i] = Uint32(v)
	}
	return Array(gguf.ValueUint32, vals...)
}

// Int32s is an array of int32.
func Int32s(vs ...int32) Value {
	vals := make([]Value, len(vs))
	for i, v := range vs {
		vals[i] = Int32(v)
	}
	return Array(gguf.ValueInt32, vals...)
}

// Bools is an array of bool (per-layer flags).
func Bools(vs ...bool) Value {
	vals := make([]Value, len(vs))
	for i, v := range vs {
		vals[i] = Bool(v)
	}
	return Array(gguf.ValueBool, vals...)
}

// Float32s is an array of float32.
func Float32s(vs ...float32) Value {
	vals := make([]Value, len(vs))
	for i, v := range vs {
		vals[i] = Float32(v)
	}
	return Array(gguf.ValueFloat32, vals...)
}

type kv struct {
	key string
	val Value
}

type tensor struct {
	name   string
	typ    gguf.GGMLType
	dims   []uint64
	offset uint64
	fixed  bool // offset given by the caller, not laid out
}

// Builder accumulates metadata and tensor infos in order.
type Builder struct {
	// Version is written as the GGUF version (3 unless changed).
	Version uint32
	kvs     []kv
	tensors []tensor
}

// New returns an empty v3 builder.
func New() *Builder { return &Builder{Version: 3} }

// Set adds key, or replaces its value in place.
func (b *Builder) Set(key string, v Value) *Builder {
	for i := range b.kvs {
		if b.kvs[i].key == key {
			b.kvs[i].val = v
			return b
		}
	}
	b.kvs = append(b.kvs, kv{key, v})
	return b
}

// Delete removes key if present.
func (b *Builder) Delete(key string) *Builder {
	for i := range b.kvs {
		if b.kvs[i].key == key {
			b.kvs = append(b.kvs[:i], b.kvs[i+1:]...)
			break
		}
	}
	return b
}

// Tensor adds a tensor info; its data offset is laid out by Build.
// dims are in ggml order (dims[0] is the row length).
func (b *Builder) Tensor(name string, t gguf.GGMLType, dims ...uint64) *Builder {
	b.tensors = append(b.tensors, tensor{name: name, typ: t, dims: dims})
	return b
}

// TensorAt adds a tensor info with a given data offset and any type id,
// known or not; Build does not size it. For writing broken files.
func (b *Builder) TensorAt(name string, t gguf.GGMLType, offset uint64, dims ...uint64) *Builder {
	b.tensors = append(b.tensors, tensor{name: name, typ: t, dims: dims, offset: offset, fixed: true})
	return b
}

// Tokens sets tokenizer.ggml.tokens to n synthetic tokens.
func (b *Builder) Tokens(n int) *Builder {
	ss := make([]string, n)
	for i := range ss {
		ss[i] = fmt.Sprintf("t%d", i)
	}
	return b.Set("tokenizer.ggml.tokens", Strings(ss...))
}

// SPMVocab sets a SentencePiece ("llama") vocabulary of n tokens that
// llama.cpp accepts: <unk>, <s>, </s>, the newline byte token, then plain
// pieces; with scores and token types.
func (b *Builder) SPMVocab(n int) *Builder {
	n = max(n, 4)
	toks := make([]string, n)
	scores := make([]float32, n)
	types := make([]int32, n)
	copy(toks, []string{"<unk>", "<s>", "</s>", "<0x0A>"})
	copy(types, []int32{2, 3, 3, 6}) // unknown, control, control, byte
	for i := 4; i < n; i++ {
		toks[i], types[i], scores[i] = fmt.Sprintf("p%d", i), 1, -float32(i)
	}
	b.Set("tokenizer.ggml.model", String("llama"))
	b.Set("tokenizer.ggml.tokens", Strings(toks...))
	b.Set("tokenizer.ggml.scores", Float32s(scores...))
	b.Set("tokenizer.ggml.token_type", Int32s(types...))
	b.Set("tokenizer.ggml.bos_token_id", Uint32(1))
	b.Set("tokenizer.ggml.eos_token_id", Uint32(2))
	return b
}

// Image is a built file: the header bytes and the full file size. The
// bytes between len(Header) and Size are zero (tensor data).
type Image struct {
	Header []byte
	Size   int64
}

// Build lays out the tensor data (each tensor aligned, in order, as
// gguf-py writes it) and encodes the header.
func (b *Builder) Build() (*Image, error) {
	align := uint64(gguf.DefaultAlignment)
	for _, kv := range b.kvs {
		if kv.key == "general.alignment" && kv.val.typ == gguf.ValueUint32 && kv.val.num != 0 {
			align = kv.val.num
		}
	}
	var data uint64
	for i := range b.tensors {
		t := &b.tensors[i]
		if t.fixed {
			continue
		}
		size, err := tensorBytes(t)
		if err != nil {
			return nil, err
		}
		t.offset = data
		data = padTo(data+size, align)
	}
	end := data // tensors placed with TensorAt do not extend the file

	var w bytes.Buffer
	w.WriteString("GGUF")
	put(&w, b.Version)
	put(&w, uint64(len(b.tensors)))
	put(&w, uint64(len(b.kvs)))
	for _, kv := range b.kvs {
		putString(&w, kv.key)
		put(&w, uint32(kv.val.typ))
		if err := putValue(&w, kv.val); err != nil {
			return nil, fmt.Errorf("ggufgen: %s: %w", kv.key, err)
		}
	}
	for _, t := range b.tensors {
		putString(&w, t.name)
		put(&w, uint32(len(t.dims)))
		for _, d := range t.dims {
			put(&w, d)
		}
		put(&w, uint32(t.typ))
		put(&w, t.offset)
	}
	headerEnd := uint64(w.Len())
	size := headerEnd
	if len(b.tensors) > 0 {
		pad := padTo(headerEnd, align) - headerEnd
		w.Write(make([]byte, pad))
		size = headerEnd + pad + end
	}
	return &Image{Header: w.Bytes(), Size: int64(size)}, nil
}

// MustBuild is Build for helpers whose input is known good.
func (b *Builder) MustBuild() *Image {
	im, err := b.Build()
	if err != nil {
		panic(err)
	}
	return im
}

func tensorBytes(t *tensor) (uint64, error) {
	bs, ts := t.typ.BlockSize(), t.typ.TypeSize()
	if bs == 0 {
		return 0, fmt.Errorf("ggufgen: tensor %s: unknown %s", t.name, t.typ)
	}
	n := uint64(1)
	for _, d := range t.dims {
		n *= d
	}
	ne0 := uint64(1)
	if len(t.dims) > 0 {
		ne0 = t.dims[0]
	}
	if ne0%bs != 0 {
		return 0, fmt.Errorf("ggufgen: tensor %s: row %d is not a multiple of the %s block %d", t.name, ne0, t.typ, bs)
	}
	return n / bs * ts, nil
}

func padTo(n, a uint64) uint64 {
	if r := n % a; r != 0 {
		return n + a - r
	}
	return n
}

func put(w *bytes.Buffer, v any) { _ = binary.Write(w, binary.LittleEndian, v) }

func putString(w *bytes.Buffer, s string) {
	put(w, uint64(len(s)))
	w.WriteString(s)
}

func putValue(w *bytes.Buffer, v Value) error {
	switch v.typ {
	case gguf.ValueString:
		putString(w, v.str)
	case gguf.ValueArray:
		put(w, uint32(v.elem))
		put(w, uint64(len(v.arr)))
		for _, e := range v.arr {
			if e.typ != v.elem {
				return fmt.Errorf("array of %s holds a %s", v.elem, e.typ)
			}
			if err := putValue(w, e); err != nil {
				return err
			}
		}
	case gguf.ValueUint8, gguf.ValueInt8, gguf.ValueBool:
		w.WriteByte(byte(v.num))
	case gguf.ValueUint16, gguf.ValueInt16:
		put(w, uint16(v.num))
	case gguf.ValueUint32, gguf.ValueInt32, gguf.ValueFloat32:
		put(w, uint32(v.num))
	case gguf.ValueUint64, gguf.ValueInt64, gguf.ValueFloat64:
		put(w, v.num)
	default:
		return fmt.Errorf("unknown value type %d", uint32(v.typ))
	}
	return nil
}

// ReaderAt reads the image as a file: header, then zeros up to Size.
func (im *Image) ReaderAt() io.ReaderAt { return zeroTail{im} }

type zeroTail struct{ im *Image }

func (z zeroTail) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, errors.New("ggufgen: negative offset")
	}
	if off >= z.im.Size {
		return 0, io.EOF
	}
	n := len(p)
	if rem := z.im.Size - off; int64(n) > rem {
		n = int(rem)
	}
	c := 0
	if off < int64(len(z.im.Header)) {
		c = copy(p[:n], z.im.Header[off:])
	}
	clear(p[c:n])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// Bytes is the whole file in memory; for small images (fuzz seeds).
func (im *Image) Bytes() []byte {
	if im.Size > 64<<20 {
		panic("ggufgen: image too large for Bytes")
	}
	out := make([]byte, im.Size)
	copy(out, im.Header)
	return out
}

// WriteFile writes the header and extends the file to Size with
// File.Truncate, leaving the tensor data as a sparse hole.
func (im *Image) WriteFile(path string) error {
	fh, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := fh.Write(im.Header); err != nil {
		fh.Close()
		return err
	}
	if err := fh.Truncate(im.Size); err != nil {
		fh.Close()
		return err
	}
	return fh.Close()
}
