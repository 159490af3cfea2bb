// Package capture writes and reads back captures (what `gtm record`
// writes: one snapshot per line) and single `gtm --json` snapshots, under
// limits that keep a hostile file cheap, and replays them.
package capture

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/gputaskman/gtm/internal/schema"
)

// A capture is what `gtm record` writes: one snapshot per line (JSONL), in
// the order they were taken. A single `gtm --json` file is a capture of one.

// Capture limits keep a hostile or mistaken file from taking unbounded
// memory: a capture is read whole, so both its size and its length are
// capped (and its rows: see MaxSnapshotProcesses).
const (
	MaxBytes     = 512 << 20
	MaxSnapshots = 200_000
)

// Writer appends snapshots to a capture, one compact JSON line each,
// each line in one write.
type Writer struct {
	w    io.Writer
	buf  bytes.Buffer
	enc  *json.Encoder
	n    int
	file File
	end  int64 // bytes of complete lines written to file
}

// File is a capture file of gtm's own, new and empty, that the
// writer may cut back.
type File interface {
	io.WriteSeeker
	Truncate(size int64) error
}

// NewWriter writes a capture to w.
func NewWriter(w io.Writer) *Writer {
	c := &Writer{w: w}
	c.enc = json.NewEncoder(&c.buf)
	return c
}

// NewFileWriter writes a capture to f, a new empty file. A line
// that could not be written whole (a full disk) is cut off again, so the
// file still ends with its last complete snapshot.
func NewFileWriter(f File) *Writer {
	c := NewWriter(f)
	c.file = f
	return c
}

// Write appends one snapshot as one line.
func (c *Writer) Write(s *schema.Snapshot) error {
	c.buf.Reset()
	if err := c.enc.Encode(s); err != nil {
		return err
	}
	n, err := c.w.Write(c.buf.Bytes())
	if err != nil {
		if n > 0 && c.file != nil {
			if terr := c.cutBack(); terr != nil {
				return fmt.Errorf("%w (and the partial line could not be removed: %v)", err, terr)
			}
		}
		return err
	}
	c.end += int64(n)
	c.n++
	return nil
}

// cutBack drops a partial last line, so the next write (if any) follows
// the last complete one.
func (c *Writer) cutBack() error {
	if err := c.file.Truncate(c.end); err != nil {
		return err
	}
	_, err := c.file.Seek(c.end, io.SeekStart)
	return err
}

// Count is how many snapshots were written.
func (c *Writer) Count() int { return c.n }
