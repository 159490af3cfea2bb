package inspect

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
	"github.com/gputaskman/gtm/inspect/modelargs"
	"github.com/gputaskman/gtm/inspect/servers"
	"github.com/gputaskman/gtm/internal/schema"
)

// mapHere memory-maps path into this test process until the test ends.
func mapHere(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	must(t, err)
	defer f.Close()
	fi, _ := f.Stat()
	b, err := syscall.Mmap(int(f.Fd()), 0, int(fi.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	must(t, err)
	t.Cleanup(func() { _ = syscall.Munmap(b) })
}

// requestsMu guards the request counters of fake servers: handlers run on
// the server's goroutines while the test reads the count.
var requestsMu sync.Mutex

func loadCount(n *int) int {
	requestsMu.Lock()
	defer requestsMu.Unlock()
	return *n
}

// fakeLlamaServer answers llama-server's endpoints on loopback, shaped like
// the real ones (tools/server/README.md), and counts requests.
func fakeLlamaServer(t *testing.T, modelPath string, requests *int) *httptest.Server {
	t.Helper()
	srv := fakeLlamaServerB(t, modelPath, requests)
	t.Cleanup(srv.Close)
	return srv
}

func fakeLlamaServerB(t testing.TB, modelPath string, requests *int) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	count := func(h http.HandlerFunc) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			requestsMu.Lock()
			*requests++
			requestsMu.Unlock()
			h(w, r)
		}
	}
	mux.HandleFunc("/health", count(func(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, `{"status":"ok"}`) }))
	mux.HandleFunc("/props", count(func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprintf(w, `{"default_generation_settings":{"n_ctx":4096,"params":{}},"total_slots":2,"model_path":%q,"build_info":"b6500-abc"}`, modelPath)
	}))
	mux.HandleFunc("/slots", count(func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprint(w, `[{"id":0,"n_ctx":4096,"is_processing":true},{"id":1,"n_ctx":4096,"is_processing":false}]`)
	}))
	mux.HandleFunc("/metrics", count(func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprint(w, "# HELP llamacpp:predicted_tokens_seconds Average generation throughput in tokens/s.\n"+
			"# TYPE llamacpp:predicted_tokens_seconds gauge\nllamacpp:predicted_tokens_seconds 42.5\n"+
			"llamacpp:requests_processing 1\nllamacpp:requests_deferred 0\n")
	}))
	mux.HandleFunc("/v1/models", count(func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprintf(w, `{"object":"list","data":[{"id":%q,"object":"model","owned_by":"llamacpp","meta":{"n_ctx_train":40960}}]}`, filepath.Base(modelPath))
	}))
	return httptest.NewServer(mux)
}

// TestLlamaServerEndToEnd: a process that maps a GGUF and serves
// llama-server's API on loopback. The breakdown takes n_ctx from the API,
// shows slots and tokens/s, the model has api+mapped evidence (confirmed),
// KV is estimated for the API's n_ctx; with a buffer log, weights/KV/compute
// are reported with the log's numbers.
func TestLlamaServerEndToEnd(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "Qwen3-0.6B-Q8_0.gguf")
	must(t, ggufgen.Qwen3_0_6B().MustBuild().WriteFile(model))
	mapHere(t, model)
	requests := 0
	srv := fakeLlamaServer(t, model, &requests)

	in := New("/proc", nil)
	in.Live = NewLive("/proc")
	target := Target{PID: os.Getpid(), Start: time.Now().Add(-time.Minute), Name: "llama-server",
		Cmdline: []string{"llama-server", "--metrics"}, Cwd: dir}
	vram := uint64(2 << 30)
	f, llm := in.Enrich(context.Background(), target, in.Inspect(target), &vram)
	if llm == nil {
		t.Fatal("no LLM block")
	}
	var m *schema.Model
	for i := range f.Models {
		if f.Models[i].Path == model {
			m = &f.Models[i]
		}
	}
	if m == nil || strings.Join(m.Evidence, "+") != "api+mapped" || !m.Confirmed {
		t.Fatalf("model = %+v", m)
	}
	// The ports read for the probe are kept, so diff can follow a restart.
	srvPort, _ := strconv.Atoi(srv.URL[strings.LastIndexByte(srv.URL, ':')+1:])
	if !slices.Contains(f.ListenPorts, srvPort) || !slices.IsSorted(f.ListenPorts) {
		t.Errorf("ListenPorts = %v, want it to hold %d", f.ListenPorts, srvPort)
	}
	if *llm.NCtx != 4096 || *llm.NCtxSource != "api" || *llm.SlotsTotal != 2 || *llm.SlotsBusy != 1 ||
		*llm.TokensPerSecond != 42.5 || *llm.Server != "llama-server" || *llm.APIStatus != "ok" {
		t.Errorf("live state = %+v", llm)
	}
	if llm.APIAddr == nil || "http://"+*llm.APIAddr != srv.URL || llm.APIModel != nil {
		t.Errorf("api_addr %v api_model %v, want %s and none (llama-server has no unload)", llm.APIAddr, llm.APIModel, srv.URL)
	}
	if llm.KVCache == nil || llm.KVCache.Source != "estimated" || llm.KVCache.Bytes != 448<<20 {
		t.Errorf("KV must be estimated for the API's n_ctx (448 MiB at 4096): %+v", llm.KVCache)
	}

	// A steady refresh does not ask again within the cache age.
	before := loadCount(&requests)
	in.Enrich(context.Background(), target, f, &vram)
	if n := loadCount(&requests); n != before {
		t.Errorf("steady refresh made %d requests", n-before)
	}

	// With a buffer log (as from --log-file), the log's numbers are
	// reported and win over the estimates.
	log := filepath.Join(dir, "server.log")
	src, err := os.ReadFile("llamacpplog/testdata/llama-server-b8xxx.log")
	must(t, err)
	must(t, os.WriteFile(log, src, 0o644))
	in.Live.LogPaths[target.PID] = log
	_, llm = in.Enrich(context.Background(), target, f, &vram)
	mib := func(v float64) uint64 { return uint64(v * (1 << 20)) }
	if llm.Weights.Source != "reported" || llm.Weights.From != "log" || llm.Weights.Bytes != mib(604.15) ||
		llm.KVCache.Bytes != mib(896) || llm.Compute.Bytes != mib(298.75) {
		t.Errorf("log breakdown = w %+v kv %+v c %+v", llm.Weights, llm.KVCache, llm.Compute)
	}
	if *llm.NCtxSource != "log" || *llm.LogPath != log {
		t.Errorf("n_ctx source %v log %v", *llm.NCtxSource, llm.LogPath)
	}
}

// TestNoProbeWithoutAIEvidence: a plain process is never probed.
func TestNoProbeWithoutAIEvidence(t *testing.T) {
	requests := 0
	fakeLlamaServer(t, "/x.gguf", &requests)
	in := New("/proc", nil)
	in.Live = NewLive("/proc")
	target := Target{PID: os.Getpid(), Name: "bash", Cmdline: []string{"bash"}}
	_, llm := in.Enrich(context.Background(), target, Finding{Runtimes: []schema.Runtime{}, Models: []schema.Model{}}, nil)
	if n := loadCount(&requests); llm != nil || n != 0 {
		t.Errorf("probed a process without AI evidence: %d requests, llm %+v", n, llm)
	}
}

// TestHostileServerIsBounded: a "llama-server" that stalls every request
// cannot hold a refresh beyond the per-process probe budget, and after a
// failure it is left alone (backoff) instead of being hammered.
func TestHostileServerIsBounded(t *testing.T) {
	var requests atomic.Int64 // counted on the server's goroutines
	stall := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		select {
		case <-stall:
		case <-time.After(10 * time.Second):
		}
	}))
	defer srv.Close()
	defer close(stall)

	in := New("/proc", nil)
	in.Live = NewLive("/proc")
	target := Target{PID: os.Getpid(), Start: time.Now(), Name: "llama-server", Cmdline: []string{"llama-server"}}
	start := time.Now()
	_, llm := in.Enrich(context.Background(), target, Finding{Runtimes: []schema.Runtime{}, Models: []schema.Model{}}, nil)
	if took := time.Since(start); took > 1500*time.Millisecond {
		t.Errorf("a stalling server held the refresh for %v", took)
	}
	if llm != nil && llm.Server != nil {
		t.Errorf("no answer must give no API facts: %+v", llm)
	}
	// The next refreshes (after the API cache age) stay away: backoff.
	n := requests.Load()
	in.Live.state[Key{PID: target.PID, Start: target.Start}].apiAt = time.Time{}
	start = time.Now()
	in.Enrich(context.Background(), target, Finding{Runtimes: []schema.Runtime{}, Models: []schema.Model{}}, nil)
	if requests.Load() != n || time.Since(start) > 100*time.Millisecond {
		t.Errorf("backoff not respected: %d new requests in %v", requests.Load()-n, time.Since(start))
	}
}

// TestOllamaServerLogOnlyWithOneRunner: server.log describes whichever
// runner loaded last; it is used only while exactly one runner runs.
func TestOllamaServerLogOnlyWithOneRunner(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "server.log")
	src, err := os.ReadFile("llamacpplog/testdata/ollama-server.log")
	must(t, err)
	must(t, os.WriteFile(log, src, 0o644))
	l := NewLive("/proc")
	l.SharedLogs = map[string][]string{servers.NameOllama: {log}}
	// a live PID: the log is read only as its user could read it
	runner := Target{PID: os.Getpid(), Start: time.Unix(0, 0), Name: "ollama",
		Cmdline: []string{"/usr/bin/ollama", "runner", "--model", "/m/blobs/sha256-abc", "--port", "40000"}}
	other := runner
	other.PID++

	l.CountWorkers([]Target{runner})
	if lf := l.Log(runner, Finding{}, false); lf == nil || lf.Path != log || (lf.Weights == nil && lf.KV == nil) {
		t.Errorf("one runner: log facts = %+v", lf)
	}
	l.CountWorkers([]Target{runner, other})
	if lf := l.Log(runner, Finding{}, false); lf != nil {
		t.Errorf("two runners must not share one server.log: %+v", lf)
	}
}

// TestOllamaRunnerAskedThroughParent: a runner's API is its parent's
// (ollama serve) /api/ps; the running model is matched to the runner's
// blob (here by its store name) and gives context length and api evidence.
func TestOllamaRunnerAskedThroughParent(t *testing.T) {
	dir := t.TempDir()
	blob := filepath.Join(dir, "blobs", "sha256-"+strings.Repeat("ab", 32))
	must(t, os.MkdirAll(filepath.Dir(blob), 0o755))
	must(t, ggufgen.Qwen3_0_6B().MustBuild().WriteFile(blob))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/ps" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprint(w, `{"models":[{"name":"qwen3:0.6b","model":"qwen3:0.6b","size":1200000000,"size_vram":1200000000,`+
			`"digest":"`+strings.Repeat("cd", 32)+`","details":{"format":"gguf","family":"qwen3","parameter_size":"751.63M","quantization_level":"Q8_0"},`+
			`"expires_at":"2026-12-02T18:00:00Z","context_length":8192}]}`)
	}))
	defer srv.Close()

	in := New("/proc", nil)
	in.Live = NewLive("/proc")
	name, format := "qwen3:0.6b", "gguf"
	runner := Target{PID: 1 << 29, PPID: os.Getpid(), Start: time.Now(), Name: "ollama",
		Cmdline: []string{"/usr/local/bin/ollama", "runner", "--model", blob, "--ctx-size", "4096", "--port", "41234"}}
	f := Finding{Runtimes: []schema.Runtime{}, Models: []schema.Model{{Path: blob, Name: &name, Format: &format, Role: "model", Evidence: []string{"mapped", "cmdline"}, Confirmed: true}},
		Settings: modelargs.Parse(runner.Cmdline, "").Settings}
	vram := uint64(1300 << 20)
	got, llm := in.Enrich(context.Background(), runner, f, &vram)
	// the runner's --ctx-size is its whole context; the API's is per request
	if llm == nil || llm.Server == nil || *llm.Server != "ollama" || *llm.NCtx != 4096 || *llm.NCtxSource != "cmdline" {
		t.Fatalf("llm = %+v n_ctx %v (%v)", llm, *llm.NCtx, *llm.NCtxSource)
	}
	if strings.Join(got.Models[0].Evidence, "+") != "api+mapped+cmdline" || !got.Models[0].Confirmed {
		t.Errorf("evidence = %v", got.Models[0].Evidence)
	}
	// What a user's unload request would name: the parent's loopback
	// address and Ollama's own name for the model.
	if llm.APIAddr == nil || "http://"+*llm.APIAddr != srv.URL || llm.APIModel == nil || *llm.APIModel != "qwen3:0.6b" {
		t.Errorf("api_addr %v api_model %v, want %s and qwen3:0.6b", llm.APIAddr, llm.APIModel, srv.URL)
	}
}

// TestLMStudioInstanceForUnload: LM Studio's /api/v1 names loaded
// instances; with exactly one, it is what an unload request would name
// (api_model); with two, which one this process holds is unknown.
func TestLMStudioInstanceForUnload(t *testing.T) {
	var instances atomic.Value
	instances.Store(`{"id": "qwen3-4b", "config": {"context_length": 8192}}`)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			t.Errorf("collection sent %s %s", r.Method, r.URL.Path)
		}
		if r.URL.Path != "/api/v1/models" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprintf(w, `{"models":[{"type":"llm","key":"qwen3-4b","format":"gguf","loaded_instances":[%s]}]}`, instances.Load())
	}))
	defer srv.Close()
	ask := func() *schema.LLM {
		in := New("/proc", nil)
		in.Live = NewLive("/proc")
		target := Target{PID: os.Getpid(), Start: time.Now(), Name: "llmster", Cmdline: []string{"llmster"}}
		_, llm := in.Enrich(context.Background(), target, Finding{Runtimes: []schema.Runtime{}, Models: []schema.Model{}}, nil)
		return llm
	}
	llm := ask()
	if llm == nil || llm.Server == nil || *llm.Server != "lmstudio" || llm.APIModel == nil || *llm.APIModel != "qwen3-4b" ||
		llm.APIAddr == nil || "http://"+*llm.APIAddr != srv.URL {
		t.Fatalf("one instance: llm = %+v", llm)
	}
	instances.Store(instances.Load().(string) + `, {"id": "qwen3-4b:2", "config": {"context_length": 4096}}`)
	if llm := ask(); llm == nil || llm.APIModel != nil {
		t.Errorf("two instances: api_model = %v, want none", llm.APIModel)
	}
}
