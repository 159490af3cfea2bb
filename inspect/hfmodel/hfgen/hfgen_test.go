package hfgen

import (
	"encoding/binary"
	"encoding/json"
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
