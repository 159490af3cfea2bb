// Package torchzip reads what a PyTorch checkpoint's zip directory says —
// how many tensor storages it holds and their exact sizes — without
// reading a storage byte and without ever unpickling anything.
//
// torch.save (pytorch/pytorch's torch/serialization.py, _save) writes a
// zip archive whose entries all sit in one folder, the archive name:
// <archive>/data.pkl (the pickled object tree), <archive>/byteorder,
// <archive>/.format_version, <archive>/.storage_alignment, one
// <archive>/data/<key> per tensor storage (stored, not compressed), and,
// from PyTorchStreamWriter (caffe2/serialize/inline_container.cc),
// <archive>/version or <archive>/.data/version and
// <archive>/.data/serialization_id. The reader takes the archive name from
// the first entry, as PyTorchStreamReader does.
//
// Only the end-of-central-directory record (zip64 too) and the central
// directory are read, entry by entry through a bounded window: nothing is
// allocated per entry, the entry count is refused past MaxEntries before
// anything else is read, and every offset and size is checked against the
// file's size. The tensors' dtypes and shapes live in data.pkl, which gtm
// never reads, so a checkpoint's parameter count is not known here: only
// its storage bytes are.
package torchzip

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gputaskman/gtm/inspect/parsebudget"
	"github.com/gputaskman/gtm/internal/binread"
)

// Classes of failure; every error Parse returns wraps one of them. All
// but ErrNotTorch are binread's, the same values every binary parser of
// gtm's wraps.
var (
	ErrNotTorch  = errors.New("not a PyTorch checkpoint")
	ErrInvalid   = binread.ErrInvalid
	ErrTruncated = binread.ErrTruncated
	ErrTooLarge  = binread.ErrTooLarge
	ErrRead      = binread.ErrRead
)

// Limits. A checkpoint has one storage per distinct tensor storage: tens
// of thousands at the very most.
const (
	MaxEntries    = 1 << 20
	MaxArchiveLen = 1024 // archive name kept (it is the saved file's stem)
	MaxNotes      = 16
)

// Checkpoint is what a torch.save zip directory says.
type Checkpoint struct {
	// Archive is the folder all entries sit in ("archive" for a buffer,
	// else the saved file's name without its extension).
	Archive string
	// Storages is the number of <archive>/data/<key> entries: one per
	// tensor storage (tensors that are views share one).
	Storages int
	// StorageBytes is the exact sum of the storages' uncompressed sizes as
	// the zip directory records them: the bytes the tensors' storages hold
	// (torch stores them uncompressed, and their sizes are checked to lie
	// inside the file). It is not a parameter count: the dtypes are in
	// data.pkl, which is never read.
	StorageBytes uint64
	// Entries is the number of entries in the zip directory.
	Entries int
	// PickleBytes is the size of <archive>/data.pkl (never read).
	PickleBytes uint64
	// TorchScript is true for a torch.jit.save archive (code/ entries or
	// constants.pkl beside data.pkl).
	TorchScript bool
	// Legacy is true for the pre-1.6 plain pickle format, of which nothing
	// is read.
	Legacy bool
	Notes  []string
}

// newErr is a parse failure: one line, "torchzip: <class>: <what>".
func newErr(class error, format string, args ...any) error {
	return binread.Errorf("torchzip", class, format, args...)
}

// Zip record layouts (PKWARE APPNOTE.TXT 4.3.12, 4.3.14-16).
const (
	sigCentral      = 0x02014b50
	sigEOCD         = 0x06054b50
	sigZip64EOCD    = 0x06064b50
	sigZip64Locator = 0x07064b50
	lenCentral      = 46
	lenEOCD         = 22
	lenZip64EOCD    = 56
	lenZip64Locator = 20
	maxComment      = 65535
	windowSize      = 256 << 10 // one central header is at most 46+3*65535 bytes
)

// Parse reads the checkpoint in the first size bytes of r.
func Parse(r io.ReaderAt, size int64) (*Checkpoint, error) {
	return ParseContext(context.Background(), r, size)
}

// fixedBytes is what a parse holds whatever the archive: the end record's
// search window and the directory window; a directory's entries are
// counted, not kept.
const fixedBytes = lenEOCD + maxComment + lenZip64Locator + lenZip64EOCD + windowSize

// ParseContext is Parse stopping once ctx ends (the error then wraps
// ctx's). Its fixed buffers are accounted in gtm's parse budget first.
func ParseContext(ctx context.Context, r io.ReaderAt, size int64) (*Checkpoint, error) {
	res := parsebudget.Reserve()
	defer res.Release()
	if err := res.Grow(fixedBytes); err != nil {
		return nil, fmt.Errorf("torchzip: %w", err)
	}
	head := make([]byte, 4)
	n, err := r.ReadAt(head, 0)
	if n < 2 {
		if err != nil && err != io.EOF {
			return nil, newErr(ErrRead, "header: %v", err)
		}
		return nil, newErr(ErrNotTorch, "file of %d bytes", size)
	}
	if head[0] == 0x80 && head[1] >= 2 && head[1] <= 5 {
		// Pickle protocol 2-5: torch.save's format before PyTorch 1.6
		// (_legacy_save), or a plain pickle; both run code when loaded.
		return &Checkpoint{Legacy: true, Notes: []string{"legacy pickle format: not read (gtm never unpickles)"}}, nil
	}
	if n < 4 || string(head) != "PK\x03\x04" && string(head) != "PK\x05\x06" {
		return nil, newErr(ErrNotTorch, "neither a zip archive nor a pickle")
	}
	d, err := findDirectory(r, size)
	if err != nil {
		return nil, err
	}
	return walk(ctx, r, size, d)
}

// directory is where the central directory lies.
type directory struct {
	entries uint64
	offset  int64
	size    int64
	end     int64 // offset of the record after it (zip64 EOCD or EOCD)
}

func readAt(r io.ReaderAt, b []byte, off int64, what string) error {
	return binread.In(binread.ReadFull(r, b, off), "torchzip", what)
}

// findDirectory finds the end-of-central-directory record in the file's
// last 64 KiB + 22 bytes and, for a zip64 archive, the zip64 record.
func findDirectory(r io.ReaderAt, size int64) (directory, error) {
	if size < lenEOCD {
		return directory{}, newErr(ErrTruncated, "file of %d bytes has no end-of-central-directory record", size)
	}
	tailLen := min(size, lenEOCD+maxComment)
	tail := make([]byte, tailLen)
	if err := readAt(r, tail, size-tailLen, "end of central directory"); err != nil {
		return directory{}, err
	}
	at := -1
	for i := len(tail) - lenEOCD; i >= 0; i-- {
		if binary.LittleEndian.Uint32(tail[i:]) == sigEOCD &&
			i+lenEOCD+int(binary.LittleEndian.Uint16(tail[i+20:])) <= len(tail) {
			at = i
			break
		}
	}
	if at < 0 {
		return directory{}, newErr(ErrTruncated, "no end-of-central-directory record (a damaged or still-being-written archive)")
	}
	e := tail[at:]
	eocdOff := size - tailLen + int64(at)
	d := directory{
		entries: uint64(binary.LittleEndian.Uint16(e[10:])),
		size:    int64(binary.LittleEndian.Uint32(e[12:])),
		offset:  int64(binary.LittleEndian.Uint32(e[16:])),
		end:     eocdOff,
	}
	if binary.LittleEndian.Uint16(e[4:]) != 0 || binary.LittleEndian.Uint16(e[6:]) != 0 {
		return d, newErr(ErrInvalid, "multi-disk archive")
	}
	// PyTorch's writer (miniz, MZ_ZIP_FLAG_WRITE_ZIP64) always adds the
	// zip64 records; use them whenever the locator is there.
	if eocdOff >= lenZip64Locator {
		loc := make([]byte, lenZip64Locator)
		if err := readAt(r, loc, eocdOff-lenZip64Locator, "zip64 locator"); err != nil {
			return d, err
		}
		if binary.LittleEndian.Uint32(loc) == sigZip64Locator {
			off := binary.LittleEndian.Uint64(loc[8:])
			if off > uint64(eocdOff-lenZip64Locator) || uint64(eocdOff-lenZip64Locator)-off < lenZip64EOCD {
				return d, newErr(ErrInvalid, "zip64 end record offset %d outside the file", off)
			}
			z := make([]byte, lenZip64EOCD)
			if err := readAt(r, z, int64(off), "zip64 end record"); err != nil {
				return d, err
			}
			if binary.LittleEndian.Uint32(z) != sigZip64EOCD {
				return d, newErr(ErrInvalid, "no zip64 end record at offset %d", off)
			}
			d.entries = binary.LittleEndian.Uint64(z[32:])
			zsize, zoff := binary.LittleEndian.Uint64(z[40:]), binary.LittleEndian.Uint64(z[48:])
			if zsize > uint64(size) || zoff > uint64(size) {
				return d, newErr(ErrInvalid, "central directory (offset %d, %d bytes) outside the file (%d bytes)", zoff, zsize, size)
			}
			d.size, d.offset, d.end = int64(zsize), int64(zoff), int64(off)
		}
	}
	if d.entries > MaxEntries {
		return d, newErr(ErrTooLarge, "%d entries (more than %d)", d.entries, MaxEntries)
	}
	if d.offset > d.end || d.size > d.end-d.offset {
		return d, newErr(ErrInvalid, "central directory (offset %d, %d bytes) overlaps its end record at %d", d.offset, d.size, d.end)
	}
	if d.entries > uint64(d.size)/lenCentral {
		return d, newErr(ErrInvalid, "%d entries cannot fit a %d-byte central directory", d.entries, d.size)
	}
	return d, nil
}

// window reads the central directory, which ends at end, through a
// bounded window.
type window struct {
	w   *binread.Window
	end int64
}

// at returns n bytes of entry i's header at off, which must lie before
// end.
func (w *window) at(off int64, n int, i uint64) ([]byte, error) {
	if off+int64(n) > w.end {
		return nil, newErr(ErrInvalid, "entry %d at offset %d runs past the central directory's end (%d)", i, off, w.end)
	}
	b, err := w.w.Peek(off, n)
	if err != nil {
		return nil, binread.In(err, "torchzip", fmt.Sprintf("central directory entry %d", i))
	}
	return b[:n], nil
}

func walk(ctx context.Context, r io.ReaderAt, size int64, d directory) (*Checkpoint, error) {
	c := &Checkpoint{Entries: int(d.entries)}
	end := d.offset + d.size
	w := &window{w: binread.NewWindow(ctx, r, end, int(min(d.size, windowSize))), end: end}
	t := tally{records: map[string]bool{}}
	off := d.offset
	for i := uint64(0); i < d.entries; i++ {
		e, n, err := w.entry(off, i, d.offset)
		if err != nil {
			return nil, err
		}
		off += n
		if err := t.add(c, e, i); err != nil {
			return nil, err
		}
	}
	return t.finish(c)
}

// entry is one central directory record.
type entry struct {
	name         []byte // in the window's buffer: valid until its next read
	method       uint16
	usize, csize uint64
}

// entry reads record i at off, whose data must lie before the central
// directory at dirOff, and its length.
func (w *window) entry(off int64, i uint64, dirOff int64) (entry, int64, error) {
	h, err := w.at(off, lenCentral, i)
	if err != nil {
		return entry{}, 0, err
	}
	if binary.LittleEndian.Uint32(h) != sigCentral {
		return entry{}, 0, newErr(ErrInvalid, "entry %d at offset %d: no central header signature", i, off)
	}
	e := entry{method: binary.LittleEndian.Uint16(h[10:]),
		csize: uint64(binary.LittleEndian.Uint32(h[20:])), usize: uint64(binary.LittleEndian.Uint32(h[24:]))}
	nameLen := int(binary.LittleEndian.Uint16(h[28:]))
	extraLen := int(binary.LittleEndian.Uint16(h[30:]))
	commentLen := int(binary.LittleEndian.Uint16(h[32:]))
	local := uint64(binary.LittleEndian.Uint32(h[42:]))
	rec, err := w.at(off, lenCentral+nameLen+extraLen+commentLen, i)
	if err != nil {
		return entry{}, 0, err
	}
	e.name = rec[lenCentral : lenCentral+nameLen]
	extra := rec[lenCentral+nameLen : lenCentral+nameLen+extraLen]
	if e.usize == 0xffffffff || e.csize == 0xffffffff || local == 0xffffffff {
		if e.usize, e.csize, local, err = zip64Sizes(extra, e.usize, e.csize, local); err != nil {
			return entry{}, 0, newErr(ErrInvalid, "entry %d: %v", i, err)
		}
	}
	if local >= uint64(dirOff) || e.csize > uint64(dirOff)-local {
		return entry{}, 0, newErr(ErrInvalid, "entry %d: data (offset %d, %d bytes) runs past the central directory at %d", i, local, e.csize, dirOff)
	}
	if e.method == 0 && e.usize != e.csize {
		return entry{}, 0, newErr(ErrInvalid, "entry %d: stored entry with %d bytes compressed to %d", i, e.usize, e.csize)
	}
	return e, int64(len(rec)), nil
}

// tally is what a walk counts beyond the Checkpoint's own figures.
type tally struct {
	prefix              []byte // the archive folder, with its slash
	records             map[string]bool
	foreign, compressed int
}

// add counts entry i into c.
func (t *tally) add(c *Checkpoint, e entry, i uint64) error {
	if i == 0 {
		slash := bytes.IndexByte(e.name, '/')
		if slash <= 0 {
			return newErr(ErrNotTorch, "first entry %q is not in an archive folder", clip(e.name))
		}
		t.prefix = append([]byte(nil), e.name[:slash+1]...)
		c.Archive = clip(e.name[:slash])
	}
	rest, ok := bytes.CutPrefix(e.name, t.prefix)
	if !ok {
		t.foreign++
		return nil
	}
	switch {
	case isStorage(rest):
		c.Storages++
		if c.StorageBytes+e.usize < c.StorageBytes {
			return newErr(ErrInvalid, "storage sizes overflow 64 bits")
		}
		c.StorageBytes += e.usize
		if e.method != 0 {
			t.compressed++
		}
	case string(rest) == "data.pkl":
		c.PickleBytes = e.usize
		t.records["data.pkl"] = true
	case bytes.HasPrefix(rest, []byte("code/")), string(rest) == "constants.pkl":
		c.TorchScript = true
	default:
		switch r := string(rest); r {
		case "version", ".data/version", "byteorder", ".format_version",
			".storage_alignment", ".data/serialization_id":
			t.records[r] = true
		}
	}
	return nil
}

// finish checks the archive is a checkpoint and notes what it holds.
func (t *tally) finish(c *Checkpoint) (*Checkpoint, error) {
	if !t.records["data.pkl"] {
		return nil, newErr(ErrNotTorch, "zip archive without %q", clip(t.prefix)+"data.pkl")
	}
	c.note(fmt.Sprintf("data.pkl: %d bytes, not read (gtm never unpickles)", c.PickleBytes))
	var have []string
	for _, r := range []string{"version", ".data/version", "byteorder", ".format_version", ".storage_alignment", ".data/serialization_id"} {
		if t.records[r] {
			have = append(have, r)
		}
	}
	if len(have) > 0 {
		c.note("records: " + strings.Join(have, ", "))
	}
	if !t.records["byteorder"] {
		c.note("no byteorder record (older writers omit it)")
	}
	if t.compressed > 0 {
		c.note(fmt.Sprintf("%d storages are compressed: their sizes are as the directory states them", t.compressed))
	}
	if t.foreign > 0 {
		c.note(fmt.Sprintf("%d entries outside the %q folder", t.foreign, c.Archive+"/"))
	}
	return c, nil
}

func (c *Checkpoint) note(s string) {
	if len(c.Notes) < MaxNotes {
		c.Notes = append(c.Notes, s)
	}
}

// isStorage: "data/<key>", the key a decimal number.
func isStorage(rest []byte) bool {
	key, ok := bytes.CutPrefix(rest, []byte("data/"))
	if !ok || len(key) == 0 {
		return false
	}
	for _, b := range key {
		if b < '0' || b > '9' {
			return false
		}
	}
	return true
}

func clip(b []byte) string {
	if len(b) > MaxArchiveLen {
		return string(b[:MaxArchiveLen]) + "..."
	}
	return string(b)
}

// zip64Sizes reads the zip64 extended information extra field (tag 1):
// the 8-byte values present are those whose 32-bit field is 0xffffffff,
// in the order uncompressed, compressed, local header offset.
func zip64Sizes(extra []byte, usize, csize, local uint64) (uint64, uint64, uint64, error) {
	for len(extra) >= 4 {
		tag := binary.LittleEndian.Uint16(extra)
		n := int(binary.LittleEndian.Uint16(extra[2:]))
		if 4+n > len(extra) {
			break
		}
		body := extra[4 : 4+n]
		extra = extra[4+n:]
		if tag != 1 {
			continue
		}
		for _, v := range []*uint64{&usize, &csize, &local} {
			if *v != 0xffffffff {
				continue
			}
			if len(body) < 8 {
				return 0, 0, 0, errors.New("short zip64 extra field")
			}
			*v = binary.LittleEndian.Uint64(body)
			body = body[8:]
		}
		return usize, csize, local, nil
	}
	return 0, 0, 0, errors.New("32-bit size or offset field is 0xffffffff but no zip64 extra field")
}
