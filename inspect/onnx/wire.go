package onnx

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/gputaskman/gtm/internal/binread"
)

// Classes of failure; every error Parse returns wraps one of them. They
// are binread's, the same values every binary parser of gtm's wraps.
var (
	ErrInvalid   = binread.ErrInvalid
	ErrTruncated = binread.ErrTruncated
	ErrTooLarge  = binread.ErrTooLarge
	ErrRead      = binread.ErrRead
)

// Error is a parse failure: one line, "onnx: <class>: <where>: <what>".
type Error = binread.Error

func newErr(class error, format string, args ...any) *Error {
	return binread.Errorf("onnx", class, format, args...)
}

const readBufSize = 64 << 10

// reader walks the file through a bounded window (binread); skipping a
// payload only moves pos.
type reader struct {
	w     *binread.Window
	size  int64
	pos   int64
	where loc    // what is being read, for errors
	num   uint64 // the field being read, 0 for none
}

// loc names what is being read ("initializer 12 external_data"), built
// into a string only for an error or note.
type loc struct {
	what string
	i    int // -1: no index
	sub  string
}

func (l loc) String() string {
	if l.i < 0 {
		return l.what + l.sub
	}
	return l.what + " " + strconv.Itoa(l.i) + l.sub
}

// newReader reads r (size bytes) until ctx ends.
func newReader(ctx context.Context, r io.ReaderAt, size int64) *reader {
	return &reader{w: binread.NewWindow(ctx, r, size, int(min(max(size, 16), readBufSize))), size: size}
}

// fail places a window's error at what is being read.
func (rd *reader) fail(err error) error { return binread.In(err, "onnx", rd.where.String()) }

// varint reads a base-128 varint that must end before end.
func (rd *reader) varint(end int64, what string) (uint64, error) {
	if rd.pos >= end {
		return 0, rd.short(end, what)
	}
	n := min(end-rd.pos, binread.MaxVarintLen)
	b, err := rd.w.Peek(rd.pos, int(n))
	if err != nil {
		return 0, rd.fail(err)
	}
	v, l, err := binread.Uvarint(b[:n])
	if err != nil {
		return 0, rd.badVarint(err, end, what)
	}
	rd.pos += int64(l)
	return v, nil
}

// badVarint: one that runs past end is short; one that overflows, invalid.
func (rd *reader) badVarint(err error, end int64, what string) error {
	if errors.Is(err, binread.ErrTruncated) {
		return rd.short(end, what)
	}
	return binread.In(err, "onnx", fmt.Sprintf("%s: %s at offset %d", rd.where, what, rd.pos))
}

// short is the error for a field that runs past end: the file's end
// (truncated) or its enclosing message's (invalid).
func (rd *reader) short(end int64, what string) error {
	if rd.num > 0 {
		what = "field " + strconv.FormatUint(rd.num, 10) + " " + what
	}
	if end >= rd.size {
		return newErr(ErrTruncated, "%s: %s at offset %d runs past the end of the file (%d bytes)", rd.where, what, rd.pos, rd.size)
	}
	return newErr(ErrInvalid, "%s: %s at offset %d runs past its message's end (offset %d)", rd.where, what, rd.pos, end)
}

// field is one decoded tag: a varint or fixed value in v, or a
// length-delimited payload at [start, stop).
type field struct {
	num         uint64
	wire        uint8
	v           uint64
	start, stop int64
}

// next reads the next field of a message ending at end and moves past its
// value; a payload is not read, only its bounds are checked.
func (rd *reader) next(end int64) (field, error) {
	rd.num = 0
	tag, err := rd.varint(end, "field tag")
	if err != nil {
		return field{}, err
	}
	f := field{num: tag >> 3, wire: uint8(tag & 7)}
	rd.num = f.num
	if f.num == 0 || f.num > binread.MaxFieldNum {
		return f, newErr(ErrInvalid, "%s: field number %d at offset %d", rd.where, f.num, rd.pos)
	}
	switch f.wire {
	case binread.WireVarint:
		f.v, err = rd.varint(end, "value")
	case binread.WireFixed64, binread.WireFixed32:
		n := int64(8)
		if f.wire == binread.WireFixed32 {
			n = 4
		}
		if end-rd.pos < n {
			return f, rd.short(end, "value")
		}
		b, err := rd.w.Peek(rd.pos, int(n))
		if err != nil {
			return f, rd.fail(err)
		}
		for i := n - 1; i >= 0; i-- {
			f.v = f.v<<8 | uint64(b[i])
		}
		rd.pos += n
	case binread.WireBytes:
		var n uint64
		n, err = rd.varint(end, "length")
		if err == nil && n > uint64(end-rd.pos) {
			if end >= rd.size {
				return f, newErr(ErrTruncated, "%s: field %d: length %d exceeds the %d bytes left in the file", rd.where, f.num, n, end-rd.pos)
			}
			return f, newErr(ErrInvalid, "%s: field %d: length %d exceeds the %d bytes left in its message", rd.where, f.num, n, end-rd.pos)
		}
		f.start, f.stop = rd.pos, rd.pos+int64(n)
		rd.pos = f.stop
	default:
		return f, newErr(ErrInvalid, "%s: field %d: wire type %d at offset %d", rd.where, f.num, f.wire, rd.pos)
	}
	return f, err
}

// str reads a length-delimited payload as a string, keeping at most
// MaxString bytes; cut says whether it was shortened.
func (rd *reader) str(f field) (s string, cut bool, err error) {
	b, cut, err := rd.view(f, MaxString)
	return string(b), cut, err
}

// view is a length-delimited payload's first max (<= MaxString) bytes,
// in the read buffer: valid until the next read.
func (rd *reader) view(f field, max int64) (b []byte, cut bool, err error) {
	n := f.stop - f.start
	if n > max {
		n, cut = max, true
	}
	if n <= 0 {
		return nil, cut, nil
	}
	if b, err = rd.w.Peek(f.start, int(n)); err != nil {
		return nil, cut, rd.fail(err)
	}
	return b[:n], cut, nil
}

// countVarints counts the varints in a packed payload, reading at most
// limit bytes of it; ok is false when the payload is longer.
func (rd *reader) countVarints(f field, limit int64) (n uint64, ok bool, err error) {
	if f.stop-f.start > limit {
		return 0, false, nil
	}
	for p := f.start; p < f.stop; {
		chunk := min(f.stop-p, int64(rd.w.BufLen()))
		buf, err := rd.w.Peek(p, int(chunk))
		if err != nil {
			return 0, false, rd.fail(err)
		}
		for _, b := range buf[:chunk] {
			if b < 0x80 {
				n++
			}
		}
		p += chunk
	}
	return n, true, nil
}
