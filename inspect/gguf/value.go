package gguf

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ValueType is the type tag of a metadata value (gguf_type).
type ValueType uint32

// Metadata value types, as numbered in the GGUF specification.
const (
	ValueUint8   ValueType = 0
	ValueInt8    ValueType = 1
	ValueUint16  ValueType = 2
	ValueInt16   ValueType = 3
	ValueUint32  ValueType = 4
	ValueInt32   ValueType = 5
	ValueFloat32 ValueType = 6
	ValueBool    ValueType = 7
	ValueString  ValueType = 8
	ValueArray   ValueType = 9
	ValueUint64  ValueType = 10
	ValueInt64   ValueType = 11
	ValueFloat64 ValueType = 12
)

var valueTypeNames = [...]string{"uint8", "int8", "uint16", "int16", "uint32", "int32", "float32", "bool", "string", "array", "uint64", "int64", "float64"}

func (t ValueType) String() string {
	if int(t) < len(valueTypeNames) {
		return valueTypeNames[t]
	}
	return fmt.Sprintf("value type %d", uint32(t))
}

func (t ValueType) known() bool { return int(t) < len(valueTypeNames) }

// size is the encoded size of a fixed-size value, 0 for string and array.
func (t ValueType) size() uint64 {
	switch t {
	case ValueUint8, ValueInt8, ValueBool:
		return 1
	case ValueUint16, ValueInt16:
		return 2
	case ValueUint32, ValueInt32, ValueFloat32:
		return 4
	case ValueUint64, ValueInt64, ValueFloat64:
		return 8
	}
	return 0
}

// minSize is the fewest bytes one encoded value of t can take: what a
// count is checked against before any element is read.
func (t ValueType) minSize() uint64 {
	switch t {
	case ValueString:
		return 8 // length
	case ValueArray:
		return 12 // element type + count
	}
	return t.size()
}

func (t ValueType) isInt() bool {
	switch t {
	case ValueUint8, ValueInt8, ValueUint16, ValueInt16, ValueUint32, ValueInt32, ValueUint64, ValueInt64:
		return true
	}
	return false
}

func (t ValueType) signed() bool {
	return t == ValueInt8 || t == ValueInt16 || t == ValueInt32 || t == ValueInt64
}

// Value is one metadata value. Scalars and short arrays are kept; long
// arrays (a tokenizer's token list) and oversized strings are counted and
// dropped, so a header's memory stays bounded whatever the file holds.
type Value struct {
	typ     ValueType
	elem    ValueType // element type of an array
	n       uint64    // array count or string length, kept or not
	bits    uint64    // fixed-size scalar, little-endian value widened
	str     string
	arr     []Value
	dropped bool
}

// Type is the value's type tag.
func (v Value) Type() ValueType { return v.typ }

// ElemType is an array's element type.
func (v Value) ElemType() ValueType { return v.elem }

// Len is an array's element count or a string's length in bytes, known
// even when the contents were dropped.
func (v Value) Len() uint64 { return v.n }

// Dropped reports whether the contents were not kept (see MaxKeptArray,
// MaxKeptString); Len still holds the size.
func (v Value) Dropped() bool { return v.dropped }

// Uint returns an integer value that is not negative.
func (v Value) Uint() (uint64, bool) {
	if !v.typ.isInt() {
		return 0, false
	}
	if v.typ.signed() {
		i := v.signedBits()
		if i < 0 {
			return 0, false
		}
		return uint64(i), true
	}
	return v.bits, true
}

// Int returns an integer value that fits int64.
func (v Value) Int() (int64, bool) {
	if !v.typ.isInt() {
		return 0, false
	}
	if v.typ.signed() {
		return v.signedBits(), true
	}
	if v.bits > math.MaxInt64 {
		return 0, false
	}
	return int64(v.bits), true
}

func (v Value) signedBits() int64 {
	switch v.typ {
	case ValueInt8:
		return int64(int8(v.bits))
	case ValueInt16:
		return int64(int16(v.bits))
	case ValueInt32:
		return int64(int32(v.bits))
	}
	return int64(v.bits)
}

// Float returns a float or integer value as float64.
func (v Value) Float() (float64, bool) {
	switch v.typ {
	case ValueFloat32:
		return float64(math.Float32frombits(uint32(v.bits))), true
	case ValueFloat64:
		return math.Float64frombits(v.bits), true
	}
	if i, ok := v.Int(); ok {
		return float64(i), true
	}
	if u, ok := v.Uint(); ok {
		return float64(u), true
	}
	return 0, false
}

// Bool returns a bool value.
func (v Value) Bool() (bool, bool) {
	if v.typ != ValueBool {
		return false, false
	}
	return v.bits != 0, true
}

// Str returns a string value that was kept.
func (v Value) Str() (string, bool) {
	if v.typ != ValueString || v.dropped {
		return "", false
	}
	return v.str, true
}

// Elems returns the elements of an array that was kept.
func (v Value) Elems() ([]Value, bool) {
	if v.typ != ValueArray || v.dropped {
		return nil, false
	}
	return v.arr, true
}

// String renders the value for display; long arrays and strings are
// summarised, never printed whole.
func (v Value) String() string {
	switch v.typ {
	case ValueString:
		if v.dropped {
			return fmt.Sprintf("<string, %d bytes>", v.n)
		}
		if len(v.str) > 200 {
			return strconv.Quote(v.str[:200]) + "..."
		}
		return strconv.Quote(v.str)
	case ValueArray:
		if v.dropped {
			return fmt.Sprintf("[%d × %s]", v.n, v.elem)
		}
		var b strings.Builder
		b.WriteByte('[')
		for i, e := range v.arr {
			if i == 16 {
				fmt.Fprintf(&b, ", ... %d more", len(v.arr)-16)
				break
			}
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(e.String())
		}
		b.WriteByte(']')
		return b.String()
	case ValueBool:
		return strconv.FormatBool(v.bits != 0)
	case ValueFloat32, ValueFloat64:
		f, _ := v.Float()
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	if v.typ.signed() {
		return strconv.FormatInt(v.signedBits(), 10)
	}
	if v.typ.isInt() {
		return strconv.FormatUint(v.bits, 10)
	}
	return v.typ.String()
}

// KV is one metadata entry, in file order.
type KV struct {
	Key   string
	Value Value
}
