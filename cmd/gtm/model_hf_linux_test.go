package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/hfmodel/hfgen"
)

// hfReport runs gtm model --json on args and decodes the report.
func hfReport(t *testing.T, args ...string) hfModelReport {
	t.Helper()
	code, stdout, stderr, _ := runIn(t, noGPU(), append([]string{"model", "--json"}, args...)...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r hfModelReport
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

func checkWeights(t *testing.T, r hfModelReport, ts []hfgen.Tensor) {
	t.Helper()
	params, nbytes := hfgen.Sum(ts)
	if r.WeightsBytes != nbytes || r.Parameters != params || r.Tensors != len(ts) || !r.Complete {
		t.Fatalf("weights %d params %d tensors %d complete %v; want %d %d %d (notes %q)",
			r.WeightsBytes, r.Parameters, r.Tensors, r.Complete, nbytes, params, len(ts), r.Notes)
	}
}

func u64(p *uint64) uint64 {
	if p == nil {
		return 0
	}
	return *p
}

func TestModelHFDenseGQA(t *testing.T) {
	d := hfgen.Decoder{Layers: 4, Hidden: 256, Heads: 8, KVHeads: 2, HeadDim: 64, Intermediate: 512, Vocab: 1000}
	ts := hfgen.DecoderTensors(d)
	cfg := map[string]any{"architectures": []string{"Qwen3ForCausalLM"}, "model_type": "qwen3", "num_hidden_layers": 4,
		"hidden_size": 256, "num_attention_heads": 8, "num_key_value_heads": 2, "head_dim": 64, "max_position_embeddings": 40960,
		"use_sliding_window": false, "sliding_window": nil, "torch_dtype": "bfloat16"}
	dir := writeHF(t, cfg, ts, 0)
	r := hfReport(t, dir, "--ctx", "4096")
	checkWeights(t, r, ts)
	per := uint64(4 * 2 * 2 * 64 * 2) // layers × K,V × KV heads × head dim × bf16
	if u64(r.KVBytesPerToken) != per || u64(r.KVBytes) != per*4096 || u64(r.Ctx) != 4096 || r.SlidingWindow != nil || r.Fit != nil {
		t.Fatalf("%+v", r)
	}
	if r.Kind != "llm" || *r.Architecture != "Qwen3ForCausalLM" || r.KVCacheDType != "bfloat16" {
		t.Fatalf("%+v", r)
	}
	// Default context: max_position_embeddings; fp8 halves the bytes.
	r = hfReport(t, dir, "--kv-cache-dtype", "fp8")
	if u64(r.Ctx) != 40960 || u64(r.KVBytes) != per/2*40960 {
		t.Fatalf("ctx %d kv %d", u64(r.Ctx), u64(r.KVBytes))
	}
	code, stdout, _, _ := runIn(t, noGPU(), "model", filepath.Join(dir, "model.safetensors"))
	if code != exitOK || !strings.Contains(stdout, "exact, from the safetensors headers") || !strings.Contains(stdout, "(estimated)") {
		t.Fatalf("text:\n%s", stdout)
	}
}

func TestModelHFSlidingWindow(t *testing.T) {
	d := hfgen.Decoder{Layers: 6, Hidden: 128, Heads: 4, KVHeads: 1, HeadDim: 32, Intermediate: 256, Vocab: 500}
	ts := hfgen.DecoderTensors(d)
	// Gemma 3: nested text_config, every 3rd layer global.
	gemma := map[string]any{"architectures": []string{"Gemma3ForConditionalGeneration"}, "model_type": "gemma3", "torch_dtype": "bfloat16",
		"text_config": map[string]any{"num_hidden_layers": 6, "hidden_size": 128, "num_attention_heads": 4, "num_key_value_heads": 1,
			"head_dim": 32, "sliding_window": 512, "sliding_window_pattern": 3, "max_position_embeddings": 8192}}
	r := hfReport(t, writeHF(t, gemma, ts, 0), "--ctx", "8192")
	checkWeights(t, r, ts)
	perLayer := uint64(2 * 1 * 32 * 2)
	if want := 2*perLayer*8192 + 4*perLayer*512; u64(r.KVBytes) != want || *r.SlidingLayers != 4 || *r.SlidingWindow != 512 {
		t.Fatalf("gemma: kv %d want %d; %+v", u64(r.KVBytes), want, r)
	}
	// layer_types spell the same layout.
	types := []string{"sliding_attention", "sliding_attention", "full_attention", "sliding_attention", "sliding_attention", "full_attention"}
	gemma["text_config"].(map[string]any)["layer_types"] = types
	delete(gemma["text_config"].(map[string]any), "sliding_window_pattern")
	if r2 := hfReport(t, writeHF(t, gemma, ts, 0), "--ctx", "8192"); u64(r2.KVBytes) != u64(r.KVBytes) {
		t.Fatalf("layer_types %d vs pattern %d", u64(r2.KVBytes), u64(r.KVBytes))
	}
	// Mistral: every layer slides.
	mistral := map[string]any{"architectures": []string{"MistralForCausalLM"}, "num_hidden_layers": 6, "hidden_size": 128,
		"num_attention_heads": 4, "num_key_value_heads": 1, "head_dim": 32, "sliding_window": 4096, "torch_dtype": "float16"}
	r = hfReport(t, writeHF(t, mistral, ts, 0), "--ctx", "32768")
	if want := 6 * perLayer * 4096; u64(r.KVBytes) != want || *r.SlidingLayers != 6 {
		t.Fatalf("mistral: kv %d want %d", u64(r.KVBytes), want)
	}
}

func TestModelHFMLA(t *testing.T) {
	const layers, hidden, rank, rope, nope, vdim, heads = 3, 256, 64, 16, 32, 32, 4
	var ts []hfgen.Tensor
	for i := range layers {
		p := "model.layers." + string(rune('0'+i)) + ".self_attn."
		ts = append(ts,
			hfgen.T(p+"q_proj.weight", "BF16", heads*(nope+rope), hidden),
			hfgen.T(p+"kv_a_proj_with_mqa.weight", "BF16", rank+rope, hidden),
			hfgen.T(p+"kv_a_layernorm.weight", "BF16", rank),
			hfgen.T(p+"kv_b_proj.weight", "BF16", heads*(nope+vdim), rank),
			hfgen.T(p+"o_proj.weight", "BF16", hidden, heads*vdim),
			hfgen.T(p+"mlp.experts.0.weight_scale_inv", "F32", 2, 2),
			hfgen.T(p+"mlp.experts.0.up_proj.weight", "F8_E4M3", 128, hidden))
	}
	cfg := map[string]any{"architectures": []string{"DeepseekV3ForCausalLM"}, "model_type": "deepseek_v3", "num_hidden_layers": layers,
		"hidden_size": hidden, "num_attention_heads": heads, "num_key_value_heads": heads, "kv_lora_rank": rank,
		"qk_rope_head_dim": rope, "qk_nope_head_dim": nope, "v_head_dim": vdim, "max_position_embeddings": 163840, "torch_dtype": "bfloat16"}
	r := hfReport(t, writeHF(t, cfg, ts, 2), "--ctx", "1000")
	checkWeights(t, r, ts)
	per := uint64(layers * (rank + rope) * 2) // one latent per layer, no V
	if u64(r.KVBytesPerToken) != per || u64(r.KVBytes) != per*1000 || r.MLA == nil || r.MLA.KVLoraRank != rank {
		t.Fatalf("kv/token %d want %d; %+v", u64(r.KVBytesPerToken), per, r)
	}
	if len(r.DTypes) != 3 || r.DTypes[0].Name != "BF16" {
		t.Fatalf("dtypes %+v", r.DTypes)
	}
}

func TestModelHFShardedIncomplete(t *testing.T) {
	ts := hfgen.DecoderTensors(hfgen.Decoder{Layers: 3, Hidden: 64, Heads: 4, KVHeads: 4, Intermediate: 128, Vocab: 100})
	dir := t.TempDir()
	names, err := hfgen.WriteModel(dir, hfgen.Model{Config: map[string]any{"architectures": []string{"LlamaForCausalLM"}}, Tensors: ts, Shards: 4})
	must(t, err)
	r := hfReport(t, filepath.Join(dir, "model.safetensors.index.json"))
	checkWeights(t, r, ts)
	if len(r.Files) != 4 {
		t.Fatalf("files %q", r.Files)
	}
	must(t, os.Remove(filepath.Join(dir, names[2])))
	r = hfReport(t, dir)
	if r.Complete || !strings.Contains(r.Source, "INCOMPLETE") || r.KVBytesPerToken != nil {
		t.Fatalf("%+v", r)
	}
	code, stdout, _, _ := runIn(t, noGPU(), "model", dir)
	if code != exitOK || !strings.Contains(stdout, "INCOMPLETE") || !strings.Contains(stdout, "missing") {
		t.Fatalf("text:\n%s", stdout)
	}
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
	r := hfReport(t, "acme/tiny-llm")
	checkWeights(t, r, ts)
	if r.HubID == nil || *r.HubID != "acme/tiny-llm" || r.Dir != snap || u64(r.KVBytesPerToken) != 2*2*2*16*2 {
		t.Fatalf("%+v", r)
	}
	code, _, stderr, _ := runIn(t, noGPU(), "model", "acme/absent")
	if code != exitRuntime || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "not found as a hub id") {
		t.Fatalf("exit %d: %q", code, stderr)
	}
}

func TestModelHFPipeline(t *testing.T) {
	dir := t.TempDir()
	unet := []hfgen.Tensor{hfgen.T("conv_in.weight", "F16", 320, 4, 3, 3)}
	vae := []hfgen.Tensor{hfgen.T("decoder.conv_out.weight", "F32", 3, 128, 3, 3)}
	must(t, hfgen.WritePipeline(dir, "StableDiffusionPipeline", []hfgen.Component{
		{Name: "unet", Library: "diffusers", Class: "UNet2DConditionModel", Model: hfgen.Model{Tensors: unet, Base: "diffusion_pytorch_model"}},
		{Name: "vae", Library: "diffusers", Class: "AutoencoderKL", Model: hfgen.Model{Tensors: vae, Base: "diffusion_pytorch_model"}},
	}))
	r := hfReport(t, dir)
	checkWeights(t, r, append(append([]hfgen.Tensor{}, unet...), vae...))
	if r.Kind != "diffusion" || r.Pipeline == nil || len(r.Components) != 2 || r.KVBytesPerToken != nil {
		t.Fatalf("%+v", r)
	}
}

func TestModelHFFit(t *testing.T) {
	ts := hfgen.DecoderTensors(hfgen.Decoder{Layers: 2, Hidden: 4096, Heads: 32, KVHeads: 8, Intermediate: 14336, Vocab: 128256})
	cfg := map[string]any{"architectures": []string{"LlamaForCausalLM"}, "num_hidden_layers": 2, "hidden_size": 4096,
		"num_attention_heads": 32, "num_key_value_heads": 8, "torch_dtype": "bfloat16", "max_position_embeddings": 8192}
	dir := writeHF(t, cfg, ts, 0)
	code, stdout, stderr, _ := runIn(t, twoGPUCollector(t), "model", dir, "--json", "--gpu", "1", "--gpu-memory-utilization", "0.5")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r hfModelReport
	must(t, json.Unmarshal([]byte(stdout), &r))
	_, weights := hfgen.Sum(ts)
	budget := uint64(float64(80<<30) * 0.5)
	per := uint64(2 * 2 * 8 * 128 * 2)
	if f := r.Fit; f == nil || f.TotalBytes != 80<<30 || f.BudgetBytes != budget || f.KVBudgetBytes != budget-weights ||
		u64(f.KVTokensUpperBound) != (budget-weights)/per || !f.WeightsFit {
		t.Fatalf("fit %+v, want tokens %d", r.Fit, (budget-weights)/per)
	}
	code, stdout, _, _ = runIn(t, twoGPUCollector(t), "model", dir, "--gpu", "1")
	if code != exitOK || !strings.Contains(stdout, "upper bound") {
		t.Fatalf("text:\n%s", stdout)
	}
	// Every layer windowed (Mistral 7B v0.1): no token bound, a note.
	cfg["sliding_window"] = 4096
	code, stdout, _, _ = runIn(t, twoGPUCollector(t), "model", writeHF(t, cfg, ts, 0), "--json", "--gpu", "1")
	must(t, json.Unmarshal([]byte(stdout), &r))
	if code != exitOK || r.Fit == nil || r.Fit.KVTokensUpperBound != nil || !strings.Contains(strings.Join(r.Notes, "|"), "windowed") {
		t.Fatalf("windowed: %+v %q", r.Fit, r.Notes)
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

// Strings from the files are data: no terminal escapes or forged lines.
func TestModelHFEscapes(t *testing.T) {
	evil := "Evil\x1b[2J\nForged line"
	dir := writeHF(t, map[string]any{"architectures": []string{evil}, "model_type": evil, "torch_dtype": evil},
		[]hfgen.Tensor{hfgen.T("w", "F32", 4)}, 0)
	code, stdout, stderr, _ := runIn(t, noGPU(), "model", dir)
	if code != exitOK || strings.Contains(stdout, "\x1b") || strings.Contains(stdout, "\nForged") {
		t.Fatalf("exit %d %s:\n%q", code, stderr, stdout)
	}
	if r := hfReport(t, dir); *r.Architecture != evil {
		t.Fatalf("JSON changed the string: %q", *r.Architecture)
	}
}
