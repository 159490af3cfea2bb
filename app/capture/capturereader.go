package capture

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unsafe"

	"github.com/gputaskman/gtm/app/internal/textfmt"

	"github.com/gputaskman/gtm/internal/schema"
)

// Bytes alone do not bound what a capture costs to read: `{}` is 3 bytes of
// JSON and a decoded Process about 400, so a 3 MiB file of empty rows took
// gigabytes. The reader counts every list item while it scans a snapshot's
// JSON, before decoding it, against these limits. They come from real
// sizes: gtm writes every key of a row, so a process row is at least 750
// bytes of JSON (1.5 KiB in the demo capture) and a device row 450.
const (
	// MaxSnapshotBytes bounds one snapshot: one line of a capture, or one
	// indented `gtm --json`. A 5,000-process machine writes about 8 MiB.
	MaxSnapshotBytes = 64 << 20
	// MaxSnapshotProcesses bounds the process rows of one snapshot: a
	// 5,000-process machine with every process on four GPUs.
	MaxSnapshotProcesses = 20_000
	// MaxSnapshotDevices bounds the devices of one snapshot; the largest
	// machines hold 16 GPUs (each MIG instance is inside its device).
	MaxSnapshotDevices = 256
	// MaxListItems bounds any other single list (a command line, notes,
	// models, libraries, events): a 128 KiB command line (what the Linux
	// backend reads) holds at most this many one-byte arguments.
	MaxListItems = 128 << 10
	// MaxSnapshotDepth bounds nesting; a snapshot nests six levels deep.
	MaxSnapshotDepth = 64
	// rowMemoryFloor and rowMemoryPerByte bound what a capture's list
	// items take decoded: at most the floor plus twice the JSON read so
	// far. Rows gtm writes take less than their JSON (a process row
	// with a short command line about 500 bytes of lists against at
	// least 750 of JSON), so only hand-made rows of empty objects reach
	// it; the floor keeps one small snapshot of MaxSnapshotProcesses
	// empty rows (8.2 MiB decoded) readable.
	rowMemoryFloor   = 10 << 20
	rowMemoryPerByte = 2
)

// Capture is a capture read back: its snapshots, in the order taken, and
// warnings about what was read but not whole (a cut last line, values out
// of range dropped to unknown), one line each, to be shown once.
type Capture struct {
	Snapshots []*schema.Snapshot
	Warnings  []string
}

// Decode reads every snapshot of a capture: a JSONL file from `gtm
// record` or a single (indented) `gtm --json` snapshot. Each one must have
// this gtm's schema version. An empty input is an error, and so is a
// corrupt snapshot anywhere but a cut last line, which is left out with a
// warning: a full disk or an interrupted `gtm record` leaves one.
func Decode(r io.Reader) (*Capture, error) {
	vr := newValueReader(r)
	c := &Capture{}
	var dropped rangeNotes
	for {
		data, err := vr.next()
		if errors.Is(err, io.EOF) {
			break
		}
		var cut *cutError
		if errors.As(err, &cut) && len(c.Snapshots) > 0 && cut.lastLine() {
			c.Warnings = append(c.Warnings, cut.warning(len(c.Snapshots)))
			break
		}
		if err != nil {
			if cut != nil && len(c.Snapshots) == 0 {
				return nil, fmt.Errorf("not a gtm snapshot or capture: %w", cut.decodeErr())
			}
			if cut != nil {
				return nil, fmt.Errorf("snapshot %d of the capture: %w", len(c.Snapshots)+1, cut.decodeErr())
			}
			return nil, err
		}
		if len(c.Snapshots) == MaxSnapshots {
			return nil, fmt.Errorf("capture has more than %d snapshots", MaxSnapshots)
		}
		n := len(c.Snapshots) + 1
		s, err := decodeSnapshot(data)
		switch {
		case errors.Is(err, errNoSchema):
			return nil, fmt.Errorf("snapshot %d: not a gtm snapshot (no schema_version)", n)
		case errors.Is(err, errSchema):
			return nil, fmt.Errorf("snapshot %d: %w", n, err)
		case err != nil && n == 1:
			return nil, fmt.Errorf("not a gtm snapshot or capture: %w", err)
		case err != nil:
			return nil, fmt.Errorf("snapshot %d of the capture: %w", n, err)
		}
		dropped.check(s, n)
		c.Snapshots = append(c.Snapshots, s)
	}
	if len(c.Snapshots) == 0 {
		return nil, errors.New("no snapshot in the file")
	}
	if w := dropped.warning(); w != "" {
		c.Warnings = append(c.Warnings, w)
	}
	return c, nil
}

// Read is Decode without the warnings, for a capture known
// to be whole (the built-in demo). Commands use Decode and show
// its warnings.
func Read(r io.Reader) ([]*schema.Snapshot, error) {
	c, err := Decode(r)
	if err != nil {
		return nil, err
	}
	return c.Snapshots, nil
}

var (
	errNoSchema = errors.New("no schema_version")
	errSchema   = errors.New("schema_version is not supported")
)

// schemaError names the version found; it matches errSchema.
type schemaError int

func (e schemaError) Error() string {
	return fmt.Sprintf("schema_version %d is not supported (this gtm reads %d)", int(e), schema.SchemaVersion)
}
func (e schemaError) Is(target error) bool { return target == errSchema }

// decodeSnapshot decodes one value the valueReader has bounded and checks
// its schema version.
func decodeSnapshot(data []byte) (*schema.Snapshot, error) {
	var s schema.Snapshot
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, oneLine(err)
	}
	switch s.SchemaVersion {
	case schema.SchemaVersion:
		return &s, nil
	case 0:
		return nil, errNoSchema
	}
	return nil, schemaError(s.SchemaVersion)
}

// cutError is a value the input ended inside of.
type cutError struct {
	data []byte
	line int
}

func (e *cutError) Error() string {
	return fmt.Sprintf("line %d is cut (%d bytes)", e.line, len(e.data))
}

// lastLine reports whether the cut value is a line that was being written
// when the writer stopped: a snapshot on one line that is valid JSON as
// far as it goes. Anything else is corrupt, not cut.
func (e *cutError) lastLine() bool {
	return len(e.data) > 0 && e.data[0] == '{' && bytes.IndexByte(e.data, '\n') < 0 &&
		errors.Is(e.decodeErr(), io.ErrUnexpectedEOF)
}

// decodeErr is what the JSON decoder says about the cut value: unexpected
// EOF when it is only short, a syntax error when it is also corrupt.
func (e *cutError) decodeErr() error {
	err := json.NewDecoder(bytes.NewReader(e.data)).Decode(new(json.RawMessage))
	if err == nil {
		err = io.ErrUnexpectedEOF
	}
	return err
}

func (e *cutError) warning(read int) string {
	return fmt.Sprintf("the last line is cut (%d bytes): a full disk or an interrupted write; read %d %s",
		len(e.data), read, textfmt.Plural(read, "snapshot", "snapshots"))
}

// listKind is what a list holds, told by its key, for its limit and the
// memory one item takes decoded.
type listKind uint8

const (
	listOther listKind = iota
	listProcesses
	listDevices
	listModels
	listRuntimes
	listSources
	listEvents
	listMIG
)

// itemSize is the memory one decoded item of each kind of list takes: the
// element of the slice it decodes into. Other lists hold strings (a string
// header each) or numbers (counted apart).
var itemSize = [...]int64{
	listOther:     int64(unsafe.Sizeof("")),
	listProcesses: int64(unsafe.Sizeof(schema.Process{})),
	listDevices:   int64(max(unsafe.Sizeof(schema.Device{}), unsafe.Sizeof(schema.WSLDevice{}))),
	listModels:    int64(unsafe.Sizeof(schema.Model{})),
	listRuntimes:  int64(unsafe.Sizeof(schema.Runtime{})),
	listSources:   int64(unsafe.Sizeof(schema.SourceStatus{})),
	listEvents:    int64(unsafe.Sizeof(schema.AppEvent{})),
	listMIG:       int64(unsafe.Sizeof(schema.MIGInstance{})),
}

var listKeys = []struct {
	key  string
	kind listKind
}{
	{"processes", listProcesses}, {"devices", listDevices}, {"models", listModels},
	{"runtimes", listRuntimes}, {"sources", listSources}, {"events", listEvents},
	{"mig_instances", listMIG},
}

// maxKeyBytes bounds the part of an object key kept to tell lists apart;
// a longer key names no list (even spelled with \u escapes).
const maxKeyBytes = 128

// kindOf tells a list by its key the way encoding/json matches keys to
// fields: escapes decoded, case folded.
func kindOf(key []byte) listKind {
	if bytes.IndexByte(key, '\\') >= 0 {
		var s string
		if json.Unmarshal(append(append([]byte{'"'}, key...), '"'), &s) != nil {
			return listOther
		}
		key = []byte(s)
	}
	for _, k := range listKeys {
		if bytes.EqualFold(key, []byte(k.key)) {
			return k.kind
		}
	}
	return listOther
}

// frame is one open object or array of the value being scanned.
type frame struct {
	array bool
	// objects: whether the next string is a key, and the kind of list
	// the last key names.
	expectKey bool
	keyKind   listKind
	// arrays: what they hold, whether an item is due, and how many came.
	kind     listKind
	topLevel bool
	needItem bool
	items    int
}

// valueReader splits a capture into its top-level JSON values (a line of
// JSONL, or one indented snapshot) and counts list items as it goes, so
// that every limit holds before a value is decoded. It does not validate
// JSON; the decoder does that on each bounded value.
type valueReader struct {
	r     io.Reader
	chunk []byte
	pos   int
	eof   error

	line  int   // the line being read, from 1
	read  int64 // bytes consumed
	rows  int64 // list items so far
	bytes int64 // their decoded memory

	buf    []byte
	stack  []frame
	key    []byte
	procs  int
	devs   int
	inStr  bool
	inKey  bool
	escape bool
	scalar bool
	start  int // the line the value started on
}

func newValueReader(r io.Reader) *valueReader {
	return &valueReader{r: r, chunk: make([]byte, 0, 64<<10), line: 1}
}

// fill reads the next chunk; false at the end of the input (or on an
// error, kept in eof).
func (v *valueReader) fill() bool {
	if v.eof != nil {
		return false
	}
	v.chunk, v.pos = v.chunk[:cap(v.chunk)], 0
	n, err := v.r.Read(v.chunk)
	v.chunk = v.chunk[:n]
	if err != nil {
		v.eof = err
	}
	return n > 0 || v.eof == nil
}

// next returns the next top-level value, io.EOF after the last, or a
// *cutError when the input ends inside one. The bytes are valid until the
// next call.
func (v *valueReader) next() ([]byte, error) {
	v.buf, v.stack = v.buf[:0], v.stack[:0]
	v.procs, v.devs = 0, 0
	v.inStr, v.inKey, v.escape, v.scalar = false, false, false, false
	started := false
	for {
		if v.pos == len(v.chunk) && !v.fill() {
			return v.atEnd(started)
		}
		if v.inStr && !v.escape && !v.inKey {
			if err := v.takeString(); err != nil {
				return nil, err
			}
			if v.pos == len(v.chunk) {
				continue
			}
		}
		c := v.chunk[v.pos]
		v.pos++
		v.read++
		if v.read > MaxBytes {
			return nil, errTooLarge()
		}
		if c == '\n' {
			v.line++
		}
		if v.inStr {
			done, err := v.stringByte(c)
			if err != nil {
				return nil, err
			}
			if done {
				return v.buf, nil
			}
			continue
		}
		if c == ' ' || c == '\t' || c == '\r' || c == '\n' {
			if !started {
				continue
			}
			if v.scalar {
				return v.buf, nil
			}
			v.buf = append(v.buf, c)
			continue
		}
		if !started {
			started, v.start = true, v.line
			v.scalar = c != '{' && c != '[' && c != '"'
			if c == '{' {
				v.bytes += int64(unsafe.Sizeof(schema.Snapshot{}))
			}
		} else if v.scalar && strings.IndexByte(`{}[]":,`, c) >= 0 {
			// A bare word ends where JSON structure starts; it is not a
			// snapshot, and the decoder will say so.
			v.pos--
			v.read--
			return v.buf, nil
		}
		done, err := v.structureByte(c)
		if err != nil {
			return nil, err
		}
		if done {
			return v.buf, nil
		}
	}
}

// atEnd is what next returns when the input ends: io.EOF between values,
// a bare word that ends with the input, or the value it ends inside.
func (v *valueReader) atEnd(started bool) ([]byte, error) {
	if v.eof != nil && !errors.Is(v.eof, io.EOF) {
		return nil, oneLine(v.eof)
	}
	switch {
	case !started:
		return nil, io.EOF
	case v.scalar:
		return v.buf, nil
	}
	return nil, &cutError{data: v.buf, line: v.start}
}

// takeString takes the string bytes up to the next quote or backslash in
// one go: most of a capture is string bytes.
func (v *valueReader) takeString() error {
	rest := v.chunk[v.pos:]
	i := bytes.IndexAny(rest, `"\\`)
	if i < 0 {
		i = len(rest)
	}
	v.buf = append(v.buf, rest[:i]...)
	v.line += bytes.Count(rest[:i], []byte{'\n'})
	v.pos += i
	v.read += int64(i)
	if len(v.buf) > MaxSnapshotBytes {
		return v.tooLong()
	}
	if v.read > MaxBytes {
		return errTooLarge()
	}
	return nil
}

// stringByte takes byte c inside a string (or an object key); done when
// it closes a top-level string.
func (v *valueReader) stringByte(c byte) (done bool, err error) {
	v.buf = append(v.buf, c)
	switch {
	case v.escape:
		v.escape = false
	case c == '\\':
		v.escape = true
	case c == '"':
		v.inStr = false
		if v.inKey {
			v.inKey = false
			v.stack[len(v.stack)-1].keyKind = kindOf(v.key)
		}
		return len(v.stack) == 0, nil
	}
	if v.inKey && len(v.key) < maxKeyBytes {
		v.key = append(v.key, c)
	}
	if len(v.buf) > MaxSnapshotBytes {
		return false, v.tooLong()
	}
	return false, nil
}

// structureByte takes byte c outside strings: it opens and closes objects
// and arrays, counts list items against the limits, and tells keys from
// values. Done when it closes the top-level value.
func (v *valueReader) structureByte(c byte) (done bool, err error) {
	v.buf = append(v.buf, c)
	if len(v.buf) > MaxSnapshotBytes {
		return false, v.tooLong()
	}
	if n := len(v.stack); n > 0 && v.stack[n-1].array && v.stack[n-1].needItem && c != ']' && c != ',' {
		v.stack[n-1].needItem = false
		if err := v.count(&v.stack[n-1], c); err != nil {
			return false, err
		}
	}
	switch c {
	case '{', '[':
		if len(v.stack) == MaxSnapshotDepth {
			return false, fmt.Errorf("line %d: nested deeper than %d levels", v.line, MaxSnapshotDepth)
		}
		f := frame{array: c == '[', expectKey: c == '{', needItem: c == '['}
		if n := len(v.stack); f.array && n > 0 && !v.stack[n-1].array {
			f.kind, f.topLevel = v.stack[n-1].keyKind, n == 1
		}
		v.stack = append(v.stack, f)
	case '}', ']':
		n := len(v.stack)
		if n == 0 || v.stack[n-1].array != (c == ']') {
			return false, v.syntaxError()
		}
		v.stack = v.stack[:n-1]
		return n == 1, nil
	case '"':
		v.inStr = true
		if n := len(v.stack); n > 0 && !v.stack[n-1].array && v.stack[n-1].expectKey {
			v.inKey, v.key = true, v.key[:0]
			v.stack[n-1].expectKey = false
		}
	case ',':
		if n := len(v.stack); n > 0 {
			f := &v.stack[n-1]
			f.needItem, f.expectKey = f.array, !f.array
			f.keyKind = listOther
		}
	}
	return false, nil
}

func errTooLarge() error {
	return fmt.Errorf("capture is larger than %d MiB", MaxBytes>>20)
}

// count takes one more item of list f, starting with c, against the
// limits.
func (v *valueReader) count(f *frame, c byte) error {
	f.items++
	v.rows++
	if f.kind == listOther && (c == '-' || c >= '0' && c <= '9') {
		v.bytes += int64(unsafe.Sizeof(0)) // a port in listen_ports
	} else {
		v.bytes += itemSize[f.kind]
	}
	switch {
	case f.topLevel && f.kind == listProcesses:
		if v.procs++; v.procs > MaxSnapshotProcesses {
			return fmt.Errorf("line %d: more than %d processes in one snapshot", v.line, MaxSnapshotProcesses)
		}
	case f.topLevel && f.kind == listDevices:
		if v.devs++; v.devs > MaxSnapshotDevices {
			return fmt.Errorf("line %d: more than %d devices in one snapshot", v.line, MaxSnapshotDevices)
		}
	case f.items > MaxListItems:
		return fmt.Errorf("line %d: a list of more than %d items", v.line, MaxListItems)
	}
	if v.bytes > rowMemoryFloor+rowMemoryPerByte*v.read {
		return fmt.Errorf("line %d: %d rows in %s is more than a capture of that size holds (rows of empty objects?)",
			v.line, v.rows, textfmt.Bytes(uint64(v.read)))
	}
	return nil
}

func (v *valueReader) tooLong() error {
	if v.start == v.line {
		return fmt.Errorf("line %d is longer than %d MiB", v.start, MaxSnapshotBytes>>20)
	}
	return fmt.Errorf("the snapshot at line %d is longer than %d MiB", v.start, MaxSnapshotBytes>>20)
}

// syntaxError is the decoder's message for a value whose brackets do not
// match, with the snapshot's line.
func (v *valueReader) syntaxError() error {
	err := json.NewDecoder(bytes.NewReader(v.buf)).Decode(new(json.RawMessage))
	if err == nil || errors.Is(err, io.ErrUnexpectedEOF) {
		err = errors.New("brackets do not match")
	}
	return fmt.Errorf("line %d: %w", v.start, oneLine(err))
}
