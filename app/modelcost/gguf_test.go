package modelcost_test

import (
	"os"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/app/modelcost"
	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
	"github.com/gputaskman/gtm/inspect/llamaopts"
	"github.com/gputaskman/gtm/inspect/modelargs"
)

func ptr[T any](v T) *T { return &v }

func server(s modelargs.Settings) modelcost.LlamaOptions {
	return modelcost.LlamaOptions{Settings: s, Preset: llamaopts.Server}
}

// TestGGUFQwen3 is the spot check against llama.cpp: Qwen3-0.6B Q8_0
// weights 604.15 MiB, KV at 8,192 context (f16) 896 MiB.
func TestGGUFQwen3(t *testing.T) {
	root := t.TempDir()
	path := writeGGUF(t, root, "Qwen3-0.6B-Q8_0.gguf", ggufgen.Qwen3_0_6B())
	r, err := modelcost.EstimateGGUF(path, server(modelargs.Settings{CtxSize: ptr(8192)}), nil)
	must(t, err)
	if r.WeightsBytes != 633495552 || r.KVBytes != 939524096 || r.NCtx != 8192 {
		t.Errorf("weights %v kv %v n_ctx %v", r.WeightsBytes, r.KVBytes, r.NCtx)
	}
	if *r.Architecture != "qwen3" || r.Kind != "llm" || *r.Quantization != "Q8_0" || r.Layers != 28 || r.KindHint != nil {
		t.Errorf("header facts = %+v", r)
	}
	m := decode(t, r)
	for _, key := range []string{"architecture", "kind", "kind_hint", "quantization", "layers", "parameters", "n_ctx", "parallel",
		"weights_bytes", "kv_bytes", "kv_bytes_full_context", "swa_layers", "compute_bytes", "fit"} {
		if _, ok := m[key]; !ok {
			t.Errorf("JSON lacks %q", key)
		}
	}
	text, js := outputs(t, r, root)
	if !strings.Contains(text, "Weights       604.15 MiB") || !strings.Contains(text, "KV cache      896.00 MiB") {
		t.Errorf("text:\n%s", text)
	}
	golden(t, "qwen3-c8192.txt", text)
	golden(t, "qwen3-c8192.json", js)
}

func TestGGUFSWAAndKinds(t *testing.T) {
	dir := t.TempDir()
	r, err := modelcost.EstimateGGUF(writeGGUF(t, dir, "gemma-3-270m.gguf", ggufgen.Gemma3_270M()), server(modelargs.Settings{CtxSize: ptr(4096)}), nil)
	must(t, err)
	if r.KVBytesFullContext != 72<<20 || r.KVBytes >= r.KVBytesFullContext || r.SWALayers == 0 {
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
		r, err := modelcost.EstimateGGUF(writeGGUF(t, dir, tc.name, tc.b), server(modelargs.Settings{}), nil)
		must(t, err)
		if r.Kind != tc.kind {
			t.Errorf("%s kind = %v", tc.name, r.Kind)
		}
		if tc.kind == "embedding" && r.KVBytes != 0 {
			t.Errorf("%s: a non-causal encoder has no KV cache, got %v", tc.name, r.KVBytes)
		}
		if tc.name == "laya-q4.gguf" && (r.KindHint == nil || *r.KindHint != "decision" || r.Kind != "embedding") {
			t.Errorf("hint must not change kind: %v / %v", r.KindHint, r.Kind)
		}
	}
}

// Rule: with no settings gtm model sizes the model as llama-server with
// no flags loads it, and says so; the CLI preset is llama-cli's one
// sequence.
func TestGGUFDefaultsAreLlamaServers(t *testing.T) {
	root := t.TempDir()
	path := writeGGUF(t, root, "grid-gemma3.gguf", ggufgen.Gemma3SWA())
	r, err := modelcost.EstimateGGUF(path, server(modelargs.Settings{}), nil)
	must(t, err)
	// trained 8192, 4 auto slots unified: SWA pad(min(8192, 256·4 + 512)) = 1536
	if r.Preset != "server" || r.Parallel != 4 || !r.KVUnified || r.KVStreams != 1 || r.NBatch != 2048 || r.NUbatch != 512 ||
		r.NCtx != 8192 || r.SWACells != 1536 || r.KVBytes != (8192+5*1536)*512 {
		t.Errorf("server defaults: %+v", r)
	}
	// no GPU readable: everything in host memory, as llama.cpp without one
	if r.WeightsGPUBytes != 0 || r.KVCPUBytes != r.KVBytes || r.Fit != nil || r.ComputeBytes != nil || r.OutputBytes != 4*32000*4 {
		t.Errorf("placement: %+v", r)
	}
	text, _ := outputs(t, r, root)
	for _, want := range []string{"llama-server loads it", "4 parallel, one unified KV cache", "n_batch 2048, n_ubatch 512",
		"slots: auto", "Fit           n/a (no GPU readable here)", "Compute       n/a"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	r, err = modelcost.EstimateGGUF(path, modelcost.LlamaOptions{Settings: modelargs.Settings{CtxSize: ptr(2048)}, Preset: llamaopts.CLI}, nil)
	must(t, err)
	if r.Parallel != 1 || r.OutputBytes != 32000*4 || r.SWACells != 768 {
		t.Errorf("cli preset: %+v", r)
	}
	// the same switches as llama-server: -np 4 splits, --kv-unified does not
	for _, c := range []struct {
		s       modelargs.Settings
		streams uint64
	}{
		{modelargs.Settings{CtxSize: ptr(2048), Parallel: ptr(4)}, 4},
		{modelargs.Settings{CtxSize: ptr(2048), Parallel: ptr(4), KVUnified: ptr(true)}, 1},
		{modelargs.Settings{CtxSize: ptr(2048), Parallel: ptr(4), KVUnified: ptr(false), BatchSize: ptr(256)}, 4},
	} {
		r, err := modelcost.EstimateGGUF(path, server(c.s), nil)
		if err != nil || r.KVStreams != c.streams {
			t.Errorf("%+v: %v streams (%v)", c.s, r, err)
		}
	}
}

// Rule: where a GPU can be read, gtm model says whether the GPU share
// fits in its free memory.
func TestGGUFFit(t *testing.T) {
	root := t.TempDir()
	path := writeGGUF(t, root, "Qwen3-0.6B-Q8_0.gguf", ggufgen.Qwen3_0_6B())
	r, err := modelcost.EstimateGGUF(path, server(modelargs.Settings{CtxSize: ptr(8192)}), twoGPUs)
	must(t, err)
	text, js := outputs(t, r, root)
	if !strings.Contains(text, "fits on GPU 0 with 15.") || !strings.Contains(text, "all layers on the GPU") {
		t.Errorf("fits:\n%s", text)
	}
	golden(t, "qwen3-c8192-gpu0.txt", text)
	golden(t, "qwen3-c8192-gpu0.json", js)
	// 163,840 cells × 28 layers × 4 KiB = 17.5 GiB of KV, + 0.77 GiB weights
	r, err = modelcost.EstimateGGUF(path, server(modelargs.Settings{CtxSize: ptr(163840)}), twoGPUs)
	must(t, err)
	if r.Fit == nil || r.Fit.Fits || r.Fit.FreeBytes != 17<<30 || r.Fit.NeedBytes != r.WeightsGPUBytes+r.KVGPUBytes {
		t.Errorf("too big: %+v", r.Fit)
	}
	if text, _ := outputs(t, r, root); !strings.Contains(text, "needs 1.") || !strings.Contains(text, "more than is free on GPU 0") {
		t.Errorf("text:\n%s", text)
	}
	// -ngl 0 puts nothing on the GPU: it fits whatever the context
	s := modelargs.Settings{CtxSize: ptr(163840), GPULayers: &modelargs.GPULayers{Count: 0}}
	r, err = modelcost.EstimateGGUF(path, server(s), twoGPUs)
	must(t, err)
	if r.Fit == nil || !r.Fit.Fits || r.Fit.NeedBytes != 0 {
		t.Errorf("-ngl 0: %+v", r.Fit)
	}
	// GPU 5 is not there: no fit, and the weights go where llama.cpp
	// without a GPU device puts them
	r, err = modelcost.EstimateGGUF(path, modelcost.LlamaOptions{Settings: modelargs.Settings{}, Preset: llamaopts.Server, GPU: 5}, twoGPUs)
	must(t, err)
	if r.Fit != nil || r.WeightsGPUBytes != 0 || !strings.HasPrefix(r.Offload, "none: no GPU readable") {
		t.Errorf("absent GPU: fit %+v, offload %q", r.Fit, r.Offload)
	}
}

func TestGGUFErrors(t *testing.T) {
	dir := t.TempDir()
	corrupt := dir + "/corrupt.gguf"
	must(t, os.WriteFile(corrupt, []byte("GGUF\x03\x00\x00\x00\xff\xff\xff\xff\xff\xff\xff\x7f"), 0o644))
	for _, path := range []string{corrupt, dir + "/missing.gguf"} {
		r, err := modelcost.EstimateGGUF(path, server(modelargs.Settings{}), nil)
		if err == nil || r != nil || !strings.HasPrefix(err.Error(), path+": ") {
			t.Errorf("%s: %v, %v", path, r, err)
		}
	}
}
