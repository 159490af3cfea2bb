package formats

import (
	"encoding/binary"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/gputaskman/gtm/inspect/hfconfig"
	"github.com/gputaskman/gtm/inspect/hfmodel"
	"github.com/gputaskman/gtm/inspect/parsebudget"
	"github.com/gputaskman/gtm/internal/safefile"
)

// safetensorsFormat: Hugging Face's format. A model is a folder of shards
// with its config.json, read through HFCache, which inspect also asks for
// served models and PyTorch jobs.
var safetensorsFormat = format{name: Safetensors, noun: "a safetensors model", exts: []string{".safetensors"}, magic: isSafetensors, describe: describeSafetensors}

// isSafetensors: a little-endian header length within the format's 100 MB
// limit, then the JSON header's opening brace.
func isSafetensors(head []byte, _ string) bool {
	if len(head) < 9 {
		return false
	}
	n := binary.LittleEndian.Uint64(head[:8])
	return n >= 2 && n <= 100<<20 && head[8] == '{'
}

func describeSafetensors(c Caches, acc *safefile.Access, path string) Facts {
	m, err := c.HF.Open(acc, path)
	if err != nil {
		return failed(err)
	}
	return safetensorsFacts(m)
}

// safetensorsFacts are a safetensors model's facts: parameters and weight bytes
// from its headers (exact sums; as memory, an estimate), and from its
// config.json the architecture, layers, trained context and kind.
func safetensorsFacts(m *hfmodel.Model) Facts {
	kind := m.Kind
	if kind == "" {
		kind = hfconfig.KindUnknown
	}
	f := Facts{Parameters: ptr(m.Parameters), Weights: ptr(m.WeightBytes), Kind: ptr(kind)}
	if c := m.Config; c != nil {
		if len(c.Architectures) > 0 {
			f.Architecture = ptr(c.Architectures[0])
		} else if c.ModelType != "" {
			f.Architecture = ptr(c.ModelType)
		}
		if c.Layers > 0 {
			f.Layers = ptr(uint32(c.Layers))
		}
		if c.MaxPositions > 0 {
			f.TrainedContext = ptr(uint64(c.MaxPositions))
		}
		if c.TorchDType != "" {
			f.Quantization = ptr(c.TorchDType)
		}
	} else if m.Pipeline != "" {
		f.Architecture = ptr(m.Pipeline)
	}
	if f.Quantization == nil && len(m.DTypes) > 0 {
		f.Quantization = ptr(m.DTypes[0].Name) // the dtype holding most bytes
	}
	if !m.Complete {
		msg := "not every shard could be read: the sums are a lower bound"
		if len(m.Notes) > 0 {
			msg += " (" + m.Notes[0] + ")"
		}
		f.HeaderError = &msg
	}
	return f
}

// HFCache keeps what safetensors models say: a folder's shards are many
// headers, read at most once a minute per model and per reading user (a
// model one user may read is never described for another who may not).
// Below it, files keeps each shard's header and each index per file
// version, failures and timeouts included: a hostile shard is parsed
// once, not every minute. The zero value is ready to use.
type HFCache struct {
	// MaxAge is how long a model's description is kept; 0 means a minute.
	MaxAge time.Duration

	mu      sync.Mutex
	entries map[hfKey]hfEntry
	files   hfmodel.Cache
}

type hfKey struct {
	path string
	uid  int64 // -1: gtm's own rights
}

type hfEntry struct {
	at  time.Time
	m   *hfmodel.Model
	err error
}

const hfMaxEntries = 64

// Open describes the model at path (a folder, an index or a .safetensors
// file; a hub-cache blob, which has no extension, is read as one file).
func (c *HFCache) Open(acc *safefile.Access, path string) (*hfmodel.Model, error) {
	k := hfKey{path: filepath.Clean(path), uid: -1}
	if acc != nil && acc.Cred != nil {
		k.uid = int64(acc.Cred.UID)
	}
	maxAge := c.MaxAge
	if maxAge == 0 {
		maxAge = time.Minute
	}
	now := time.Now()
	c.mu.Lock()
	if e, ok := c.entries[k]; ok && now.Sub(e.at) < maxAge {
		c.mu.Unlock()
		return e.m, e.err
	}
	c.mu.Unlock()
	m, err := c.open(acc, k.path)
	if parsebudget.Busy(err) {
		return nil, err // other parses held the budget: the next refresh may try again
	}
	c.mu.Lock()
	if c.entries == nil || len(c.entries) >= hfMaxEntries {
		c.entries = map[hfKey]hfEntry{}
	}
	c.entries[k] = hfEntry{at: now, m: m, err: err}
	c.mu.Unlock()
	return m, err
}

// Parses is how many shard headers and indexes were parsed (not found in
// the per-file-version cache).
func (c *HFCache) Parses() int64 { return c.files.Parses() }

func (c *HFCache) open(acc *safefile.Access, path string) (*hfmodel.Model, error) {
	fi, err := acc.Stat(path)
	if err != nil {
		return nil, err
	}
	if fi.IsDir() || strings.HasSuffix(path, ".safetensors") || strings.HasSuffix(path, ".index.json") {
		return hfmodel.OpenWith(acc, path, &c.files)
	}
	// a blob of the hub cache: the header alone, no config beside it
	h, err := c.files.Header(acc, path)
	if err != nil {
		return nil, err
	}
	return &hfmodel.Model{Dir: filepath.Dir(path), Files: []string{path}, Format: Safetensors, Tensors: h.Tensors,
		Parameters: h.Parameters, WeightBytes: h.TensorBytes, DTypes: h.DTypes, Complete: true, Kind: hfconfig.KindUnknown,
		Notes: h.Notes}, nil
}
