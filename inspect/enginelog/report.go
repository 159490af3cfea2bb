package enginelog

import (
	"errors"
	"io/fs"
	"os"
	"sync"
	"time"

	"github.com/gputaskman/gtm/inspect/llmlog"
	"github.com/gputaskman/gtm/inspect/safefile"
)

// tail is one parse of a log's tail: its blocks and the file they came from.
type tail struct {
	size    int64
	modTime time.Time
	skipped int
	blocks  []*block
}

// pick returns the newest load block if it was written after since (less
// llmlog.ClockSlack), else nil: an older block cannot describe a process
// that started later. A block is placed by its first timestamp; one whose
// lines carry none, by the file's modification time.
func (t *tail) pick(engine, path string, since time.Time) *Report {
	floor := since.Add(-llmlog.ClockSlack)
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
			r.Dated = llmlog.DatedByMtime
		case r.Started.Before(floor):
			return nil
		default:
			r.Dated = llmlog.DatedByTimestamps
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
	Max int // entries kept; 0 means 32

	mu   sync.Mutex
	m    map[string]*cacheEntry
	tick uint64
}

type cacheEntry struct {
	t    *tail
	used uint64
}

// Get is GetWith opening the log with gtm's own rights (safefile.Open):
// for a log the user named.
func (c *Cache) Get(path, engine string, since time.Time) (*Report, error) {
	return c.GetWith(func(p string) (*os.File, fs.FileInfo, error) { return safefile.Open(p, 0) }, path, engine, since)
}

// GetWith returns the newest load block that engine wrote to the log at
// path after since (the owning process's start time), opening the file
// with open (a process's safefile.Access for a log it named). A nil
// report and nil error: no such block in the log's last llmlog.MaxTail
// bytes. The file is opened on every call, cached or not, so a cached
// report goes only to a caller who may read the file now.
func (c *Cache) GetWith(open llmlog.Opener, path, engine string, since time.Time) (*Report, error) {
	p := newParser(engine)
	if p == nil {
		return nil, errors.New("unknown engine " + engine)
	}
	f, fi, err := open(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, errors.New(path + ": not a regular file")
	}
	key := engine + "\x00" + path
	c.mu.Lock()
	e := c.m[key]
	c.mu.Unlock()
	if e == nil || e.t.size != fi.Size() || !e.t.modTime.Equal(fi.ModTime()) {
		// The descriptor already checked is the one parsed: no second lookup.
		once := func(string) (*os.File, fs.FileInfo, error) { return f, fi, nil }
		info, err := llmlog.ReadTailWith(once, path, llmlog.MaxTail, p.line)
		if err != nil {
			return nil, err
		}
		e = &cacheEntry{t: &tail{size: info.Size, modTime: info.ModTime, skipped: info.Skipped, blocks: p.blocks}}
	} else {
		f.Close()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]*cacheEntry{}
	}
	c.tick++
	e.used = c.tick
	c.m[key] = e
	limit := c.Max
	if limit <= 0 {
		limit = 32
	}
	for len(c.m) > limit {
		c.evict()
	}
	return e.t.pick(engine, path, since), nil
}

// evict drops the least recently used entry.
func (c *Cache) evict() {
	old, oldest := "", uint64(1<<63)
	for k, e := range c.m {
		if e.used < oldest {
			old, oldest = k, e.used
		}
	}
	delete(c.m, old)
}
