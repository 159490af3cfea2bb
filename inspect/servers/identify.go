package servers

import (
	"context"
	"strings"
)

// Identify tells which server listens on a port, stopping at the first
// request that says so: /props (llama-server), /api/version (Ollama),
// /api/v0/models then /api/v1/models (LM Studio), /metrics (vLLM, or a
// llama-server whose /props needs a key). Each check looks at the body, not
// just the status: LM Studio answers unknown paths with 200 and an error.
// The error is non-nil only when nothing answered.
func Identify(ctx context.Context, g Getter, port int) (Kind, error) {
	reached := false
	var firstErr error
	try := func(path string) answer {
		a := get(ctx, g, port, path, nil)
		reached = reached || a.reached
		if !a.reached && firstErr == nil {
			firstErr = a.err
		}
		return a
	}

	a := try("/props")
	if a.err == nil && isLlamaProps(a.body) {
		return KindLlamaServer, nil
	}
	if !reached {
		return KindUnknown, firstErr // down: the other paths won't answer either
	}
	llamaKeyed := (a.status == 401 || a.status == 403) && isLlamaAuthError(a.body)

	if a := try("/api/version"); a.err == nil {
		var v struct {
			Version text `json:"version"`
		}
		if decodeObject(a.body, &v) == nil && v.Version != "" {
			return KindOllama, nil
		}
	}
	if a := try("/api/v0/models"); a.err == nil {
		if _, known, err := parseLMStudioV0(a.body); err == nil && known > 0 && isLMStudioV0(a.body) {
			return KindLMStudio, nil
		}
	}
	if a := try("/api/v1/models"); a.err == nil {
		if _, _, err := parseLMStudioV1(a.body); err == nil {
			return KindLMStudio, nil
		}
	}
	if a := try("/metrics"); a.err == nil {
		m, _ := ParsePrometheus(a.body)
		switch {
		case metrics(m).has("vllm:"):
			return KindVLLM, nil
		case metrics(m).has("llamacpp:"):
			return KindLlamaServer, nil
		}
	}
	if llamaKeyed {
		return KindLlamaServer, nil
	}
	return KindUnknown, nil
}

func isLlamaProps(body []byte) bool {
	var p struct {
		DGS        *struct{} `json:"default_generation_settings"`
		TotalSlots *number   `json:"total_slots"`
	}
	return decodeObject(body, &p) == nil && (p.DGS != nil || p.TotalSlots != nil && p.TotalSlots.ok)
}

// isLlamaAuthError matches llama-server's OpenAI-style
// {"error":{"code":401,"message":"Invalid API Key","type":"authentication_error"}}.
func isLlamaAuthError(body []byte) bool {
	var e struct {
		Error struct {
			Type text `json:"type"`
		} `json:"error"`
	}
	return decodeObject(body, &e) == nil && e.Error.Type == "authentication_error"
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

// KindFromProcess tells the server kind from a process name and command
// line, which callers usually have before any port: llama-server;
// `ollama serve` vs `ollama runner` (and the older ollama_llama_server);
// LM Studio's app, `lms`, llmster and llmworker processes; `vllm serve`,
// `python -m vllm.entrypoints...` and vLLM's VLLM::EngineCore/Worker
// children. name may be the 15-byte truncated Linux comm.
func KindFromProcess(name string, argv []string) Kind {
	bases := []string{base(name)}
	if len(argv) > 0 {
		bases = append(bases, base(argv[0]))
	}
	var args []string
	if len(argv) > 1 {
		args = argv[1:]
	}
	for _, b := range bases {
		switch {
		case b == "llama-server":
			return KindLlamaServer
		case strings.HasPrefix(b, "ollama_llama_se"): // ollama_llama_server, comm-truncated
			return KindOllamaRunner
		case b == "ollama":
			switch firstWord(args) {
			case "serve":
				return KindOllama
			case "runner":
				return KindOllamaRunner
			}
		case b == "lm studio", b == "lm-studio", b == "lmstudio", b == "lms",
			b == "llmster", strings.HasPrefix(b, "llmworker"):
			return KindLMStudio
		case strings.HasPrefix(b, "vllm::"): // setproctitle of engine/worker children
			return KindVLLM
		case b == "vllm" && firstWord(args) == "serve":
			return KindVLLM
		case strings.HasPrefix(b, "python"):
			if isVLLMPython(args) {
				return KindVLLM
			}
		}
	}
	for _, a := range argv {
		// LM Studio's bundled runtimes and workers live under ~/.lmstudio
		// or the app bundle.
		if strings.Contains(a, "/.lmstudio/") || strings.Contains(a, `\.lmstudio\`) ||
			strings.Contains(a, "LM Studio.app/") {
			return KindLMStudio
		}
	}
	return KindUnknown
}

// isVLLMPython matches `python -m vllm.entrypoints...` and
// `python .../bin/vllm serve ...`.
func isVLLMPython(args []string) bool {
	for i, a := range args {
		if a == "-m" && i+1 < len(args) {
			m := args[i+1]
			return m == "vllm" || strings.HasPrefix(m, "vllm.")
		}
		if strings.HasPrefix(a, "-m") && len(a) > 2 { // -mvllm.entrypoints...
			m := a[2:]
			return m == "vllm" || strings.HasPrefix(m, "vllm.")
		}
		if !strings.HasPrefix(a, "-") {
			return base(a) == "vllm" && firstWord(args[i+1:]) == "serve"
		}
	}
	return false
}

// base is the lower-case last element of a path from any OS, minus ".exe".
func base(p string) string {
	p = p[strings.LastIndexAny(p, `/\`)+1:]
	return strings.TrimSuffix(strings.ToLower(p), ".exe")
}

// firstWord is the first argument that is not a flag.
func firstWord(args []string) string {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			return a
		}
	}
	return ""
}
