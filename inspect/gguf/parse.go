package gguf

import (
	"context"
	"errors"
	"io"
	"math"
	"math/bits"
	"unsafe"

	"github.com/gputaskman/gtm/inspect/parsebudget"
	"github.com/gputaskman/gtm/internal/safefile"
)

// ParseFile parses the header of the GGUF file at path.
// It is opened without blocking (a FIFO is refused, not waited on) and
// must be a regular file.
func ParseFile(path string) (*File, error) {
	fh, st, err := safefile.Open(path, 0)
	if errors.Is(err, safefile.ErrNotRegular) {
		return nil, newErr(ErrInvalid, "%s is not a regular file", path)
	}
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return Parse(fh, st.Size())
}

// Parse reads a GGUF header (v2 or v3, little-endian) from r, whose total
// size is size: metadata and tensor infos only, never tensor data. Every
// length and count is checked against the bytes left before anything is
// allocated, and every tensor's data must lie, aligned, inside size.
// Errors are *Error values, one line each.
func Parse(r io.ReaderAt, size int64) (*File, error) {
	return ParseContext(context.Background(), r, size)
}

// ParseContext is Parse stopping once ctx ends (its error is then the
// *Error's Class), so a parse under a deadline does not run on. What the
// header makes it keep (metadata, the tensor table) is accounted in gtm's
// parse budget first; past it the parse fails with an *Error whose Class
// wraps parsebudget.ErrOver.
func ParseContext(ctx context.Context, r io.ReaderAt, size int64) (*File, error) {
	if size < 0 {
		return nil, newErr(ErrInvalid, "negative file size %d", size)
	}
	res := parsebudget.Reserve()
	defer res.Release()
	rd := newReader(ctx, r, size)
	p := &parser{rd: rd, budget: MaxRetainedBytes, res: res}
	if err := p.grow(int64(rd.w.BufLen()), "read buffer"); err != nil {
		return nil, err
	}
	return p.parse()
}

// Sizes of what a parse keeps per item, for the budget.
const (
	tensorBytes = int64(unsafe.Sizeof(Tensor{})) + 2*8 + 48 // the Tensor, two dims, its names-map entry
	kvBytes     = int64(unsafe.Sizeof(KV{})) + 48           // the KV and its index-map entry
	valueBytes  = int64(unsafe.Sizeof(Value{}))
)

const (
	ggufMagic    = "GGUF"
	ggufMagicBE  = "FUGG" // the magic written as a big-endian uint32
	minKVBytes   = 8 + 1 + 4 + 1
	minInfoBytes = 8 + 1 + 4 + 4 + 8 // name length, 1-byte name, n_dims, type, offset
)

type parser struct {
	rd     *reader
	budget int64 // bytes of strings and array elements still allowed in memory
	res    *parsebudget.Reservation
	f      *File
}

// grow accounts n bytes the parse is about to keep in gtm's parse budget.
func (p *parser) grow(n int64, what string) error {
	if err := p.res.Grow(n); err != nil {
		return newErr(err, "%s: %s", p.rd.where(), what)
	}
	return nil
}

func (p *parser) parse() (*File, error) {
	rd := p.rd
	f := &File{FileSize: rd.size, Alignment: DefaultAlignment, FileType: -1, PoolingType: -1, Causal: true}
	p.f = f

	if err := p.header(); err != nil {
		return nil, err
	}
	nTensors, err := rd.u64("tensor count")
	if err != nil {
		return nil, err
	}
	nKV, err := rd.u64("metadata count")
	if err != nil {
		return nil, err
	}
	if nKV > MaxKVCount {
		return nil, newErr(ErrTooLarge, "header: %d metadata entries (limit %d)", nKV, MaxKVCount)
	}
	if err := rd.needCount(nKV, minKVBytes, "metadata count"); err != nil {
		return nil, err
	}
	if nTensors > MaxTensors {
		return nil, newErr(ErrTooLarge, "header: %d tensors (limit %d)", nTensors, MaxTensors)
	}
	if err := rd.needCount(nTensors, minInfoBytes, "tensor count"); err != nil {
		return nil, err
	}

	if err := p.grow(int64(nKV)*kvBytes, "metadata table"); err != nil {
		return nil, err
	}
	f.meta = make([]KV, 0, nKV)
	f.index = make(map[string]int, nKV)
	for i := uint64(0); i < nKV; i++ {
		if err := p.kv(i); err != nil {
			return nil, err
		}
	}
	if err := p.alignment(); err != nil {
		return nil, err
	}
	if err := p.tensorInfos(nTensors); err != nil {
		return nil, err
	}
	if err := p.dataSection(); err != nil {
		return nil, err
	}
	if err := f.derive(); err != nil {
		return nil, err
	}
	f.Kind, f.KindReason = f.classify()
	return f, nil
}

func (p *parser) header() error {
	rd := p.rd
	if rd.size < 4 {
		return newErr(ErrNotGGUF, "file is %d bytes, too short for the GGUF magic", rd.size)
	}
	m, err := rd.fixed(4, "magic")
	if err != nil {
		return err
	}
	magic := string(m)
	if magic != ggufMagic && magic != ggufMagicBE {
		return newErr(ErrNotGGUF, "bad magic %q", magic)
	}
	v, err := rd.u32("version")
	if err != nil {
		return err
	}
	swapped := bits.ReverseBytes32(v)
	switch {
	case magic == ggufMagicBE || (v > 3 && swapped >= 1 && swapped <= 3):
		return newErr(ErrUnsupported, "big-endian GGUF (version %d); only little-endian files are read", swapped)
	case v == 1:
		return newErr(ErrUnsupported, "GGUF version 1 (32-bit counts) is obsolete; only versions 2 and 3 are read")
	case v != 2 && v != 3:
		return newErr(ErrUnsupported, "GGUF version %d; only versions 2 and 3 are read", v)
	}
	p.f.Version = v
	return nil
}

func (p *parser) kv(i uint64) error {
	rd := p.rd
	rd.at("metadata", i)
	n, err := rd.u64("key length")
	if err != nil {
		return err
	}
	if n == 0 {
		return newErr(ErrInvalid, "%s: empty key", rd.where())
	}
	if err := rd.need(n, "key length", true); err != nil {
		return err
	}
	if n > MaxKeyLen {
		return newErr(ErrInvalid, "%s: key length %d exceeds %d", rd.where(), n, MaxKeyLen)
	}
	if err := p.grow(int64(n), "key"); err != nil {
		return err
	}
	key, err := rd.str(n)
	if err != nil {
		return err
	}
	rd.name = key
	if _, dup := p.f.index[key]; dup {
		return newErr(ErrInvalid, "%s: duplicate key", rd.where())
	}
	t, err := rd.u32("value type")
	if err != nil {
		return err
	}
	v, err := p.value(ValueType(t), 0, true)
	if err != nil {
		return err
	}
	p.f.index[key] = len(p.f.meta)
	p.f.meta = append(p.f.meta, KV{Key: key, Value: v})
	return nil
}

// value reads one value of type t. keep=false reads for validation and
// size only (elements of dropped arrays).
func (p *parser) value(t ValueType, depth int, keep bool) (Value, error) {
	rd := p.rd
	v := Value{typ: t}
	switch {
	case !t.known():
		return v, newErr(ErrInvalid, "%s: unknown value type %d", rd.where(), uint32(t))
	case t == ValueString:
		n, err := rd.u64("string length")
		if err != nil {
			return v, err
		}
		if err := rd.need(n, "string length", true); err != nil {
			return v, err
		}
		v.n = n
		if keep && n <= MaxKeptString && int64(n) <= p.budget {
			p.budget -= int64(n)
			if err := p.grow(int64(n), "string"); err != nil {
				return v, err
			}
			v.str, err = rd.str(n)
			return v, err
		}
		v.dropped = true
		rd.skip(n)
		return v, nil
	case t == ValueArray:
		return p.array(depth, keep)
	case t == ValueBool:
		b, err := rd.u8("bool")
		if err != nil {
			return v, err
		}
		if b > 1 {
			return v, newErr(ErrInvalid, "%s: bool byte %d is neither 0 nor 1", rd.where(), b)
		}
		v.bits = uint64(b)
		return v, nil
	}
	var err error
	switch t.size() {
	case 1:
		var b uint8
		b, err = rd.u8(t.String())
		v.bits = uint64(b)
	case 2:
		var b uint16
		b, err = rd.u16(t.String())
		v.bits = uint64(b)
	case 4:
		var b uint32
		b, err = rd.u32(t.String())
		v.bits = uint64(b)
	default:
		v.bits, err = rd.u64(t.String())
	}
	return v, err
}

func (p *parser) array(depth int, keep bool) (Value, error) {
	rd := p.rd
	v := Value{typ: ValueArray}
	if depth >= MaxArrayDepth {
		return v, newErr(ErrInvalid, "%s: arrays nested deeper than %d", rd.where(), MaxArrayDepth)
	}
	et, err := rd.u32("array element type")
	if err != nil {
		return v, err
	}
	elem := ValueType(et)
	if !elem.known() {
		return v, newErr(ErrInvalid, "%s: unknown array element type %d", rd.where(), et)
	}
	n, err := rd.u64("array count")
	if err != nil {
		return v, err
	}
	v.elem, v.n = elem, n
	if err := rd.needCount(n, elem.minSize(), "array count"); err != nil {
		return v, err
	}
	cost := int64(n) * valueBytes // a kept element's footprint
	if keep && n <= MaxKeptArray && elem != ValueArray && cost <= p.budget {
		p.budget -= cost
		if err := p.grow(cost, "array"); err != nil {
			return v, err
		}
		v.arr = make([]Value, n)
		for i := range v.arr {
			if v.arr[i], err = p.value(elem, depth+1, true); err != nil {
				return v, err
			}
		}
		return v, nil
	}
	v.dropped = true
	if sz := elem.size(); sz != 0 && elem != ValueBool {
		rd.skip(n * sz) // checked above: n*min bytes are left
		return v, nil
	}
	if elem == ValueString {
		return v, rd.skipStrings(n)
	}
	for i := uint64(0); i < n; i++ {
		if _, err := p.value(elem, depth+1, false); err != nil {
			return v, err
		}
	}
	return v, nil
}

// alignment applies general.alignment: a uint32 power of two, as ggml
// requires.
func (p *parser) alignment() error {
	v, ok := p.f.Meta("general.alignment")
	if !ok {
		return nil
	}
	if v.Type() != ValueUint32 {
		return newErr(ErrInvalid, "general.alignment has type %s, want uint32", v.Type())
	}
	a, _ := v.Uint()
	if a == 0 || a&(a-1) != 0 {
		return newErr(ErrInvalid, "general.alignment %d is not a power of two", a)
	}
	p.f.Alignment = a
	return nil
}

func (p *parser) tensorInfos(n uint64) error {
	rd, f := p.rd, p.f
	if err := rd.needCount(n, minInfoBytes, "tensor count"); err != nil {
		return err
	}
	if err := p.grow(int64(n)*tensorBytes, "tensor table"); err != nil {
		return err
	}
	f.Tensors = make([]Tensor, n)
	dims := make([]uint64, 0, n*2) // most tensors are 1-D or 2-D; grows if not
	names := make(map[string]struct{}, n)
	for i := range f.Tensors {
		rd.at("tensor info", uint64(i))
		t := &f.Tensors[i]
		ln, err := rd.u64("name length")
		if err != nil {
			return err
		}
		if err := rd.need(ln, "name length", true); err != nil {
			return err
		}
		if ln == 0 || ln > MaxTensorNameLen {
			return newErr(ErrInvalid, "%s: name length %d is outside 1..%d", rd.where(), ln, MaxTensorNameLen)
		}
		if err := p.grow(int64(ln), "tensor name"); err != nil {
			return err
		}
		if t.Name, err = rd.str(ln); err != nil {
			return err
		}
		rd.name = t.Name
		if _, dup := names[t.Name]; dup {
			return newErr(ErrInvalid, "%s: duplicate tensor name", rd.where())
		}
		names[t.Name] = struct{}{}

		nd, err := rd.u32("dimension count")
		if err != nil {
			return err
		}
		if nd > MaxDims {
			return newErr(ErrInvalid, "%s: %d dimensions (ggml allows %d)", rd.where(), nd, MaxDims)
		}
		start := len(dims)
		for d := uint32(0); d < nd; d++ {
			ne, err := rd.u64("dimension")
			if err != nil {
				return err
			}
			if ne > math.MaxInt64 {
				return newErr(ErrInvalid, "%s: dimension %d is %d, beyond int64", rd.where(), d, ne)
			}
			dims = append(dims, ne)
		}
		t.Dims = dims[start:len(dims):len(dims)]

		ty, err := rd.u32("type")
		if err != nil {
			return err
		}
		t.Type = GGMLType(ty)
		if t.Offset, err = rd.u64("data offset"); err != nil {
			return err
		}
		if err := p.sizeTensor(t); err != nil {
			return err
		}
	}
	return nil
}

// sizeTensor computes elements and bytes with overflow checks, as ggml's
// gguf reader does (element count must fit int64, ne0 whole blocks).
func (p *parser) sizeTensor(t *Tensor) error {
	rd, f := p.rd, p.f
	tr, ok := t.Type.traits()
	if !ok {
		return newErr(ErrInvalid, "%s: unknown ggml %s", rd.where(), t.Type)
	}
	elems := uint64(1)
	rows := uint64(1)
	for d, ne := range t.Dims {
		hi, lo := bits.Mul64(elems, ne)
		if hi != 0 || lo > math.MaxInt64 {
			return newErr(ErrInvalid, "%s: element count of %v overflows int64", rd.where(), t.Dims)
		}
		elems = lo
		if d > 0 {
			rows *= ne // <= elems, cannot overflow
		}
	}
	t.Elements = elems
	ne0 := uint64(1)
	if len(t.Dims) > 0 {
		ne0 = t.Dims[0]
	}
	if ne0%tr.blockSize != 0 {
		return newErr(ErrInvalid, "%s: row length %d is not a multiple of the %s block size %d", rd.where(), ne0, tr.name, tr.blockSize)
	}
	hi, rowBytes := bits.Mul64(ne0/tr.blockSize, tr.typeSize)
	if hi != 0 {
		return newErr(ErrInvalid, "%s: byte size of %v %s overflows", rd.where(), t.Dims, tr.name)
	}
	hi, size := bits.Mul64(rowBytes, rows)
	if hi != 0 || size > math.MaxInt64 {
		return newErr(ErrInvalid, "%s: byte size of %v %s overflows", rd.where(), t.Dims, tr.name)
	}
	t.Bytes = size
	if t.Offset%f.Alignment != 0 {
		return newErr(ErrInvalid, "%s: data offset %d is not a multiple of the alignment %d", rd.where(), t.Offset, f.Alignment)
	}
	return nil
}

// dataSection places the data section after the header and checks that
// every tensor lies inside the file.
func (p *parser) dataSection() error {
	rd, f := p.rd, p.f
	end := uint64(rd.pos)
	a := f.Alignment
	if rem := end % a; rem != 0 {
		end += a - rem // end < 2^27 and a < 2^32: no overflow
	}
	f.DataOffset = int64(end)
	if len(f.Tensors) == 0 {
		if f.DataOffset > f.FileSize {
			f.DataOffset = rd.pos // no data section: padding may be absent
		}
		return nil
	}
	if f.DataOffset > f.FileSize {
		return newErr(ErrTruncated, "data section would start at %d, past the end of the file (%d bytes)", f.DataOffset, f.FileSize)
	}
	room := uint64(f.FileSize - f.DataOffset)
	var params, total uint64
	for i := range f.Tensors {
		t := &f.Tensors[i]
		if t.Offset > room || t.Bytes > room-t.Offset {
			return newErr(ErrTruncated, "tensor %d (%q): data [%d, +%d) lies past the end of the file (data section holds %d bytes)", i, t.Name, t.Offset, t.Bytes, room)
		}
		var c uint64
		total, c = bits.Add64(total, t.Bytes, 0)
		if c != 0 {
			return newErr(ErrInvalid, "total tensor size overflows")
		}
		params, c = bits.Add64(params, t.Elements, 0)
		if c != 0 {
			return newErr(ErrInvalid, "total parameter count overflows")
		}
	}
	f.TensorBytes, f.ParamCount = total, params
	return nil
}
