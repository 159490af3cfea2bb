package formats

import (
	"context"

	"github.com/gputaskman/gtm/inspect/gguf"
	"github.com/gputaskman/gtm/inspect/parsecache"
	"github.com/gputaskman/gtm/internal/safefile"
)

// ggufFormat: llama.cpp's format. Its headers go through HeaderCache,
// whose parsed files the LLM breakdown also reads for the KV cache.
var ggufFormat = format{name: GGUF, noun: "a GGUF model", exts: []string{".gguf"}, magic: isGGUF, describe: describeGGUF}

func isGGUF(head []byte, _ string) bool { return len(head) >= 4 && string(head[:4]) == "GGUF" }

func describeGGUF(c Caches, acc *safefile.Access, path string) Facts {
	h, err := c.GGUF.GetWith(acc, path)
	if err != nil {
		return failed(err)
	}
	f := Facts{Kind: ptr(string(h.Kind)), Parameters: ptr(h.ParamCount), Weights: ptr(h.TensorBytes)}
	if h.Architecture != "" {
		f.Architecture = ptr(h.Architecture)
	}
	if h.Quantization != "" {
		f.Quantization = ptr(h.Quantization)
	}
	if h.BlockCount > 0 {
		f.Layers = ptr(h.BlockCount)
	}
	if h.ContextLength > 0 {
		f.TrainedContext = ptr(h.ContextLength)
	}
	return f
}

// HeaderCache keeps parsed GGUF headers, one per file version (device,
// inode, size, mtime: parsecache), however the path is spelled; a file
// that changes on disk gets a new entry. A failure or a timeout is kept
// like a header: a hostile file is parsed once, not at every scan. The
// number of entries is bounded.
type HeaderCache struct {
	c parsecache.Cache[parsecache.Version, *gguf.File]
}

// NewHeaderCache returns an empty cache.
func NewHeaderCache() *HeaderCache { return &HeaderCache{} }

// Get parses path's GGUF header with gtm's own rights (a file the user
// named), or returns the cached result.
func (c *HeaderCache) Get(path string) (*gguf.File, error) { return c.GetWith(nil, path) }

// GetWith parses path's GGUF header as acc may read it (a file a process
// named: only if its user could read it), or returns the cached result.
// The file is opened, without blocking, on every call, cached or not, so
// a header parsed for one process is never shown for another that may
// not read the file; the parse reads the descriptor checked, and stops
// at safefile.DefaultTimeout.
func (c *HeaderCache) GetWith(acc *safefile.Access, path string) (*gguf.File, error) {
	fh, fi, err := acc.Open(path, 0)
	if err != nil {
		return nil, err
	}
	return c.c.Get(parsecache.VersionOf(path, fi), fh, func(ctx context.Context) (*gguf.File, error) {
		return gguf.ParseContext(ctx, fh, fi.Size())
	})
}

// Parses is how many headers were parsed (not found in the cache).
func (c *HeaderCache) Parses() int64 { return c.c.Parses() }
