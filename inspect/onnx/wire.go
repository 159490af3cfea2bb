package onnx

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// Classes of failure; every error Parse returns wraps one of them.
var (
	ErrInvalid   = errors.New("invalid")
	ErrTruncated = errors.New("truncated")
	ErrTooLarge  = errors.New("too large")
	ErrRead      = errors.New("read error")
)

// Error is a parse failure: one line, "onnx: <class>: <where>: <what>".
type Error struct {
	Class error
	Msg   string
}

func (e *Error) Error() string { return "onnx: " + e.Class.Error() + ": " + e.Msg }

func (e *Error) Unwrap() error { return e.Class }

func newErr(class error, format string, args ...any) *Error {
	return &Error{Class: class, Msg: fmt.Sprintf(format, args...)}
}

// Protobuf wire types (protobuf's encoding documentation). Groups (3, 4)
// are not used by onnx.proto and are refused.
const (
	wireVarint  = 0
	wireFixed64 = 1
	wireBytes   = 2
	wireFixed32 = 5
)

const readBufSize = 64 << 10

// reader walks the file through an io.ReaderAt with its own read-ahead
// buffer; skipping a payload only moves pos.
type reader struct {
	ctx    context.Context // a parse stops at its next read once it ends
	r      io.ReaderAt
	size   int64
	pos    int64
	buf    []byte
	bstart int64
	blen   int
	where  loc    // what is being read, for errors
	num    uint64 // the field being read, 0 for none
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

func newReader(r io.ReaderAt, size int64) *reader {
	return &reader{ctx: context.Background(), r: r, size: size, buf: make([]byte, min(max(size, 16), readBufSize))}
}

// fill makes buf hold at least n (<= len(buf)) bytes from pos, or fewer
// at the end of the file.
func (rd *reader) fill(n int) error {
	if rd.pos >= rd.bstart && rd.pos+int64(n) <= rd.bstart+int64(rd.blen) {
		return nil
	}
	if err := rd.ctx.Err(); err != nil {
		return &Error{Class: err, Msg: rd.where.String() + ": parse stopped"}
	}
	want := int64(len(rd.buf))
	if rem := rd.size - rd.pos; rem < want {
		want = rem
	}
	got, err := rd.r.ReadAt(rd.buf[:want], rd.pos)
	rd.bstart, rd.blen = rd.pos, got
	if int64(got) < want {
		if err == nil || err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return newErr(ErrRead, "%s: offset %d: %v", rd.where, rd.pos, err)
	}
	return nil
}

// varint reads a base-128 varint that must end before end.
func (rd *reader) varint(end int64, what string) (uint64, error) {
	if rd.pos >= end {
		return 0, rd.short(end, what)
	}
	if err := rd.fill(min(10, int(min(end-rd.pos, 10)))); err != nil {
		return 0, err
	}
	var v uint64
	for i := 0; i < 10; i++ {
		p := rd.pos + int64(i)
		if p >= end {
			return 0, rd.short(end, what)
		}
		b := rd.buf[p-rd.bstart]
		if i == 9 && b > 1 {
			return 0, newErr(ErrInvalid, "%s: %s at offset %d: varint overflows 64 bits", rd.where, what, rd.pos)
		}
		v |= uint64(b&0x7f) << (7 * i)
		if b < 0x80 {
			rd.pos = p + 1
			return v, nil
		}
	}
	return 0, newErr(ErrInvalid, "%s: %s at offset %d: varint longer than 10 bytes", rd.where, what, rd.pos)
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
	if f.num == 0 || f.num > 1<<29-1 {
		return f, newErr(ErrInvalid, "%s: field number %d at offset %d", rd.where, f.num, rd.pos)
	}
	switch f.wire {
	case wireVarint:
		f.v, err = rd.varint(end, "value")
	case wireFixed64, wireFixed32:
		n := int64(8)
		if f.wire == wireFixed32 {
			n = 4
		}
		if end-rd.pos < n {
			return f, rd.short(end, "value")
		}
		if err := rd.fill(int(n)); err != nil {
			return f, err
		}
		off := rd.pos - rd.bstart
		for i := n - 1; i >= 0; i-- {
			f.v = f.v<<8 | uint64(rd.buf[off+i])
		}
		rd.pos += n
	case wireBytes:
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
	save := rd.pos
	rd.pos = f.start
	err = rd.fill(int(n))
	if err == nil {
		off := f.start - rd.bstart
		b = rd.buf[off : off+n]
	}
	rd.pos = save
	return b, cut, err
}

// countVarints counts the varints in a packed payload, reading at most
// limit bytes of it; ok is false when the payload is longer.
func (rd *reader) countVarints(f field, limit int64) (n uint64, ok bool, err error) {
	if f.stop-f.start > limit {
		return 0, false, nil
	}
	save := rd.pos
	defer func() { rd.pos = save }()
	for p := f.start; p < f.stop; {
		chunk := min(f.stop-p, int64(len(rd.buf)))
		rd.pos = p
		if err := rd.fill(int(chunk)); err != nil {
			return 0, false, err
		}
		off := p - rd.bstart
		for _, b := range rd.buf[off : off+chunk] {
			if b < 0x80 {
				n++
			}
		}
		p += chunk
	}
	return n, true, nil
}
