package llamacpplog

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"github.com/gputaskman/gtm/internal/safefile"
)

// MaxTail is the most of a log ever read: its last 512 KiB.
const MaxTail = 512 << 10

// ClockSlack is how far before the process start a timestamp may fall
// and still count as after it: log stamps are rounded, and a process's
// start time is known only to within a clock tick or, on Linux, a second.
const ClockSlack = 2 * time.Second

// How a Report placed its block after Since.
const (
	DatedByTimestamps = "timestamps" // wall-clock times written on the lines
	DatedByMtime      = "mtime"      // no wall-clock times: the file was written after Since and the block is from the newest process in it
)

// TailInfo describes what ReadTail read.
type TailInfo struct {
	Size    int64
	ModTime time.Time
	Start   int64 // offset where reading began
	Skipped int   // lines longer than MaxLine, skipped
}

// Opener opens a log for reading: safefile.Open (gtm's own rights) for a
// log the user named, a process's safefile.Access for one a process named.
// It returns a regular file, never blocking on a FIFO.
type Opener func(path string) (*os.File, fs.FileInfo, error)

func openOwn(path string) (*os.File, fs.FileInfo, error) { return safefile.Open(path, 0) }

// ReadTail calls fn with each whole line in the last maxBytes (at most,
// and by default, MaxTail) of the regular file at path, and the line's
// offset. A partial first line and an unterminated last line are dropped.
// The file is opened without blocking (a FIFO is refused) and read within
// safefile.DefaultTimeout.
func ReadTail(path string, maxBytes int64, fn func(line []byte, off int64)) (TailInfo, error) {
	return ReadTailWith(openOwn, path, maxBytes, fn)
}

// ReadTailWith is ReadTail opening the file with open.
func ReadTailWith(open Opener, path string, maxBytes int64, fn func(line []byte, off int64)) (TailInfo, error) {
	f, fi, err := open(path)
	if err != nil {
		return TailInfo{}, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return TailInfo{}, fmt.Errorf("%s: not a regular file", path)
	}
	if maxBytes <= 0 || maxBytes > MaxTail {
		maxBytes = MaxTail
	}
	info := TailInfo{Size: fi.Size(), ModTime: fi.ModTime(), Start: max(0, fi.Size()-maxBytes)}
	// From one byte early: if that byte ends a line, the dropped "first
	// line" is just its newline and no whole line is lost.
	from := max(0, info.Start-1)
	// The tail is read into one buffer, then split: a copy per line cost
	// ~170 bytes a line, 86 MiB for a tail of empty lines.
	var tail []byte
	err = safefile.Within(safefile.DefaultTimeout, func() error {
		defer f.Close()
		b := make([]byte, info.Size-from)
		n, err := f.ReadAt(b, from)
		if err == io.EOF {
			err = nil // the file shrank since its fstat: what is there
		}
		tail = b[:n]
		return err
	})
	if err != nil {
		return TailInfo{}, fmt.Errorf("%s: %w", path, err)
	}
	// fn runs here, never on a reader left behind by a timeout
	info.Skipped = scanLines(bytes.NewReader(tail), from, info.Start > 0, true, fn)
	return info, nil
}

// Report is what a log says about the process started at Since.
type Report struct {
	Path    string
	Size    int64
	ModTime time.Time
	Since   time.Time
	Start   int64   // offset of the first byte read
	Skipped int     // overlong lines skipped
	Blocks  []Block // every load block read, oldest first; shared, read-only
	Block   *Block  // the newest block written after Since (preferring one with buffer sizes); nil with Reason
	Dated   string  // how Block was placed after Since: DatedByTimestamps or DatedByMtime
	Reason  string  // why Block is nil, or a caveat about it
}

// ParseTail parses the last maxBytes (at most MaxTail) of the log at path
// and picks the newest load block written after since, the start time of
// the process the log should describe.
func ParseTail(path string, since time.Time, maxBytes int64) (*Report, error) {
	t, err := parseTail(openOwn, path, maxBytes)
	if err != nil {
		return nil, err
	}
	return t.report(path, since), nil
}

type tail struct {
	info   TailInfo
	blocks []Block
}

func parseTail(open Opener, path string, maxBytes int64) (*tail, error) {
	p := &parser{}
	info, err := ReadTailWith(open, path, maxBytes, p.line)
	if err != nil {
		return nil, err
	}
	return &tail{info: info, blocks: p.finish()}, nil
}

func (t *tail) report(path string, since time.Time) *Report {
	r := &Report{Path: path, Size: t.info.Size, ModTime: t.info.ModTime, Since: since,
		Start: t.info.Start, Skipped: t.info.Skipped, Blocks: t.blocks}
	floor := since.Add(-ClockSlack)
	switch {
	case len(t.blocks) == 0:
		r.Reason = fmt.Sprintf("no model load in the last %d KiB of the log", (t.info.Size-t.info.Start)>>10)
		return r
	case r.ModTime.Before(floor):
		r.Reason = fmt.Sprintf("log last written %s, before the process started (%s): it cannot describe it",
			r.ModTime.UTC().Format(time.RFC3339), since.UTC().Format(time.RFC3339))
		return r
	}
	newest := t.blocks[len(t.blocks)-1].Session
	var pick, loading *Block
	dated := ""
	for i := len(t.blocks) - 1; i >= 0; i-- {
		b := &t.blocks[i]
		when := b.First
		if when.IsZero() {
			when = b.after
		}
		how := DatedByTimestamps
		if when.IsZero() {
			if b.Session != newest {
				break // an earlier process's output
			}
			how = DatedByMtime
		} else if when.Before(floor) {
			break // blocks are in order: everything earlier is older still
		}
		if loading == nil {
			loading, dated = b, how
		}
		if len(b.Buffers) > 0 {
			pick, dated = b, how
			break
		}
	}
	switch {
	case pick != nil:
		c := *pick
		r.Block, r.Dated = &c, dated
	case loading != nil:
		c := *loading
		r.Block, r.Dated = &c, dated
		r.Reason = "a load began after the process started but logged no buffer sizes (in progress, failed, or its log level hides them)"
	default:
		r.Reason = "every model load in the log predates the process start"
	}
	return r
}

// Cache keeps parsed log tails, re-reading a file only when its size or
// modification time changed. The zero value is ready to use.
type Cache struct {
	Max   int // entries kept; 0 means 32
	tails TailCache[*tail]
}

// Get returns the Report for the log at path and the process started at
// since, parsing the file's tail only when it changed since the last Get.
func (c *Cache) Get(path string, since time.Time) (*Report, error) {
	return c.GetWith(openOwn, path, since)
}

// GetWith is Get opening the log with open, so a log a process named is
// read only with that process's rights. The file is opened on every call,
// cached or not: a cached report is given only to a caller who may read
// the file now.
func (c *Cache) GetWith(open Opener, path string, since time.Time) (*Report, error) {
	c.tails.Max = c.Max
	t, err := c.tails.Parsed(open, path, path, func(once Opener) (*tail, error) { return parseTail(once, path, MaxTail) })
	if err != nil {
		return nil, err
	}
	return t.report(path, since), nil
}

// ParseLines is ParseTail over lines read from elsewhere than a file (the
// journal), oldest first, the last written at newest; name is what the
// Report calls their source. Like a file's tail, only the newest MaxTail
// bytes of them are read.
func ParseLines(name string, lines [][]byte, newest, since time.Time) *Report {
	p := &parser{}
	size := FeedLines(lines, p.line)
	t := &tail{info: TailInfo{Size: size, ModTime: newest}, blocks: p.finish()}
	return t.report(name, since)
}

// FeedLines calls fn with each of the newest lines that fit in MaxTail
// bytes, oldest first, and each line's offset as if they were a file;
// lines longer than MaxLine are skipped, as in a file. It returns the
// bytes fed.
func FeedLines(lines [][]byte, fn func(line []byte, off int64)) int64 {
	first, n := len(lines), 0
	for first > 0 && n+len(lines[first-1])+1 <= MaxTail {
		first--
		n += len(lines[first]) + 1
	}
	var off int64
	for _, l := range lines[first:] {
		if len(l) <= MaxLine {
			fn(l, off)
		}
		off += int64(len(l)) + 1
	}
	return off
}
