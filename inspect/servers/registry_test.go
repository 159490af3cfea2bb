package servers

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestIdentify(t *testing.T) {
	lmUnknown := reply{status: 200, body: `{"error":"Unexpected endpoint or method. (GET /x)"}`}
	cases := []struct {
		name      string
		g         *fakeGetter
		want      string // the server's name, "" for none
		wantCalls int
	}{
		{"llama-server", &fakeGetter{routes: llamaRoutes(t)}, NameLlamaServer, 1},
		{"llama-server, 2024 props", &fakeGetter{routes: map[string]reply{"/props": file(t, ls, "props_old.json")}}, NameLlamaServer, 1},
		{"llama-server with --api-key and --metrics", &fakeGetter{routes: llamaRoutes(t), key: "k", public: llamaPublic}, NameLlamaServer, 5},
		{"llama-server with --api-key, no metrics", &fakeGetter{routes: map[string]reply{"/props": file(t, ls, "props.json")}, key: "k", public: llamaPublic}, NameLlamaServer, 5},
		{"ollama", &fakeGetter{routes: map[string]reply{"/api/version": file(t, "ollama", "version.json"), "/api/ps": file(t, "ollama", "ps.json")}}, NameOllama, 2},
		{"lm studio 0.3", &fakeGetter{routes: map[string]reply{"/api/v0/models": file(t, "lmstudio", "v0_models.json")}, notFound: &lmUnknown}, NameLMStudio, 3},
		{"lm studio 0.4, nothing downloaded in v0", &fakeGetter{routes: map[string]reply{
			"/api/v0/models": {status: 200, body: `{"object":"list","data":[]}`},
			"/api/v1/models": file(t, "lmstudio", "v1_models.json"),
		}, notFound: &lmUnknown}, NameLMStudio, 4},
		{"vllm", &fakeGetter{routes: map[string]reply{"/v1/models": file(t, "vllm", "models.json"), "/metrics": file(t, "vllm", "metrics.txt")}}, NameVLLM, 5},
		{"something else", &fakeGetter{routes: map[string]reply{"/metrics": {status: 200, body: "go_goroutines 7\n"}}}, "", 5},
		{"an OpenAI list is not LM Studio", &fakeGetter{routes: map[string]reply{"/api/v0/models": file(t, "vllm", "models.json")}}, "", 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := Identify(context.Background(), c.g, 1)
			if err != nil || nameOf(s) != c.want {
				t.Errorf("Identify = %q, %v; want %q", nameOf(s), err, c.want)
			}
			if len(c.g.calls) != c.wantCalls {
				t.Errorf("%d requests (%q), want %d", len(c.g.calls), c.g.calls, c.wantCalls)
			}
		})
	}
	d := &downGetter{}
	if s, err := Identify(context.Background(), d, 1); s != nil || !errors.Is(err, errRefused) || d.calls != 1 {
		t.Errorf("down: %q %v after %d calls", nameOf(s), err, d.calls)
	}
}

// TestRecognise: a worker is shown as "<name> worker".
func TestRecognise(t *testing.T) {
	cases := []struct {
		name string
		argv []string
		want string
	}{
		{"llama-server", []string{"/opt/llama.cpp/build/bin/llama-server", "-m", "m.gguf", "--port", "8080"}, NameLlamaServer},
		{"llama-server.exe", []string{`C:\llama\llama-server.exe`, "-m", `C:\m.gguf`}, NameLlamaServer},
		{"", []string{"./llama-server"}, NameLlamaServer},
		{"ollama", []string{"/usr/local/bin/ollama", "serve"}, NameOllama},
		{"ollama", []string{"/usr/local/bin/ollama", "runner", "--ollama-engine", "--model", "/x/blobs/sha256-ab", "--port", "36123"}, NameOllama + " worker"},
		{"ollama.exe", []string{`C:\Users\me\AppData\Local\Programs\Ollama\ollama.exe`, "runner", "--model", `C:\b`}, NameOllama + " worker"},
		{"ollama_llama_se", []string{"/tmp/ollama123/runners/cuda_v12/ollama_llama_server", "--model", "/b", "--port", "1"}, NameOllama + " worker"},
		{"ollama", []string{"ollama", "run", "qwen3"}, ""}, // the CLI client
		{"ollama", nil, ""},
		{"ollama app.exe", []string{`C:\...\ollama app.exe`}, ""},
		{"LM Studio", []string{"/Applications/LM Studio.app/Contents/MacOS/LM Studio"}, NameLMStudio},
		{"lm-studio", []string{"/opt/LM-Studio/lm-studio", "--no-sandbox"}, NameLMStudio},
		{"lms", []string{"/home/me/.lmstudio/bin/lms", "server", "start"}, NameLMStudio},
		{"llmworker", []string{"llmworker"}, NameLMStudio},
		{"node", []string{"/home/me/.lmstudio/.internal/utils/node", "/home/me/.lmstudio/extensions/backends/llama.cpp-linux-x86_64-nvidia-cuda-avx2/llm-worker.js"}, NameLMStudio},
		{"vllm", []string{"/venv/bin/vllm", "serve", "Qwen/Qwen3-0.6B", "--port", "8000"}, NameVLLM},
		{"vllm", []string{"/venv/bin/vllm", "--help"}, ""},
		{"python3", []string{"/usr/bin/python3", "-m", "vllm.entrypoints.openai.api_server", "--model", "m"}, NameVLLM},
		{"python3.12", []string{"python3.12", "-mvllm.entrypoints.api_server"}, NameVLLM},
		{"python", []string{"/venv/bin/python", "/venv/bin/vllm", "serve", "m"}, NameVLLM},
		{"python", []string{"python", "-u", "train.py", "--vllm"}, ""},
		{"python", []string{"python", "-m", "http.server"}, ""},
		{"VLLM::EngineCor", nil, NameVLLM},
		{"VLLM::Worker_TP", []string{"VLLM::Worker_TP0"}, NameVLLM},
		{"bash", []string{"bash", "-c", "llama-server -m x"}, ""},
		{"", nil, ""},
		// a server's own name wins over LM Studio's rule on paths
		{"python3", []string{"/home/me/.lmstudio/py/bin/python3", "-m", "vllm.entrypoints.openai.api_server"}, NameVLLM},
		{"ollama", []string{"ollama", "serve", "--models", "/home/me/.lmstudio/models"}, NameOllama},
	}
	for _, c := range cases {
		s, role := Recognise(c.name, c.argv)
		got := nameOf(s)
		if role == Worker {
			got += " worker"
		}
		if got != c.want || (s == nil) != (role == NotServer) {
			t.Errorf("Recognise(%q, %q) = %q (role %d), want %q", c.name, c.argv, got, role, c.want)
		}
	}
}

func nameOf(s Server) string {
	if s == nil {
		return ""
	}
	return s.Name()
}

// TestRegistry: names are unique and found by Lookup; every server can be
// told on a port; the names released in snapshots ("server" in JSON,
// docs/json.md) never change.
func TestRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range All() {
		if seen[s.Name()] || Lookup(s.Name()) != s {
			t.Errorf("%q is not one server", s.Name())
		}
		seen[s.Name()] = true
		if len(s.Checks()) == 0 {
			t.Errorf("%s has no checks: Identify cannot find it", s.Name())
		}
	}
	for _, name := range []string{"llama-server", "ollama", "lmstudio", "vllm"} {
		if !seen[name] {
			t.Errorf("server %q is gone from the registry", name)
		}
	}
	if Lookup("nope") != nil {
		t.Error("Lookup of an unknown name")
	}
}

func TestIsLlamaAuthError(t *testing.T) {
	if !isLlamaAuthError([]byte(file(t, ls, "error_401.json").body)) {
		t.Error("llama-server's 401 body not recognised")
	}
	for _, b := range []string{file(t, ls, "slots_disabled.json").body, file(t, "lmstudio", "unexpected_endpoint.json").body, `{"error":"Unauthorized"}`, `nope`} {
		if isLlamaAuthError([]byte(b)) {
			t.Errorf("%s taken for llama-server's 401", b)
		}
	}
}

// TestEndpointNotesBounded: states (a key needed, an endpoint switched
// off, a model loading) are not faults; faults become at most maxNotes
// notes, each one line of at most maxNoteLen bytes, cut on a rune.
func TestEndpointNotesBounded(t *testing.T) {
	errs := map[string]error{
		"/a":       fmt.Errorf("GET /a: HTTP 500"),
		"/b":       fmt.Errorf("%w: invalid JSON", ErrNotJSON),
		"/c":       errors.New(strings.Repeat("é", 300) + "\nsecond line"),
		"/d":       errors.New("fourth"),
		"/slots":   fmt.Errorf("GET /slots: HTTP 501: %w", ErrDisabled),
		"/props":   fmt.Errorf("GET /props: HTTP 401: %w", ErrNeedsKey),
		"/health":  fmt.Errorf("GET /health: HTTP 503: %w", ErrLoading),
		"/metrics": fmt.Errorf("GET /metrics: HTTP 404: %w", ErrDisabled),
	}
	notes := endpointNotes("x", errs)
	if len(notes) != maxNotes || notes[0] != "x API: GET /a: HTTP 500" || notes[1] != "x API: /b: not the expected JSON: invalid JSON" {
		t.Fatalf("notes = %q", notes)
	}
	for _, n := range notes {
		if len(n) > maxNoteLen || !utf8.ValidString(n) || strings.Contains(n, "\n") {
			t.Errorf("note not one bounded line: %d bytes %q", len(n), n)
		}
	}
	if endpointNotes("x", map[string]error{"/slots": errs["/slots"]}) != nil {
		t.Error("a switched-off endpoint is not a fault")
	}
}
