package torchzip_test

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/torchzip"
	"github.com/gputaskman/gtm/inspect/torchzip/torchzipgen"
)

func parse(b []byte) (*torchzip.Checkpoint, error) {
	return torchzip.Parse(bytes.NewReader(b), int64(len(b)))
}

func TestRoundTrip(t *testing.T) {
	storages := []int{100, 0, 4096, 7}
	g := &torchzipgen.Checkpoint{Archive: "model", Storages: storages}
	c, err := parse(g.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var sum uint64
	for _, n := range storages {
		sum += uint64(n)
	}
	// data.pkl, .format_version, .storage_alignment, byteorder,
	// 4 storages, version, .data/serialization_id
	if c.Archive != "model" || c.Storages != 4 || c.StorageBytes != sum || c.Entries != 10 ||
		c.PickleBytes != 4 || c.Legacy || c.TorchScript {
		t.Errorf("%+v", c)
	}
	notes := strings.Join(c.Notes, "|")
	for _, want := range []string{"data.pkl: 4 bytes, not read", "version", "byteorder", ".data/serialization_id"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes %q lack %q", c.Notes, want)
		}
	}
}

func TestVariants(t *testing.T) {
	c, err := parse((&torchzipgen.Checkpoint{Storages: []int{8}, TorchScript: true, NoByteorder: true}).Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if c.Archive != "archive" || !c.TorchScript || !strings.Contains(strings.Join(c.Notes, "|"), "no byteorder") {
		t.Errorf("%+v", c)
	}
	c, err = parse((&torchzipgen.Checkpoint{Storages: []int{5000, 3}, Deflate: true}).Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if c.StorageBytes != 5003 || !strings.Contains(strings.Join(c.Notes, "|"), "2 storages are compressed") {
		t.Errorf("%+v", c)
	}
}

func TestLegacyAndNotTorch(t *testing.T) {
	for _, v := range []byte{2, 3, 4, 5} {
		c, err := parse([]byte{0x80, v, 0x8a, 0x0a})
		if err != nil || !c.Legacy || c.Storages != 0 || !strings.Contains(c.Notes[0], "never unpickles") {
			t.Errorf("protocol %d: %+v %v", v, c, err)
		}
	}
	var plain bytes.Buffer
	z := zip.NewWriter(&plain)
	w, _ := z.Create("data.pkl") // not in an archive folder
	w.Write([]byte{0x80, 2, '}', '.'})
	z.Close()
	for name, b := range map[string][]byte{
		"empty":       nil,
		"text":        []byte("hello world, not a checkpoint"),
		"pickle v1":   {0x80, 0x01, 0, 0},
		"no data.pkl": (&torchzipgen.Checkpoint{Storages: []int{4}, NoPickle: true}).Bytes(),
		"no folder":   plain.Bytes(),
	} {
		if _, err := parse(b); !errors.Is(err, torchzip.ErrNotTorch) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// toZip64 rewrites a plain archive's end as PyTorch's miniz writes it:
// a zip64 end record and locator, and 0xffff/0xffffffff in the classic
// record.
func toZip64(b []byte) []byte {
	eocd := bytes.LastIndex(b, []byte("PK\x05\x06"))
	entries := binary.LittleEndian.Uint16(b[eocd+10:])
	cdSize := binary.LittleEndian.Uint32(b[eocd+12:])
	cdOff := binary.LittleEndian.Uint32(b[eocd+16:])
	out := append([]byte(nil), b[:eocd]...)
	z64 := len(out)
	rec := binary.LittleEndian.AppendUint32(nil, 0x06064b50)
	rec = binary.LittleEndian.AppendUint64(rec, 44)
	rec = append(rec, 45, 0, 45, 0)
	rec = append(rec, 0, 0, 0, 0, 0, 0, 0, 0)
	rec = binary.LittleEndian.AppendUint64(rec, uint64(entries))
	rec = binary.LittleEndian.AppendUint64(rec, uint64(entries))
	rec = binary.LittleEndian.AppendUint64(rec, uint64(cdSize))
	rec = binary.LittleEndian.AppendUint64(rec, uint64(cdOff))
	out = append(out, rec...)
	loc := binary.LittleEndian.AppendUint32(nil, 0x07064b50)
	loc = append(loc, 0, 0, 0, 0)
	loc = binary.LittleEndian.AppendUint64(loc, uint64(z64))
	loc = binary.LittleEndian.AppendUint32(loc, 1)
	out = append(out, loc...)
	end := binary.LittleEndian.AppendUint32(nil, 0x06054b50)
	end = append(end, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0)
	return append(out, end...)
}

func TestZip64(t *testing.T) {
	b := toZip64((&torchzipgen.Checkpoint{Storages: []int{10, 20}}).Bytes())
	c, err := parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if c.Storages != 2 || c.StorageBytes != 30 || c.Entries != 8 {
		t.Errorf("%+v", c)
	}
}

func TestTruncatedEveryByte(t *testing.T) {
	full := (&torchzipgen.Checkpoint{Storages: []int{3, 5}}).Bytes()
	for n := 0; n < len(full); n++ {
		_, err := parse(full[:n])
		if err == nil {
			t.Fatalf("prefix %d of %d parsed", n, len(full))
		}
		if strings.Contains(err.Error(), "\n") {
			t.Fatalf("multi-line error %q", err)
		}
	}
}

// patchEOCD rewrites the classic end record's entries, size and offset.
func patchEOCD(b []byte, entries uint16, size, off uint32) []byte {
	b = append([]byte(nil), b...)
	e := bytes.LastIndex(b, []byte("PK\x05\x06"))
	binary.LittleEndian.PutUint16(b[e+8:], entries)
	binary.LittleEndian.PutUint16(b[e+10:], entries)
	binary.LittleEndian.PutUint32(b[e+12:], size)
	binary.LittleEndian.PutUint32(b[e+16:], off)
	return b
}

func TestHostile(t *testing.T) {
	good := (&torchzipgen.Checkpoint{Storages: []int{3, 5}}).Bytes()
	e := bytes.LastIndex(good, []byte("PK\x05\x06"))
	cdSize := binary.LittleEndian.Uint32(good[e+12:])
	cdOff := binary.LittleEndian.Uint32(good[e+16:])

	// a storage whose size points past the directory
	big := append([]byte(nil), good...)
	c := bytes.Index(big[cdOff:], []byte("archive/data/0")) + int(cdOff) - 46
	binary.LittleEndian.PutUint32(big[c+20:], 1<<30)
	binary.LittleEndian.PutUint32(big[c+24:], 1<<30)

	// zip64 end record claiming 2^40 entries
	z := toZip64(good)
	z64 := bytes.LastIndex(z, []byte("PK\x06\x06"))
	binary.LittleEndian.PutUint64(z[z64+32:], 1<<40)

	cases := []struct {
		name string
		b    []byte
		want error
	}{
		{"entries cannot fit", patchEOCD(good, 0xfff0, cdSize, cdOff), torchzip.ErrInvalid},
		{"directory past end record", patchEOCD(good, 8, cdSize+100, cdOff), torchzip.ErrInvalid},
		{"directory offset wrong", patchEOCD(good, 8, cdSize, cdOff-3), torchzip.ErrInvalid},
		{"storage past directory", big, torchzip.ErrInvalid},
		{"2^40 entries", z, torchzip.ErrTooLarge},
		{"zip head, no end record", good[:len(good)-22], torchzip.ErrTruncated},
	}
	for _, k := range cases {
		if _, err := parse(k.b); !errors.Is(err, k.want) {
			t.Errorf("%s: got %v, want %v", k.name, err, k.want)
		}
	}
}

// TestHostileAllocations: a 1 GiB file claiming a 1 GiB central directory
// of MaxEntries entries costs Parse a bounded window, not the directory.
func TestHostileAllocations(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hostile.pt")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	f.Write([]byte("PK\x03\x04"))
	const cd = 1 << 30
	end := binary.LittleEndian.AppendUint32(nil, 0x06054b50)
	end = append(end, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff)
	end = binary.LittleEndian.AppendUint32(end, cd-64)
	end = binary.LittleEndian.AppendUint32(end, 64)
	end = append(end, 0, 0)
	if _, err := f.WriteAt(end, cd); err != nil {
		t.Fatal(err)
	}
	fi, _ := f.Stat()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err = torchzip.Parse(f, fi.Size())
	runtime.ReadMemStats(&after)
	if !errors.Is(err, torchzip.ErrInvalid) {
		t.Errorf("got %v", err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
		t.Errorf("allocated %d bytes", got)
	}
}

// TestNoPerEntryAllocation: walking the directory allocates the same for
// 10 storages as for 1,000.
func TestNoPerEntryAllocation(t *testing.T) {
	allocs := func(n int) float64 {
		b := (&torchzipgen.Checkpoint{Storages: make([]int, n)}).Bytes()
		return testing.AllocsPerRun(20, func() { parse(b) })
	}
	if small, large := allocs(10), allocs(1000); large > small+2 {
		t.Errorf("%v allocations for 10 storages, %v for 1,000", small, large)
	}
}

func BenchmarkParse1000(b *testing.B) {
	data := (&torchzipgen.Checkpoint{Storages: make([]int, 1000)}).Bytes()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parse(data); err != nil {
			b.Fatal(err)
		}
	}
}
