package hfgen

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// The header is padded to 8 bytes and its offsets are contiguous, as
// safetensors writes them; the file is as long as the header says.
func TestWriteSafetensors(t *testing.T) {
	ts := []Tensor{T("a", "BF16", 3, 5), T("b", "F4", 2, 2), T("s", "F32")}
	p := filepath.Join(t.TempDir(), "x.safetensors")
	if err := WriteSafetensors(p, map[string]string{"format": "pt"}, ts); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	n := binary.LittleEndian.Uint64(b)
	if n%8 != 0 || uint64(len(b)) != 8+n+30+2+4 {
		t.Fatalf("header %d, file %d", n, len(b))
	}
	var h map[string]json.RawMessage
	if err := json.Unmarshal(b[8:8+n], &h); err != nil || len(h) != 4 {
		t.Fatalf("%v %d", err, len(h))
	}
	var s struct {
		DataOffsets []uint64 `json:"data_offsets"`
	}
	json.Unmarshal(h["b"], &s)
	if s.DataOffsets[0] != 30 || s.DataOffsets[1] != 32 {
		t.Fatalf("b at %v", s.DataOffsets)
	}
}

// The generated hostile file is a valid safetensors header: JSON, every
// entry unique, read the same through any window.
func TestHostile(t *testing.T) {
	for _, n := range []int{0, 1, 3, 1000} {
		h := Hostile{N: n}
		b, err := io.ReadAll(io.NewSectionReader(h, 0, h.Size()))
		if err != nil || int64(len(b)) != h.Size() || h.HeaderBytes()%8 != 0 {
			t.Fatalf("%d: %v, %d bytes of %d", n, err, len(b), h.Size())
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(b[8:], &m); err != nil || len(m) != n {
			t.Fatalf("%d: %v, %d entries", n, err, len(m))
		}
		part := make([]byte, 13)
		if _, err := h.ReadAt(part, 77); n == 1000 && (err != nil || !bytes.Equal(part, b[77:90])) {
			t.Fatalf("window: %q vs %q (%v)", part, b[77:90], err)
		}
	}
}
