package torchzipgen

import (
	"archive/zip"
	"bytes"
	"testing"
)

// TestLayout: the archive reads back with the standard library, in
// torch.save's record order, each record's data 64-byte aligned.
func TestLayout(t *testing.T) {
	b := (&Checkpoint{Archive: "m", Storages: []int{5, 70}}).Bytes()
	z, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"m/data.pkl", "m/.format_version", "m/.storage_alignment", "m/byteorder",
		"m/data/0", "m/data/1", "m/version", "m/.data/serialization_id"}
	if len(z.File) != len(want) {
		t.Fatalf("%d entries", len(z.File))
	}
	for i, f := range z.File {
		if f.Name != want[i] {
			t.Errorf("entry %d: %q, want %q", i, f.Name, want[i])
		}
		off, err := f.DataOffset()
		if err != nil || off%64 != 0 {
			t.Errorf("%s: data at %d (%v)", f.Name, off, err)
		}
		if f.Method != zip.Store {
			t.Errorf("%s: method %d", f.Name, f.Method)
		}
	}
	if z.File[5].UncompressedSize64 != 70 {
		t.Errorf("data/1: %d bytes", z.File[5].UncompressedSize64)
	}
}
