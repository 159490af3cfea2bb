package stores

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gputaskman/gtm/internal/safefile"
)

// Limits that keep a hostile or enormous store from costing much.
const (
	maxFileRead = 1 << 20 // manifests and settings files
	maxFiles    = 20000   // files indexed per store
	maxWarnings = 40
)

// root is one store folder: its resolved path and every spelling it was
// configured under, so that paths built from either match.
type root struct {
	resolved string
	aliases  []string // cleaned; the first is how it was configured
}

// paths returns rel under every spelling of r.
func (r root) paths(rel string) []string {
	out := make([]string, 0, len(r.aliases))
	for _, a := range r.aliases {
		out = append(out, filepath.Join(a, rel))
	}
	return out
}

// resolveRoots keeps the existing folders among cands, merging those that
// resolve to the same place. Relative paths are dropped: there is no cwd
// they could be relative to.
func resolveRoots(cands []string) []root {
	var out []root
	at := map[string]int{}
	for _, c := range cands {
		if c == "" || !filepath.IsAbs(c) {
			continue
		}
		c = filepath.Clean(c)
		r, err := filepath.EvalSymlinks(c)
		if err != nil {
			continue // missing is the usual case, not worth a warning
		}
		if fi, err := os.Stat(r); err != nil || !fi.IsDir() {
			continue
		}
		if i, ok := at[r]; ok {
			if !slices.Contains(out[i].aliases, c) {
				out[i].aliases = append(out[i].aliases, c)
			}
			continue
		}
		at[r] = len(out)
		aliases := []string{c}
		if r != c {
			aliases = append(aliases, r)
		}
		out = append(out, root{resolved: r, aliases: aliases})
	}
	return out
}

// withResolved adds the fully resolved form of paths[0] when it differs,
// since a process's memory map shows that form.
func withResolved(paths []string) []string {
	if len(paths) == 0 {
		return paths
	}
	if r, err := filepath.EvalSymlinks(paths[0]); err == nil && !slices.Contains(paths, r) {
		paths = append(paths, r)
	}
	return paths
}

var errTooBig = safefile.ErrTooLarge

// readCapped reads a regular file of at most max bytes, without blocking
// on a FIFO planted in a store and within a deadline (safefile).
func readCapped(path string, max int64) ([]byte, error) { return safefile.ReadFile(path, max) }

// regularSize stats path (following symlinks) and returns its size when it
// is a regular file.
func regularSize(path string) (int64, bool) {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return 0, false
	}
	return fi.Size(), true
}

// modelExts are the file kinds the folder-based stores list.
var modelExts = []string{".gguf", ".safetensors", ".bin", ".onnx", ".pt", ".pth", ".ckpt"}

func isModelFile(name string) bool {
	return slices.Contains(modelExts, strings.ToLower(filepath.Ext(name)))
}

// roleFromFileName guesses a role from naming conventions: llama.cpp's
// "mmproj-*" projectors and PEFT's "adapter_model.*".
func roleFromFileName(name string) Role {
	base := strings.ToLower(filepath.Base(name))
	switch {
	case strings.Contains(base, "mmproj"):
		return RoleProjector
	case strings.HasPrefix(base, "adapter_model"):
		return RoleAdapter
	}
	return RoleModel
}

// warnings collects what a scan skipped, capped.
type warnings struct{ list []string }

func (w *warnings) add(format string, args ...any) {
	switch {
	case len(w.list) < maxWarnings:
		w.list = append(w.list, fmt.Sprintf(format, args...))
	case len(w.list) == maxWarnings:
		w.list = append(w.list, "more problems not listed")
	}
}
