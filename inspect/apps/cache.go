package apps

import (
	"errors"
	"os"
	"sync"
	"time"

	"github.com/gputaskman/gtm/inspect/llamacpplog"
)

// cache keeps what was read from a file until its size or modification
// time changes.
var cache = fileCache{max: 32}

type fileCache struct {
	max  int
	mu   sync.Mutex
	m    map[string]*cached
	tick uint64
}

type cached struct {
	size int64
	mod  time.Time
	val  any
	err  error
	used uint64
}

// get returns load's result for the file at path, calling load only when
// the file changed since it was last loaded under key. It also returns
// the file's modification time. The file is opened with open on every
// call (so a cached result goes only to a caller who may read it now);
// load gets that descriptor and closes it.
func (c *fileCache) get(key, path string, open llamacpplog.Opener, load func(f *os.File, fi os.FileInfo) (any, error)) (any, time.Time, error) {
	f, fi, err := open(path)
	if err != nil {
		return nil, time.Time{}, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, time.Time{}, errors.New(path + ": not a regular file")
	}
	c.mu.Lock()
	e := c.m[key]
	c.mu.Unlock()
	if e == nil || e.size != fi.Size() || !e.mod.Equal(fi.ModTime()) {
		v, err := load(f, fi)
		e = &cached{size: fi.Size(), mod: fi.ModTime(), val: v, err: err}
	} else {
		f.Close()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]*cached{}
	}
	c.tick++
	e.used = c.tick
	c.m[key] = e
	for len(c.m) > c.max {
		oldKey, oldest := "", ^uint64(0)
		for k, x := range c.m {
			if x.used < oldest {
				oldKey, oldest = k, x.used
			}
		}
		delete(c.m, oldKey)
	}
	return e.val, e.mod, e.err
}
