package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// A capture is what `gtm record` writes: one snapshot per line (JSONL), in
// the order they were taken. A single `gtm --json` file is a capture of one.

// Capture limits keep a hostile or mistaken file from taking unbounded
// memory: a capture is read whole, so both its size and its length are
// capped (and its rows: see MaxSnapshotProcesses).
const (
	MaxCaptureBytes     = 512 << 20
	MaxCaptureSnapshots = 200_000
)

// CaptureWriter appends snapshots to a capture, one compact JSON line each,
// each line in one write.
type CaptureWriter struct {
	w    io.Writer
	buf  bytes.Buffer
	enc  *json.Encoder
	n    int
	file CaptureFile
	end  int64 // bytes of complete lines written to file
}

// CaptureFile is a capture file of gtm's own, new and empty, that the
// writer may cut back.
type CaptureFile interface {
	io.WriteSeeker
	Truncate(size int64) error
}

// NewCaptureWriter writes a capture to w.
func NewCaptureWriter(w io.Writer) *CaptureWriter {
	c := &CaptureWriter{w: w}
	c.enc = json.NewEncoder(&c.buf)
	return c
}

// NewCaptureFileWriter writes a capture to f, a new empty file. A line
// that could not be written whole (a full disk) is cut off again, so the
// file still ends with its last complete snapshot.
func NewCaptureFileWriter(f CaptureFile) *CaptureWriter {
	c := NewCaptureWriter(f)
	c.file = f
	return c
}

// Write appends one snapshot as one line.
func (c *CaptureWriter) Write(s *Snapshot) error {
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
func (c *CaptureWriter) cutBack() error {
	if err := c.file.Truncate(c.end); err != nil {
		return err
	}
	_, err := c.file.Seek(c.end, io.SeekStart)
	return err
}

// Count is how many snapshots were written.
func (c *CaptureWriter) Count() int { return c.n }
