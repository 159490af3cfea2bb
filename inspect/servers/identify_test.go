package servers

import (
	"context"
	"errors"
	"testing"
)

func TestIdentify(t *testing.T) {
	lmUnknown := reply{status: 200, body: `{"error":"Unexpected endpoint or method. (GET /x)"}`}
	cases := []struct {
		name      string
		g         *fakeGetter
		want      Kind
		wantCalls int
	}{
		{"llama-server", &fakeGetter{routes: llamaRoutes(t)}, KindLlamaServer, 1},
		{"llama-server, 2024 props", &fakeGetter{routes: map[string]reply{"/props": file(t, ls, "props_old.json")}}, KindLlamaServer, 1},
		{"llama-server with --api-key and --metrics", &fakeGetter{routes: llamaRoutes(t), key: "k", public: llamaPublic}, KindLlamaServer, 5},
		{"llama-server with --api-key, no metrics", &fakeGetter{routes: map[string]reply{"/props": file(t, ls, "props.json")}, key: "k", public: llamaPublic}, KindLlamaServer, 5},
		{"ollama", &fakeGetter{routes: map[string]reply{"/api/version": file(t, "ollama", "version.json"), "/api/ps": file(t, "ollama", "ps.json")}}, KindOllama, 2},
		{"lm studio 0.3", &fakeGetter{routes: map[string]reply{"/api/v0/models": file(t, "lmstudio", "v0_models.json")}, notFound: &lmUnknown}, KindLMStudio, 3},
		{"lm studio 0.4, nothing downloaded in v0", &fakeGetter{routes: map[string]reply{
			"/api/v0/models": {status: 200, body: `{"object":"list","data":[]}`},
			"/api/v1/models": file(t, "lmstudio", "v1_models.json"),
		}, notFound: &lmUnknown}, KindLMStudio, 4},
		{"vllm", &fakeGetter{routes: map[string]reply{"/v1/models": file(t, "vllm", "models.json"), "/metrics": file(t, "vllm", "metrics.txt")}}, KindVLLM, 5},
		{"something else", &fakeGetter{routes: map[string]reply{"/metrics": {status: 200, body: "go_goroutines 7\n"}}}, KindUnknown, 5},
		{"an OpenAI list is not LM Studio", &fakeGetter{routes: map[string]reply{"/api/v0/models": file(t, "vllm", "models.json")}}, KindUnknown, 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			k, err := Identify(context.Background(), c.g, 1)
			if err != nil || k != c.want {
				t.Errorf("Identify = %q, %v; want %q", k, err, c.want)
			}
			if len(c.g.calls) != c.wantCalls {
				t.Errorf("%d requests (%q), want %d", len(c.g.calls), c.g.calls, c.wantCalls)
			}
		})
	}
	d := &downGetter{}
	if k, err := Identify(context.Background(), d, 1); k != KindUnknown || !errors.Is(err, errRefused) || d.calls != 1 {
		t.Errorf("down: %q %v after %d calls", k, err, d.calls)
	}
}

func TestKindFromProcess(t *testing.T) {
	cases := []struct {
		name string
		argv []string
		want Kind
	}{
		{"llama-server", []string{"/opt/llama.cpp/build/bin/llama-server", "-m", "m.gguf", "--port", "8080"}, KindLlamaServer},
		{"llama-server.exe", []string{`C:\llama\llama-server.exe`, "-m", `C:\m.gguf`}, KindLlamaServer},
		{"", []string{"./llama-server"}, KindLlamaServer},
		{"ollama", []string{"/usr/local/bin/ollama", "serve"}, KindOllama},
		{"ollama", []string{"/usr/local/bin/ollama", "runner", "--ollama-engine", "--model", "/x/blobs/sha256-ab", "--port", "36123"}, KindOllamaRunner},
		{"ollama.exe", []string{`C:\Users\me\AppData\Local\Programs\Ollama\ollama.exe`, "runner", "--model", `C:\b`}, KindOllamaRunner},
		{"ollama_llama_se", []string{"/tmp/ollama123/runners/cuda_v12/ollama_llama_server", "--model", "/b", "--port", "1"}, KindOllamaRunner},
		{"ollama", []string{"ollama", "run", "qwen3"}, KindUnknown}, // the CLI client
		{"ollama", nil, KindUnknown},
		{"ollama app.exe", []string{`C:\...\ollama app.exe`}, KindUnknown},
		{"LM Studio", []string{"/Applications/LM Studio.app/Contents/MacOS/LM Studio"}, KindLMStudio},
		{"lm-studio", []string{"/opt/LM-Studio/lm-studio", "--no-sandbox"}, KindLMStudio},
		{"lms", []string{"/home/me/.lmstudio/bin/lms", "server", "start"}, KindLMStudio},
		{"llmworker", []string{"llmworker"}, KindLMStudio},
		{"node", []string{"/home/me/.lmstudio/.internal/utils/node", "/home/me/.lmstudio/extensions/backends/llama.cpp-linux-x86_64-nvidia-cuda-avx2/llm-worker.js"}, KindLMStudio},
		{"vllm", []string{"/venv/bin/vllm", "serve", "Qwen/Qwen3-0.6B", "--port", "8000"}, KindVLLM},
		{"vllm", []string{"/venv/bin/vllm", "--help"}, KindUnknown},
		{"python3", []string{"/usr/bin/python3", "-m", "vllm.entrypoints.openai.api_server", "--model", "m"}, KindVLLM},
		{"python3.12", []string{"python3.12", "-mvllm.entrypoints.api_server"}, KindVLLM},
		{"python", []string{"/venv/bin/python", "/venv/bin/vllm", "serve", "m"}, KindVLLM},
		{"python", []string{"python", "-u", "train.py", "--vllm"}, KindUnknown},
		{"python", []string{"python", "-m", "http.server"}, KindUnknown},
		{"VLLM::EngineCor", nil, KindVLLM},
		{"VLLM::Worker_TP", []string{"VLLM::Worker_TP0"}, KindVLLM},
		{"bash", []string{"bash", "-c", "llama-server -m x"}, KindUnknown},
		{"", nil, KindUnknown},
	}
	for _, c := range cases {
		if got := KindFromProcess(c.name, c.argv); got != c.want {
			t.Errorf("KindFromProcess(%q, %q) = %q, want %q", c.name, c.argv, got, c.want)
		}
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
