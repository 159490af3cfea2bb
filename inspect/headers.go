package inspect

import (
	"os"
	"sync"
	"time"

	"github.com/gputaskman/gtm/inspect/gguf"
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

func statID(path string) (fileID, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return fileID{}, err
	}
	id := fileID{size: fi.Size(), mtime: fi.ModTime()}
	var ok bool
	if id.dev, id.ino, ok = inode(fi); !ok {
		id.path = path
	}
	return id, nil
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

// Get parses path's GGUF header, or returns the cached result.
func (c *HeaderCache) Get(path string) (*gguf.File, error) {
	id, err := statID(path)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if r, ok := c.entries[id]; ok {
		c.mu.Unlock()
		return r.file, r.err
	}
	c.mu.Unlock()

	f, err := gguf.ParseFile(path)

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
