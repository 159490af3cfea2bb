package hfgen

import (
	"encoding/binary"
	"fmt"
	"io"
	"os"
)

// Hostile is a safetensors file an attacker would write to make a header
// parser spend: N tensors of no data, each the same fixed-width entry
// ("t00000042":{"dtype":"U8","shape":[0],"data_offsets":[0,0]}), so the
// header is large for what it holds. It is generated as it is read: a
// test holds none of it in memory.
type Hostile struct{ N int }

const hostileEntry = `"t%08d":{"dtype":"U8","shape":[0],"data_offsets":[0,0]}`

var hostileWidth = int64(len(fmt.Sprintf(hostileEntry, 0)))

// HeaderBytes is the JSON header's length (a multiple of 8, as
// safetensors pads it).
func (h Hostile) HeaderBytes() int64 {
	n := 2 + int64(h.N)*(hostileWidth+1) - 1
	if h.N == 0 {
		n = 2
	}
	return (n + 7) &^ 7
}

// Size is the file's size: the length, the header and no data.
func (h Hostile) Size() int64 { return 8 + h.HeaderBytes() }

// ReadAt reads the file's bytes at off.
func (h Hostile) ReadAt(p []byte, off int64) (int, error) {
	size := h.Size()
	if off >= size {
		return 0, io.EOF
	}
	var lenBuf [8]byte
	binary.LittleEndian.PutUint64(lenBuf[:], uint64(h.HeaderBytes()))
	entries := 1 + int64(h.N)*(hostileWidth+1) - 1 // end of the last entry
	if h.N == 0 {
		entries = 1
	}
	var entryBuf [64]byte
	cur, entry := int64(-1), entryBuf[:0]
	n := 0
	for ; n < len(p) && off < size; n, off = n+1, off+1 {
		j := off - 8
		switch {
		case off < 8:
			p[n] = lenBuf[off]
		case j == 0:
			p[n] = '{'
		case j < entries:
			i, r := (j-1)/(hostileWidth+1), (j-1)%(hostileWidth+1)
			if r == hostileWidth {
				p[n] = ','
				continue
			}
			if i != cur {
				cur, entry = i, hostileName(entry, i)
			}
			p[n] = entry[r]
		case j == entries:
			p[n] = '}'
		default:
			p[n] = ' '
		}
	}
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// hostileName writes entry i into buf without allocating (a test counts
// what the parser allocates while it reads).
func hostileName(buf []byte, i int64) []byte {
	if len(buf) == 0 {
		buf = fmt.Appendf(buf[:0], hostileEntry, 0)
	}
	for d := 9; d >= 2; d-- { // the 8 digits after `"t`
		buf[d] = byte('0' + i%10)
		i /= 10
	}
	return buf
}

// WriteHostile writes h to path.
func WriteHostile(path string, h Hostile) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, io.NewSectionReader(h, 0, h.Size())); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
