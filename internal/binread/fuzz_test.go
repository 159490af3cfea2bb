package binread_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/gputaskman/gtm/internal/binread"
)

// FuzzWindow walks data with Peek, ReadFull and Uvarint at offsets ops
// chooses, through a window whose buffer and end ops also choose: what
// comes back is the data at the offset asked, inside [0, end); anything
// else is a classified one-line error, never a panic. A varint decodes as
// encoding/binary decodes it wherever either succeeds.
func FuzzWindow(f *testing.F) {
	f.Add([]byte("GGUF\x03\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00"), []byte{4, 16, 0, 4, 8, 8, 1, 3})
	f.Add([]byte{0x08, 0x07, 0xac, 0x02, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02}, []byte{2, 14, 2, 2, 1, 4, 2, 0})
	f.Add(bytes.Repeat([]byte{0x80}, 40), []byte{7, 40, 3, 12, 2, 1, 0, 39})
	f.Fuzz(func(t *testing.T, data, ops []byte) {
		if len(ops) < 2 {
			return
		}
		bufLen := int(ops[0]%32) + 1
		end := min(int64(ops[1]), int64(len(data))) // a window never reaches past its data here
		w := binread.NewWindow(context.Background(), bytes.NewReader(data), end, bufLen)
		for i := 2; i+2 < len(ops); i += 3 {
			off, n := int64(ops[i+1]), int(ops[i+2]%40)
			switch ops[i] % 3 {
			case 0:
				b, err := w.Peek(off, n)
				checkRead(t, data, end, off, n, bufLen, b, err)
			case 1:
				p := make([]byte, n)
				checkRead(t, data, end, off, n, n, p, w.ReadFull(p, off))
			default:
				if off <= end {
					checkVarint(t, data[off:end])
				}
			}
		}
	})
}

// checkRead: n bytes at off, at most most at once, come back as the data
// holds them whenever they lie inside end (the reader never fails here).
func checkRead(t *testing.T, data []byte, end, off int64, n, most int, b []byte, err error) {
	if err != nil {
		checkErr(t, err)
		if off+int64(n) <= end && n <= most {
			t.Fatalf("%d bytes at %d inside %d refused: %v", n, off, end, err)
		}
		return
	}
	if len(b) < n || off+int64(len(b)) > end || !bytes.Equal(b, data[off:off+int64(len(b))]) {
		t.Fatalf("%d bytes at %d (end %d): got %d bytes, not the data's", n, off, end, len(b))
	}
}

func checkErr(t *testing.T, err error) {
	var e *binread.Error
	if !errors.As(err, &e) || !errors.Is(err, binread.ErrTruncated) && !errors.Is(err, binread.ErrTooLarge) {
		t.Fatalf("unclassified: %v", err)
	}
	if bytes.ContainsRune([]byte(err.Error()), '\n') {
		t.Fatalf("multi-line: %q", err)
	}
}

func checkVarint(t *testing.T, b []byte) {
	v, n, err := binread.Uvarint(b)
	sv, sn := binary.Uvarint(b)
	switch {
	case err == nil && (n != sn || v != sv):
		t.Fatalf("% x: %d (%d bytes), encoding/binary %d (%d)", b, v, n, sv, sn)
	case err != nil && sn > 0:
		t.Fatalf("% x: %v, encoding/binary %d (%d bytes)", b, err, sv, sn)
	case err != nil && !errors.Is(err, binread.ErrTruncated) && !errors.Is(err, binread.ErrInvalid):
		t.Fatalf("unclassified: %v", err)
	case n > binread.MaxVarintLen:
		t.Fatalf("%d bytes", n)
	}
}
