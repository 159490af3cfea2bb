package servers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// NameLMStudio is LM Studio (the app, its headless llmster and `lms`).
const NameLMStudio = "lmstudio"

// lmStudio is LM Studio's local server: /api/v1 (0.4+) or /api/v0.
type lmStudio struct{}

func (lmStudio) Name() string { return NameLMStudio }

// Recognise: LM Studio's app, `lms`, llmster and llmworker processes, and
// the bundled runtimes and workers under ~/.lmstudio or the app bundle.
func (lmStudio) Recognise(p Process) Role {
	for _, b := range p.bases() {
		switch {
		case b == "lm studio", b == "lm-studio", b == "lmstudio", b == "lms",
			b == "llmster", strings.HasPrefix(b, "llmworker"):
			return API
		}
	}
	for _, a := range p.Argv {
		if strings.Contains(a, "/.lmstudio/") || strings.Contains(a, `\.lmstudio\`) ||
			strings.Contains(a, "LM Studio.app/") {
			return API
		}
	}
	return NotServer
}

func (lmStudio) Title() string { return "LM Studio" }

// Unload: /api/v1 unloads one loaded instance by its id.
func (lmStudio) Unload(model string) (Request, error) {
	if model == "" {
		return Request{}, errors.New("LM Studio did not name one loaded instance (needs its /api/v1 with one model loaded)")
	}
	b, err := json.Marshal(map[string]any{"instance_id": model})
	return Request{Method: http.MethodPost, Path: "/api/v1/models/unload", Body: b}, err
}

func (lmStudio) Checks() []Check {
	return []Check{
		{Path: "/api/v0/models", Match: func(r Reply) Verdict {
			if r.Err != nil {
				return No
			}
			if _, known, err := parseLMStudioV0(r.Body); err == nil && known > 0 && isLMStudioV0(r.Body) {
				return Yes
			}
			return No
		}},
		{Path: "/api/v1/models", Match: func(r Reply) Verdict {
			if r.Err != nil {
				return No
			}
			if _, _, err := parseLMStudioV1(r.Body); err == nil {
				return Yes
			}
			return No
		}},
	}
}

func (lmStudio) Probe(ctx context.Context, req ProbeRequest) (*Facts, error) {
	s, err := ProbeLMStudio(ctx, req.Getter, req.Port)
	if err != nil {
		return nil, err
	}
	f := &Facts{Status: status(false, s.NeedsKey)}
	for _, m := range s.Loaded {
		if f.NCtx == nil {
			f.NCtx = m.ContextLength
		}
		if m.Path != "" {
			f.ModelPaths = append(f.ModelPaths, m.Path)
		}
	}
	// Only /api/v1 names loaded instances (what its unload request
	// takes), and only one loaded model is unambiguously this one.
	if s.API == "/api/v1/models" && len(s.Loaded) == 1 {
		f.Model = s.Loaded[0].ID
	}
	return f, nil
}

// isLMStudioV0 wants LM Studio's own fields, which an OpenAI-style model
// list (vLLM, llama-server) lacks.
func isLMStudioV0(body []byte) bool {
	var raw struct {
		Data list[struct {
			State             text `json:"state"`
			CompatibilityType text `json:"compatibility_type"`
		}] `json:"data"`
	}
	if decodeObject(body, &raw) != nil {
		return false
	}
	for _, d := range raw.Data {
		if d.State != "" || d.CompatibilityType != "" {
			return true
		}
	}
	return false
}

// LMStudioState lists the models LM Studio has loaded.
type LMStudioState struct {
	Source   string // RuntimeReported
	API      string // "/api/v1/models" (LM Studio 0.4+) or "/api/v0/models"
	NeedsKey bool   // authentication is on (LM Studio 0.4+ API tokens)
	Loaded   []LMStudioModel
	Known    int // models listed, loaded or not
}

// LMStudioModel is one loaded model; with /api/v1 one per loaded instance.
type LMStudioModel struct {
	ID               string // instance id (v1) or model id (v0): what requests name
	Key              string // model key (v1); same as ID for v0
	DisplayName      string
	Publisher        string
	Type             string // "llm", "vlm", "embedding(s)"
	Arch             string
	Format           string // "gguf", "mlx"
	Quantization     string
	ContextLength    *int64 // context the model was loaded with
	MaxContextLength *int64 // the most the model supports
	SizeBytes        *int64
	Path             string // if the server lists one
}

// ProbeLMStudio tries /api/v1/models (LM Studio 0.4+) and falls back to
// /api/v0/models (0.3.6+) when v1 is absent or not the expected shape.
func ProbeLMStudio(ctx context.Context, g Getter, port int) (LMStudioState, error) {
	s := LMStudioState{Source: RuntimeReported}
	var errs []error
	for _, try := range []struct {
		path  string
		parse func([]byte) ([]LMStudioModel, int, error)
	}{{"/api/v1/models", parseLMStudioV1}, {"/api/v0/models", parseLMStudioV0}} {
		a := get(ctx, g, port, try.path, nil)
		if errors.Is(a.err, ErrNeedsKey) {
			s.NeedsKey = true
			return s, nil
		}
		if a.err != nil {
			errs = append(errs, a.err)
			if !a.reached {
				break // down: the other path won't answer either
			}
			continue
		}
		loaded, known, err := try.parse(a.body)
		if err != nil {
			errs = append(errs, fmt.Errorf("GET %s: %w", try.path, err))
			continue
		}
		s.API, s.Loaded, s.Known = try.path, loaded, known
		return s, nil
	}
	return s, errors.Join(errs...)
}

// parseLMStudioV1 reads {"models":[{key, loaded_instances:[{id, config:{context_length}}], ...}]}.
func parseLMStudioV1(body []byte) ([]LMStudioModel, int, error) {
	var raw struct {
		Models *list[struct {
			Type         text `json:"type"`
			Publisher    text `json:"publisher"`
			Key          text `json:"key"`
			DisplayName  text `json:"display_name"`
			Architecture text `json:"architecture"`
			Quantization struct {
				Name text `json:"name"`
			} `json:"quantization"`
			SizeBytes        number `json:"size_bytes"`
			MaxContextLength number `json:"max_context_length"`
			Format           text   `json:"format"`
			Path             text   `json:"path"`
			Instances        list[struct {
				ID     text `json:"id"`
				Config struct {
					ContextLength number `json:"context_length"`
				} `json:"config"`
			}] `json:"loaded_instances"`
		}] `json:"models"`
	}
	if err := decodeObject(body, &raw); err != nil {
		return nil, 0, err
	}
	if raw.Models == nil {
		return nil, 0, fmt.Errorf("%w: no models array", ErrNotJSON)
	}
	var out []LMStudioModel
	for _, m := range *raw.Models {
		for _, in := range m.Instances {
			id := string(in.ID)
			if id == "" {
				id = string(m.Key)
			}
			if id == "" {
				continue
			}
			out = append(out, LMStudioModel{
				ID: id, Key: string(m.Key), DisplayName: string(m.DisplayName),
				Publisher: string(m.Publisher), Type: string(m.Type), Arch: string(m.Architecture),
				Format: string(m.Format), Quantization: string(m.Quantization.Name),
				ContextLength:    in.Config.ContextLength.atLeast(1),
				MaxContextLength: m.MaxContextLength.atLeast(1),
				SizeBytes:        m.SizeBytes.atLeast(1),
				Path:             string(m.Path),
			})
		}
	}
	return out, len(*raw.Models), nil
}

// parseLMStudioV0 reads {"data":[{id, state:"loaded"|"not-loaded", loaded_context_length, ...}]}.
func parseLMStudioV0(body []byte) ([]LMStudioModel, int, error) {
	var raw struct {
		Data *list[struct {
			ID                  text   `json:"id"`
			Type                text   `json:"type"`
			Publisher           text   `json:"publisher"`
			Arch                text   `json:"arch"`
			CompatibilityType   text   `json:"compatibility_type"`
			Quantization        text   `json:"quantization"`
			State               text   `json:"state"`
			MaxContextLength    number `json:"max_context_length"`
			LoadedContextLength number `json:"loaded_context_length"`
			Path                text   `json:"path"`
		}] `json:"data"`
	}
	if err := decodeObject(body, &raw); err != nil {
		return nil, 0, err
	}
	if raw.Data == nil {
		return nil, 0, fmt.Errorf("%w: no data array", ErrNotJSON)
	}
	var out []LMStudioModel
	for _, m := range *raw.Data {
		if m.State != "loaded" || m.ID == "" {
			continue
		}
		out = append(out, LMStudioModel{
			ID: string(m.ID), Key: string(m.ID), Publisher: string(m.Publisher),
			Type: string(m.Type), Arch: string(m.Arch), Format: string(m.CompatibilityType),
			Quantization:     string(m.Quantization),
			ContextLength:    m.LoadedContextLength.atLeast(1),
			MaxContextLength: m.MaxContextLength.atLeast(1),
			Path:             string(m.Path),
		})
	}
	return out, len(*raw.Data), nil
}
