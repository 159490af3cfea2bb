package hfmodel

import (
	"cmp"
	"context"
	"errors"
	"io"
	"slices"

	"github.com/gputaskman/gtm/inspect/hfconfig"
	"github.com/gputaskman/gtm/inspect/jsonscan"
	"github.com/gputaskman/gtm/inspect/parsebudget"
	"github.com/gputaskman/gtm/inspect/parsecache"
	"github.com/gputaskman/gtm/inspect/safetensors"
	"github.com/gputaskman/gtm/internal/safefile"
)

// Cache keeps what a model's files said, one result per file version
// (parsecache: device, inode, size, mtime), failures and timeouts
// included: shard headers and shard indexes. A scanner that reads the
// same models again and again keeps one; nil parses every time.
type Cache struct {
	headers parsecache.Cache[parsecache.Version, *safetensors.Header]
	indexes parsecache.Cache[parsecache.Version, *shardIndex]
}

// Parses is how many files were parsed (not found in the cache).
func (c *Cache) Parses() int64 { return c.headers.Parses() + c.indexes.Parses() }

func (c *Cache) headerCache() *parsecache.Cache[parsecache.Version, *safetensors.Header] {
	if c == nil {
		return nil
	}
	return &c.headers
}

func (c *Cache) indexCache() *parsecache.Cache[parsecache.Version, *shardIndex] {
	if c == nil {
		return nil
	}
	return &c.indexes
}

// Header parses one weight file's header, opened as acc allows, under
// the parse deadline, or returns what that version of it gave before.
func (c *Cache) Header(acc *safefile.Access, path string) (*safetensors.Header, error) {
	f, fi, err := acc.Open(path, 0)
	if err != nil {
		return nil, err
	}
	return c.headerCache().Get(parsecache.VersionOf(path, fi), f, func(ctx context.Context) (*safetensors.Header, error) {
		return safetensors.ParseContext(ctx, f, fi.Size())
	})
}

// shardIndex is what a sharded checkpoint's index says (transformers,
// modeling_utils.py and huggingface_hub serialization:
// {"metadata": {"total_size": N}, "weight_map": {tensor: shard file}}):
// the files it names, not the tensors.
type shardIndex struct {
	shards    []string // distinct file names, sorted
	more      bool     // it names more than maxIndexFiles
	totalSize *uint64
}

// maxIndexFiles bounds the distinct files an index may name (real ones:
// DeepSeek-V3 163, Llama 3.1 405B 191).
const maxIndexFiles = 4 * MaxShards

// maxFileName bounds a file name the index gives (NAME_MAX is 255).
const maxFileName = 1024

// index reads the index at path as acc allows, or returns what that
// version of it gave before.
func (c *Cache) index(acc *safefile.Access, path string) (*shardIndex, error) {
	f, fi, err := acc.Open(path, maxIndexBytes)
	if err != nil {
		return nil, err
	}
	return c.indexCache().Get(parsecache.VersionOf(path, fi), f, func(ctx context.Context) (*shardIndex, error) {
		return parseIndex(ctx, f, fi.Size())
	})
}

// parseIndex reads an index as a stream (jsonscan): its weight map, one
// entry per tensor (~95,000 for DeepSeek-V3), is never held, only the
// distinct files it names, accounted in gtm's parse budget.
func parseIndex(ctx context.Context, r io.ReaderAt, size int64) (*shardIndex, error) {
	res := parsebudget.Reserve()
	defer res.Release()
	if err := res.Grow(min(size, jsonscan.BufSize) + 2*maxFileName); err != nil {
		return nil, err
	}
	s := jsonscan.New(ctx, r, 0, size)
	ix := &shardIndex{}
	seen := map[string]bool{}
	file := func([]byte) error {
		if c, err := s.Next(); err != nil {
			return err
		} else if c != '"' {
			return s.Errorf("weight_map: a value is not a file name")
		}
		if over, err := s.ReadString(maxFileName); err != nil || over {
			return cmp.Or(err, s.Errorf("weight_map: a file name over %d bytes", maxFileName))
		}
		switch f := s.Str(); {
		case seen[string(f)]:
		case len(seen) == maxIndexFiles:
			ix.more = true
		default:
			if err := res.Grow(int64(len(f))*2 + 64); err != nil { // the name in the set and the list
				return err
			}
			name := string(f)
			seen[name] = true
			ix.shards = append(ix.shards, name)
		}
		return nil
	}
	if c, err := s.Next(); err != nil {
		return nil, err
	} else if c != '{' {
		return nil, errors.New("not a JSON object")
	}
	err := s.Object(32, func(key []byte) error {
		switch string(key) {
		case "metadata":
			return s.Object(32, func(key []byte) error {
				if string(key) != "total_size" {
					return s.Skip()
				}
				if c, err := s.Next(); err != nil {
					return err
				} else if c < '0' || c > '9' {
					return s.Skip() // not a size: ignored
				}
				n, err := s.Uint()
				ix.totalSize = &n
				return err
			})
		case "weight_map":
			return s.Object(0, file)
		}
		return s.Skip()
	})
	if err != nil {
		return nil, err
	}
	if end, err := s.AtEnd(); err != nil || !end {
		return nil, cmp.Or(err, s.Errorf("data after the index object"))
	}
	slices.Sort(ix.shards)
	return ix, nil
}

// jsonCost is what reading and parsing a small JSON file (config.json,
// model_index.json) may cost per byte of it: the bytes read and
// encoding/json's copies of its values (hfconfig measures under 3x).
const jsonCost = 4

// readJSON reads a small JSON file as acc allows and hands it to parse,
// with what that costs accounted in gtm's parse budget meanwhile.
func readJSON(acc *safefile.Access, path string, parse func([]byte) error) error {
	f, fi, err := acc.Open(path, hfconfig.MaxConfigBytes)
	if err != nil {
		return err
	}
	res := parsebudget.Reserve()
	defer res.Release()
	if err := res.Grow(jsonCost * fi.Size()); err != nil {
		f.Close()
		return err
	}
	b, err := safefile.ReadAll(f, path, hfconfig.MaxConfigBytes, safefile.DefaultTimeout)
	if err != nil {
		return err
	}
	return parse(b)
}
