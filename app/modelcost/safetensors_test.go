package modelcost_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/app/modelcost"
	"github.com/gputaskman/gtm/inspect/hfmodel/hfgen"
)

// vllm is vLLM's defaults: the model's own dtype for the KV cache, 0.9 of
// the GPU.
func vllm() modelcost.VLLMOptions {
	return modelcost.VLLMOptions{KVCacheDType: "auto", GPUMemoryUtilization: 0.9}
}

func estimateHF(t *testing.T, arg string, o modelcost.VLLMOptions, mem modelcost.GPUMemory) *modelcost.SafetensorsReport {
	t.Helper()
	must(t, o.Check())
	r, err := modelcost.EstimateSafetensors(modelcost.Classify(arg), o, mem)
	must(t, err)
	return r
}

func writeHF(t *testing.T, dir string, cfg map[string]any, ts []hfgen.Tensor, shards int) string {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	_, err := hfgen.WriteModel(dir, hfgen.Model{Config: cfg, Tensors: ts, Shards: shards})
	must(t, err)
	return dir
}

func checkWeights(t *testing.T, r *modelcost.SafetensorsReport, ts []hfgen.Tensor) {
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

func qwen3Config() map[string]any {
	return map[string]any{"architectures": []string{"Qwen3ForCausalLM"}, "model_type": "qwen3", "num_hidden_layers": 4,
		"hidden_size": 256, "num_attention_heads": 8, "num_key_value_heads": 2, "head_dim": 64, "max_position_embeddings": 40960,
		"use_sliding_window": false, "sliding_window": nil, "torch_dtype": "bfloat16"}
}

var qwen3Tensors = hfgen.DecoderTensors(hfgen.Decoder{Layers: 4, Hidden: 256, Heads: 8, KVHeads: 2, HeadDim: 64, Intermediate: 512, Vocab: 1000})

func TestSafetensorsDenseGQA(t *testing.T) {
	dir := writeHF(t, "", qwen3Config(), qwen3Tensors, 0)
	o := vllm()
	o.Ctx = 4096
	r := estimateHF(t, dir, o, nil)
	checkWeights(t, r, qwen3Tensors)
	per := uint64(4 * 2 * 2 * 64 * 2) // layers × K,V × KV heads × head dim × bf16
	if u64(r.KVBytesPerToken) != per || u64(r.KVBytes) != per*4096 || u64(r.Ctx) != 4096 || r.SlidingWindow != nil || r.Fit != nil {
		t.Fatalf("%+v", r)
	}
	if r.Kind != "llm" || *r.Architecture != "Qwen3ForCausalLM" || r.KVCacheDType != "bfloat16" {
		t.Fatalf("%+v", r)
	}
	// Default context: max_position_embeddings; fp8 halves the bytes.
	o = vllm()
	o.KVCacheDType = "fp8"
	r = estimateHF(t, dir, o, nil)
	if u64(r.Ctx) != 40960 || u64(r.KVBytes) != per/2*40960 {
		t.Fatalf("ctx %d kv %d", u64(r.Ctx), u64(r.KVBytes))
	}
	text, _ := outputs(t, estimateHF(t, filepath.Join(dir, "model.safetensors"), vllm(), nil), dir)
	if !strings.Contains(text, "exact, from the safetensors headers") || !strings.Contains(text, "(estimated)") {
		t.Fatalf("text:\n%s", text)
	}
}

func TestSafetensorsSlidingWindow(t *testing.T) {
	d := hfgen.Decoder{Layers: 6, Hidden: 128, Heads: 4, KVHeads: 1, HeadDim: 32, Intermediate: 256, Vocab: 500}
	ts := hfgen.DecoderTensors(d)
	// Gemma 3: nested text_config, every 3rd layer global.
	gemma := map[string]any{"architectures": []string{"Gemma3ForConditionalGeneration"}, "model_type": "gemma3", "torch_dtype": "bfloat16",
		"text_config": map[string]any{"num_hidden_layers": 6, "hidden_size": 128, "num_attention_heads": 4, "num_key_value_heads": 1,
			"head_dim": 32, "sliding_window": 512, "sliding_window_pattern": 3, "max_position_embeddings": 8192}}
	o := vllm()
	o.Ctx = 8192
	r := estimateHF(t, writeHF(t, "", gemma, ts, 0), o, nil)
	checkWeights(t, r, ts)
	perLayer := uint64(2 * 1 * 32 * 2)
	// vLLM's hybrid allocator: 2 full and 4 sliding layers make groups of
	// 2 layers (the fewer kind), 1 full + 2 sliding; a block is 16 tokens
	// of one group, 2 × 16 × 128 bytes. One request of 8192 tokens
	// reserves 8192/16 = 512 full blocks and, per sliding group,
	// cdiv(min(512−1+2048, 8192), 16)+1 = 161 (2048: vllm serve's
	// max_num_batched_tokens with no GPU read).
	if want := (512 + 2*161) * 2 * 16 * perLayer; u64(r.KVBytes) != want || *r.SlidingLayers != 4 || *r.SlidingWindow != 512 {
		t.Fatalf("gemma: kv %d want %d; %+v", u64(r.KVBytes), want, r)
	}
	// layer_types spell the same layout.
	types := []string{"sliding_attention", "sliding_attention", "full_attention", "sliding_attention", "sliding_attention", "full_attention"}
	gemma["text_config"].(map[string]any)["layer_types"] = types
	delete(gemma["text_config"].(map[string]any), "sliding_window_pattern")
	if r2 := estimateHF(t, writeHF(t, "", gemma, ts, 0), o, nil); u64(r2.KVBytes) != u64(r.KVBytes) {
		t.Fatalf("layer_types %d vs pattern %d", u64(r2.KVBytes), u64(r.KVBytes))
	}
	// Mistral: every layer slides.
	mistral := map[string]any{"architectures": []string{"MistralForCausalLM"}, "num_hidden_layers": 6, "hidden_size": 128,
		"num_attention_heads": 4, "num_key_value_heads": 1, "head_dim": 32, "sliding_window": 4096, "torch_dtype": "float16"}
	o.Ctx = 32768
	r = estimateHF(t, writeHF(t, "", mistral, ts, 0), o, nil)
	// One group of all 6 layers; cdiv(min(4096−1+2048, 32768), 16)+1 = 385
	// blocks of 16 tokens per layer, not the 4096-token window.
	if want := 6 * perLayer * 385 * 16; u64(r.KVBytes) != want || *r.SlidingLayers != 6 {
		t.Fatalf("mistral: kv %d want %d", u64(r.KVBytes), want)
	}
}

func TestSafetensorsMLA(t *testing.T) {
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
	o := vllm()
	o.Ctx = 1000
	r := estimateHF(t, writeHF(t, "", cfg, ts, 2), o, nil)
	checkWeights(t, r, ts)
	per := uint64(layers * (rank + rope) * 2) // one latent per layer, no V
	// 1000 tokens take cdiv(1000, 16) = 63 whole blocks of 16.
	if u64(r.KVBytesPerToken) != per || u64(r.KVBytes) != per*63*16 || r.MLA == nil || r.MLA.KVLoraRank != rank {
		t.Fatalf("kv/token %d want %d; %+v", u64(r.KVBytesPerToken), per, r)
	}
	if len(r.DTypes) != 3 || r.DTypes[0].Name != "BF16" {
		t.Fatalf("dtypes %+v", r.DTypes)
	}
}

func TestSafetensorsShardedIncomplete(t *testing.T) {
	ts := hfgen.DecoderTensors(hfgen.Decoder{Layers: 3, Hidden: 64, Heads: 4, KVHeads: 4, Intermediate: 128, Vocab: 100})
	dir := t.TempDir()
	names, err := hfgen.WriteModel(dir, hfgen.Model{Config: map[string]any{"architectures": []string{"LlamaForCausalLM"}}, Tensors: ts, Shards: 4})
	must(t, err)
	r := estimateHF(t, filepath.Join(dir, "model.safetensors.index.json"), vllm(), nil)
	checkWeights(t, r, ts)
	if len(r.Files) != 4 {
		t.Fatalf("files %q", r.Files)
	}
	must(t, os.Remove(filepath.Join(dir, names[2])))
	r = estimateHF(t, dir, vllm(), nil)
	if r.Complete || !strings.Contains(r.Source, "INCOMPLETE") || r.KVBytesPerToken != nil {
		t.Fatalf("%+v", r)
	}
	if text, _ := outputs(t, r, dir); !strings.Contains(text, "INCOMPLETE") || !strings.Contains(text, "missing") {
		t.Fatalf("text:\n%s", text)
	}
}

func TestSafetensorsHubID(t *testing.T) {
	root := t.TempDir()
	ts := hfgen.DecoderTensors(hfgen.Decoder{Layers: 2, Hidden: 64, Heads: 4, KVHeads: 2, Intermediate: 128, Vocab: 100})
	snap, err := hfgen.HubSnapshot(root, "acme/tiny-llm", "0123456789abcdef0123456789abcdef01234567", true)
	must(t, err)
	writeHF(t, snap, map[string]any{"architectures": []string{"LlamaForCausalLM"},
		"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4, "num_key_value_heads": 2, "torch_dtype": "bfloat16"}, ts, 0)
	must(t, hfgen.LinkBlobs(snap))
	t.Chdir(t.TempDir()) // no such relative path: the argument is an id
	o := vllm()
	o.HubRoots = []string{root}
	r := estimateHF(t, "acme/tiny-llm", o, nil)
	checkWeights(t, r, ts)
	if r.HubID == nil || *r.HubID != "acme/tiny-llm" || r.Dir != snap || u64(r.KVBytesPerToken) != 2*2*2*16*2 {
		t.Fatalf("%+v", r)
	}
	if text, _ := outputs(t, r, root); !strings.HasPrefix(text, "acme/tiny-llm\n") {
		t.Fatalf("text:\n%s", text)
	}
	_, err = modelcost.EstimateSafetensors(modelcost.Classify("acme/absent"), o, nil)
	if err == nil || !strings.HasPrefix(err.Error(), "acme/absent: no such file, and not found as a hub id: ") {
		t.Fatalf("absent: %v", err)
	}
}

func TestSafetensorsPipeline(t *testing.T) {
	dir := t.TempDir()
	unet := []hfgen.Tensor{hfgen.T("conv_in.weight", "F16", 320, 4, 3, 3)}
	vae := []hfgen.Tensor{hfgen.T("decoder.conv_out.weight", "F32", 3, 128, 3, 3)}
	must(t, hfgen.WritePipeline(dir, "StableDiffusionPipeline", []hfgen.Component{
		{Name: "unet", Library: "diffusers", Class: "UNet2DConditionModel", Model: hfgen.Model{Tensors: unet, Base: "diffusion_pytorch_model"}},
		{Name: "vae", Library: "diffusers", Class: "AutoencoderKL", Model: hfgen.Model{Tensors: vae, Base: "diffusion_pytorch_model"}},
	}))
	r := estimateHF(t, dir, vllm(), nil)
	checkWeights(t, r, append(append([]hfgen.Tensor{}, unet...), vae...))
	if r.Kind != "diffusion" || r.Pipeline == nil || len(r.Components) != 2 || r.KVBytesPerToken != nil {
		t.Fatalf("%+v", r)
	}
}

func TestSafetensorsFit(t *testing.T) {
	ts := hfgen.DecoderTensors(hfgen.Decoder{Layers: 2, Hidden: 4096, Heads: 32, KVHeads: 8, Intermediate: 14336, Vocab: 128256})
	cfg := map[string]any{"architectures": []string{"LlamaForCausalLM"}, "num_hidden_layers": 2, "hidden_size": 4096,
		"num_attention_heads": 32, "num_key_value_heads": 8, "torch_dtype": "bfloat16", "max_position_embeddings": 8192}
	dir := writeHF(t, "", cfg, ts, 0)
	o := vllm()
	o.GPU, o.GPUMemoryUtilization = 1, 0.5
	r := estimateHF(t, dir, o, twoGPUs)
	_, weights := hfgen.Sum(ts)
	budget := uint64(float64(80<<30) * 0.5)
	per := uint64(2 * 2 * 8 * 128 * 2)
	// vLLM counts whole blocks of 16 tokens: num_blocks = budget // (16 × per).
	blocks := (budget - weights) / (16 * per)
	if f := r.Fit; f == nil || f.TotalBytes != 80<<30 || f.BudgetBytes != budget || f.KVBudgetBytes != budget-weights ||
		u64(f.KVBlocks) != blocks || u64(f.KVTokensUpperBound) != blocks*16 || !f.WeightsFit {
		t.Fatalf("fit %+v, want blocks %d", r.Fit, blocks)
	}
	// 8192-token requests take 512 blocks each; the log's tokens are
	// max_concurrency × max_model_len.
	if f := r.Fit; *f.MaxConcurrency != float64(blocks)/512 || u64(f.KVCacheSizeTokens) != uint64(float64(blocks)/512*8192) {
		t.Fatalf("concurrency %v tokens %d", *f.MaxConcurrency, u64(f.KVCacheSizeTokens))
	}
	o.GPUMemoryUtilization = 0.9
	if text, _ := outputs(t, estimateHF(t, dir, o, twoGPUs), dir); !strings.Contains(text, "upper bound") {
		t.Fatalf("text:\n%s", text)
	}
	// GPU 0 has 17 of 24 GiB free, less than 0.9 × 24: vLLM would refuse.
	o.GPU = 0
	if r := estimateHF(t, dir, o, twoGPUs); !strings.Contains(strings.Join(r.Notes, "|"), "GPU 0 has 17.0 GiB free, less than the 0.90 × total") {
		t.Fatalf("refusal: %q", r.Notes)
	}
	// Every layer windowed (Mistral 7B v0.1): a request of 8192 tokens
	// still reserves cdiv(min(4096−1+8192, 8192), 16)+1 = 513 blocks
	// (8192: vllm serve's batch on an 80 GiB GPU).
	cfg["sliding_window"] = 4096
	o.GPU = 1
	r = estimateHF(t, writeHF(t, "", cfg, ts, 0), o, twoGPUs)
	if r.Fit == nil || u64(r.KVRequestBlocks) != 513 || *r.Fit.MaxConcurrency != float64(u64(r.Fit.KVBlocks))/513 {
		t.Fatalf("windowed: %+v %q", r.Fit, r.Notes)
	}
}

// TestSafetensorsGolden pins both outputs of a sharded model checked
// against GPU 1 at half its memory.
func TestSafetensorsGolden(t *testing.T) {
	root := t.TempDir()
	dir := writeHF(t, filepath.Join(root, "hf1"), qwen3Config(), qwen3Tensors, 3)
	o := vllm()
	o.GPU, o.GPUMemoryUtilization = 1, 0.5
	text, js := outputs(t, estimateHF(t, dir, o, twoGPUs), root)
	golden(t, "hf1-gpu1.txt", text)
	golden(t, "hf1-gpu1.json", js)
}

// Strings from the files are data: no terminal escapes or forged lines.
func TestSafetensorsEscapes(t *testing.T) {
	evil := "Evil\x1b[2J\nForged line"
	dir := writeHF(t, "", map[string]any{"architectures": []string{evil}, "model_type": evil, "torch_dtype": evil},
		[]hfgen.Tensor{hfgen.T("w", "F32", 4)}, 0)
	r := estimateHF(t, dir, vllm(), nil)
	if text, _ := outputs(t, r, dir); strings.Contains(text, "\x1b") || strings.Contains(text, "\nForged") {
		t.Fatalf("%q", text)
	}
	if *r.Architecture != evil {
		t.Fatalf("JSON changed the string: %q", *r.Architecture)
	}
}

func TestVLLMOptionsCheck(t *testing.T) {
	for _, tc := range []struct {
		o    modelcost.VLLMOptions
		want string
	}{
		{modelcost.VLLMOptions{KVCacheDType: "auto", GPUMemoryUtilization: 0.9}, ""},
		{modelcost.VLLMOptions{KVCacheDType: "FP8", GPUMemoryUtilization: 1}, ""},
		{modelcost.VLLMOptions{KVCacheDType: "q4", GPUMemoryUtilization: 0.9}, `--kv-cache-dtype "q4"`},
		{modelcost.VLLMOptions{KVCacheDType: "auto", GPUMemoryUtilization: 1.5}, "--gpu-memory-utilization must be"},
		{modelcost.VLLMOptions{KVCacheDType: "auto", GPUMemoryUtilization: 0}, "--gpu-memory-utilization must be"},
	} {
		err := tc.o.Check()
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%+v: %v", tc.o, err)
		}
	}
}
