package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/app/modelcost"
	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/linux"
	"github.com/gputaskman/gtm/inspect"
	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
	"github.com/gputaskman/gtm/inspect/procmaps/maptest"
	"github.com/gputaskman/gtm/inspect/stores"
	"github.com/gputaskman/gtm/internal/schema"
)

func writeGGUF(t *testing.T, name string, b *ggufgen.Builder) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	must(t, b.MustBuild().WriteFile(path))
	return path
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

// TestModelNamesFormatsItDoesNotSize: an ONNX, PyTorch or TensorRT file
// is refused in one line that says what it is, not with the GGUF
// parser's "bad magic", and with the status of other unreadable input.
func TestModelNamesFormatsItDoesNotSize(t *testing.T) {
	dir := t.TempDir()
	for name, c := range map[string]struct{ data, what string }{
		"model.onnx":        {"\x08\x07\x12\x07pytorch", "an ONNX model"},
		"ckpt.pt":           {"PK\x03\x04rest", "a PyTorch checkpoint"},
		"pytorch_model.bin": {"PK\x03\x04rest", "a PyTorch checkpoint"},
		"model.plan":        {"ftrtjunk", "a TensorRT engine"},
	} {
		path := filepath.Join(dir, name)
		must(t, os.WriteFile(path, []byte(c.data), 0o644))
		want := "gtm model: " + path + " is " + c.what + "; gtm model sizes GGUF and safetensors models only\n"
		for _, args := range [][]string{{"model", path}, {"model", path, "--json", "--kv-cache-dtype", "fp8"}} {
			code, stdout, stderr, _ := runIn(t, noGPU(), args...)
			if code != exitRuntime || stderr != want || stdout != "" {
				t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d and %q", args, code, stdout, stderr, exitRuntime, want)
			}
		}
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
	c.Evidence = inspect.New("/proc", stores.New(stores.Config{OllamaRoots: []string{root}}))
	code, stdout, stderr, _ := runIn(t, c, "inspect", itoa(pid), "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var p schema.Process
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

// Rule: gtm model's flags are llama-server's, spelled either way, and
// reach the estimate (app/modelcost tests what it makes of them); with
// none it sizes the model as llama-server with no flags loads it.
func TestModelFlags(t *testing.T) {
	path := writeGGUF(t, "grid-gemma3.gguf", ggufgen.Gemma3SWA())
	code, stdout, stderr, _ := runIn(t, noGPU(), "model", path)
	for _, want := range []string{"llama-server loads it", "4 parallel, one unified KV cache", "n_batch 2048, n_ubatch 512", "slots: auto"} {
		if code != exitOK || !strings.Contains(stdout, want) {
			t.Errorf("text lacks %q (%s):\n%s", want, stderr, stdout)
		}
	}
	type shape struct {
		Preset                                     string
		NCtx, Parallel, KVStreams, NBatch, NUbatch uint64
	}
	for _, c := range []struct {
		args []string
		want shape
	}{
		{[]string{"--preset", "cli", "-c", "2048"}, shape{Preset: "cli", NCtx: 2048, Parallel: 1, KVStreams: 1, NBatch: 2048, NUbatch: 512}},
		{[]string{"--ctx-size", "2048", "--parallel", "4", "--no-kv-unified", "--batch-size", "256", "--ubatch-size", "128"},
			shape{Preset: "server", NCtx: 2048, Parallel: 4, KVStreams: 4, NBatch: 256, NUbatch: 128}},
		{[]string{"--ctx", "2048", "--parallel", "4", "--kv-unified", "--batch", "512", "--ubatch", "64"},
			shape{Preset: "server", NCtx: 2048, Parallel: 4, KVStreams: 1, NBatch: 512, NUbatch: 64}},
		{[]string{"--kv-unified-per-slot", "1024", "--parallel", "2", "--kv-unified"},
			shape{Preset: "server", NCtx: 2048, Parallel: 2, KVStreams: 1, NBatch: 2048, NUbatch: 512}},
	} {
		code, stdout, stderr, _ = runIn(t, noGPU(), append([]string{"model", path, "--json"}, c.args...)...)
		var r modelcost.GGUFReport
		if code != exitOK || json.Unmarshal([]byte(stdout), &r) != nil {
			t.Fatalf("%v: %d %s", c.args, code, stderr)
		}
		got := shape{Preset: r.Preset, NCtx: r.NCtx, Parallel: r.Parallel, KVStreams: r.KVStreams, NBatch: r.NBatch, NUbatch: r.NUbatch}
		if got != c.want {
			t.Errorf("%v: %+v, want %+v", c.args, got, c.want)
		}
	}
	// placement and cache flags
	code, stdout, _, _ = runIn(t, noGPU(), "model", path, "--json", "-c", "2048", "--gpu-layers", "3", "--cache-type-k", "q8_0",
		"--cache-type-v", "q4_0", "--no-kv-offload", "--n-cpu-moe", "1", "--no-mmap", "--embedding", "--swa-full")
	var r modelcost.GGUFReport
	must(t, json.Unmarshal([]byte(stdout), &r))
	if code != exitOK || r.CacheTypeK != "q8_0" || r.CacheTypeV != "q4_0" || r.KVGPUBytes != 0 || r.SWACells != 2048 ||
		!strings.HasPrefix(r.Offload, "3 layer(s) on the GPU") {
		t.Errorf("flags: %+v", r)
	}
	code, stdout, _, _ = runIn(t, twoGPUCollector(t), "model", path, "--json", "--device", "none")
	must(t, json.Unmarshal([]byte(stdout), &r))
	if code != exitOK || r.Offload != "none (no GPU device)" || r.WeightsGPUBytes != 0 {
		t.Errorf("--device none: %+v", r)
	}
}

// Rule: where a GPU can be read, gtm model checks the fit against the GPU
// --gpu names, as the driver reports it now; with none it says n/a.
func TestModelFitWiring(t *testing.T) {
	path := writeGGUF(t, "Qwen3-0.6B-Q8_0.gguf", ggufgen.Qwen3_0_6B())
	c := twoGPUCollector(t) // GPU 0: 24 GiB, 7 GiB used; GPU 1: 80 GiB
	for _, tc := range []struct {
		args []string
		gpu  int
		free uint64
	}{
		{nil, 0, 17 << 30},
		{[]string{"--gpu", "1"}, 1, 80 << 30},
	} {
		code, stdout, stderr, _ := runIn(t, c, append([]string{"model", path, "--json", "-c", "8192"}, tc.args...)...)
		var r modelcost.GGUFReport
		if code != exitOK || json.Unmarshal([]byte(stdout), &r) != nil {
			t.Fatalf("%v: %d %s", tc.args, code, stderr)
		}
		if r.Fit == nil || r.Fit.GPU != tc.gpu || r.Fit.FreeBytes != tc.free || !r.Fit.Fits {
			t.Errorf("%v: fit %+v", tc.args, r.Fit)
		}
	}
	code, stdout, _, _ := runIn(t, c, "model", path, "-c", "8192")
	if code != exitOK || !strings.Contains(stdout, "fits on GPU 0 with 15.") {
		t.Errorf("text:\n%s", stdout)
	}
	code, stdout, _, _ = runIn(t, noGPU(), "model", path)
	if code != exitOK || !strings.Contains(stdout, "Fit           n/a (no GPU readable here)") {
		t.Errorf("no GPU:\n%s", stdout)
	}
}
