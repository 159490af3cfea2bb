package inspect

import (
	"bytes"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/gputaskman/gtm/inspect/hfconfig"
	"github.com/gputaskman/gtm/inspect/hfmodel"
	"github.com/gputaskman/gtm/inspect/parsebudget"
	"github.com/gputaskman/gtm/inspect/safefile"
	"github.com/gputaskman/gtm/internal/procroot"
)

// hfCache keeps what safetensors models say: a folder's shards are many
// headers, read at most once a minute per model and per reading user (a
// model one user may read is never described for another who may not).
// Below it, files keeps each shard's header and each index per file
// version, failures and timeouts included: a hostile shard is parsed
// once, not every minute.
type hfCache struct {
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

const (
	hfMaxAge     = time.Minute
	hfMaxEntries = 64
)

// open describes the model at path (a folder, an index or a .safetensors
// file; a hub-cache blob, which has no extension, is read as one file).
func (c *hfCache) open(acc *safefile.Access, path string) (*hfmodel.Model, error) {
	k := hfKey{path: filepath.Clean(path), uid: -1}
	if acc != nil && acc.Cred != nil {
		k.uid = int64(acc.Cred.UID)
	}
	now := time.Now()
	c.mu.Lock()
	if e, ok := c.entries[k]; ok && now.Sub(e.at) < hfMaxAge {
		c.mu.Unlock()
		return e.m, e.err
	}
	c.mu.Unlock()
	m, err := c.openHF(acc, k.path)
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

func (c *hfCache) openHF(acc *safefile.Access, path string) (*hfmodel.Model, error) {
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
	return &hfmodel.Model{Dir: filepath.Dir(path), Files: []string{path}, Format: "safetensors", Tensors: h.Tensors,
		Parameters: h.Parameters, WeightBytes: h.TensorBytes, DTypes: h.DTypes, Complete: true, Kind: hfconfig.KindUnknown,
		Notes: h.Notes}, nil
}

// describeHF fills a safetensors model's facts: parameters and weight
// bytes from its headers (exact sums; as memory, an estimate), and from
// its config.json the architecture, layers, trained context and kind.
func describeHF(out *Model, m *hfmodel.Model) {
	params := m.Parameters
	out.Parameters = &params
	out.Weights = &Amount{Bytes: m.WeightBytes, Source: "estimated", From: "safetensors"}
	kind := m.Kind
	if kind == "" {
		kind = hfconfig.KindUnknown
	}
	out.Kind = &kind
	if c := m.Config; c != nil {
		if len(c.Architectures) > 0 {
			a := c.Architectures[0]
			out.Architecture = &a
		} else if c.ModelType != "" {
			a := c.ModelType
			out.Architecture = &a
		}
		if c.Layers > 0 {
			n := uint32(c.Layers)
			out.Layers = &n
		}
		if c.MaxPositions > 0 {
			n := uint64(c.MaxPositions)
			out.TrainedContext = &n
		}
		if c.TorchDType != "" {
			q := c.TorchDType
			out.Quantization = &q
		}
	} else if m.Pipeline != "" {
		a := m.Pipeline
		out.Architecture = &a
	}
	if out.Quantization == nil && len(m.DTypes) > 0 {
		q := m.DTypes[0].Name // the dtype holding most bytes
		out.Quantization = &q
	}
	if !m.Complete {
		msg := "not every shard could be read: the sums are a lower bound"
		if len(m.Notes) > 0 {
			msg += " (" + m.Notes[0] + ")"
		}
		out.HeaderError = &msg
	}
}

// hfFacts are what BuildLLM takes of a served safetensors model.
func hfFacts(id string, m *hfmodel.Model) *HFFacts {
	f := &HFFacts{ID: id, WeightBytes: m.WeightBytes, Complete: m.Complete, Kind: m.Kind}
	if c := m.Config; c != nil && c.CanEstimateKV() {
		if b, ok := hfconfig.DTypeBytes(c.TorchDType); ok {
			v := c.KVBytesPerToken(b)
			f.KVPerToken = &v
		}
	}
	return f
}

// resolveServed finds the model a server's command line or API names (an
// HF id or a path) as t's user could: a path (relative ones against t's
// working directory), else a hub id in the hub cache t's environment
// points at. "" when it is not here.
func resolveServed(procRoot string, acc *safefile.Access, t Target, id string) string {
	if id == "" {
		return ""
	}
	p := id
	if !filepath.IsAbs(p) && t.Cwd != "" && filepath.IsAbs(t.Cwd) {
		p = filepath.Join(t.Cwd, p)
	}
	if filepath.IsAbs(p) {
		if _, err := acc.Stat(p); err == nil {
			return filepath.Clean(p)
		}
	}
	if !hfmodel.IsHubID(id) {
		return ""
	}
	env := processEnv(procRoot, t.PID)
	dir, err := hfmodel.Resolve(acc, id, hfmodel.Roots(func(k string) string { return env[k] }, env["HOME"]))
	if err != nil {
		return ""
	}
	return dir
}

// hubEnvKeys are the variables that place a process's hub cache.
var hubEnvKeys = []string{"HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE", "HF_HOME", "XDG_CACHE_HOME", "HOME"}

// processEnv reads the hub-cache variables of a process's environment
// (readable by its owner and root only), bounded; empty when unreadable.
func processEnv(procRoot string, pid int) map[string]string {
	out := map[string]string{}
	b, err := procroot.ReadFile(filepath.Join(procRoot, itoa(pid), "environ"), 256<<10)
	if err != nil {
		return out
	}
	for _, kv := range bytes.Split(b, []byte{0}) {
		for _, k := range hubEnvKeys {
			if v, ok := bytes.CutPrefix(kv, []byte(k+"=")); ok {
				out[k] = string(v)
			}
		}
	}
	return out
}
