package inspect

import (
	"errors"
	"os"
	"sync"
	"time"

	"github.com/gputaskman/gtm/inspect/gguf"
	"github.com/gputaskman/gtm/inspect/safefile"
)

// fileID identifies one version of a file: a header is parsed once per
// (device, inode, size, mtime), however the path is spelled. Where the OS
// gives no inode numbers, the path stands in for them.
type fileID struct {
	dev, ino uint64
	path     string
	size     int64
	mtime    time.Time
}

func statID(path string, fi os.FileInfo) fileID {
	id := fileID{size: fi.Size(), mtime: fi.ModTime()}
	var ok bool
	if id.dev, id.ino, ok = inode(fi); !ok {
		id.path = path
	}
	return id
}

type headerResult struct {
	file *gguf.File
	err  error
}

// HeaderCache keeps parsed GGUF headers; a file that changes on disk gets a
// new entry. The number of entries is bounded.
type HeaderCache struct {
	mu      sync.Mutex
	entries map[fileID]headerResult
}

const maxHeaders = 256

// NewHeaderCache returns an empty cache.
func NewHeaderCache() *HeaderCache {
	return &HeaderCache{entries: map[fileID]headerResult{}}
}

// Get parses path's GGUF header with gtm's own rights (a file the user
// named), or returns the cached result.
func (c *HeaderCache) Get(path string) (*gguf.File, error) { return c.GetWith(nil, path) }

// GetWith parses path's GGUF header as acc may read it (a file a process
// named: only if its user could read it), or returns the cached result.
// The file is opened, without blocking, on every call, cached or not, so
// a header parsed for one process is never shown for another that may
// not read the file; the parse reads the descriptor checked, within
// safefile.DefaultTimeout.
func (c *HeaderCache) GetWith(acc *safefile.Access, path string) (*gguf.File, error) {
	fh, fi, err := acc.Open(path, 0)
	if err != nil {
		return nil, err
	}
	id := statID(path, fi)
	c.mu.Lock()
	if r, ok := c.entries[id]; ok {
		c.mu.Unlock()
		fh.Close()
		return r.file, r.err
	}
	c.mu.Unlock()

	var f *gguf.File
	err = safefile.Within(safefile.DefaultTimeout, func() error {
		defer fh.Close()
		var perr error
		f, perr = gguf.Parse(fh, fi.Size())
		return perr
	})
	if errors.Is(err, safefile.ErrTimeout) {
		return nil, err // not cached: the next refresh may try again
	}

	c.mu.Lock()
	if len(c.entries) >= maxHeaders {
		for k := range c.entries { // drop an arbitrary entry
			delete(c.entries, k)
			break
		}
	}
	c.entries[id] = headerResult{file: f, err: err}
	c.mu.Unlock()
	return f, err
}
