// Package hfmodel reads a Hugging Face model as it lies on disk — one
// .safetensors file, a model folder (config.json and its weights, sharded
// or not), a diffusers pipeline folder, or a repository in the hub cache —
// and sums its safetensors headers. Weight bytes and parameters are EXACT
// (the headers' own figures); Complete says whether every shard was read.
// Every file is opened through a *safefile.Access, so a root gtm reads
// only what the model's process could, without blocking and bounded.
package hfmodel

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gputaskman/gtm/inspect/hfconfig"
	"github.com/gputaskman/gtm/inspect/safetensors"
	"github.com/gputaskman/gtm/internal/safefile"
)

// Bounds on what one model may make gtm read.
const (
	MaxShards     = 256 // weight files per model (or per component)
	MaxComponents = 64  // pipeline components
	// maxIndexBytes bounds a sharded index: DeepSeek-V3's (~95,000
	// tensors) is ~9 MB; Kimi K2's, the largest we know, under 15 MB.
	maxIndexBytes = 32 << 20
	maxDirEntries = 4096 // a model folder listed for its *.safetensors
	maxNotes      = 32
)

// Model is what a model's files say.
type Model struct {
	// Dir is the model's folder (the file's folder for a single file).
	Dir string
	// ConfigPath is the config.json read, "" when none.
	ConfigPath string
	// Config is config.json's content; nil when there is none or it could
	// not be read (a note says which).
	Config *hfconfig.Config
	// Pipeline is a diffusers pipeline's _class_name; "" otherwise.
	Pipeline string
	// Files are the weight files whose headers were read.
	Files []string
	// Components are a pipeline's parts with weights (unet, vae,
	// text_encoder…), in model_index.json's order; nil otherwise.
	Components []Component
	// Format is the weights' format: "safetensors".
	Format string
	// Tensors, Parameters and WeightBytes are EXACT sums of the headers
	// read (over every component of a pipeline). Parameters count stored
	// elements (see safetensors.Header.Parameters).
	Tensors     int
	Parameters  uint64
	WeightBytes uint64
	// DTypes totals the tensors by dtype, largest first (exact).
	DTypes []safetensors.DType
	// Complete is true when every weight file the model names was read:
	// false when a shard is missing or unreadable, or no weights were found
	// (the sums are then a lower bound).
	Complete bool
	// Kind is what the model does (hfconfig's kinds): from config.json,
	// "embedding" for a sentence-transformers folder, "diffusion" for a
	// pipeline, else "unknown".
	Kind string
	// KindReason says where Kind came from.
	KindReason string
	Notes      []string

	cache *Cache // where headers read before are kept; nil: none
}

func (m *Model) newSums() *sums { return &sums{complete: true, cache: m.cache} }

// Component is one pipeline part: its folder name and the exact sums of
// its weight headers.
type Component struct {
	Name string
	Dir  string
	// Class is the part's class as model_index.json names it
	// ("UNet2DConditionModel").
	Class       string
	Tensors     int
	Parameters  uint64
	WeightBytes uint64
	// Complete: every weight file of this part was read.
	Complete bool
}

// Open reads the model at path: a .safetensors file, a
// *.safetensors.index.json, or a folder. With a non-nil acc the path must
// be absolute (it is resolved in the process's root, not gtm's cwd).
// Every file is parsed afresh (still under its deadline and the parse
// budget); a caller that reads models again and again uses OpenWith.
func Open(acc *safefile.Access, path string) (*Model, error) { return OpenWith(acc, path, nil) }

// OpenWith is Open taking each shard's header and each index from cache
// when that version of the file was parsed before (failures and timeouts
// included): a hostile shard costs one parse, not one per scan.
func OpenWith(acc *safefile.Access, path string, cache *Cache) (*Model, error) {
	path = filepath.Clean(path)
	fi, err := acc.Stat(path)
	if err != nil {
		return nil, err
	}
	m := &Model{Format: "safetensors", Complete: true, Kind: hfconfig.KindUnknown, cache: cache}
	switch {
	case fi.IsDir():
		m.Dir = path
		if err := m.openDir(acc, path); err != nil {
			return nil, err
		}
		return m, nil
	case strings.HasSuffix(path, ".safetensors.index.json"):
		m.Dir = filepath.Dir(path)
		m.readConfig(acc, m.Dir)
		s := m.newSums()
		s.readIndex(acc, path)
		m.add(s)
	case strings.HasSuffix(path, ".safetensors"):
		m.Dir = filepath.Dir(path)
		m.readConfig(acc, m.Dir)
		s := m.newSums()
		if err := s.readFile(acc, path); err != nil {
			return nil, err
		}
		m.add(s)
	default:
		return nil, fmt.Errorf("%s: not a .safetensors file, an index or a folder", path)
	}
	m.finish(acc)
	return m, nil
}

// openDir reads a model folder or a pipeline folder.
func (m *Model) openDir(acc *safefile.Access, dir string) error {
	var p *hfconfig.Pipeline
	var perr error
	err := readJSON(acc, filepath.Join(dir, "model_index.json"), func(b []byte) error {
		p, perr = hfconfig.ParsePipeline(b)
		return nil
	})
	switch {
	case err == nil && perr != nil:
		return fmt.Errorf("%s: %v", dir, perr)
	case err == nil:
		return m.openPipeline(acc, dir, p)
	case !errors.Is(err, fs.ErrNotExist):
		m.note("model_index.json: %v", err)
	}
	m.readConfig(acc, dir)
	s, found := m.weights(acc, dir)
	if !found && m.Config == nil {
		return fmt.Errorf("%s: no config.json, model_index.json or .safetensors file", dir)
	}
	if !found {
		m.note("no .safetensors weights in the folder (.bin, .gguf or an unfinished download?)")
		m.Complete = false
	}
	m.add(s)
	m.finish(acc)
	return nil
}

// openPipeline sums each component folder model_index.json names.
func (m *Model) openPipeline(acc *safefile.Access, dir string, p *hfconfig.Pipeline) error {
	m.Pipeline, m.Kind, m.KindReason = p.ClassName, hfconfig.KindDiffusion, "diffusers pipeline "+p.ClassName
	for _, c := range p.Components {
		if !plainName(c.Name) {
			m.note("component %q: not a plain folder name, skipped", c.Name)
			continue
		}
		cdir := filepath.Join(dir, c.Name)
		s, found := m.weights(acc, cdir)
		if !found {
			continue // schedulers, tokenizers, feature extractors: no weights
		}
		if len(m.Components) >= MaxComponents {
			m.note("more than %d components: the rest not read", MaxComponents)
			m.Complete = false
			break
		}
		m.Components = append(m.Components, Component{Name: c.Name, Dir: cdir, Class: c.Class,
			Tensors: s.tensors, Parameters: s.params, WeightBytes: s.bytes, Complete: s.complete})
		m.add(s)
	}
	if len(m.Components) == 0 {
		m.note("no component of the pipeline has .safetensors weights")
		m.Complete = false
	}
	m.sortDTypes()
	return nil
}

func (m *Model) readConfig(acc *safefile.Access, dir string) {
	p := filepath.Join(dir, "config.json")
	var c *hfconfig.Config
	var perr error
	err := readJSON(acc, p, func(b []byte) error {
		c, perr = hfconfig.Parse(b)
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return
	}
	if err != nil {
		m.note("config.json: %v", err)
		return
	}
	if perr != nil {
		m.note("%v", perr)
		return
	}
	m.ConfigPath, m.Config = p, c
	m.Kind, m.KindReason = c.Kind, c.KindReason
}

// finish settles the kind once the folder is known: sentence-transformers
// files mean the model is served for embeddings whatever its class.
func (m *Model) finish(acc *safefile.Access) {
	for _, f := range []string{"config_sentence_transformers.json", "modules.json"} {
		if _, err := acc.Stat(filepath.Join(m.Dir, f)); err == nil {
			m.Kind, m.KindReason = hfconfig.KindEmbedding, "sentence-transformers folder ("+f+")"
			break
		}
	}
	if m.Config == nil && m.KindReason == "" {
		m.KindReason = "no config.json"
	}
	m.sortDTypes()
}

func (m *Model) note(format string, args ...any) {
	if len(m.Notes) < maxNotes {
		m.Notes = append(m.Notes, fmt.Sprintf(format, args...))
	}
}

// sums accumulates the headers of one set of weight files.
type sums struct {
	cache    *Cache
	files    []string
	tensors  int
	params   uint64
	bytes    uint64
	dtypes   map[string]*safetensors.DType
	complete bool
	notes    []string
}

func (m *Model) add(s *sums) {
	m.Files = append(m.Files, s.files...)
	m.Tensors += s.tensors
	m.Parameters += s.params
	m.WeightBytes += s.bytes
	m.Complete = m.Complete && s.complete
	for _, n := range s.notes {
		m.note("%s", n)
	}
	for _, d := range s.dtypes {
		i := slices.IndexFunc(m.DTypes, func(x safetensors.DType) bool { return x.Name == d.Name })
		if i < 0 {
			m.DTypes = append(m.DTypes, safetensors.DType{Name: d.Name})
			i = len(m.DTypes) - 1
		}
		m.DTypes[i].Tensors += d.Tensors
		m.DTypes[i].Parameters += d.Parameters
		m.DTypes[i].Bytes += d.Bytes
	}
}

func (m *Model) sortDTypes() {
	slices.SortFunc(m.DTypes, func(a, b safetensors.DType) int {
		switch {
		case a.Bytes > b.Bytes:
			return -1
		case a.Bytes < b.Bytes:
			return 1
		}
		return strings.Compare(a.Name, b.Name)
	})
}

func (s *sums) notef(format string, args ...any) {
	if len(s.notes) < maxNotes {
		s.notes = append(s.notes, fmt.Sprintf(format, args...))
	}
}

// readFile adds one weight file's header (as Cache.Header reads it) to
// the sums.
func (s *sums) readFile(acc *safefile.Access, path string) error {
	h, err := s.cache.Header(acc, path)
	if err != nil {
		return fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	s.files = append(s.files, path)
	s.tensors += h.Tensors
	s.params += h.Parameters
	s.bytes += h.TensorBytes
	if s.dtypes == nil {
		s.dtypes = map[string]*safetensors.DType{}
	}
	for _, d := range h.DTypes {
		t := s.dtypes[d.Name]
		if t == nil {
			t = &safetensors.DType{Name: d.Name}
			s.dtypes[d.Name] = t
		}
		t.Tensors += d.Tensors
		t.Parameters += d.Parameters
		t.Bytes += d.Bytes
	}
	for _, n := range h.Notes {
		s.notef("%s: %s", filepath.Base(path), n)
	}
	return nil
}

// weights finds and reads a folder's weights, the way transformers and
// diffusers load them: a *.safetensors.index.json (model.… first), else
// model.safetensors / diffusion_pytorch_model.safetensors, else every
// *.safetensors in the folder. found is false when the folder has none.
func (m *Model) weights(acc *safefile.Access, dir string) (s *sums, found bool) {
	s = m.newSums()
	names, err := acc.ReadDirNames(dir, maxDirEntries)
	if err != nil {
		// Unlistable (another user's folder, too large): try the usual names.
		names = nil
		for _, n := range []string{"model.safetensors.index.json", "diffusion_pytorch_model.safetensors.index.json", "model.safetensors", "diffusion_pytorch_model.safetensors"} {
			if _, err := acc.Stat(filepath.Join(dir, n)); err == nil {
				names = append(names, n)
			}
		}
		if names == nil {
			if !errors.Is(err, fs.ErrNotExist) {
				s.notef("%s: %v", filepath.Base(dir), err)
			}
			return s, false
		}
	}
	var indexes, files []string
	for _, n := range names {
		switch {
		case strings.HasSuffix(n, ".safetensors.index.json"):
			indexes = append(indexes, n)
		case strings.HasSuffix(n, ".safetensors"):
			files = append(files, n)
		}
	}
	pick := func(list []string, prefer ...string) string {
		for _, p := range prefer {
			if slices.Contains(list, p) {
				return p
			}
		}
		if len(list) > 0 {
			return list[0]
		}
		return ""
	}
	if ix := pick(indexes, "model.safetensors.index.json", "diffusion_pytorch_model.safetensors.index.json"); ix != "" {
		if len(indexes) > 1 {
			s.notef("%d index files: %s read", len(indexes), ix)
		}
		s.readIndex(acc, filepath.Join(dir, ix))
		return s, true
	}
	if one := pick(files, "model.safetensors", "diffusion_pytorch_model.safetensors"); one == "model.safetensors" || one == "diffusion_pytorch_model.safetensors" {
		if err := s.readFile(acc, filepath.Join(dir, one)); err != nil {
			s.notef("%v", err)
			s.complete = false
		}
		if len(files) > 1 {
			s.notef("%d other .safetensors files in the folder not counted (%s is the model's)", len(files)-1, one)
		}
		return s, true
	}
	if len(files) == 0 {
		return s, false
	}
	if len(files) > MaxShards {
		s.notef("%d .safetensors files: the first %d read", len(files), MaxShards)
		files, s.complete = files[:MaxShards], false
	}
	for _, f := range files {
		if err := s.readFile(acc, filepath.Join(dir, f)); err != nil {
			s.notef("%v", err)
			s.complete = false
		}
	}
	return s, true
}

// readIndex reads a sharded checkpoint's index and the shards it names.
func (s *sums) readIndex(acc *safefile.Access, path string) {
	ix, err := s.cache.index(acc, path)
	if err != nil {
		s.notef("%s: %v", filepath.Base(path), oneLine(err))
		s.complete = false
		return
	}
	dir := filepath.Dir(path)
	var shards []string
	for _, f := range ix.shards {
		if !plainName(f) || !strings.HasSuffix(f, ".safetensors") {
			s.notef("%s names %q: not a .safetensors file in its folder, skipped", filepath.Base(path), trunc(f, 80))
			s.complete = false
			continue
		}
		shards = append(shards, f)
	}
	if ix.more {
		s.notef("%s names more than %d files: the rest not read", filepath.Base(path), maxIndexFiles)
		s.complete = false
	}
	if len(shards) > MaxShards {
		s.notef("%d shards: the first %d read", len(shards), MaxShards)
		shards, s.complete = shards[:MaxShards], false
	}
	if len(shards) == 0 {
		s.notef("%s lists no shards", filepath.Base(path))
		s.complete = false
	}
	for _, f := range shards {
		if err := s.readFile(acc, filepath.Join(dir, f)); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				s.notef("shard %s is missing (an incomplete download?): totals are incomplete", f)
			} else {
				s.notef("shard %v: totals are incomplete", err)
			}
			s.complete = false
		}
	}
	if ts := ix.totalSize; ts != nil && s.complete && *ts != s.bytes {
		s.notef("the index's total_size is %d bytes, the shards' headers sum to %d", *ts, s.bytes)
	}
}

// plainName is a single path element: no separator, not "." or "..".
func plainName(n string) bool {
	return n != "" && n != "." && n != ".." && !strings.ContainsAny(n, `/\`) && !strings.ContainsRune(n, 0)
}

func trunc(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

func oneLine(err error) string { return strings.ReplaceAll(err.Error(), "\n", " ") }
