package app

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/gputaskman/gtm/inspect/safefile"
)

// maxCaptureLine bounds one line of a capture (one snapshot).
const maxCaptureLine = 64 << 20

// LoadSnapshot reads one snapshot named by ref: a `gtm --json` file, or
// one line of a `gtm record` capture as FILE:N (N from 1). A capture named
// without :N is accepted only when it holds one snapshot. Errors are one
// line and name the file.
func LoadSnapshot(ref string) (*Snapshot, error) {
	path, line := splitRef(ref)
	// A FIFO or device is refused, not waited on.
	f, _, err := safefile.Open(path, MaxCaptureBytes)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, oneLine(err))
	}
	defer f.Close()
	if line > 0 {
		s, err := snapshotAtLine(f, line)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", ref, err)
		}
		return s, nil
	}
	snaps, err := ReadCapture(f)
	switch {
	case err != nil:
		return nil, fmt.Errorf("%s: %w", path, oneLine(err))
	case len(snaps) > 1:
		return nil, fmt.Errorf("%s is a capture of %d snapshots; name one as %s:N (1 to %d)", path, len(snaps), path, len(snaps))
	}
	return snaps[0], nil
}

// splitRef splits FILE:N. A path that exists as given wins, so a file whose
// name ends in ":3" can still be read.
func splitRef(ref string) (string, int) {
	i := strings.LastIndexByte(ref, ':')
	if i <= 0 {
		return ref, 0
	}
	n, err := strconv.Atoi(ref[i+1:])
	if err != nil || n < 1 {
		return ref, 0
	}
	if _, err := os.Stat(ref); err == nil {
		return ref, 0
	}
	return ref[:i], n
}

// snapshotAtLine decodes the n-th non-empty line of a capture.
func snapshotAtLine(r io.Reader, n int) (*Snapshot, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxCaptureLine)
	seen := 0
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		seen++
		if seen < n {
			continue
		}
		var s Snapshot
		if err := json.Unmarshal(line, &s); err != nil {
			return nil, fmt.Errorf("line %d is not a gtm snapshot: %v", n, oneLine(err))
		}
		if s.SchemaVersion == 0 {
			return nil, fmt.Errorf("line %d is not a gtm snapshot (no schema_version)", n)
		}
		if s.SchemaVersion != SchemaVersion {
			return nil, fmt.Errorf("line %d: schema_version %d is not supported (this gtm reads %d)", n, s.SchemaVersion, SchemaVersion)
		}
		return &s, nil
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("line %d is longer than %d MiB", seen+1, maxCaptureLine>>20)
		}
		return nil, oneLine(err)
	}
	return nil, fmt.Errorf("the capture has %d %s, not %d", seen, plural(seen, "snapshot", "snapshots"), n)
}

// oneLine keeps an error message to one line.
func oneLine(err error) error {
	msg := err.Error()
	if !strings.ContainsAny(msg, "\r\n") {
		return err
	}
	return errors.New(strings.Join(strings.Fields(msg), " "))
}
