package cri

import (
	"fmt"

	"github.com/gputaskman/gtm/internal/binread"
)

// A small protobuf reader over one in-memory message: only what
// ListContainersResponse needs (varints and length-delimited fields; the
// fixed-width wire types are skipped, groups refused). Its varints and
// error classes are binread's, shared with the file parsers.

var errShort = &binread.Error{Class: binread.ErrTruncated, Msg: "runs past its message's end"}

type field struct {
	num  uint64
	wire uint8
	v    uint64 // a varint's value
	b    []byte // a length-delimited payload
}

// next reads the field at the front of b and returns it with the rest.
func next(b []byte) (field, []byte, error) {
	tag, n, err := binread.Uvarint(b)
	if err != nil {
		return field{}, nil, fmt.Errorf("field tag: %w", err)
	}
	b = b[n:]
	f := field{num: tag >> 3, wire: uint8(tag & 7)}
	if f.num == 0 || f.num > binread.MaxFieldNum {
		return f, nil, binread.Errorf("", binread.ErrInvalid, "field number %d", f.num)
	}
	switch f.wire {
	case binread.WireVarint:
		f.v, n, err = binread.Uvarint(b)
		b = b[n:]
	case binread.WireFixed64, binread.WireFixed32:
		n := 8
		if f.wire == binread.WireFixed32 {
			n = 4
		}
		if len(b) < n {
			return f, nil, fmt.Errorf("field %d: %w", f.num, errShort)
		}
		b = b[n:]
	case binread.WireBytes:
		var l uint64
		if l, n, err = binread.Uvarint(b); err == nil && l > uint64(len(b)-n) {
			return f, nil, binread.Errorf("", binread.ErrTruncated, "field %d: length %d exceeds the %d bytes left", f.num, l, len(b)-n)
		}
		if err == nil {
			f.b, b = b[n:n+int(l)], b[n+int(l):]
		}
	default:
		return f, nil, binread.Errorf("", binread.ErrInvalid, "field %d: wire type %d", f.num, f.wire)
	}
	if err != nil {
		return f, nil, fmt.Errorf("field %d: %w", f.num, err)
	}
	return f, b, nil
}
