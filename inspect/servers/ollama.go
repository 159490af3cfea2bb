package servers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"time"
)

// NameOllama is Ollama; its runners report under the same name.
const NameOllama = "ollama"

// ollama is `ollama serve`, the API on :11434, and the model runners it
// spawns, which have no public API of their own.
type ollama struct{}

func (ollama) Name() string { return NameOllama }

// Recognise: `ollama serve` serves; `ollama runner` (and the older
// ollama_llama_server) works for it. The `ollama run` client is neither.
func (ollama) Recognise(p Process) Role {
	for _, b := range p.bases() {
		switch {
		case strings.HasPrefix(b, "ollama_llama_se"): // ollama_llama_server, comm-truncated
			return Worker
		case b == "ollama":
			switch firstWord(p.args()) {
			case "serve":
				return API
			case "runner":
				return Worker
			}
		}
	}
	return NotServer
}

// SharedLogs: a runner logs its load into `ollama serve`'s server.log,
// under the serving user's home (~/.ollama/logs) or, for the Linux
// service, the ollama user's.
func (ollama) SharedLogs(home string) []string {
	var out []string
	if home != "" {
		out = append(out, filepath.Join(home, ".ollama", "logs", "server.log"))
	}
	return append(out, "/usr/share/ollama/.ollama/logs/server.log")
}

func (ollama) Title() string { return "Ollama" }

// Unload: a generate request with no prompt and keep_alive 0 unloads the
// model at once (Ollama's documented way).
func (ollama) Unload(model string) (Request, error) {
	if model == "" {
		return Request{}, errors.New("the server did not name the model")
	}
	b, err := json.Marshal(map[string]any{"model": model, "keep_alive": 0})
	return Request{Method: http.MethodPost, Path: "/api/generate", Body: b}, err
}

func (ollama) Checks() []Check {
	return []Check{{Path: "/api/version", Match: func(r Reply) Verdict {
		var v struct {
			Version text `json:"version"`
		}
		if r.Err == nil && decodeObject(r.Body, &v) == nil && v.Version != "" {
			return Yes
		}
		return No
	}}}
}

// Probe reads /api/ps and picks the running model req.Models holds: a
// runner is asked through its parent, which lists every loaded model.
func (ollama) Probe(ctx context.Context, req ProbeRequest) (*Facts, error) {
	s, err := ProbeOllama(ctx, req.Getter, req.Port)
	if err != nil {
		return nil, err
	}
	f := &Facts{Status: status(false, s.NeedsKey)}
	for _, m := range req.Models {
		name := func(string) (string, bool) { return m.Name, m.Name != "" }
		if om, _, ok := s.Match(m.Path, 1, name); ok {
			f.NCtx, f.VRAMBytes, f.Model = om.ContextLength, om.SizeVRAM, om.Name
			f.ModelPaths = []string{m.Path}
			return f, nil
		}
	}
	return f, nil
}

// OllamaState is Ollama's list of running models (GET /api/ps).
type OllamaState struct {
	Source   string // RuntimeReported
	NeedsKey bool   // /api/ps answered 401/403 (a proxy in front of Ollama)
	Models   []OllamaModel
}

// OllamaModel is one running model.
type OllamaModel struct {
	Name          string // as requested, e.g. "qwen3:8b"
	Model         string
	Size          *int64 // bytes in memory, VRAM and RAM together
	SizeVRAM      *int64
	ContextLength *int64    // newer versions only
	ExpiresAt     time.Time // zero when absent or unreadable
	// Digest is the sha256 of the model's MANIFEST, not of its weights
	// blob (server/images.go GetManifest), so it never equals a runner's
	// blobs/sha256-<hex>; see Match.
	Digest string

	Format            string
	Family            string
	Families          []string
	ParameterSize     string
	QuantizationLevel string
}

// ProbeOllama reads GET /api/ps.
func ProbeOllama(ctx context.Context, g Getter, port int) (OllamaState, error) {
	s := OllamaState{Source: RuntimeReported}
	a := get(ctx, g, port, "/api/ps", nil)
	if errors.Is(a.err, ErrNeedsKey) {
		s.NeedsKey = true
		return s, nil
	}
	if a.err != nil {
		return s, a.err
	}
	ms, err := parseOllamaPS(a.body)
	if err != nil {
		return s, fmt.Errorf("GET /api/ps: %w", err)
	}
	s.Models = ms
	return s, nil
}

func parseOllamaPS(body []byte) ([]OllamaModel, error) {
	var raw struct {
		Models list[struct {
			Name          text      `json:"name"`
			Model         text      `json:"model"`
			Size          number    `json:"size"`
			SizeVRAM      number    `json:"size_vram"`
			ContextLength number    `json:"context_length"`
			ExpiresAt     timestamp `json:"expires_at"`
			Digest        text      `json:"digest"`
			Details       struct {
				Format            text  `json:"format"`
				Family            text  `json:"family"`
				Families          texts `json:"families"`
				ParameterSize     text  `json:"parameter_size"`
				QuantizationLevel text  `json:"quantization_level"`
			} `json:"details"`
		}] `json:"models"`
	}
	if err := decodeObject(body, &raw); err != nil {
		return nil, err
	}
	var ms []OllamaModel
	for _, m := range raw.Models {
		if m.Name == "" && m.Model == "" {
			continue
		}
		ms = append(ms, OllamaModel{
			Name:              string(m.Name),
			Model:             string(m.Model),
			Size:              m.Size.atLeast(0),
			SizeVRAM:          m.SizeVRAM.atLeast(0),
			ContextLength:     m.ContextLength.atLeast(1), // 0: an older version's zero value
			ExpiresAt:         m.ExpiresAt.Time,
			Digest:            string(m.Digest),
			Format:            string(m.Details.Format),
			Family:            string(m.Details.Family),
			Families:          m.Details.Families,
			ParameterSize:     string(m.Details.ParameterSize),
			QuantizationLevel: string(m.Details.QuantizationLevel),
		})
	}
	return ms, nil
}

// MatchMethod says how a runner was tied to a running model.
type MatchMethod string

const (
	MatchNone   MatchMethod = ""
	MatchDigest MatchMethod = "digest"       // the blob's digest is the entry's digest
	MatchName   MatchMethod = "name"         // blobName named the blob as the entry's model
	MatchOnly   MatchMethod = "only-running" // one model loaded and one runner: a guess, if a good one
)

// Match finds the running model a runner serves, from the model blob the
// runner loaded (.../blobs/sha256-<hex>). It tries, in order: the digest
// (which /api/ps reports for the manifest, so this rarely hits, but costs
// nothing); the name blobName gives the blob (e.g. from the local
// manifests); and, when exactly one model is loaded and the caller counts
// exactly one runner, that model.
func (s OllamaState) Match(blobPath string, runners int, blobName func(path string) (name string, ok bool)) (OllamaModel, MatchMethod, bool) {
	if d := blobDigest(blobPath); d != "" {
		for _, m := range s.Models {
			if normDigest(m.Digest) == d {
				return m, MatchDigest, true
			}
		}
	}
	if blobName != nil {
		if name, ok := blobName(blobPath); ok && name != "" {
			want := normName(name)
			for _, m := range s.Models {
				if normName(m.Name) == want || normName(m.Model) == want {
					return m, MatchName, true
				}
			}
		}
	}
	if len(s.Models) == 1 && runners == 1 {
		return s.Models[0], MatchOnly, true
	}
	return OllamaModel{}, MatchNone, false
}

// blobDigest is the lower-case hex of a blob path's sha256-<hex> base
// name; either separator, as the path may come from another OS.
func blobDigest(path string) string {
	base := path[strings.LastIndexAny(path, `/\`)+1:]
	d := normDigest(base)
	if len(d) != 64 || strings.Trim(d, "0123456789abcdef") != "" || d == strings.ToLower(base) {
		return "" // not sha256-prefixed 64-hex
	}
	return d
}

// normDigest strips "sha256:" or "sha256-" and lower-cases.
func normDigest(d string) string {
	d = strings.ToLower(strings.TrimSpace(d))
	for _, p := range []string{"sha256:", "sha256-"} {
		if strings.HasPrefix(d, p) {
			return d[len(p):]
		}
	}
	return d
}

// normName reduces a model name to the form `ollama ps` shows: no default
// registry, no "library/" namespace, an explicit tag.
func normName(n string) string {
	n = strings.ToLower(strings.TrimSpace(n))
	n = strings.TrimPrefix(n, "registry.ollama.ai/")
	n = strings.TrimPrefix(n, "library/")
	if n != "" && !strings.Contains(n[strings.LastIndex(n, "/")+1:], ":") {
		n += ":latest"
	}
	return n
}
