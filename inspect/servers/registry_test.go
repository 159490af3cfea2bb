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
		{"llama-server with --api-key and --metrics", &fakeGetter{routes: llamaRoutes(t), key: "k", public: llamaPublic}, NameLlamaServer, 8},
		{"llama-server with --api-key, no metrics", &fakeGetter{routes: map[string]reply{"/props": file(t, ls, "props.json")}, key: "k", public: llamaPublic}, NameLlamaServer, 8},
		{"ollama", &fakeGetter{routes: map[string]reply{"/api/version": file(t, "ollama", "version.json"), "/api/ps": file(t, "ollama", "ps.json")}}, NameOllama, 2},
		{"lm studio 0.3", &fakeGetter{routes: map[string]reply{"/api/v0/models": file(t, "lmstudio", "v0_models.json")}, notFound: &lmUnknown}, NameLMStudio, 6},
		{"lm studio 0.4, nothing downloaded in v0", &fakeGetter{routes: map[string]reply{
			"/api/v0/models": {status: 200, body: `{"object":"list","data":[]}`},
			"/api/v1/models": file(t, "lmstudio", "v1_models.json"),
		}, notFound: &lmUnknown}, NameLMStudio, 7},
		{"vllm", &fakeGetter{routes: map[string]reply{"/v1/models": file(t, "vllm", "models.json"), "/metrics": file(t, "vllm", "metrics.txt")}}, NameVLLM, 9},
		{"sglang", &fakeGetter{routes: sglangRoutes(t)}, NameSGLang, 3},
		{"sglang 0.4", &fakeGetter{routes: map[string]reply{"/get_model_info": file(t, sg, "get_model_info_old.json")}}, NameSGLang, 4},
		{"sglang with --api-key and --enable-metrics", &fakeGetter{routes: sglangRoutes(t), key: "k", public: map[string]bool{"/metrics": true}}, NameSGLang, 8},
		{"tgi", &fakeGetter{routes: map[string]reply{"/info": file(t, "tgi", "info.json"), "/metrics": file(t, "tgi", "metrics.txt")}}, NameTGI, 5},
		{"tgi 1.4", &fakeGetter{routes: map[string]reply{"/info": file(t, "tgi", "info_v1.json")}}, NameTGI, 5},
		{"tgi by its metrics", &fakeGetter{routes: map[string]reply{"/metrics": file(t, "tgi", "metrics.txt")}}, NameTGI, 9},
		{"comfyui", &fakeGetter{routes: map[string]reply{"/system_stats": file(t, cu, "system_stats.json")}}, NameComfyUI, 6},
		{"something else", &fakeGetter{routes: map[string]reply{"/metrics": {status: 200, body: "go_goroutines 7\n"}}}, "", 9},
		{"an OpenAI list is not LM Studio", &fakeGetter{routes: map[string]reply{"/api/v0/models": file(t, "vllm", "models.json")}}, "", 9},
		{"some app's /info is not TGI", &fakeGetter{routes: map[string]reply{"/info": {status: 200, body: `{"name":"app","version":"1.0"}`}, "/system_stats": {status: 200, body: `{"cpu":3}`}}}, "", 9},
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
// recogniseCase is a process's name and argv, and the server and role
// Recognise should see in them: "" (none), the name, or the name and
// "worker" or "launcher".
type recogniseCase struct {
	name string
	argv []string
	want string
}

// checkRecognise checks each case.
func checkRecognise(t *testing.T, cases []recogniseCase) {
	t.Helper()
	for _, c := range cases {
		s, role := Recognise(c.name, c.argv)
		got := nameOf(s)
		if role == Worker {
			got += " worker"
		}
		switch role {
		case Launcher:
			got += " launcher"
		}
		if got != c.want || (s == nil) != (role == NotServer) {
			t.Errorf("Recognise(%q, %q) = %q (role %d), want %q", c.name, c.argv, got, role, c.want)
		}
	}
}

// TestRecognise: llama.cpp, Ollama and LM Studio; shells and empty names;
// a server's own name over LM Studio's folder rule.
func TestRecognise(t *testing.T) {
	checkRecognise(t, []recogniseCase{
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
		{"bash", []string{"bash", "-c", "llama-server -m x"}, ""},
		{"", nil, ""},
		// a server's own name wins over LM Studio's rule on paths
		{"python3", []string{"/home/me/.lmstudio/py/bin/python3", "-m", "vllm.entrypoints.openai.api_server"}, NameVLLM},
		{"ollama", []string{"ollama", "serve", "--models", "/home/me/.lmstudio/models"}, NameOllama},
	})
}

// TestRecognisePythonEngines: vLLM and SGLang, started as scripts, as
// modules, or retitled by setproctitle.
func TestRecognisePythonEngines(t *testing.T) {
	checkRecognise(t, []recogniseCase{
		{"vllm", []string{"/venv/bin/vllm", "serve", "Qwen/Qwen3-0.6B", "--port", "8000"}, NameVLLM},
		{"vllm", []string{"/venv/bin/vllm", "--help"}, ""},
		{"python3", []string{"/usr/bin/python3", "-m", "vllm.entrypoints.openai.api_server", "--model", "m"}, NameVLLM},
		{"python3.12", []string{"python3.12", "-mvllm.entrypoints.api_server"}, NameVLLM},
		{"python", []string{"/venv/bin/python", "/venv/bin/vllm", "serve", "m"}, NameVLLM},
		{"python", []string{"python", "-u", "train.py", "--vllm"}, ""},
		{"python", []string{"python", "-m", "http.server"}, ""},
		// setproctitle: the title in argv[0], the other arguments empty
		{"VLLM::EngineCor", []string{"VLLM::EngineCore", "", "", ""}, NameVLLM + " worker"},
		{"VLLM::EngineCor", nil, NameVLLM + " worker"},
		{"VLLM::EngineCor", []string{"VLLM::EngineCore_DP1", ""}, NameVLLM + " worker"},
		{"VLLM::Worker_TP", []string{"VLLM::Worker_TP0", "", ""}, NameVLLM + " worker"},
		{"VLLM::Worker_DP", []string{"VLLM::Worker_DP0_PP1_TP2"}, NameVLLM + " worker"},
		{"VLLM::Worker", []string{"VLLM::Worker"}, NameVLLM + " worker"},
		{"VLLM::DPCoordin", []string{"VLLM::DPCoordinator", ""}, NameVLLM + " worker"},
		{"VLLM::APIServer", []string{"VLLM::APIServer_0", "", ""}, NameVLLM},
		{"python3", []string{"python3", "-m", "sglang.launch_server", "--model-path", "vllm/model", "--port", "30000"}, NameSGLang},
		{"bash", []string{"bash", "run.sh", "vllm", "serve"}, ""},
		// SGLang
		{"python3", []string{"/usr/bin/python3", "-m", "sglang.launch_server", "--model-path", "Qwen/Qwen3-8B", "--tp", "2"}, NameSGLang},
		{"python", []string{"python", "-msglang.launch_server", "--model-path", "m"}, NameSGLang},
		{"sglang", []string{"/venv/bin/sglang", "serve", "--model-path", "m"}, NameSGLang},
		{"python3", []string{"/venv/bin/python3", "/venv/bin/sglang", "serve", "--model-path", "m"}, NameSGLang},
		{"sglang", []string{"/venv/bin/sglang", "version"}, ""},
		{"python3", []string{"python3", "-m", "sglang.bench_serving", "--backend", "sglang"}, ""},
		{"python3", []string{"python3", "-m", "sglang.check_env"}, ""},
		{"sglang::schedul", []string{"sglang::scheduler_TP0", "", ""}, NameSGLang + " worker"},
		{"sglang::schedul", []string{"sglang::scheduler_DP1_TP3"}, NameSGLang + " worker"},
		{"sglang::schedul", nil, NameSGLang + " worker"},
		{"sglang::detoken", []string{"sglang::detokenizer", ""}, NameSGLang + " worker"},
		{"sglang::tokeniz", []string{"sglang::tokenizer_worker:4711"}, NameSGLang},
	})
}

// TestRecogniseTGIAndComfyUI: TGI's launcher, router and shards; ComfyUI
// and comfy-cli.
func TestRecogniseTGIAndComfyUI(t *testing.T) {
	checkRecognise(t, []recogniseCase{
		// TGI: launcher, router and shards share the comm "text-generation"
		{"text-generation", []string{"text-generation-launcher", "--model-id", "meta-llama/Llama-3.1-8B-Instruct", "--num-shard", "2"}, NameTGI + " launcher"},
		{"text-generation", []string{"/usr/local/bin/text-generation-router", "--max-concurrent-requests", "128", "--port", "80", "--tokenizer-name", "m"}, NameTGI},
		{"text-generation", []string{"/opt/conda/bin/python3.11", "/opt/conda/bin/text-generation-server", "serve", "meta-llama/Llama-3.1-8B-Instruct", "--uds-path", "/tmp/text-generation-server", "--sharded"}, NameTGI + " worker"},
		{"text-generation", []string{"/opt/conda/bin/text-generation-server", "serve", "m", "--uds-path", "/tmp/s"}, NameTGI + " worker"},
		{"text-generation", []string{"/opt/conda/bin/python3.11", "/opt/conda/bin/text-generation-server", "download-weights", "m"}, ""},
		{"text-generation", nil, ""},
		// ComfyUI
		{"python", []string{"/home/me/ComfyUI/venv/bin/python", "main.py", "--listen", "0.0.0.0"}, ""}, // relative, cwd unknown
		{"python", []string{"python", "/home/me/ComfyUI/main.py", "--listen", "0.0.0.0", "--port", "8188"}, NameComfyUI},
		{"python.exe", []string{`C:\ComfyUI_windows_portable\python_embeded\python.exe`, "-s", `ComfyUI\main.py`, "--windows-standalone-build"}, NameComfyUI},
		{"python3", []string{"python3", "-u", "/opt/comfyui-master/main.py"}, NameComfyUI},
		{"python", []string{"python", "main.py", "--lowvram", "--preview-method", "auto"}, NameComfyUI},
		{"python", []string{"python", "main.py", "--listen", "--port", "8188"}, ""}, // not ComfyUI-only flags
		{"python", []string{"python", "/srv/bot/main.py"}, ""},
		{"python", []string{"python", "-m", "main"}, ""},
		{"comfy", []string{"/venv/bin/comfy", "--workspace=/home/me/comfy/ComfyUI", "launch", "--", "--port", "8190"}, NameComfyUI + " launcher"},
		{"comfy", []string{"/venv/bin/comfy", "--workspace", "/w", "launch"}, NameComfyUI + " launcher"},
		{"python3", []string{"/venv/bin/python3", "/venv/bin/comfy", "launch", "--background"}, NameComfyUI + " launcher"},
		{"comfy", []string{"/venv/bin/comfy", "install"}, ""},
		{"comfy", []string{"/venv/bin/comfy", "model", "download", "launch"}, ""},
	})
}

// TestRecogniseCwd: comfy-cli runs `python main.py` in its workspace, so
// only the working directory says it is ComfyUI.
func TestRecogniseCwd(t *testing.T) {
	argv := []string{"/home/me/comfy/ComfyUI/.venv/bin/python", "main.py", "--port", "8188"}
	for _, c := range []struct {
		cwd  string
		want string
	}{
		{"/home/me/comfy/ComfyUI", NameComfyUI},
		{`C:\Users\me\Documents\comfyui`, NameComfyUI},
		{"/srv/bot", ""},
		{"", ""},
	} {
		s, role := RecogniseProcess(Process{Name: "python", Argv: argv, Cwd: c.cwd})
		if nameOf(s) != c.want || (s != nil && role != API) {
			t.Errorf("cwd %q: %q role %v, want %q", c.cwd, nameOf(s), role, c.want)
		}
	}
	// An absolute main.py elsewhere is not ComfyUI whatever the cwd.
	if s, _ := RecogniseProcess(Process{Name: "python", Argv: []string{"python", "/srv/bot/main.py"}, Cwd: "/home/me/ComfyUI"}); s != nil {
		t.Errorf("absolute main.py outside ComfyUI taken for %q", s.Name())
	}
	for r, want := range map[Role]string{NotServer: "none", API: "api", Worker: "worker", Launcher: "launcher"} {
		if r.String() != want {
			t.Errorf("Role(%d) = %q", r, r.String())
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
	for _, name := range []string{"llama-server", "ollama", "lmstudio", "vllm", "sglang", "tgi", "comfyui"} {
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
