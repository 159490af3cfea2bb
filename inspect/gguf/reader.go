package gguf

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"unsafe"

	"github.com/gputaskman/gtm/internal/binread"
)

// readBufSize is the read-ahead window. Headers are read front to back,
// so one ReadAt per 64 KiB keeps a 1,000-tensor header to a handful of
// system calls; long skipped arrays just move the position.
const readBufSize = 64 << 10

// reader walks the header through a bounded window over the file
// (binread), so a skip over a token list costs nothing and every read is
// checked against the header limit and the file size before anything is
// allocated.
type reader struct {
	w     *binread.Window
	size  int64 // file size
	limit int64 // min(size, MaxHeaderBytes): the header may not pass it
	pos   int64

	// where the reader is, for error messages
	section string // "header", "metadata", "tensor info"
	index   uint64
	name    string // key or tensor name once known
}

// newReader reads r (size bytes) until ctx ends.
func newReader(ctx context.Context, r io.ReaderAt, size int64) *reader {
	limit := min(size, MaxHeaderBytes)
	return &reader{w: binread.NewWindow(ctx, r, size, int(min(limit, readBufSize))), size: size, limit: limit, section: "header"}
}

func (rd *reader) at(section string, index uint64) {
	rd.section, rd.index, rd.name = section, index, ""
}

// where describes the current item: `tensor info 12 ("blk.0.attn_q.weight")`.
func (rd *reader) where() string {
	if rd.section == "header" {
		return "header"
	}
	if rd.name == "" {
		return fmt.Sprintf("%s %d", rd.section, rd.index)
	}
	name := rd.name
	if len(name) > 80 {
		name = name[:80] + "..."
	}
	return fmt.Sprintf("%s %d (%q)", rd.section, rd.index, name)
}

func (rd *reader) left() uint64 {
	if rd.pos >= rd.limit {
		return 0
	}
	return uint64(rd.limit - rd.pos)
}

// need checks that n more bytes lie inside the header limit. length says
// whether n came from the file (a length or count) or is a fixed field.
func (rd *reader) need(n uint64, field string, length bool) error {
	if n <= rd.left() {
		return nil
	}
	inFile := uint64(0)
	if rd.pos < rd.size {
		inFile = uint64(rd.size - rd.pos)
	}
	if n <= inFile {
		return newErr(ErrTooLarge, "%s: %s: header (metadata and tensor infos) passes the %d MiB limit", rd.where(), field, MaxHeaderBytes>>20)
	}
	if length {
		return newErr(ErrTruncated, "%s: %s %d exceeds the %d bytes left in the file", rd.where(), field, n, inFile)
	}
	return newErr(ErrTruncated, "%s: %s at offset %d runs past the end of the file (%d bytes)", rd.where(), field, rd.pos, rd.size)
}

// needCount checks that n items of at least min bytes each can fit,
// without overflowing n*min.
func (rd *reader) needCount(n, min uint64, field string) error {
	if n <= rd.left()/min {
		return nil
	}
	if n <= math.MaxUint64/min {
		if err := rd.need(n*min, field, true); errors.Is(err, ErrTooLarge) {
			return err
		}
	}
	inFile := uint64(0)
	if rd.pos < rd.size {
		inFile = uint64(rd.size - rd.pos)
	}
	return newErr(ErrTruncated, "%s: %s %d exceeds the %d bytes left in the file", rd.where(), field, n, inFile)
}

// fail places a window's error at the item being read.
func (rd *reader) fail(err error) error { return binread.In(err, "gguf", rd.where()) }

// fixed returns the next n (<= 8) bytes, checked and buffered. It runs
// for every field of the header, so its common path makes one call.
func (rd *reader) fixed(n int, field string) ([]byte, error) {
	if uint64(n) > rd.left() {
		return nil, rd.need(uint64(n), field, false)
	}
	b, err := rd.w.Peek(rd.pos, n)
	if err != nil {
		return nil, rd.fail(err)
	}
	rd.pos += int64(n)
	return b[:n], nil
}

func (rd *reader) u8(field string) (uint8, error) {
	b, err := rd.fixed(1, field)
	if err != nil {
		return 0, err
	}
	return b[0], nil
}

func (rd *reader) u16(field string) (uint16, error) {
	b, err := rd.fixed(2, field)
	if err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint16(b), nil
}

func (rd *reader) u32(field string) (uint32, error) {
	b, err := rd.fixed(4, field)
	if err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint32(b), nil
}

func (rd *reader) u64(field string) (uint64, error) {
	b, err := rd.fixed(8, field)
	if err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint64(b), nil
}

// str reads n bytes as a string; the caller has checked n with need.
func (rd *reader) str(n uint64) (string, error) {
	if n == 0 {
		return "", nil
	}
	if n <= uint64(rd.w.BufLen()) {
		b, err := rd.w.Peek(rd.pos, int(n))
		if err != nil {
			return "", rd.fail(err)
		}
		rd.pos += int64(n)
		return string(b[:n]), nil
	}
	if n > math.MaxInt32 {
		return "", newErr(ErrTooLarge, "%s: string of %d bytes", rd.where(), n)
	}
	b := make([]byte, n)
	if err := rd.w.ReadFull(b, rd.pos); err != nil {
		return "", rd.fail(err)
	}
	rd.pos += int64(n)
	return unsafe.String(&b[0], len(b)), nil // b is ours alone: no second copy of a long string
}

// skipStrings moves past n length-prefixed strings: the token list of a
// dropped tokenizer array, read straight from the window's buffer (buf,
// holding the file from boff on).
func (rd *reader) skipStrings(n uint64) error {
	var buf []byte
	var boff int64
	for i := uint64(0); i < n; i++ {
		off := rd.pos - boff
		if off+8 > int64(len(buf)) || rd.pos+8 > rd.limit {
			if err := rd.need(8, "string length", false); err != nil {
				return err
			}
			var err error
			if buf, err = rd.w.Peek(rd.pos, 8); err != nil {
				return rd.fail(err)
			}
			boff, off = rd.pos, 0
		}
		l := binary.LittleEndian.Uint64(buf[off:])
		rd.pos += 8
		if l > rd.left() {
			return rd.need(l, "string length", true)
		}
		rd.pos += int64(l)
	}
	return nil
}

// skip moves past n bytes the caller has checked with need.
func (rd *reader) skip(n uint64) { rd.pos += int64(n) }
