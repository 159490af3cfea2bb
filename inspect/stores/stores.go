// Package stores gives friendly names to model files found in local model
// stores: Ollama, LM Studio and the Hugging Face cache.
//
// A store only names files. That a file is in a store says nothing about
// whether any process has it loaded; callers pair a name with their own
// evidence (a memory map, a command line).
package stores

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// Store is the store a name comes from.
type Store string

const (
	Ollama      Store = "ollama"
	LMStudio    Store = "lmstudio"
	HuggingFace Store = "huggingface"
)

// Role is what a file is to its model.
type Role string

const (
	RoleModel     Role = "model"
	RoleProjector Role = "projector" // multimodal projector (mmproj)
	RoleAdapter   Role = "adapter"   // LoRA adapter
)

// Name is what a store calls one file.
type Name struct {
	// Model is the primary friendly name: "qwen3:14b",
	// "hf.co/bartowski/Foo-GGUF:Q4_K_M", "Qwen/Qwen3-0.6B-GGUF".
	Model string
	Store Store
	Role  Role
	// File is the file's name inside its repository (LM Studio, Hugging
	// Face); empty for Ollama blobs, which have none.
	File string
	// Alternatives are the other names of the same file, in the same order
	// of preference that picked Model: an Ollama blob shared by several tags.
	Alternatives []string
}

// File is one model file a store holds.
type File struct {
	Name
	Path string // where the store keeps it, as found under the store's root
	Size int64
}

// DefaultMaxAge is how long a scan is trusted before the next lookup
// rescans.
const DefaultMaxAge = 60 * time.Second

// SystemOllamaRoots are models folders of system-wide Ollama installs: the
// Linux install script's service user, and the NixOS module's default.
var SystemOllamaRoots = []string{
	"/usr/share/ollama/.ollama/models",
	"/var/lib/ollama/models",
}

// Config says where to look. The zero Config looks nowhere, so tests never
// touch the real home.
type Config struct {
	Home string              // the user's home; "" skips home-based folders
	Env  func(string) string // nil reads no environment
	// More folders, beyond those derived from Home and Env.
	OllamaRoots   []string // Ollama models folders (holding manifests/ and blobs/)
	LMStudioRoots []string // LM Studio models folders
	HFRoots       []string // Hugging Face hub caches (holding models--*)
	Now           func() time.Time
	MaxAge        time.Duration // 0 means DefaultMaxAge
}

// DefaultConfig looks where this user's and the system's stores live.
func DefaultConfig() Config {
	home, _ := os.UserHomeDir()
	return Config{
		Home:        home,
		Env:         os.Getenv,
		OllamaRoots: slices.Clone(SystemOllamaRoots),
	}
}

// Stores answers which store file a path is. It rescans at most once per
// MaxAge; it is safe for concurrent use.
type Stores struct {
	cfg  Config
	mu   sync.Mutex
	snap *snapshot
	at   time.Time
}

// New returns Stores for cfg; the first lookup scans.
func New(cfg Config) *Stores {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.MaxAge <= 0 {
		cfg.MaxAge = DefaultMaxAge
	}
	return &Stores{cfg: cfg}
}

// Lookup names the file at path, as a process sees it (for example a
// memory-mapped file). Symlinks are resolved on both sides.
func (s *Stores) Lookup(path string) (Name, bool) {
	snap := s.current()
	p := filepath.Clean(path)
	if n, ok := snap.lookup(p); ok {
		return n, true
	}
	if !filepath.IsAbs(p) {
		return Name{}, false
	}
	if r, err := filepath.EvalSymlinks(p); err == nil && r != p {
		return snap.lookup(r)
	}
	return Name{}, false
}

// Installed lists every model file the stores hold, sorted by store, model
// and path. Being listed is no evidence of being loaded.
func (s *Stores) Installed() []File {
	snap := s.current()
	out := make([]File, len(snap.files))
	for i, f := range snap.files {
		f.Alternatives = slices.Clone(f.Alternatives)
		out[i] = f
	}
	return out
}

// Warnings says what the last scan skipped and why (bad manifests, unreadable
// folders), capped at a few dozen lines.
func (s *Stores) Warnings() []string {
	return slices.Clone(s.current().warnings.list)
}

// Refresh forces a rescan now.
func (s *Stores) Refresh() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.snap = scan(s.cfg)
	s.at = s.cfg.Now()
}

func (s *Stores) current() *snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.cfg.Now()
	// A clock that went backwards also forces a rescan.
	if s.snap == nil || now.Sub(s.at) >= s.cfg.MaxAge || now.Before(s.at) {
		s.snap = scan(s.cfg)
		s.at = now
	}
	return s.snap
}

// snapshot is one scan's result; it is never modified after scan returns.
type snapshot struct {
	files    []File
	byPath   map[string]int // every known path of a file → index in files
	lmRoots  []string       // resolved LM Studio roots, for files added since the scan
	warnings warnings
}

func (s *snapshot) lookup(p string) (Name, bool) {
	if i, ok := s.byPath[p]; ok {
		n := s.files[i].Name
		n.Alternatives = slices.Clone(n.Alternatives)
		return n, true
	}
	if n, ok := huggingFaceName(p); ok {
		return n, true
	}
	return lmStudioName(s.lmRoots, p)
}

// found is a scanner's report of one file: its name, size, and every path
// it may be seen under (the first is the one listed).
type found struct {
	name  Name
	size  int64
	paths []string
}

func scan(cfg Config) *snapshot {
	s := &snapshot{byPath: map[string]int{}}
	env := cfg.Env
	if env == nil {
		env = func(string) string { return "" }
	}
	// Each store is scanned on its own: a broken one only adds warnings.
	var all []found
	all = append(all, scanOllama(ollamaRoots(cfg, env), &s.warnings)...)
	lm := lmStudioRoots(cfg)
	all = append(all, scanLMStudio(lm, &s.warnings)...)
	all = append(all, scanHuggingFace(hfRoots(cfg, env), &s.warnings)...)
	for _, r := range lm {
		s.lmRoots = append(s.lmRoots, r.resolved)
	}

	slices.SortStableFunc(all, func(a, b found) int {
		if c := strings.Compare(string(a.name.Store), string(b.name.Store)); c != 0 {
			return c
		}
		if c := strings.Compare(a.name.Model, b.name.Model); c != 0 {
			return c
		}
		return strings.Compare(a.paths[0], b.paths[0])
	})
	for _, f := range all {
		if _, dup := s.byPath[f.paths[0]]; dup {
			continue
		}
		i := len(s.files)
		s.files = append(s.files, File{Name: f.name, Path: f.paths[0], Size: f.size})
		for _, p := range f.paths {
			if _, taken := s.byPath[p]; !taken {
				s.byPath[p] = i
			}
		}
	}
	return s
}
