package capture

import (
	"bytes"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

// shortFile is a file that takes limit bytes and then fails, the way a
// full disk cuts a write: part of the line lands, then the error.
type shortFile struct {
	data  []byte
	off   int64
	limit int
}

var errDiskFull = errors.New("no space left on device")

func (f *shortFile) Write(p []byte) (int, error) {
	room := f.limit - int(f.off)
	n := min(max(room, 0), len(p))
	end := f.off + int64(n)
	if int64(len(f.data)) < end {
		f.data = append(f.data, make([]byte, end-int64(len(f.data)))...)
	}
	copy(f.data[f.off:end], p[:n])
	f.off = end
	if n < len(p) {
		return n, errDiskFull
	}
	return n, nil
}

func (f *shortFile) Seek(off int64, whence int) (int64, error) {
	if whence != io.SeekStart {
		return 0, errors.New("only SeekStart")
	}
	f.off = off
	return off, nil
}

func (f *shortFile) Truncate(n int64) error {
	f.data = f.data[:n]
	return nil
}

// TestCaptureFileWriterCutsPartialLine: a write that fails mid-line leaves
// the capture ending with its last complete snapshot, readable whole.
func TestCaptureFileWriterCutsPartialLine(t *testing.T) {
	s := &schema.Snapshot{SchemaVersion: schema.SchemaVersion, TakenAt: time.Unix(1700000000, 0).UTC()}
	var one bytes.Buffer
	if err := NewWriter(&one).Write(s); err != nil {
		t.Fatal(err)
	}
	line := one.Len()
	f := &shortFile{limit: 2*line + line/2} // room for two lines and half a third
	cw := NewFileWriter(f)
	for i := 0; i < 2; i++ {
		if err := cw.Write(s); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
	}
	if err := cw.Write(s); !errors.Is(err, errDiskFull) {
		t.Fatalf("third line: %v, want the write error", err)
	}
	if len(f.data) != 2*line || f.off != int64(2*line) {
		t.Fatalf("file is %d bytes (offset %d), want the two complete lines, %d", len(f.data), f.off, 2*line)
	}
	snaps, err := Read(bytes.NewReader(f.data))
	if err != nil || len(snaps) != 2 || cw.Count() != 2 {
		t.Errorf("read back: %d snapshots, %v; count %d", len(snaps), err, cw.Count())
	}
	// Room again (space freed): the next line follows the last whole one.
	f.limit = 1 << 20
	if err := cw.Write(s); err != nil {
		t.Fatal(err)
	}
	if snaps, err := Read(bytes.NewReader(f.data)); err != nil || len(snaps) != 3 {
		t.Errorf("after space came back: %d snapshots, %v", len(snaps), err)
	}
}
