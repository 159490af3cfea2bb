package llamacpplog

import (
	"errors"
	"io/fs"
	"os"
	"sync"
	"time"
)

// TailCache keeps one parsed value per log, for the file's current
// version (the file itself, its size and modification time: a path such
// as /proc/PID/fd/2 may name another file at every call), a failure or a
// timeout included (a log on a hung mount is not read again, by a new
// goroutine at every scan, until it changes), and drops the least
// recently used log beyond Max. llamacpplog's and torchlog's caches are it.
type TailCache[T any] struct {
	Max int // logs kept; 0 means 32

	mu   sync.Mutex
	m    map[string]*tailEntry[T]
	tick uint64
}

type tailEntry[T any] struct {
	v       T
	file    fs.FileInfo // for os.SameFile
	err     error
	size    int64
	modTime time.Time
	used    uint64
}

// Parsed opens path with open and returns what parse makes of it, parsing
// again only when the file changed since the value kept under key. The
// file is opened on every call, cached or not, so a cached value goes
// only to a caller who may read the file now; it must be a regular file.
// parse is given an Opener that hands over the descriptor already
// checked, so the file parsed is the one opened (no second lookup).
func (c *TailCache[T]) Parsed(open Opener, key, path string, parse func(once Opener) (T, error)) (T, error) {
	var zero T
	f, fi, err := open(path)
	if err != nil {
		return zero, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return zero, errors.New(path + ": not a regular file")
	}
	c.mu.Lock()
	e := c.m[key]
	c.mu.Unlock()
	if e == nil || !os.SameFile(e.file, fi) || e.size != fi.Size() || !e.modTime.Equal(fi.ModTime()) {
		once := func(string) (*os.File, fs.FileInfo, error) { return f, fi, nil }
		v, err := parse(once)
		if err != nil {
			v = zero
		}
		e = &tailEntry[T]{v: v, file: fi, err: err, size: fi.Size(), modTime: fi.ModTime()}
	} else {
		f.Close()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]*tailEntry[T]{}
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
	return e.v, e.err
}

// Len is how many logs are kept.
func (c *TailCache[T]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}

// evict drops the least recently used entry.
func (c *TailCache[T]) evict() {
	old, oldest := "", uint64(1<<63)
	for k, e := range c.m {
		if e.used < oldest {
			old, oldest = k, e.used
		}
	}
	delete(c.m, old)
}
