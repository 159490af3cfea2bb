package torchlog

import (
	"errors"
	"io/fs"
	"os"
	"time"

	"github.com/gputaskman/gtm/inspect/llamacpplog"
	"github.com/gputaskman/gtm/internal/safefile"
)

// tail is one parse of a log's tail: its blocks and the file they came from.
type tail struct {
	size    int64
	modTime time.Time
	skipped int
	blocks  []*block
}

// pick returns the newest load block if it was written after since (less
// llamacpplog.ClockSlack), else nil: an older block cannot describe a process
// that started later. A block is placed by its first timestamp; one whose
// lines carry none, by the file's modification time.
func (t *tail) pick(engine, path string, since time.Time) *Report {
	floor := since.Add(-llamacpplog.ClockSlack)
	if t.modTime.Before(floor) {
		return nil
	}
	for i := len(t.blocks) - 1; i >= 0; i-- {
		b := t.blocks[i]
		if b.empty() {
			continue
		}
		r := b.report(engine, t.modTime)
		switch {
		case r.Started.IsZero():
			r.Dated = llamacpplog.DatedByMtime
		case r.Started.Before(floor):
			return nil
		default:
			r.Dated = llamacpplog.DatedByTimestamps
		}
		r.Path = path
		if t.skipped > 0 && len(r.Notes) < maxNotes {
			r.Notes = append(r.Notes, "overlong lines in the log were skipped")
		}
		return r
	}
	return nil
}

// Cache keeps parsed log tails, re-reading a file only when its size or
// modification time changed. The zero value is ready to use.
type Cache struct {
	Max   int // entries kept; 0 means 32
	tails llamacpplog.TailCache[*tail]
}

// Get is GetWith opening the log with gtm's own rights (safefile.Open):
// for a log the user named.
func (c *Cache) Get(path, engine string, since time.Time) (*Report, error) {
	return c.GetWith(func(p string) (*os.File, fs.FileInfo, error) { return safefile.Open(p, 0) }, path, engine, since)
}

// GetWith returns the newest load block that engine wrote to the log at
// path after since (the owning process's start time), opening the file
// with open (a process's safefile.Access for a log it named). A nil
// report and nil error: no such block in the log's last llamacpplog.MaxTail
// bytes. The file is opened on every call, cached or not, so a cached
// report goes only to a caller who may read the file now.
func (c *Cache) GetWith(open llamacpplog.Opener, path, engine string, since time.Time) (*Report, error) {
	p := newParser(engine)
	if p == nil {
		return nil, errors.New("unknown engine " + engine)
	}
	c.tails.Max = c.Max
	t, err := c.tails.Parsed(open, engine+"\x00"+path, path, func(once llamacpplog.Opener) (*tail, error) {
		info, err := llamacpplog.ReadTailWith(once, path, llamacpplog.MaxTail, p.line)
		if err != nil {
			return nil, err
		}
		return &tail{size: info.Size, modTime: info.ModTime, skipped: info.Skipped, blocks: p.blocks}, nil
	})
	if err != nil {
		return nil, err
	}
	return t.pick(engine, path, since), nil
}

// ParseLines is GetWith over lines read from elsewhere than a file (the
// journal), oldest first, the last written at newest; name is what the
// Report calls their source. Nil as GetWith's, or for an unknown engine.
func ParseLines(name, engine string, lines [][]byte, newest, since time.Time) *Report {
	p := newParser(engine)
	if p == nil {
		return nil
	}
	size := llamacpplog.FeedLines(lines, p.line)
	return (&tail{size: size, modTime: newest, blocks: p.blocks}).pick(engine, name, since)
}
