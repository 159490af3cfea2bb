package capture

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/gputaskman/gtm/app/internal/textfmt"
	"github.com/gputaskman/gtm/internal/safefile"
	"github.com/gputaskman/gtm/internal/schema"
)

// LoadSnapshot is LoadSnapshotWarn without the warnings.
func LoadSnapshot(ref string) (*schema.Snapshot, error) {
	s, _, err := LoadSnapshotWarn(ref)
	return s, err
}

// LoadSnapshotWarn reads one snapshot named by ref: a `gtm --json` file,
// or one snapshot of a `gtm record` capture as FILE:N (N from 1). A
// capture named without :N is accepted only when it holds one snapshot.
// It reads through the same limits as Decode and returns its
// warnings (a cut last line, values out of range), to be shown once.
// Errors are one line and name the file.
func LoadSnapshotWarn(ref string) (*schema.Snapshot, []string, error) {
	path, line := splitRef(ref)
	// A FIFO or device is refused, not waited on.
	f, _, err := safefile.Open(path, MaxBytes)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, oneLine(err))
	}
	defer f.Close()
	if line > 0 {
		s, warns, err := snapshotAt(f, line)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", ref, err)
		}
		return s, warns, nil
	}
	c, err := Decode(f)
	switch {
	case err != nil:
		return nil, nil, fmt.Errorf("%s: %w", path, oneLine(err))
	case len(c.Snapshots) > 1:
		return nil, nil, fmt.Errorf("%s is a capture of %d snapshots; name one as %s:N (1 to %d)", path, len(c.Snapshots), path, len(c.Snapshots))
	}
	return c.Snapshots[0], c.Warnings, nil
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

// snapshotAt decodes the n-th snapshot of a capture (its n-th line, for
// JSONL), scanning the ones before it under the reader's limits without
// decoding them.
func snapshotAt(r io.Reader, n int) (*schema.Snapshot, []string, error) {
	vr := newValueReader(r)
	for seen := 0; ; seen++ {
		data, err := vr.next()
		var cut *cutError
		switch {
		case errors.Is(err, io.EOF):
			return nil, nil, fmt.Errorf("the capture has %d %s, not %d", seen, textfmt.Plural(seen, "snapshot", "snapshots"), n)
		case errors.As(err, &cut) && seen > 0 && cut.lastLine():
			return nil, nil, fmt.Errorf("the capture has %d %s, not %d (%s)", seen, textfmt.Plural(seen, "snapshot", "snapshots"), n, cut.warning(seen))
		case cut != nil:
			return nil, nil, fmt.Errorf("line %d is not a gtm snapshot: %v", cut.line, oneLine(cut.decodeErr()))
		case err != nil:
			return nil, nil, err
		case seen+1 < n:
			continue
		}
		s, err := decodeSnapshot(data)
		switch {
		case errors.Is(err, errNoSchema):
			return nil, nil, fmt.Errorf("line %d is not a gtm snapshot (no schema_version)", vr.start)
		case errors.Is(err, errSchema):
			return nil, nil, fmt.Errorf("line %d: %w", vr.start, err)
		case err != nil:
			return nil, nil, fmt.Errorf("line %d is not a gtm snapshot: %v", vr.start, err)
		}
		var dropped rangeNotes
		dropped.check(s, n)
		if w := dropped.warning(); w != "" {
			return s, []string{w}, nil
		}
		return s, nil, nil
	}
}

// oneLine keeps an error message to one line.
func oneLine(err error) error {
	msg := err.Error()
	if !strings.ContainsAny(msg, "\r\n") {
		return err
	}
	return errors.New(strings.Join(strings.Fields(msg), " "))
}

// ReadSnapshot parses one snapshot written by WriteJSON under the limits
// of Decode, refusing other schema versions. Out-of-range readings
// are dropped to unknown, without the warning Decode gives.
func ReadSnapshot(r io.Reader) (*schema.Snapshot, error) {
	data, err := newValueReader(r).next()
	var cut *cutError
	switch {
	case errors.Is(err, io.EOF):
		return nil, errors.New("not a gtm snapshot: empty input")
	case errors.As(err, &cut):
		return nil, fmt.Errorf("not a gtm snapshot: %w", cut.decodeErr())
	case err != nil:
		return nil, err
	}
	s, err := decodeSnapshot(data)
	switch {
	case errors.Is(err, errNoSchema):
		return nil, errors.New("not a gtm snapshot (no schema_version)")
	case errors.Is(err, errSchema):
		return nil, fmt.Errorf("snapshot %w", err)
	case err != nil:
		return nil, fmt.Errorf("not a gtm snapshot: %w", err)
	}
	new(rangeNotes).check(s, 1)
	return s, nil
}
