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
// safetensors' own 100 MB limit and the file size before anything is
// read; the JSON is streamed, one tensor at a time; counts, ranks and
// strings are capped; element counts and byte sizes are overflow-checked;
// every tensor must lie inside the data and tensors must not overlap.
// Errors are one line, "safetensors: …", and never a panic.
package safetensors

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/gputaskman/gtm/inspect/safefile"
)

// Limits on what a header may claim.
const (
	// MaxHeaderBytes is safetensors' own MAX_HEADER_SIZE (100,000,000).
	MaxHeaderBytes = 100_000_000
	MaxTensors     = 1 << 20
	MaxRank        = 16
	// MaxMetadata bounds the __metadata__ map: entries, and each key's and
	// value's length (longer values are cut, with a note).
	MaxMetadata      = 1024
	MaxMetadataValue = 64 << 10
	maxNameBytes     = 4096
)

// ErrFormat is wrapped by every error about the file's contents (as
// opposed to a read error): not safetensors, or a header that lies.
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

type tensorInfo struct {
	DType       string   `json:"dtype"`
	Shape       []uint64 `json:"shape"`
	DataOffsets []uint64 `json:"data_offsets"`
}

func errf(format string, args ...any) error {
	return fmt.Errorf("safetensors: %w: "+format, append([]any{ErrFormat}, args...)...)
}

// Parse reads a safetensors header from r, a file of size bytes. It reads
// only the 8-byte length and the header itself.
func Parse(r io.ReaderAt, size int64) (*Header, error) {
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
		return nil, errf("header length %d over safetensors' limit of %d", n, MaxHeaderBytes)
	case n+8 > uint64(size):
		return nil, errf("header length %d runs past the end of the %d-byte file", n, size)
	case n < 2:
		return nil, errf("header length %d: too short for a JSON object", n)
	}
	buf := make([]byte, n)
	if _, err := r.ReadAt(buf, 8); err != nil {
		return nil, fmt.Errorf("safetensors: reading the %d-byte header: %v", n, err)
	}
	if !utf8.Valid(buf) {
		return nil, errf("header is not UTF-8")
	}
	h, err := parseJSON(buf, uint64(size)-8-n)
	if err != nil {
		return nil, err
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

type span struct{ begin, end uint64 }

// parseJSON streams the header object: one key and value at a time, so a
// header costs about its own size whatever it claims.
func parseJSON(buf []byte, dataSize uint64) (*Header, error) {
	dec := json.NewDecoder(bytes.NewReader(buf))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, errf("header is not a JSON object")
	}
	h := &Header{}
	byType := map[string]*DType{}
	seen := map[string]struct{}{}
	var spans []span
	var packed, unknown bool
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, errf("header JSON: %v", oneLine(err))
		}
		name, _ := t.(string)
		if len(name) > maxNameBytes {
			return nil, errf("a tensor name of %d bytes (limit %d)", len(name), maxNameBytes)
		}
		if name == "__metadata__" {
			if h.Metadata != nil {
				return nil, errf("two __metadata__ entries")
			}
			if err := h.readMetadata(dec); err != nil {
				return nil, err
			}
			continue
		}
		if _, dup := seen[name]; dup {
			return nil, errf("tensor %q listed twice", name)
		}
		if len(seen) >= MaxTensors {
			return nil, errf("more than %d tensors", MaxTensors)
		}
		seen[name] = struct{}{}
		var ti tensorInfo
		if err := dec.Decode(&ti); err != nil {
			return nil, errf("tensor %q: %v", name, oneLine(err))
		}
		elems, nbytes, known, err := check(name, ti, dataSize)
		if err != nil {
			return nil, err
		}
		unknown = unknown || !known
		packed = packed || strings.HasSuffix(name, ".qweight")
		spans = append(spans, span{ti.DataOffsets[0], ti.DataOffsets[1]})
		d := byType[ti.DType]
		if d == nil {
			if len(byType) >= 64 {
				return nil, errf("more than 64 dtypes")
			}
			d = &DType{Name: ti.DType}
			byType[ti.DType] = d
		}
		d.Tensors++
		d.Parameters += elems // cannot overflow: elems ≤ 8·bytes and the bytes sum ≤ file size
		d.Bytes += nbytes
		h.Tensors++
		h.Parameters += elems
		h.TensorBytes += nbytes
	}
	if _, err := dec.Token(); err != nil {
		return nil, errf("header JSON: %v", oneLine(err))
	}
	// Trailing bytes after the object must be padding (safetensors pads
	// with spaces to 8-byte alignment).
	rest, _ := io.ReadAll(dec.Buffered())
	if len(bytes.TrimSpace(rest)) > 0 {
		return nil, errf("bytes after the header's JSON object")
	}
	// Tensors may not share bytes: an overlap would count one set of bytes
	// twice in figures this package calls exact.
	slices.SortFunc(spans, func(a, b span) int {
		switch {
		case a.begin < b.begin:
			return -1
		case a.begin > b.begin:
			return 1
		}
		return 0
	})
	var end uint64
	gaps := false
	for i, s := range spans {
		if i > 0 && s.begin < end {
			return nil, errf("two tensors overlap at data offset %d", s.begin)
		}
		if s.begin != end {
			gaps = true
		}
		end = s.end
	}
	if gaps {
		h.Notes = append(h.Notes, "the tensors' data has gaps (safetensors itself writes it contiguously)")
	}
	if end < dataSize {
		h.Notes = append(h.Notes, fmt.Sprintf("%d bytes after the last tensor's data", dataSize-end))
	}
	if unknown {
		h.Notes = append(h.Notes, "a dtype safetensors does not define: its tensors count their bytes from data_offsets and their elements from the shape")
	}
	if packed {
		h.Notes = append(h.Notes, "quantized weights packed into integers (qweight): parameters count the elements stored, not the model's logical parameters")
	}
	for _, d := range byType {
		h.DTypes = append(h.DTypes, *d)
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

// check validates one tensor against the data it claims and returns its
// element count and byte size; known is false for a dtype safetensors
// does not define (its bytes are taken from the offsets).
func check(name string, ti tensorInfo, dataSize uint64) (elems, nbytes uint64, known bool, err error) {
	if ti.DType == "" || len(ti.DType) > 32 {
		return 0, 0, false, errf("tensor %q: no dtype", name)
	}
	if ti.Shape == nil {
		return 0, 0, false, errf("tensor %q: no shape", name)
	}
	if len(ti.Shape) > MaxRank {
		return 0, 0, false, errf("tensor %q: rank %d (limit %d)", name, len(ti.Shape), MaxRank)
	}
	if len(ti.DataOffsets) != 2 {
		return 0, 0, false, errf("tensor %q: data_offsets must be [begin, end]", name)
	}
	begin, end := ti.DataOffsets[0], ti.DataOffsets[1]
	if begin > end || end > dataSize {
		return 0, 0, false, errf("tensor %q: data_offsets [%d, %d) outside the %d bytes of data", name, begin, end, dataSize)
	}
	nbytes = end - begin
	elems = 1
	for _, d := range ti.Shape {
		hi, lo := bits.Mul64(elems, d)
		if hi != 0 {
			return 0, 0, false, errf("tensor %q: shape %v overflows", name, ti.Shape)
		}
		elems = lo
	}
	width, known := dtypeBits[ti.DType]
	if !known {
		// Elements still come from the shape; without a width they cannot be
		// checked against the bytes, but an element needs at least one bit.
		if elems/8 > nbytes {
			return 0, 0, false, errf("tensor %q: %d elements in %d bytes", name, elems, nbytes)
		}
		return elems, nbytes, false, nil
	}
	hi, totalBits := bits.Mul64(elems, width)
	if hi != 0 || totalBits%8 != 0 || totalBits/8 != nbytes {
		return 0, 0, false, errf("tensor %q: %s %v is %d bits, but data_offsets span %d bytes", name, ti.DType, ti.Shape, totalBits, nbytes)
	}
	return elems, nbytes, true, nil
}

func (h *Header) readMetadata(dec *json.Decoder) error {
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		if t == nil && err == nil {
			h.Metadata = map[string]string{} // "__metadata__": null
			return nil
		}
		return errf("__metadata__ is not an object of strings")
	}
	h.Metadata = map[string]string{}
	cut := false
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return errf("__metadata__: %v", oneLine(err))
		}
		vt, err := dec.Token()
		if err != nil {
			return errf("__metadata__: %v", oneLine(err))
		}
		k, _ := kt.(string)
		v, ok := vt.(string)
		if !ok {
			return errf("__metadata__ %q: not a string", trunc(k, 64))
		}
		if len(h.Metadata) >= MaxMetadata {
			cut = true
			continue
		}
		if len(k) > maxNameBytes || len(v) > MaxMetadataValue {
			cut = true
			k, v = trunc(k, maxNameBytes), trunc(v, MaxMetadataValue)
		}
		h.Metadata[k] = v
	}
	if _, err := dec.Token(); err != nil {
		return errf("__metadata__: %v", oneLine(err))
	}
	if cut {
		h.Notes = append(h.Notes, fmt.Sprintf("__metadata__ cut to %d entries of at most %d bytes", MaxMetadata, MaxMetadataValue))
	}
	return nil
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

func oneLine(err error) string { return strings.ReplaceAll(err.Error(), "\n", " ") }
