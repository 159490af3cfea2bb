package main

import (
	"encoding/json"
	"fmt"
	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/internal/schema"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/linux"
	"github.com/gputaskman/gtm/inspect"
	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
)

// TestInspectLlamaServer is issue 4's acceptance check, through the CLI:
// this test process maps a GGUF and serves llama-server's endpoints on
// loopback; `gtm inspect PID --json` shows n_ctx from the API, slots,
// tokens/s, the model with api+mapped evidence (confirmed) and KV estimated
// for that n_ctx; with --llm-log, the log's numbers are reported.
func TestInspectLlamaServer(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "Qwen3-0.6B-Q8_0.gguf")
	must(t, ggufgen.Qwen3_0_6B().MustBuild().WriteFile(model))
	fh, err := os.Open(model)
	must(t, err)
	fi, _ := fh.Stat()
	mapped, err := syscall.Mmap(int(fh.Fd()), 0, int(fi.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	fh.Close()
	must(t, err)
	defer syscall.Munmap(mapped)
	srv := httptest.NewServer(fakeLlamaServer(model))
	defer srv.Close()

	log := filepath.Join(dir, "llama.log")
	logText := "llama_model_loader: loaded meta data with 28 key-value pairs and 311 tensors from " + model + " (version GGUF V3 (latest))\n" +
		"load_tensors:        CUDA0 model buffer size =   604.15 MiB\n" +
		"llama_context: n_ctx                 = 4096\n" +
		"llama_kv_cache:      CUDA0 KV buffer size =   448.00 MiB\n" +
		"sched_reserve:      CUDA0 compute buffer size =   298.75 MiB\n"
	must(t, os.WriteFile(log, []byte(logText), 0o644))

	pid := strconv.Itoa(os.Getpid())

	p := inspectLive(t, "inspect", pid, "--json")
	if p.LLM == nil {
		t.Fatal("no llm block")
	}
	l := p.LLM
	if *l.NCtx != 4096 || *l.NCtxSource != "api" || *l.SlotsTotal != 2 || *l.SlotsBusy != 1 || *l.TokensPerSecond != 37.25 {
		t.Errorf("live = n_ctx %v (%v) slots %v/%v tok/s %v", *l.NCtx, *l.NCtxSource, l.SlotsBusy, l.SlotsTotal, l.TokensPerSecond)
	}
	var m *schema.Model
	for i := range p.Models {
		if p.Models[i].Path == model {
			m = &p.Models[i]
		}
	}
	if m == nil || strings.Join(m.Evidence, "+") != "api+mapped" || !m.Confirmed {
		t.Fatalf("model = %+v", m)
	}
	// this process maps no GPU runtime and the driver lists none for it:
	// as llama.cpp without a GPU device, its KV cache is in host memory
	if l.KVCache == nil || l.KVCache.Bytes != 0 || l.Host == nil || l.Host.KVCache == nil ||
		l.Host.KVCache.Source != "estimated" || l.Host.KVCache.Bytes != 448<<20 {
		t.Errorf("KV = %+v, host %+v", l.KVCache, l.Host)
	}

	p = inspectLive(t, "inspect", pid, "--json", "--llm-log", log)
	l = p.LLM
	mib := func(v float64) uint64 { return uint64(v * (1 << 20)) }
	if l.Weights.Source != "reported" || l.Weights.Bytes != mib(604.15) || l.KVCache.Bytes != mib(448) ||
		l.KVCache.From != "log" || l.Compute == nil || l.Compute.Bytes != mib(298.75) {
		t.Errorf("with log: weights %+v kv %+v compute %+v", l.Weights, l.KVCache, l.Compute)
	}
}

// fakeLlamaServer answers as a llama-server serving model with two slots,
// one busy.
func fakeLlamaServer(model string) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/health", func(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, `{"status":"ok"}`) })
	mux.HandleFunc("/props", func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprintf(w, `{"default_generation_settings":{"n_ctx":4096},"total_slots":2,"model_path":%q}`, model)
	})
	mux.HandleFunc("/slots", func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprint(w, `[{"id":0,"is_processing":true},{"id":1,"is_processing":false}]`)
	})
	mux.HandleFunc("/metrics", func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprint(w, "llamacpp:predicted_tokens_seconds 37.25\nllamacpp:requests_processing 1\n")
	})
	mux.HandleFunc("/v1/models", func(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, `{"data":[{"id":"qwen3"}]}`) })
	return mux
}

// liveCollector reads this machine's /proc, with live server probes and
// the given load logs, and no GPU.
func liveCollector(_ string, logs map[int]string, _ platformOptions) (*collect.Collector, func()) {
	in := inspect.New("/proc", nil)
	in.Live = inspect.NewLive("/proc")
	for pid, p := range logs {
		in.Live.LogPaths[pid] = p
	}
	c := noGPU()
	c.Procs = linux.NewProcFS("/proc")
	c.Host = backend.Host{OS: "linux", Mode: "native", SharesHostPIDs: true}
	c.Evidence = in
	return c, func() {}
}

// inspectLive runs gtm with args (an inspect --json) on liveCollector and
// returns the process it prints.
func inspectLive(t *testing.T, args ...string) schema.Process {
	t.Helper()
	var out, errb strings.Builder
	code := run(args, env{stdout: &out, stderr: &errb, newCollector: liveCollector})
	if code != exitOK {
		t.Fatalf("%v: exit %d: %s", args, code, errb.String())
	}
	var p schema.Process
	must(t, json.Unmarshal([]byte(out.String()), &p))
	return p
}

// Rule: a --llm-log that cannot be read is said on stderr and as a note
// on the process; gtm goes on without it.
func TestUnreadableLLMLogIsReported(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.log")
	collector := liveCollector
	pid := strconv.Itoa(os.Getpid())
	for _, path := range []string{missing, t.TempDir()} {
		var out, errb strings.Builder
		code := run([]string{"inspect", pid, "--json", "--llm-log", path}, env{stdout: &out, stderr: &errb, newCollector: collector})
		if code != exitOK || !strings.Contains(errb.String(), "gtm inspect: --llm-log "+path+" cannot be read") {
			t.Errorf("%s: exit %d, stderr %q", path, code, errb.String())
		}
		var p schema.Process
		must(t, json.Unmarshal([]byte(out.String()), &p))
		if p.LLM == nil || len(p.LLM.Notes) == 0 || !strings.Contains(strings.Join(p.LLM.Notes, "\n"), path) {
			t.Errorf("%s: no note: %+v", path, p.LLM)
		}
	}
	var errb strings.Builder
	run([]string{"--llm-log", pid + "=" + missing, "--json"}, env{stdout: io.Discard, stderr: &errb, newCollector: collector})
	if !strings.Contains(errb.String(), "gtm: --llm-log "+pid+"="+missing+" cannot be read (no such file)") {
		t.Errorf("gtm --llm-log: %q", errb.String())
	}
}
