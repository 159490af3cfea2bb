package app

import (
	"encoding/json"
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

// CaptureWriter appends snapshots to a capture, one compact JSON line each.
type CaptureWriter struct {
	w   io.Writer
	enc *json.Encoder
	n   int
}

// NewCaptureWriter writes a capture to w.
func NewCaptureWriter(w io.Writer) *CaptureWriter {
	return &CaptureWriter{w: w, enc: json.NewEncoder(w)}
}

// Write appends one snapshot as one line.
func (c *CaptureWriter) Write(s *Snapshot) error {
	if err := c.enc.Encode(s); err != nil {
		return err
	}
	c.n++
	return nil
}

// Count is how many snapshots were written.
func (c *CaptureWriter) Count() int { return c.n }
