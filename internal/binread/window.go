package binread

import (
	"context"
	"io"
)

// Window reads the first end bytes of an io.ReaderAt through one
// read-ahead buffer: a parser walking a header front to back makes one
// ReadAt per buffer's worth, and skipping a payload costs nothing.
// Nothing at or past end is read, and once ctx ends the next read stops
// the parse.
type Window struct {
	ctx    context.Context
	r      io.ReaderAt
	end    int64
	buf    []byte
	data   []byte // the bytes of buf read
	bstart int64  // their offset
}

// NewWindow returns a window over r's first end bytes with a bufLen-byte
// buffer, the most one Peek can return.
func NewWindow(ctx context.Context, r io.ReaderAt, end int64, bufLen int) *Window {
	return &Window{ctx: ctx, r: r, end: end, buf: make([]byte, bufLen)}
}

// BufLen is the buffer's size: what a parser holds for the window.
func (w *Window) BufLen() int { return len(w.buf) }

// Peek returns the bytes from off on that the buffer holds, n of them at
// least: from the buffer when it has them, else after one ReadAt of up to
// a buffer's worth. They may run past the caller's own bound (never past
// end) and are valid until the next Peek.
func (w *Window) Peek(off int64, n int) ([]byte, error) {
	// What the buffer holds lies inside [0, end): no check needed. Small
	// enough to inline, so a parser's field reads cost no call.
	if i := off - w.bstart; i >= 0 && n >= 0 && i <= int64(len(w.data)-n) {
		return w.data[i:], nil
	}
	return w.fill(off, n)
}

// fill reads up to a buffer's worth from off, at least n bytes.
func (w *Window) fill(off int64, n int) ([]byte, error) {
	if err := w.check(off, int64(n)); err != nil {
		return nil, err
	}
	if n > len(w.buf) {
		return nil, Errorf("", ErrTooLarge, "%d bytes at offset %d: more than the %d-byte window", n, off, len(w.buf))
	}
	if err := w.ctx.Err(); err != nil {
		return nil, &Error{Class: err, Msg: "parse stopped"}
	}
	want := min(int64(len(w.buf)), w.end-off)
	got, err := w.r.ReadAt(w.buf[:want], off)
	w.bstart, w.data = off, w.buf[:got]
	if got < n {
		return nil, readErr(off, err)
	}
	return w.data, nil
}

// ReadFull reads len(p) bytes at off straight into p: a field longer
// than the buffer.
func (w *Window) ReadFull(p []byte, off int64) error {
	if err := w.check(off, int64(len(p))); err != nil {
		return err
	}
	if err := w.ctx.Err(); err != nil {
		return &Error{Class: err, Msg: "parse stopped"}
	}
	return ReadFull(w.r, p, off)
}

// check refuses n bytes at off that do not lie inside [0, end).
func (w *Window) check(off, n int64) error {
	if off < 0 || n < 0 || off > w.end || n > w.end-off {
		return Errorf("", ErrTruncated, "%d bytes at offset %d run past the end (%d bytes)", n, off, w.end)
	}
	return nil
}

// ReadFull reads len(p) bytes of r at off; fewer is an ErrRead.
func ReadFull(r io.ReaderAt, p []byte, off int64) error {
	got, err := r.ReadAt(p, off)
	if got < len(p) {
		return readErr(off, err)
	}
	return nil
}

func readErr(off int64, err error) error {
	if err == nil || err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return Errorf("", ErrRead, "offset %d: %v", off, err)
}
