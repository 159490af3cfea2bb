package cri

import (
	"errors"
	"fmt"
)

// A small protobuf reader over one in-memory message: only what
// ListContainersResponse needs (varints and length-delimited fields; the
// fixed-width wire types are skipped, groups refused).

const (
	wireVarint  = 0
	wireFixed64 = 1
	wireBytes   = 2
	wireFixed32 = 5
)

var errShort = errors.New("runs past its message's end")

type field struct {
	num  uint64
	wire uint8
	v    uint64 // a varint's value
	b    []byte // a length-delimited payload
}

// next reads the field at the front of b and returns it with the rest.
func next(b []byte) (field, []byte, error) {
	tag, b, err := varint(b)
	if err != nil {
		return field{}, nil, fmt.Errorf("field tag: %w", err)
	}
	f := field{num: tag >> 3, wire: uint8(tag & 7)}
	if f.num == 0 || f.num > 1<<29-1 {
		return f, nil, fmt.Errorf("field number %d", f.num)
	}
	switch f.wire {
	case wireVarint:
		f.v, b, err = varint(b)
	case wireFixed64, wireFixed32:
		n := 8
		if f.wire == wireFixed32 {
			n = 4
		}
		if len(b) < n {
			return f, nil, fmt.Errorf("field %d: %w", f.num, errShort)
		}
		b = b[n:]
	case wireBytes:
		var n uint64
		if n, b, err = varint(b); err == nil && n > uint64(len(b)) {
			return f, nil, fmt.Errorf("field %d: length %d exceeds the %d bytes left", f.num, n, len(b))
		}
		if err == nil {
			f.b, b = b[:n], b[n:]
		}
	default:
		return f, nil, fmt.Errorf("field %d: wire type %d", f.num, f.wire)
	}
	if err != nil {
		return f, nil, fmt.Errorf("field %d: %w", f.num, err)
	}
	return f, b, nil
}

// varint reads a base-128 varint of at most 10 bytes.
func varint(b []byte) (uint64, []byte, error) {
	var v uint64
	for i := 0; i < 10; i++ {
		if i >= len(b) {
			return 0, nil, errShort
		}
		c := b[i]
		if i == 9 && c > 1 {
			return 0, nil, errors.New("varint overflows 64 bits")
		}
		v |= uint64(c&0x7f) << (7 * i)
		if c < 0x80 {
			return v, b[i+1:], nil
		}
	}
	return 0, nil, errors.New("varint longer than 10 bytes")
}
