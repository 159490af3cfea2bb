package torchzip_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/torchzip"
	"github.com/gputaskman/gtm/inspect/torchzip/torchzipgen"
)

// FuzzParse: any bytes give a classified one-line error or a checkpoint
// whose figures fit the file.
func FuzzParse(f *testing.F) {
	f.Add((&torchzipgen.Checkpoint{Storages: []int{3, 5}}).Bytes())
	f.Add(toZip64((&torchzipgen.Checkpoint{Archive: "m", Storages: []int{1}}).Bytes()))
	f.Add((&torchzipgen.Checkpoint{Storages: []int{40}, Deflate: true, TorchScript: true}).Bytes())
	f.Add([]byte{0x80, 0x02, 0x8a, 0x0a})
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := torchzip.Parse(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			if c != nil {
				t.Fatal("checkpoint with error")
			}
			classified := false
			for _, class := range []error{torchzip.ErrNotTorch, torchzip.ErrInvalid, torchzip.ErrTruncated, torchzip.ErrTooLarge, torchzip.ErrRead} {
				classified = classified || errors.Is(err, class)
			}
			if !classified || strings.Contains(err.Error(), "\n") {
				t.Fatalf("bad error %q", err)
			}
			return
		}
		for _, n := range c.Notes {
			if strings.ContainsAny(n, "\n\r") {
				t.Fatalf("multi-line note %q", n)
			}
		}
		if c.Legacy {
			return
		}
		if c.Storages > c.Entries || c.Entries > torchzip.MaxEntries || len(c.Notes) > torchzip.MaxNotes ||
			len(c.Archive) > torchzip.MaxArchiveLen+3 {
			t.Fatalf("%+v", c)
		}
		// stored storages lie inside the file; a compressed one may claim more
		if !strings.Contains(strings.Join(c.Notes, "|"), "compressed") && c.StorageBytes > uint64(len(b)) {
			t.Fatalf("%d storage bytes in a %d-byte file", c.StorageBytes, len(b))
		}
	})
}
