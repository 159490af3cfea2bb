package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/app/modelcost"
	"github.com/gputaskman/gtm/inspect/hfmodel/hfgen"
)

// hfReport runs gtm model --json on args and decodes the report.
func hfReport(t *testing.T, args ...string) modelcost.SafetensorsReport {
	t.Helper()
	code, stdout, stderr, _ := runIn(t, noGPU(), append([]string{"model", "--json"}, args...)...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r modelcost.SafetensorsReport
	must(t, json.Unmarshal([]byte(stdout), &r))
	return r
}

func writeHF(t *testing.T, cfg map[string]any, ts []hfgen.Tensor, shards int) string {
	t.Helper()
	dir := t.TempDir()
	_, err := hfgen.WriteModel(dir, hfgen.Model{Config: cfg, Tensors: ts, Shards: shards})
	must(t, err)
	return dir
}

func u64(p *uint64) uint64 {
	if p == nil {
		return 0
	}
	return *p
}

func TestModelHFHubID(t *testing.T) {
	root := t.TempDir()
	t.Setenv("HF_HUB_CACHE", root)
	ts := hfgen.DecoderTensors(hfgen.Decoder{Layers: 2, Hidden: 64, Heads: 4, KVHeads: 2, Intermediate: 128, Vocab: 100})
	snap, err := hfgen.HubSnapshot(root, "acme/tiny-llm", "0123456789abcdef0123456789abcdef01234567", true)
	must(t, err)
	_, err = hfgen.WriteModel(snap, hfgen.Model{Config: map[string]any{"architectures": []string{"LlamaForCausalLM"},
		"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4, "num_key_value_heads": 2, "torch_dtype": "bfloat16"}, Tensors: ts})
	must(t, err)
	must(t, hfgen.LinkBlobs(snap))
	t.Chdir(t.TempDir()) // no such relative path: the argument is an id
	// $HF_HUB_CACHE is where gtm model looks the id up
	r := hfReport(t, "acme/tiny-llm")
	if r.HubID == nil || *r.HubID != "acme/tiny-llm" || r.Dir != snap || r.Tensors != len(ts) {
		t.Fatalf("%+v", r)
	}
	code, _, stderr, _ := runIn(t, noGPU(), "model", "acme/absent")
	if code != exitRuntime || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "not found as a hub id") {
		t.Fatalf("exit %d: %q", code, stderr)
	}
}

// Rule: --gpu, --gpu-memory-utilization and --kv-cache-dtype reach the
// estimate, and the GPU is the driver's (app/modelcost tests the math).
func TestModelHFFitWiring(t *testing.T) {
	ts := hfgen.DecoderTensors(hfgen.Decoder{Layers: 2, Hidden: 256, Heads: 8, KVHeads: 2, Intermediate: 512, Vocab: 1000})
	cfg := map[string]any{"architectures": []string{"LlamaForCausalLM"}, "num_hidden_layers": 2, "hidden_size": 256,
		"num_attention_heads": 8, "num_key_value_heads": 2, "torch_dtype": "bfloat16", "max_position_embeddings": 8192}
	dir := writeHF(t, cfg, ts, 0)
	code, stdout, stderr, _ := runIn(t, twoGPUCollector(t), "model", dir, "--json", "--gpu", "1", "--gpu-memory-utilization", "0.5",
		"--kv-cache-dtype", "fp8", "--ctx", "1000")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r modelcost.SafetensorsReport
	must(t, json.Unmarshal([]byte(stdout), &r))
	if f := r.Fit; f == nil || f.GPU != 1 || f.TotalBytes != 80<<30 || f.GPUMemoryUtilization != 0.5 {
		t.Fatalf("fit %+v", r.Fit)
	}
	if r.KVCacheDType != "fp8" || u64(r.Ctx) != 1000 {
		t.Fatalf("kv %s ctx %d", r.KVCacheDType, u64(r.Ctx))
	}
	code, stdout, _, _ = runIn(t, noGPU(), "model", dir)
	if code != exitOK || !strings.Contains(stdout, "Fit           n/a (no GPU readable here)") || !strings.Contains(stdout, "(estimated)") {
		t.Fatalf("text:\n%s", stdout)
	}
}

func TestModelHFUsageErrors(t *testing.T) {
	dir := writeHF(t, map[string]any{"architectures": []string{"LlamaForCausalLM"}}, []hfgen.Tensor{hfgen.T("w", "F32", 4)}, 0)
	gguf := filepath.Join(t.TempDir(), "m.gguf")
	must(t, os.WriteFile(gguf, []byte("GGUF"), 0o644))
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"model", dir, "--parallel", "2"}, exitUsage, "--parallel is llama.cpp's"},
		{[]string{"model", dir, "--kv-cache-dtype", "q4"}, exitUsage, "--kv-cache-dtype \"q4\""},
		{[]string{"model", dir, "--gpu-memory-utilization", "1.5"}, exitUsage, "--gpu-memory-utilization must be"},
		{[]string{"model", gguf, "--kv-cache-dtype", "fp8"}, exitUsage, "--kv-cache-dtype is vLLM's"},
		{[]string{"model", filepath.Join(dir, "missing.safetensors")}, exitRuntime, "missing.safetensors"},
	} {
		code, _, stderr, _ := runIn(t, noGPU(), tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, %q", tc.args, code, stderr)
		}
	}
}

// Rule: vLLM's defaults apply where the flags are not given: 0.92 of the
// GPU, and vllm serve's batch for the GPU checked (2048 on GPU 1, an
// A100 of 80 GiB: vLLM keeps A100s at 2048 whatever their memory);
// --max-num-batched-tokens and --tensor-parallel-size reach the estimate.
func TestModelHFVLLMDefaults(t *testing.T) {
	ts := hfgen.DecoderTensors(hfgen.Decoder{Layers: 2, Hidden: 256, Heads: 8, KVHeads: 2, Intermediate: 512, Vocab: 1000})
	cfg := map[string]any{"architectures": []string{"MistralForCausalLM"}, "num_hidden_layers": 2, "hidden_size": 256,
		"num_attention_heads": 8, "num_key_value_heads": 2, "torch_dtype": "bfloat16", "max_position_embeddings": 32768, "sliding_window": 4096}
	dir := writeHF(t, cfg, ts, 0)
	run := func(args ...string) modelcost.SafetensorsReport {
		t.Helper()
		code, stdout, stderr, _ := runIn(t, twoGPUCollector(t), append([]string{"model", dir, "--json", "--gpu", "1"}, args...)...)
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var r modelcost.SafetensorsReport
		must(t, json.Unmarshal([]byte(stdout), &r))
		return r
	}
	r := run()
	// Sliding window 4096 at 32768 tokens: cdiv(min(4095+2048, 32768), 16)+1 = 385 blocks.
	if r.Fit == nil || r.Fit.GPUMemoryUtilization != 0.92 || r.MaxNumBatchedTokens != 2048 || u64(r.KVRequestBlocks) != 385 || r.TensorParallelSize != 1 {
		t.Fatalf("defaults: fit %+v batched %d blocks %d", r.Fit, r.MaxNumBatchedTokens, u64(r.KVRequestBlocks))
	}
	r = run("--max-num-batched-tokens", "8192", "--tensor-parallel-size", "2")
	// cdiv(min(4095+8192, 32768), 16)+1 = 769; 2 KV heads over 2 GPUs: 1 each.
	if r.MaxNumBatchedTokens != 8192 || u64(r.KVRequestBlocks) != 769 || r.TensorParallelSize != 2 || u64(r.KVBytesPerToken) != 2*2*1*32*2 || r.Fit.CUDAGraphBytes != nil {
		t.Fatalf("flags: batched %d blocks %d tp %d per token %d", r.MaxNumBatchedTokens, u64(r.KVRequestBlocks), r.TensorParallelSize, u64(r.KVBytesPerToken))
	}
	// The CUDA graphs a vLLM log measured come off the KV budget, as vLLM
	// takes them (v0.21.0 and later); unknown, they are null.
	before := r.Fit.KVBudgetBytes
	r = run("--max-num-batched-tokens", "8192", "--tensor-parallel-size", "2", "--cudagraph-memory-gib", "0.5")
	if r.Fit.CUDAGraphBytes == nil || *r.Fit.CUDAGraphBytes != 1<<29 || r.Fit.KVBudgetBytes != before-1<<29 {
		t.Fatalf("graphs %v, budget %d (was %d)", r.Fit.CUDAGraphBytes, r.Fit.KVBudgetBytes, before)
	}
	if code, _, stderr, _ := runIn(t, noGPU(), "model", dir, "--tensor-parallel-size", "-1"); code != exitUsage || !strings.Contains(stderr, "--tensor-parallel-size") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}
