package binread_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math"
	"testing"

	"github.com/gputaskman/gtm/internal/binread"
)

// counting records each ReadAt and fails the test on one outside the data.
type counting struct {
	t     *testing.T
	data  []byte
	reads int
}

func (c *counting) ReadAt(p []byte, off int64) (int, error) {
	c.reads++
	if off < 0 || off+int64(len(p)) > int64(len(c.data)) {
		c.t.Fatalf("ReadAt of %d bytes at %d outside %d bytes", len(p), off, len(c.data))
	}
	return copy(p, c.data[off:]), nil
}

func seq(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}

// A front-to-back walk makes one read per buffer's worth, and what Peek
// returns is the data at the offset asked.
func TestPeekReadsAhead(t *testing.T) {
	r := &counting{t: t, data: seq(1000)}
	w := binread.NewWindow(context.Background(), r, 1000, 100)
	for off := int64(0); off < 1000; off += 4 {
		b, err := w.Peek(off, 4)
		if err != nil || len(b) < 4 || !bytes.Equal(b, r.data[off:off+int64(len(b))]) {
			t.Fatalf("offset %d: %v %v", off, b, err)
		}
	}
	if r.reads != 10 {
		t.Fatalf("%d reads for 10 buffers", r.reads)
	}
	// the last buffer is cut at end, not filled past it
	if b, err := w.Peek(990, 10); err != nil || len(b) != 10 {
		t.Fatalf("%d bytes, %v", len(b), err)
	}
}

// Nothing outside [0, end) is read, whatever a caller asks.
func TestPeekRefusesOutside(t *testing.T) {
	r := &counting{t: t, data: seq(64)}
	w := binread.NewWindow(context.Background(), r, 50, 16)
	for _, c := range []struct {
		off   int64
		n     int
		class error
	}{{48, 4, binread.ErrTruncated}, {-1, 1, binread.ErrTruncated}, {51, 0, binread.ErrTruncated},
		{math.MaxInt64, 8, binread.ErrTruncated}, {0, 17, binread.ErrTooLarge}, {0, -1, binread.ErrTruncated}} {
		if _, err := w.Peek(c.off, c.n); !errors.Is(err, c.class) {
			t.Errorf("Peek(%d, %d): %v, want %v", c.off, c.n, err, c.class)
		}
	}
	if err := w.ReadFull(make([]byte, 20), 40); !errors.Is(err, binread.ErrTruncated) {
		t.Errorf("ReadFull past end: %v", err)
	}
	if r.reads != 0 {
		t.Fatalf("%d reads", r.reads)
	}
}

// shrunk is a file cut short after n bytes: its size says more.
type shrunk struct {
	data []byte
	n    int
}

func (s shrunk) ReadAt(p []byte, off int64) (int, error) {
	if off >= int64(s.n) {
		return 0, io.EOF
	}
	got := copy(p, s.data[off:s.n])
	if got < len(p) {
		return got, io.EOF
	}
	return got, nil
}

// A short read is the reader's failure (ErrRead), with its offset; the
// bytes that did come are still served.
func TestShortRead(t *testing.T) {
	w := binread.NewWindow(context.Background(), shrunk{seq(100), 30}, 100, 64)
	if b, err := w.Peek(20, 8); err != nil || len(b) != 10 {
		t.Fatalf("%d bytes, %v", len(b), err)
	}
	_, err := w.Peek(25, 8)
	if !errors.Is(err, binread.ErrRead) || err.Error() != "read error: offset 25: unexpected EOF" {
		t.Fatalf("%v", err)
	}
	err = binread.In(w.ReadFull(make([]byte, 80), 10), "gguf", "metadata 3")
	if !errors.Is(err, binread.ErrRead) || err.Error() != "gguf: read error: metadata 3: offset 10: unexpected EOF" {
		t.Fatalf("%v", err)
	}
}

// Once the context ends, the next read stops; buffered bytes still serve.
func TestStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r := &counting{t: t, data: seq(100)}
	w := binread.NewWindow(ctx, r, 100, 10)
	if _, err := w.Peek(0, 4); err != nil {
		t.Fatal(err)
	}
	cancel()
	if _, err := w.Peek(4, 4); err != nil {
		t.Fatalf("buffered: %v", err)
	}
	_, err := w.Peek(10, 4)
	if err = binread.In(err, "onnx", "graph"); !errors.Is(err, context.Canceled) || err.Error() != "onnx: context canceled: graph: parse stopped" {
		t.Fatalf("%v", err)
	}
	if err := w.ReadFull(make([]byte, 4), 50); !errors.Is(err, context.Canceled) || r.reads != 1 {
		t.Fatalf("%v after %d reads", err, r.reads)
	}
}

// In leaves a parser's own errors, and errors already placed, alone.
func TestIn(t *testing.T) {
	own := errors.New("not a GGUF file")
	if got := binread.In(own, "gguf", "header"); got != own {
		t.Fatalf("%v", got)
	}
	placed := binread.Errorf("onnx", binread.ErrInvalid, "model: field %d", 3)
	if got := binread.In(placed, "gguf", "header"); got != error(placed) || got.Error() != "onnx: invalid: model: field 3" {
		t.Fatalf("%v", got)
	}
	if binread.In(nil, "gguf", "header") != nil {
		t.Fatal("nil")
	}
}

func TestUvarint(t *testing.T) {
	for _, c := range []struct {
		b     []byte
		v     uint64
		n     int
		class error
	}{
		{[]byte{0}, 0, 1, nil},
		{[]byte{0x7f, 0xff}, 127, 1, nil},
		{[]byte{0xac, 0x02}, 300, 2, nil},
		{[]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}, math.MaxUint64, 10, nil},
		{[]byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00}, 0, 10, nil}, // padded zero
		{[]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02}, 0, 0, binread.ErrInvalid},
		{[]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x81, 0x00}, 0, 0, binread.ErrInvalid},
		{[]byte{0x80}, 0, 0, binread.ErrTruncated},
		{nil, 0, 0, binread.ErrTruncated},
	} {
		v, n, err := binread.Uvarint(c.b)
		if v != c.v || n != c.n || !errors.Is(err, c.class) || (c.class == nil) != (err == nil) {
			t.Errorf("% x: %d, %d, %v; want %d, %d, %v", c.b, v, n, err, c.v, c.n, c.class)
		}
	}
}
