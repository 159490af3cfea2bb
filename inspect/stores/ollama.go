package stores

import (
	"cmp"
	"encoding/json"
	"errors"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Ollama keeps content-addressed blobs, named by JSON manifests:
//
//	<root>/manifests/<host>/<namespace>/<model>/<tag>
//	<root>/manifests/<host>/<namespace>/<kind>/<model>/<tag>   (kind: skill, agent, mcp)
//	<root>/blobs/sha256-<hex>                                   (digest "sha256:<hex>")

func ollamaRoots(cfg Config, env func(string) string) []root {
	var c []string
	if v := env("OLLAMA_MODELS"); v != "" {
		c = append(c, v)
	}
	if cfg.Home != "" {
		c = append(c, filepath.Join(cfg.Home, ".ollama", "models"))
	}
	return resolveRoots(append(c, cfg.OllamaRoots...))
}

// Layer media types worth naming; templates, params, licenses are not
// model files.
var layerRoles = map[string]Role{
	"application/vnd.ollama.image.model":     RoleModel,
	"application/vnd.ollama.image.projector": RoleProjector,
	"application/vnd.ollama.image.adapter":   RoleAdapter,
	// Safetensors imports for the newer engine: one blob per tensor group.
	"application/vnd.ollama.image.tensor": RoleModel,
}

// layer is one nameable layer of a manifest.
type layer struct {
	role Role
	blob string // file name under blobs/: "sha256-<hex>"
	name string // a tensor layer's own name, if it has one
}

// digestRe is Ollama's own check: anything else could point outside blobs/.
var digestRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^sha256[:-]([0-9a-fA-F]{64})$`) })

func blobFile(digest string) (string, bool) {
	m := digestRe().FindStringSubmatch(digest)
	if m == nil {
		return "", false
	}
	return "sha256-" + m[1], true
}

// parseManifest returns a manifest's model, projector and adapter layers,
// and how many such layers it skipped for a bad digest. Each layer is
// decoded on its own, so one malformed layer costs only itself.
func parseManifest(data []byte) (layers []layer, skipped int, err error) {
	if len(data) > maxFileRead {
		return nil, 0, errTooBig
	}
	var m struct {
		Layers []json.RawMessage `json:"layers"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, 0, err
	}
	for _, raw := range m.Layers {
		var l struct {
			MediaType string `json:"mediaType"`
			Digest    string `json:"digest"`
			Name      string `json:"name"`
		}
		if json.Unmarshal(raw, &l) != nil {
			skipped++
			continue
		}
		role, ok := layerRoles[l.MediaType]
		if !ok {
			continue
		}
		blob, ok := blobFile(l.Digest)
		if !ok {
			skipped++
			continue
		}
		layers = append(layers, layer{role: role, blob: blob, name: l.Name})
	}
	return layers, skipped, nil
}

// ollamaName is a model name as its manifest path spells it.
type ollamaName struct {
	host, namespace, kind, model, tag string
}

var ollamaKinds = map[string]bool{"skill": true, "agent": true, "mcp": true}

func parseOllamaPath(parts []string) (ollamaName, bool) {
	var n ollamaName
	switch len(parts) {
	case 4:
		n = ollamaName{host: parts[0], namespace: parts[1], model: parts[2], tag: parts[3]}
	case 5:
		n = ollamaName{host: parts[0], namespace: parts[1], kind: parts[2], model: parts[3], tag: parts[4]}
		if !ollamaKinds[n.kind] {
			return n, false
		}
	default:
		return n, false
	}
	ok := validPart(n.host, 350, ":") && validPart(n.namespace, 80, "") &&
		validPart(n.model, 80, ".") && validPart(n.tag, 80, ".")
	return n, ok
}

// validPart follows Ollama's rule: a letter, digit or '_' first, then those
// and '-', '_' and the extra characters allowed for the part. The host
// also takes '.' and ':' (a port).
func validPart(s string, max int, extra string) bool {
	if s == "" || len(s) > max {
		return false
	}
	if extra == ":" {
		extra = ".:"
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		alnum := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
		if alnum || i > 0 && (c == '-' || strings.IndexByte(extra, c) >= 0) {
			continue
		}
		return false
	}
	return true
}

// display is how `ollama list` shows a name: the default registry and the
// "library" namespace are left out; the tag always stays.
func (n ollamaName) display() string {
	var b strings.Builder
	switch {
	case !strings.EqualFold(n.host, "registry.ollama.ai"):
		b.WriteString(n.host + "/" + n.namespace + "/")
	case !strings.EqualFold(n.namespace, "library"):
		b.WriteString(n.namespace + "/")
	}
	if n.kind != "" {
		b.WriteString(n.kind + "/")
	}
	b.WriteString(n.model + ":" + n.tag)
	return b.String()
}

// primaryFirst orders the names of one blob: a specific tag before
// ":latest" (qwen3:8b, not qwen3:latest), then shorter, then alphabetical,
// so the primary name is stable across scans.
func primaryFirst(a, b string) int {
	al, bl := strings.HasSuffix(a, ":latest"), strings.HasSuffix(b, ":latest")
	if al != bl {
		if al {
			return 1
		}
		return -1
	}
	if c := cmp.Compare(len(a), len(b)); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

// manifestFile is a manifest found on disk and the name its path spells.
type manifestFile struct {
	path string
	name ollamaName
}

// manifestFiles walks one manifests folder; *budget caps the total across
// roots.
func manifestFiles(dir string, w *warnings, budget *int) []manifestFile {
	if d, err := filepath.EvalSymlinks(dir); err == nil {
		dir = d // WalkDir does not follow a linked root
	}
	var out []manifestFile
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			if p != dir || !errors.Is(err, fs.ErrNotExist) {
				w.add("ollama: %s: %v", p, err)
			}
			return nil
		case p == dir:
			if !d.IsDir() {
				w.add("ollama: %s: not a folder", p)
			}
			return nil
		case strings.HasPrefix(d.Name(), "."):
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return nil
		}
		parts := strings.Split(rel, string(filepath.Separator))
		if d.IsDir() {
			if len(parts) >= 5 {
				return filepath.SkipDir
			}
			return nil
		}
		if len(parts) < 4 {
			return nil
		}
		name, ok := parseOllamaPath(parts)
		if !ok {
			w.add("ollama: %s: not a model name", p)
			return nil
		}
		if *budget--; *budget < 0 {
			w.add("ollama: more than %d manifests, the rest skipped", maxFiles)
			return fs.SkipAll
		}
		out = append(out, manifestFile{p, name})
		return nil
	})
	return out
}

func scanOllama(roots []root, w *warnings) []found {
	type blobInfo struct {
		paths []string
		size  int64
		roles map[string]Role // display name → role in that manifest
		file  string
	}
	blobs := map[string]*blobInfo{}
	var order []string
	budget := maxFiles
	for _, r := range roots {
		for _, mf := range manifestFiles(filepath.Join(r.resolved, "manifests"), w, &budget) {
			data, err := readCapped(mf.path, maxFileRead)
			if err != nil {
				w.add("ollama: %s: %v", mf.path, err)
				continue
			}
			layers, skipped, err := parseManifest(data)
			if err != nil {
				w.add("ollama: %s: not a manifest: %v", mf.path, err)
				continue
			}
			if skipped > 0 {
				w.add("ollama: %s: %d layers with a bad digest or shape skipped", mf.path, skipped)
			}
			display := mf.name.display()
			for _, l := range layers {
				rel := filepath.Join("blobs", l.blob)
				key := filepath.Join(r.resolved, rel)
				b := blobs[key]
				if b == nil {
					size, ok := regularSize(key)
					if !ok {
						continue // not downloaded, or not a file: nothing to name
					}
					b = &blobInfo{paths: withResolved(r.paths(rel)), size: size, roles: map[string]Role{}}
					blobs[key] = b
					order = append(order, key)
				}
				if _, seen := b.roles[display]; !seen {
					b.roles[display] = l.role
				}
				if b.file == "" {
					b.file = l.name
				}
			}
		}
	}

	out := make([]found, 0, len(order))
	for _, key := range order {
		b := blobs[key]
		names := make([]string, 0, len(b.roles))
		for n := range b.roles {
			names = append(names, n)
		}
		slices.SortFunc(names, primaryFirst)
		var alt []string
		if len(names) > 1 {
			alt = names[1:]
		}
		out = append(out, found{
			name: Name{
				Model:        names[0],
				Store:        Ollama,
				Role:         b.roles[names[0]],
				File:         b.file,
				Alternatives: alt,
			},
			size:  b.size,
			paths: b.paths,
		})
	}
	return out
}
