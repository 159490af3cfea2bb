package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/app/snapshot"
	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/linux"
	"github.com/gputaskman/gtm/inspect"
	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
	"github.com/gputaskman/gtm/inspect/procmaps/maptest"
	"github.com/gputaskman/gtm/inspect/stores"
)

func writeGGUF(t *testing.T, name string, b *ggufgen.Builder) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	must(t, b.MustBuild().WriteFile(path))
	return path
}

// TestModelQwen3 is the spot check against llama.cpp: Qwen3-0.6B Q8_0
// weights 604.15 MiB, KV at 8,192 context (f16) 896 MiB.
func TestModelQwen3(t *testing.T) {
	path := writeGGUF(t, "Qwen3-0.6B-Q8_0.gguf", ggufgen.Qwen3_0_6B())
	code, stdout, stderr, _ := runIn(t, noGPU(), "model", path, "--ctx", "8192", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r map[string]any
	must(t, json.Unmarshal([]byte(stdout), &r))
	for _, key := range []string{"architecture", "kind", "kind_hint", "quantization", "layers", "parameters", "n_ctx", "parallel",
		"weights_bytes", "kv_bytes", "kv_bytes_full_context", "swa_layers"} {
		if _, ok := r[key]; !ok {
			t.Errorf("JSON lacks %q", key)
		}
	}
	if r["weights_bytes"] != 633495552.0 || r["kv_bytes"] != 939524096.0 || r["n_ctx"] != 8192.0 {
		t.Errorf("weights %v kv %v n_ctx %v", r["weights_bytes"], r["kv_bytes"], r["n_ctx"])
	}
	if r["architecture"] != "qwen3" || r["kind"] != "llm" || r["quantization"] != "Q8_0" || r["layers"] != 28.0 || r["kind_hint"] != nil {
		t.Errorf("header facts = %v", r)
	}
	code, stdout, _, _ = runIn(t, noGPU(), "model", path, "-c", "8192")
	if code != exitOK || !strings.Contains(stdout, "Weights       604.15 MiB") || !strings.Contains(stdout, "KV cache      896.00 MiB") {
		t.Errorf("text:\n%s", stdout)
	}
}

func TestModelSWAAndKinds(t *testing.T) {
	gemma := writeGGUF(t, "gemma-3-270m.gguf", ggufgen.Gemma3_270M())
	code, stdout, _, _ := runIn(t, noGPU(), "model", gemma, "--ctx", "4096", "--json")
	var r struct {
		KV        uint64 `json:"kv_bytes"`
		FullCtx   uint64 `json:"kv_bytes_full_context"`
		SWALayers int    `json:"swa_layers"`
	}
	must(t, json.Unmarshal([]byte(stdout), &r))
	if code != exitOK || r.FullCtx != 72<<20 || r.KV >= r.FullCtx || r.SWALayers == 0 {
		t.Errorf("gemma3 SWA: %+v", r)
	}
	for _, tc := range []struct {
		name string
		b    *ggufgen.Builder
		kind string
	}{
		{"embed.gguf", ggufgen.Embedding(), "embedding"},
		{"decision.gguf", ggufgen.Decision("qwen35", "openjev"), "decision"},
		{"laya-q4.gguf", ggufgen.Embedding(), "embedding"},
	} {
		path := writeGGUF(t, tc.name, tc.b)
		code, stdout, stderr, _ := runIn(t, noGPU(), "model", path, "--json")
		var m map[string]any
		if code != exitOK || json.Unmarshal([]byte(stdout), &m) != nil {
			t.Fatalf("%s: %d %s", tc.name, code, stderr)
		}
		if m["kind"] != tc.kind {
			t.Errorf("%s kind = %v", tc.name, m["kind"])
		}
		if tc.kind == "embedding" && m["kv_bytes"] != 0.0 {
			t.Errorf("%s: a non-causal encoder has no KV cache, got %v", tc.name, m["kv_bytes"])
		}
		if tc.name == "laya-q4.gguf" && (m["kind_hint"] != "decision" || m["kind"] != "embedding") {
			t.Errorf("hint must not change kind: %v / %v", m["kind_hint"], m["kind"])
		}
	}
}

func TestModelErrors(t *testing.T) {
	corrupt := filepath.Join(t.TempDir(), "corrupt.gguf")
	must(t, os.WriteFile(corrupt, []byte("GGUF\x03\x00\x00\x00\xff\xff\xff\xff\xff\xff\xff\x7f"), 0o644))
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"model", corrupt}, exitRuntime, "gtm model: " + corrupt + ": gguf:"},
		{[]string{"model", "/no/such.gguf"}, exitRuntime, "no such file"},
		{[]string{"model"}, exitUsage, "expected one model file"},
		{[]string{"model", corrupt, "--cache-type-k", "q3_x"}, exitUsage, "not a cache type"},
		{[]string{"model", corrupt, "--parallel", "0"}, exitUsage, "--parallel"},
		{[]string{"model", corrupt, "--bogus"}, exitUsage, "unknown flag"},
	}
	for _, tc := range cases {
		code, stdout, stderr, _ := runIn(t, noGPU(), tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) || stdout != "" || strings.Count(stderr, "\n") > 2 {
			t.Errorf("%v: %d %q", tc.args, code, stderr)
		}
	}
	code, stdout, _, _ := runIn(t, noGPU(), "model", "--help")
	if code != exitOK || !strings.Contains(stdout, "--cache-type-k") {
		t.Errorf("model --help: %d", code)
	}
}

// TestInspectOllamaProcess: a real process maps a GGUF blob of a fake
// Ollama store; gtm inspect names it name:tag with mapped evidence.
func TestInspectOllamaProcess(t *testing.T) {
	root := t.TempDir()
	digest := strings.Repeat("ab", 32)
	blob := filepath.Join(root, "blobs", "sha256-"+digest)
	must(t, os.MkdirAll(filepath.Dir(blob), 0o755))
	must(t, ggufgen.Qwen3_0_6B().MustBuild().WriteFile(blob))
	manifest := `{"schemaVersion":2,"mediaType":"application/vnd.docker.distribution.manifest.v2+json",` +
		`"config":{"mediaType":"application/vnd.docker.container.image.v1+json","digest":"sha256:` + strings.Repeat("cd", 32) + `","size":1},` +
		`"layers":[{"mediaType":"application/vnd.ollama.image.model","digest":"sha256:` + digest + `","size":639446688}]}`
	dir := filepath.Join(root, "manifests", "registry.ollama.ai", "library", "qwen3")
	must(t, os.MkdirAll(dir, 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "0.6b"), []byte(manifest), 0o644))
	lib := maptest.TempFile(t, "libggml-cuda.so", 4096)
	pid := maptest.StartNamedMapper(t, "ollama", blob, lib)

	c := noGPU()
	c.Procs = linux.NewProcFS("/proc")
	c.Host = backend.Host{OS: "linux", Mode: "native", SharesHostPIDs: true}
	c.Inspector = inspect.New("/proc", stores.New(stores.Config{OllamaRoots: []string{root}}))
	code, stdout, stderr, _ := runIn(t, c, "inspect", itoa(pid), "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var p snapshot.Process
	must(t, json.Unmarshal([]byte(stdout), &p))
	if len(p.Models) != 1 {
		t.Fatalf("models = %+v", p.Models)
	}
	m := p.Models[0]
	if m.Name == nil || *m.Name != "qwen3:0.6b" || strings.Join(m.Evidence, "+") != "mapped" || *m.Kind != "llm" ||
		*m.Architecture != "qwen3" || m.Weights.Bytes != 633495552 {
		t.Errorf("model = %+v", m)
	}
	if p.Category == nil || *p.Category != "AI" || p.DeviceIndex != nil {
		t.Errorf("category %v device %v", p.Category, p.DeviceIndex)
	}
	code, stdout, _, _ = runIn(t, c, "inspect", itoa(pid))
	if code != exitOK || !strings.Contains(stdout, "Model · qwen3:0.6b\n    Evidence         mapped · not confirmed (one source)\n") || !strings.Contains(stdout, "proves presence, not GPU residency") {
		t.Errorf("text:\n%s", stdout)
	}
}

func TestInspectErrors(t *testing.T) {
	c := noGPU()
	c.Procs = linux.NewProcFS("/proc")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"inspect"}, exitUsage, "expected one PID"},
		{[]string{"inspect", "abc"}, exitUsage, `"abc" is not a process ID`},
		{[]string{"inspect", "1073741823"}, exitRuntime, "no process 1073741823"},
	} {
		code, _, stderr, _ := runIn(t, c, tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: %d %q", tc.args, code, stderr)
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// Rule: with no flags gtm model sizes the model as llama-server with no
// flags loads it, and says so; --preset cli is llama-cli's one sequence.
func TestModelDefaultsAreLlamaServers(t *testing.T) {
	path := writeGGUF(t, "grid-gemma3.gguf", ggufgen.Gemma3SWA())
	code, stdout, stderr, _ := runIn(t, noGPU(), "model", path, "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r modelReport
	must(t, json.Unmarshal([]byte(stdout), &r))
	// trained 8192, 4 auto slots unified: SWA pad(min(8192, 256·4 + 512)) = 1536
	if r.Preset != "server" || r.Parallel != 4 || !r.KVUnified || r.KVStreams != 1 || r.NBatch != 2048 || r.NUbatch != 512 ||
		r.NCtx != 8192 || r.SWACells != 1536 || r.KVBytes != (8192+5*1536)*512 {
		t.Errorf("server defaults: %+v", r)
	}
	// no GPU readable: everything in host memory, as llama.cpp without one
	if r.WeightsGPUBytes != 0 || r.KVCPUBytes != r.KVBytes || r.Fit != nil || r.ComputeBytes != nil || r.OutputBytes != 4*32000*4 {
		t.Errorf("placement: %+v", r)
	}
	code, stdout, _, _ = runIn(t, noGPU(), "model", path)
	for _, want := range []string{"llama-server loads it", "4 parallel, one unified KV cache", "n_batch 2048, n_ubatch 512",
		"slots: auto", "Fit           n/a (no GPU readable here)", "Compute       n/a"} {
		if code != exitOK || !strings.Contains(stdout, want) {
			t.Errorf("text lacks %q:\n%s", want, stdout)
		}
	}
	code, stdout, _, _ = runIn(t, noGPU(), "model", path, "--json", "--preset", "cli", "-c", "2048")
	must(t, json.Unmarshal([]byte(stdout), &r))
	if code != exitOK || r.Parallel != 1 || r.OutputBytes != 32000*4 || r.SWACells != 768 {
		t.Errorf("cli preset: %+v", r)
	}
	// the same switches as llama-server: -np 4 splits, --kv-unified does not
	for _, c := range []struct {
		args    []string
		streams uint64
	}{
		{[]string{"-c", "2048", "--parallel", "4"}, 4},
		{[]string{"-c", "2048", "--parallel", "4", "--kv-unified"}, 1},
		{[]string{"--ctx-size", "2048", "--parallel", "4", "--no-kv-unified", "--batch-size", "256"}, 4},
	} {
		code, stdout, stderr, _ = runIn(t, noGPU(), append([]string{"model", path, "--json"}, c.args...)...)
		must(t, json.Unmarshal([]byte(stdout), &r))
		if code != exitOK || r.KVStreams != c.streams {
			t.Errorf("%v: %d streams (%s)", c.args, r.KVStreams, stderr)
		}
	}
}

// Rule: where a GPU can be read, gtm model says whether the GPU share
// fits in its free memory.
func TestFitCheck(t *testing.T) {
	path := writeGGUF(t, "Qwen3-0.6B-Q8_0.gguf", ggufgen.Qwen3_0_6B())
	c := twoGPUCollector(t) // GPU 0: 24 GiB, 7 GiB used
	code, stdout, stderr, _ := runIn(t, c, "model", path, "-c", "8192")
	if code != exitOK || !strings.Contains(stdout, "fits on GPU 0 with 15.") || !strings.Contains(stdout, "all layers on the GPU") {
		t.Errorf("fits: %d %s\n%s", code, stderr, stdout)
	}
	// 163,840 cells × 28 layers × 4 KiB = 17.5 GiB of KV, + 0.77 GiB weights
	code, stdout, _, _ = runIn(t, c, "model", path, "-c", "163840", "--json")
	var r modelReport
	must(t, json.Unmarshal([]byte(stdout), &r))
	if code != exitOK || r.Fit == nil || r.Fit.Fits || r.Fit.FreeBytes != 17<<30 || r.Fit.NeedBytes != r.WeightsGPUBytes+r.KVGPUBytes {
		t.Errorf("too big: %+v", r.Fit)
	}
	code, stdout, _, _ = runIn(t, c, "model", path, "-c", "163840")
	if code != exitOK || !strings.Contains(stdout, "needs 1.") || !strings.Contains(stdout, "more than is free on GPU 0") {
		t.Errorf("text:\n%s", stdout)
	}
	// -ngl 0 puts nothing on the GPU: it fits whatever the context
	code, stdout, _, _ = runIn(t, c, "model", path, "-c", "163840", "--gpu-layers", "0", "--json")
	must(t, json.Unmarshal([]byte(stdout), &r))
	if code != exitOK || r.Fit == nil || !r.Fit.Fits || r.Fit.NeedBytes != 0 {
		t.Errorf("-ngl 0: %+v", r.Fit)
	}
}
