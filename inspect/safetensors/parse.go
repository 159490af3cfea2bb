// Package safetensors reads the header of a .safetensors file — its
// metadata and tensor table, never tensor data — and sums it: tensors,
// parameters and bytes per dtype. The sums are exact: they are the
// header's own figures, checked against the file.
//
// The format (huggingface/safetensors, safetensors/src/tensor.rs): an
// 8-byte little-endian header length N, N bytes of JSON, then the data.
// The JSON maps each tensor name to {"dtype", "shape", "data_offsets":
// [begin, end)} with offsets relative to the data start, plus an optional
// "__metadata__" string→string map.
//
// The parser is strict and bounded on hostile input: N is checked against
// MaxHeaderBytes and the file size before anything is read; the JSON is
// read as a stream through a fixed buffer, keeping 24 bytes per tensor
// (its name's hash and its data span, for the duplicate and overlap
// checks), and that memory is accounted in gtm's one parse budget
// (inspect/parsebudget) before it is taken; counts, ranks and strings are
// capped; element counts and byte sizes are overflow-checked; every
// tensor must lie inside the data and tensors must not overlap. A parse
// stops when its context ends. Errors are one line, "safetensors: …", and
// never a panic.
package safetensors

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"math/bits"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/gputaskman/gtm/inspect/jsonscan"
	"github.com/gputaskman/gtm/inspect/parsebudget"
	"github.com/gputaskman/gtm/internal/safefile"
)

// Limits on what a header may claim. Real models sit far inside them: a
// shard of 5-10 GB holds a few thousand tensors (about 130 bytes of JSON
// each), and even a whole DeepSeek-V3 (671B parameters, about 95,000
// tensors with its FP8 scales) written as one file would have a header
// of about 13 MB. safetensors' own MAX_HEADER_SIZE (100,000,000 bytes) is
// 7× that: room for a hostile header that costs seconds to read.
const (
	// MaxHeaderBytes is N's limit: 2.5× the 13 MB above.
	MaxHeaderBytes = 32 << 20
	// MaxTensors is 2.75× the 95,000 above; at 24 bytes a tensor, its
	// table is 6 MiB.
	MaxTensors = 1 << 18
	MaxRank    = 16
	// MaxMetadata bounds the __metadata__ map: entries, each value's
	// length (longer values are cut, with a note) and all keys and values
	// kept together (MaxMetadataBytes); the entries past them are dropped
	// in file order, with a note.
	MaxMetadata      = 1024
	MaxMetadataValue = 64 << 10
	MaxMetadataBytes = 1 << 20
	maxNameBytes     = 4096
	maxDTypes        = 64
	maxDTypeBytes    = 32
)

// ErrFormat is wrapped by every error about the file's contents (as
// opposed to a read error, a cancelled parse or the memory budget): not
// safetensors, or a header that lies.
var ErrFormat = errors.New("invalid safetensors")

// Header is what a safetensors header says, summed.
type Header struct {
	// HeaderBytes is N, the JSON header's length (exact).
	HeaderBytes uint64
	// Metadata is the header's "__metadata__" (e.g. {"format": "pt"});
	// nil when there is none.
	Metadata map[string]string
	// Tensors is how many tensors the header lists (exact).
	Tensors int
	// Parameters is the sum over tensors of the product of their shape
	// (exact, from the header). Quantized weights packed into integers
	// (GPTQ/AWQ qweight) count as the elements stored, not the model's
	// logical parameters; a note says so when such tensors are seen.
	Parameters uint64
	// TensorBytes is the sum of the tensors' data sizes (exact, from the
	// header's data_offsets, checked against shape × dtype width).
	TensorBytes uint64
	// DTypes totals tensors by dtype, largest Bytes first.
	DTypes []DType
	// Notes are things worth knowing that did not stop the parse.
	Notes []string
}

// DType is one dtype's share of a header (exact, from the header).
type DType struct {
	Name       string
	Tensors    int
	Parameters uint64
	Bytes      uint64
}

func errf(format string, args ...any) error {
	return fmt.Errorf("safetensors: %w: "+format, append([]any{ErrFormat}, args...)...)
}

// Parse reads a safetensors header from r, a file of size bytes. It reads
// only the 8-byte length and the header itself.
func Parse(r io.ReaderAt, size int64) (*Header, error) {
	return ParseContext(context.Background(), r, size)
}

// ParseContext is Parse stopping, with ctx's error, once ctx ends: a parse
// run under a deadline does not run on after its caller gave up.
func ParseContext(ctx context.Context, r io.ReaderAt, size int64) (*Header, error) {
	if size < 8 {
		return nil, errf("%d bytes: shorter than the 8-byte header length", size)
	}
	var lenBuf [8]byte
	if _, err := r.ReadAt(lenBuf[:], 0); err != nil {
		return nil, fmt.Errorf("safetensors: reading the header length: %v", err)
	}
	n := binary.LittleEndian.Uint64(lenBuf[:])
	switch {
	case n > MaxHeaderBytes:
		return nil, errf("header length %d over gtm's limit of %d bytes (MaxHeaderBytes: real headers are under 13 MB)", n, MaxHeaderBytes)
	case n+8 > uint64(size):
		return nil, errf("header length %d runs past the end of the %d-byte file", n, size)
	case n < 2:
		return nil, errf("header length %d: too short for a JSON object", n)
	}
	res := parsebudget.Reserve()
	defer res.Release()
	// the read buffer and the strings being read (a name, a metadata key
	// and value)
	if err := res.Grow(int64(min(n, jsonscan.BufSize)) + MaxMetadataValue + 2*maxNameBytes); err != nil {
		return nil, fmt.Errorf("safetensors: %w", err)
	}
	d := &decoder{Scanner: jsonscan.New(ctx, r, 8, int64(n)), res: res, dataSize: uint64(size) - 8 - n, seed: maphash.MakeSeed()}
	h, err := d.decode()
	if err != nil {
		return nil, scanError(err)
	}
	h.HeaderBytes = n
	return h, nil
}

// ParseFile opens path with gtm's own rights (a regular file, without
// blocking: safefile.Open) and parses its header. A file a process named
// is opened through its *safefile.Access instead, then given to Parse.
func ParseFile(path string) (*Header, error) {
	f, fi, err := safefile.Open(path, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Parse(f, fi.Size())
}

// rec is what is kept of one tensor: its name's hash (duplicates) and its
// data span (overlaps).
type rec struct{ name, begin, end uint64 }

const recBytes = 24

// decoder sums the header as the scanner reads it. A name given twice
// keeps its last value, as a JSON object does, so nothing is counted
// twice: the first pass finds duplicated names by their hashes, and only
// then (a hostile or broken file) a second pass skips all but the last
// value of each.
type decoder struct {
	*jsonscan.Scanner
	res      *parsebudget.Reservation
	dataSize uint64
	seed     maphash.Seed
	skip     map[uint64]int // second pass: earlier values of a name still to skip

	h               *Header
	types           []dtypeSum
	recs            []rec
	name, key       []byte // the current tensor's name; a metadata key
	metaBytes       int
	metaCut         bool
	packed, unknown bool
}

type dtypeSum struct {
	DType
	bits  uint64
	known bool
}

// tensorInfo is one tensor's value as read.
type tensorInfo struct {
	dtype    int // index in decoder.types; -1: none
	shape    [MaxRank]uint64
	rank     int
	hasShape bool
	offsets  [2]uint64
	nOffsets int // -1: none
}

// scanError states a scanner's error as this package's: a JSON error is
// the file's (ErrFormat), a read error or a stopped parse is not.
func scanError(err error) error {
	var se *jsonscan.Error
	switch {
	case !errors.As(err, &se):
		return err // already ours
	case se.Syntax:
		return errf("header JSON: %v", se)
	}
	return fmt.Errorf("safetensors: header: %w", se)
}

func (d *decoder) decode() (*Header, error) {
	if err := d.pass(); err != nil {
		return nil, err
	}
	dups, err := d.duplicates()
	if err != nil {
		return nil, err
	}
	if len(dups) > 0 {
		d.skip = dups
		d.Reset()
		if err := d.pass(); err != nil {
			return nil, err
		}
	}
	return d.finish()
}

// pass reads the whole header once.
func (d *decoder) pass() error {
	d.h, d.types, d.recs = &Header{}, d.types[:0], d.recs[:0]
	d.packed, d.unknown = false, false
	if c, err := d.Next(); err != nil {
		return err
	} else if c != '{' {
		return errf("header is not a JSON object")
	}
	empty, err := d.Open('{', '}', "header object")
	for more := !empty; err == nil && more; {
		var over bool
		if over, err = d.ReadString(maxNameBytes); err != nil {
			break
		}
		if over {
			return errf("a tensor name of more than %d bytes", maxNameBytes)
		}
		if err = d.Expect(':', "':'"); err != nil {
			break
		}
		if string(d.Str()) == "__metadata__" {
			err = d.metadata()
		} else {
			err = d.tensor()
		}
		if err == nil {
			more, err = d.More('}')
		}
	}
	if err != nil {
		return err
	}
	if end, err := d.AtEnd(); err != nil {
		return err
	} else if !end {
		return d.Errorf("data after the header object")
	}
	return nil
}

// tensor reads one tensor's value, checks it and counts it.
func (d *decoder) tensor() error {
	d.name = append(d.name[:0], d.Str()...)
	hash := maphash.Bytes(d.seed, d.name)
	if n := d.skip[hash]; n > 0 {
		d.skip[hash] = n - 1 // an earlier value of a name given again later
		return d.Skip()
	}
	if d.h.Tensors >= MaxTensors {
		return errf("more than %d tensors (MaxTensors: real models have at most about 100,000)", MaxTensors)
	}
	ti, err := d.tensorInfo()
	if err != nil {
		return err
	}
	elems, nbytes, err := d.check(&ti)
	if err != nil {
		return err
	}
	t := &d.types[ti.dtype]
	d.unknown = d.unknown || !t.known
	d.packed = d.packed || bytes.HasSuffix(d.name, []byte(".qweight"))
	t.Tensors++
	t.Parameters += elems // cannot overflow: elems ≤ 8·bytes and the bytes sum ≤ file size
	t.Bytes += nbytes
	d.h.Tensors++
	d.h.Parameters += elems
	d.h.TensorBytes += nbytes
	if len(d.recs) == cap(d.recs) {
		n := max(1024, 2*cap(d.recs))
		if err := d.res.Grow(int64(n) * recBytes); err != nil {
			return fmt.Errorf("safetensors: a table of %d tensors: %w", n, err)
		}
		d.recs = append(make([]rec, 0, n), d.recs...)
	}
	d.recs = append(d.recs, rec{hash, ti.offsets[0], ti.offsets[1]})
	return nil
}

// tensorName is the current tensor's name for a message.
func (d *decoder) tensorName() string { return trunc(string(d.name), 80) }

// tensorInfo reads {"dtype", "shape", "data_offsets"}; other members are
// read and ignored, as safetensors' own reader does.
func (d *decoder) tensorInfo() (tensorInfo, error) {
	ti := tensorInfo{dtype: -1, nOffsets: -1}
	if null, err := d.Null(); err != nil || null {
		return ti, err
	}
	if c, err := d.Next(); err != nil {
		return ti, err
	} else if c != '{' {
		return ti, errf("tensor %q: not a JSON object", d.tensorName())
	}
	empty, err := d.Open('{', '}', "object")
	for more := !empty; err == nil && more; {
		if _, err = d.ReadString(16); err != nil {
			break
		}
		if err = d.Expect(':', "':'"); err != nil {
			break
		}
		switch string(d.Str()) {
		case "dtype":
			err = d.dtype(&ti)
		case "shape":
			err = d.shape(&ti)
		case "data_offsets":
			err = d.offsets(&ti)
		default:
			err = d.Skip()
		}
		if err == nil {
			more, err = d.More('}')
		}
	}
	return ti, err
}

func (d *decoder) dtype(ti *tensorInfo) error {
	ti.dtype = -1
	if null, err := d.Null(); err != nil || null {
		return err
	}
	if c, err := d.Next(); err != nil {
		return err
	} else if c != '"' {
		return errf("tensor %q: dtype is not a string", d.tensorName())
	}
	over, err := d.ReadString(maxDTypeBytes)
	if err != nil || over || len(d.Str()) == 0 {
		return err // checked as "no dtype"
	}
	for i := range d.types {
		if d.types[i].Name == string(d.Str()) {
			ti.dtype = i
			return nil
		}
	}
	if len(d.types) >= maxDTypes {
		return errf("more than %d dtypes", maxDTypes)
	}
	name := string(d.Str())
	w, known := dtypeBits[name]
	d.types = append(d.types, dtypeSum{DType: DType{Name: name}, bits: w, known: known})
	ti.dtype = len(d.types) - 1
	return nil
}

func (d *decoder) shape(ti *tensorInfo) error {
	ti.hasShape, ti.rank = false, 0
	if null, err := d.Null(); err != nil || null {
		return err
	}
	empty, err := d.Open('[', ']', "shape array")
	for more := !empty; err == nil && more; {
		if ti.rank == MaxRank {
			return errf("tensor %q: rank over %d", d.tensorName(), MaxRank)
		}
		if ti.shape[ti.rank], err = d.Uint(); err == nil {
			ti.rank++
			more, err = d.More(']')
		}
	}
	ti.hasShape = err == nil
	return err
}

func (d *decoder) offsets(ti *tensorInfo) error {
	ti.nOffsets = -1
	if null, err := d.Null(); err != nil || null {
		return err
	}
	n := 0
	empty, err := d.Open('[', ']', "data_offsets array")
	for more := !empty; err == nil && more; {
		if n == 2 {
			return errf("tensor %q: data_offsets must be [begin, end]", d.tensorName())
		}
		if ti.offsets[n], err = d.Uint(); err == nil {
			n++
			more, err = d.More(']')
		}
	}
	ti.nOffsets = n
	return err
}

// metadata reads "__metadata__": null or an object of strings. Given
// twice, the last one counts.
func (d *decoder) metadata() error {
	d.h.Metadata, d.metaCut = map[string]string{}, false
	if null, err := d.Null(); err != nil || null {
		return err
	}
	notStrings := errf("__metadata__ is not an object of strings")
	if c, err := d.Next(); err != nil {
		return err
	} else if c != '{' {
		return notStrings
	}
	empty, err := d.Open('{', '}', "object")
	for more := !empty; err == nil && more; {
		var cutKey, cutValue, null bool
		if cutKey, err = d.ReadString(maxNameBytes); err != nil {
			break
		}
		d.key = append(d.key[:0], d.Str()...)
		if err = d.Expect(':', "':'"); err != nil {
			break
		}
		if null, err = d.Null(); err != nil {
			break
		}
		var value []byte // null is ""
		if !null {
			if c, err := d.Next(); err != nil {
				return err
			} else if c != '"' {
				return notStrings
			}
			if cutValue, err = d.ReadString(MaxMetadataValue); err != nil {
				break
			}
			value = d.Str()
		}
		if err = d.keepMetadata(value, cutKey || cutValue); err == nil {
			more, err = d.More('}')
		}
	}
	return err
}

// keepMetadata keeps d.key = value while the bounds allow.
func (d *decoder) keepMetadata(value []byte, cut bool) error {
	d.metaCut = d.metaCut || cut
	old, exists := d.h.Metadata[string(d.key)]
	cost := len(d.key) + len(value) + 64 // the map entry's own bytes, roughly
	if exists {
		cost -= len(d.key) + len(old) + 64
	}
	if (!exists && len(d.h.Metadata) >= MaxMetadata) || d.metaBytes+cost > MaxMetadataBytes {
		d.metaCut = true
		return nil
	}
	if err := d.res.Grow(int64(cost)); err != nil {
		return fmt.Errorf("safetensors: __metadata__: %w", err)
	}
	d.metaBytes += cost
	d.h.Metadata[string(d.key)] = string(value)
	return nil
}

// duplicates finds names given more than once (by hash: a collision of
// two 64-bit hashes with a seed chosen per parse is not a practical
// risk) and returns how many earlier values of each to skip.
func (d *decoder) duplicates() (map[uint64]int, error) {
	slices.SortFunc(d.recs, func(a, b rec) int { return cmpUint(a.name, b.name) })
	var dups map[uint64]int
	for i := 1; i < len(d.recs); i++ {
		if d.recs[i].name != d.recs[i-1].name {
			continue
		}
		if dups == nil {
			dups = map[uint64]int{}
		}
		if dups[d.recs[i].name] == 0 {
			if err := d.res.Grow(48); err != nil {
				return nil, fmt.Errorf("safetensors: duplicate names: %w", err)
			}
		}
		dups[d.recs[i].name]++
	}
	return dups, nil
}

// finish checks the spans and states the sums.
func (d *decoder) finish() (*Header, error) {
	h := d.h
	// Tensors may not share bytes: an overlap would count one set of bytes
	// twice in figures this package calls exact. An empty tensor holds no
	// bytes, wherever its offsets point.
	slices.SortFunc(d.recs, func(a, b rec) int { return cmpUint(a.begin, b.begin) })
	var end uint64
	gaps, first := false, true
	for _, s := range d.recs {
		if s.begin == s.end {
			continue
		}
		if !first && s.begin < end {
			return nil, errf("two tensors overlap at data offset %d", s.begin)
		}
		if s.begin != end {
			gaps = true
		}
		end, first = s.end, false
	}
	if gaps {
		h.Notes = append(h.Notes, "the tensors' data has gaps (safetensors itself writes it contiguously)")
	}
	if end < d.dataSize {
		h.Notes = append(h.Notes, fmt.Sprintf("%d bytes after the last tensor's data", d.dataSize-end))
	}
	if d.unknown {
		h.Notes = append(h.Notes, "a dtype safetensors does not define: its tensors count their bytes from data_offsets and their elements from the shape")
	}
	if d.packed {
		h.Notes = append(h.Notes, "quantized weights packed into integers (qweight): parameters count the elements stored, not the model's logical parameters")
	}
	if d.metaCut {
		h.Notes = append(h.Notes, fmt.Sprintf("__metadata__ cut to %d entries of at most %d bytes, %d bytes in all", MaxMetadata, MaxMetadataValue, MaxMetadataBytes))
	}
	for _, t := range d.types {
		if t.Tensors > 0 { // a dtype named only by a value a later one replaced counts nothing
			h.DTypes = append(h.DTypes, t.DType)
		}
	}
	slices.SortFunc(h.DTypes, func(a, b DType) int {
		switch {
		case a.Bytes > b.Bytes:
			return -1
		case a.Bytes < b.Bytes:
			return 1
		}
		return strings.Compare(a.Name, b.Name)
	})
	return h, nil
}

func cmpUint(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// check validates one tensor against the data it claims and returns its
// element count and byte size.
func (d *decoder) check(ti *tensorInfo) (elems, nbytes uint64, err error) {
	name := d.tensorName
	if ti.dtype < 0 {
		return 0, 0, errf("tensor %q: no dtype", name())
	}
	if !ti.hasShape {
		return 0, 0, errf("tensor %q: no shape", name())
	}
	if ti.nOffsets != 2 {
		return 0, 0, errf("tensor %q: data_offsets must be [begin, end]", name())
	}
	shape := ti.shape[:ti.rank] // cloned for messages, so ti stays on the stack
	begin, end := ti.offsets[0], ti.offsets[1]
	if begin > end || end > d.dataSize {
		return 0, 0, errf("tensor %q: data_offsets [%d, %d) outside the %d bytes of data", name(), begin, end, d.dataSize)
	}
	nbytes = end - begin
	elems = 1
	for _, n := range shape {
		hi, lo := bits.Mul64(elems, n)
		if hi != 0 {
			return 0, 0, errf("tensor %q: shape %v overflows", name(), slices.Clone(shape))
		}
		elems = lo
	}
	t := &d.types[ti.dtype]
	if !t.known {
		// Elements still come from the shape; without a width they cannot be
		// checked against the bytes, but an element needs at least one bit.
		if elems/8 > nbytes {
			return 0, 0, errf("tensor %q: %d elements in %d bytes", name(), elems, nbytes)
		}
		return elems, nbytes, nil
	}
	hi, totalBits := bits.Mul64(elems, t.bits)
	if hi != 0 || totalBits%8 != 0 || totalBits/8 != nbytes {
		return 0, 0, errf("tensor %q: %s %v is %d bits, but data_offsets span %d bytes", name(), t.Name, slices.Clone(shape), totalBits, nbytes)
	}
	return elems, nbytes, nil
}

// trunc cuts s to at most n bytes on a rune boundary.
func trunc(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[:n]
	for len(s) > 0 && !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}
