package hfconfig_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/hfconfig"
)

func parse(t *testing.T, v any) *hfconfig.Config {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	c, err := hfconfig.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

type m = map[string]any

// Shapes of real configs (the keys their config.json files carry).
var (
	llama3 = m{"architectures": []string{"LlamaForCausalLM"}, "model_type": "llama", "num_hidden_layers": 32,
		"hidden_size": 4096, "num_attention_heads": 32, "num_key_value_heads": 8, "vocab_size": 128256,
		"max_position_embeddings": 8192, "torch_dtype": "bfloat16"}
	qwen3 = m{"architectures": []string{"Qwen3ForCausalLM"}, "model_type": "qwen3", "num_hidden_layers": 36,
		"hidden_size": 4096, "num_attention_heads": 32, "num_key_value_heads": 8, "head_dim": 128,
		"use_sliding_window": false, "sliding_window": nil, "max_window_layers": 36, "max_position_embeddings": 40960, "dtype": "bfloat16"}
	gemma3 = m{"architectures": []string{"Gemma3ForConditionalGeneration"}, "model_type": "gemma3", "torch_dtype": "bfloat16",
		"text_config": m{"model_type": "gemma3_text", "num_hidden_layers": 62, "hidden_size": 5376, "num_attention_heads": 32,
			"num_key_value_heads": 16, "head_dim": 128, "sliding_window": 1024, "sliding_window_pattern": 6, "max_position_embeddings": 131072},
		"vision_config": m{"num_hidden_layers": 27, "hidden_size": 1152, "num_attention_heads": 16}}
	mistral = m{"architectures": []string{"MistralForCausalLM"}, "model_type": "mistral", "num_hidden_layers": 32,
		"hidden_size": 4096, "num_attention_heads": 32, "num_key_value_heads": 8, "sliding_window": 4096, "max_position_embeddings": 32768}
	deepseek = m{"architectures": []string{"DeepseekV3ForCausalLM"}, "model_type": "deepseek_v3", "num_hidden_layers": 61,
		"hidden_size": 7168, "num_attention_heads": 128, "num_key_value_heads": 128, "kv_lora_rank": 512,
		"qk_rope_head_dim": 64, "qk_nope_head_dim": 128, "v_head_dim": 128, "max_position_embeddings": 163840, "torch_dtype": "bfloat16"}
)

func TestDenseGQA(t *testing.T) {
	for name, cfg := range map[string]m{"llama3": llama3, "qwen3": qwen3} {
		c := parse(t, cfg)
		if c.Kind != hfconfig.KindLLM || c.KVHeads != 8 || c.HeadDim != 128 || c.SlidingLayers != 0 || c.SlidingWindow != 0 || c.TorchDType != "bfloat16" {
			t.Fatalf("%s: %+v", name, c)
		}
		want := uint64(c.Layers * 2 * 8 * 128 * 2)
		if got := c.KVBytesPerToken(2); got != want {
			t.Errorf("%s: KV/token %d, want %d", name, got, want)
		}
		// fp8 halves it; 1000 tokens take cdiv(1000, 16) = 63 blocks of 16.
		if got := req(t, c, "fp8", 1000); got != 63*16*want/2 {
			t.Errorf("%s: KV at 1000 fp8 %d", name, got)
		}
	}
}

func TestGemma3Pattern(t *testing.T) {
	c := parse(t, gemma3)
	// 62 layers, every 6th global: 10 global, 52 sliding.
	if c.Layers != 62 || c.SlidingLayers != 52 || c.SlidingWindow != 1024 || c.Hidden != 5376 || c.Kind != hfconfig.KindLLM {
		t.Fatalf("%+v", c)
	}
	per := 2 * 16 * 128 * 2
	if got := c.KVBytesPerToken(2); got != uint64(62*per) {
		t.Fatalf("KV/token %d", got)
	}
	// vLLM's groups: 10 full, 52 sliding: group size 10, 1 full + 6
	// sliding groups (the last padded); a block is 10 pages of 16 tokens.
	// 8192 tokens: 512 full blocks, each sliding group
	// cdiv(min(1023+2048, 8192), 16)+1 = 193.
	block := uint64(10 * 16 * per)
	if got, want := req(t, c, "bfloat16", 8192), (512+6*193)*block; got != want {
		t.Fatalf("KV at 8192: %d, want %d", got, want)
	}
	// 500 tokens: 32 full blocks, cdiv(500, 16)+1 = 33 a sliding group.
	if got, want := req(t, c, "bfloat16", 500), (32+6*33)*block; got != want {
		t.Fatalf("KV inside the window: %d, want %d", got, want)
	}
}

// google/gemma-3-4b-it's config.json leaves the attention shape to the
// class defaults.
func TestGemma3ClassDefaults(t *testing.T) {
	c := parse(t, m{"architectures": []string{"Gemma3ForConditionalGeneration"}, "model_type": "gemma3",
		"text_config": m{"hidden_size": 2560, "intermediate_size": 10240, "model_type": "gemma3_text", "num_hidden_layers": 34,
			"rope_scaling": m{"factor": 8.0, "rope_type": "linear"}, "sliding_window": 1024}})
	if c.Heads != 8 || c.KVHeads != 4 || c.HeadDim != 256 || c.SlidingWindow != 1024 || c.SlidingLayers != 34-34/6 || c.MaxPositions != 131072 {
		t.Fatalf("%+v", c)
	}
	if len(c.Notes) != 1 || !strings.Contains(c.Notes[0], "defaults") || strings.Contains(c.Notes[0], "sliding_window,") {
		t.Fatalf("notes %q", c.Notes)
	}
	if got := c.KVBytesPerToken(2); got != 34*2*4*256*2 {
		t.Fatalf("KV/token %d", got)
	}
}

func TestLayerTypes(t *testing.T) {
	types := []string{"sliding_attention", "sliding_attention", "full_attention", "sliding_attention"}
	c := parse(t, m{"architectures": []string{"GptOssForCausalLM"}, "num_hidden_layers": 4, "hidden_size": 64,
		"num_attention_heads": 8, "num_key_value_heads": 2, "head_dim": 16, "sliding_window": 128, "layer_types": types})
	if c.SlidingLayers != 3 || c.AttentionLayers != 4 || c.SlidingWindow != 128 {
		t.Fatalf("%+v", c)
	}
	// 1 full + 3 sliding: group size 1 (3 ≥ 1.5), 4 groups of one layer;
	// 1000 tokens: 63 full blocks, cdiv(min(127+2048, 1000), 16)+1 = 64 a
	// sliding one; a block 16 × 2·2·16·2 bytes.
	if got, want := req(t, c, "bfloat16", 1000), uint64((63+3*64)*16*2*2*16*2); got != want {
		t.Fatalf("KV %d, want %d", got, want)
	}
}

func TestMistralAllLayers(t *testing.T) {
	c := parse(t, mistral)
	if c.SlidingLayers != 32 || c.SlidingWindow != 4096 {
		t.Fatalf("%+v", c)
	}
	per := uint64(32 * 2 * 8 * 128 * 2)
	// cdiv(min(4095+2048, 32768), 16)+1 = 385 blocks, not the window.
	if got := req(t, c, "bfloat16", 32768); got != per*385*16 {
		t.Fatalf("KV %d, want %d", got, per*385*16)
	}
	nullWindow := maps(mistral, m{"sliding_window": nil})
	if c := parse(t, nullWindow); c.SlidingLayers != 0 || c.SlidingWindow != 0 {
		t.Fatalf("null window: %+v", c)
	}
}

func TestQwen2MaxWindowLayers(t *testing.T) {
	c := parse(t, maps(qwen3, m{"use_sliding_window": true, "sliding_window": 4096, "max_window_layers": 28}))
	if c.SlidingLayers != 8 || c.SlidingWindow != 4096 {
		t.Fatalf("%+v", c)
	}
	off := parse(t, maps(qwen3, m{"sliding_window": 131072}))
	if off.SlidingLayers != 0 {
		t.Fatalf("use_sliding_window false still slides: %+v", off)
	}
}

func TestMLA(t *testing.T) {
	c := parse(t, deepseek)
	if c.MLA == nil || c.MLA.KVLoraRank != 512 || c.MLA.QKRopeHeadDim != 64 {
		t.Fatalf("%+v", c)
	}
	if got, want := c.KVBytesPerToken(2), uint64(61*(512+64)*2); got != want {
		t.Fatalf("KV/token %d, want %d", got, want)
	}
}

func TestHybrids(t *testing.T) {
	next := parse(t, m{"architectures": []string{"Qwen3NextForCausalLM"}, "num_hidden_layers": 4, "num_attention_heads": 16,
		"num_key_value_heads": 2, "head_dim": 256, "hidden_size": 2048,
		"layer_types": []string{"linear_attention", "linear_attention", "linear_attention", "full_attention"}})
	if next.AttentionLayers != 1 || len(next.Notes) != 1 || !strings.Contains(next.Notes[0], "linear_attention") {
		t.Fatalf("qwen3-next: %+v", next)
	}
	if got := next.KVBytesPerToken(2); got != 2*2*256*2 {
		t.Fatalf("qwen3-next KV/token %d", got)
	}
	jamba := parse(t, m{"architectures": []string{"JambaForCausalLM"}, "num_hidden_layers": 32, "num_attention_heads": 32,
		"num_key_value_heads": 8, "hidden_size": 4096, "attn_layer_period": 8, "attn_layer_offset": 4})
	if jamba.AttentionLayers != 4 || len(jamba.Notes) != 1 {
		t.Fatalf("jamba: %+v", jamba)
	}
	mamba := parse(t, m{"architectures": []string{"MambaForCausalLM"}, "model_type": "mamba", "num_hidden_layers": 64, "hidden_size": 2560})
	if mamba.AttentionLayers != 0 || mamba.CanEstimateKV() || mamba.KVBytesPerToken(2) != 0 {
		t.Fatalf("mamba: %+v", mamba)
	}
}

func TestKinds(t *testing.T) {
	for _, tc := range []struct {
		cfg  m
		want string
	}{
		{m{"architectures": []string{"BertModel"}}, hfconfig.KindEmbedding},
		{m{"architectures": []string{"XLMRobertaModel"}}, hfconfig.KindEmbedding},
		{m{"architectures": []string{"XLMRobertaForSequenceClassification"}, "id2label": m{"0": "LABEL_0"}}, hfconfig.KindReranker},
		{m{"architectures": []string{"BertForSequenceClassification"}, "id2label": m{"0": "neg", "1": "pos"}}, hfconfig.KindClassifier},
		{m{"architectures": []string{"WhisperForConditionalGeneration"}, "model_type": "whisper"}, hfconfig.KindSpeech},
		{m{"architectures": []string{"Wav2Vec2ForCTC"}}, hfconfig.KindSpeech},
		{m{"architectures": []string{"ViTForImageClassification"}}, hfconfig.KindVision},
		{m{"architectures": []string{"Qwen2_5_VLForConditionalGeneration"}}, hfconfig.KindLLM},
		{m{"architectures": []string{"GPT2LMHeadModel"}}, hfconfig.KindLLM},
		{m{"architectures": []string{"BertForMaskedLM"}}, hfconfig.KindUnknown},
		{m{}, hfconfig.KindUnknown},
	} {
		c := parse(t, tc.cfg)
		if c.Kind != tc.want || c.KindReason == "" {
			t.Errorf("%v: kind %q (%s), want %q", tc.cfg["architectures"], c.Kind, c.KindReason, tc.want)
		}
	}
}

func TestUnknownIsZeroAndOutOfRange(t *testing.T) {
	c := parse(t, m{"architectures": []string{"LlamaForCausalLM"}, "num_hidden_layers": 1e9, "num_attention_heads": "x"})
	if c.Layers != 0 || c.Heads != 0 || c.CanEstimateKV() || len(c.Notes) != 1 {
		t.Fatalf("%+v", c)
	}
	if _, err := c.VLLMLayout(hfconfig.VLLMOptions{KVCacheDType: "bfloat16"}); err == nil {
		t.Fatal("laid out a config without layers")
	}
	if _, err := hfconfig.Parse([]byte(`[1]`)); err == nil {
		t.Fatal("an array parsed")
	}
	if _, err := hfconfig.Parse(make([]byte, hfconfig.MaxConfigBytes+1)); err == nil {
		t.Fatal("oversized input parsed")
	}
	if got := parse(t, llama3).KVBytesPerToken(0); got != 0 {
		t.Fatalf("zero element size gave %d", got)
	}
}

// req is the KV cache one request of ctx tokens reserves, by vLLM's
// layout, with vllm serve's 2048 batched tokens.
func req(t *testing.T, c *hfconfig.Config, dtype string, ctx uint64) uint64 {
	t.Helper()
	l, err := c.VLLMLayout(hfconfig.VLLMOptions{KVCacheDType: dtype})
	if err != nil {
		t.Fatal(err)
	}
	return l.RequestBytes(ctx, 2048)
}

// TestFitCountsWholeBlocks: vLLM's num_blocks is the budget over a
// block, rounded down.
func TestFitCountsWholeBlocks(t *testing.T) {
	for name, cfg := range map[string]m{"llama3": llama3, "gemma3": gemma3, "mistral": mistral, "deepseek": deepseek} {
		l, err := parse(t, cfg).VLLMLayout(hfconfig.VLLMOptions{KVCacheDType: "bfloat16"})
		if err != nil {
			t.Fatal(name, err)
		}
		for _, budget := range []uint64{1 << 20, 1 << 30, 40 << 30} {
			f := l.Fit(budget, 8192, 2048)
			if f.Blocks*l.BlockBytes() > budget || (f.Blocks+1)*l.BlockBytes() <= budget {
				t.Errorf("%s budget %d: %d blocks of %d", name, budget, f.Blocks, l.BlockBytes())
			}
		}
	}
}

func TestDTypeBytes(t *testing.T) {
	for name, want := range map[string]float64{"bfloat16": 2, "float16": 2, "torch.float32": 4, "fp8": 1, "fp8_e4m3": 1, "fp8_e5m2": 1, "auto": 0, "nonsense": 0} {
		got, ok := hfconfig.DTypeBytes(name)
		if got != want || ok != (want > 0) {
			t.Errorf("%s: %v %v", name, got, ok)
		}
	}
}

func TestParsePipeline(t *testing.T) {
	b := []byte(`{"_class_name":"StableDiffusionXLPipeline","_diffusers_version":"0.19.0","force_zeros_for_empty_prompt":true,
"scheduler":["diffusers","EulerDiscreteScheduler"],"text_encoder":["transformers","CLIPTextModel"],
"text_encoder_2":["transformers","CLIPTextModelWithProjection"],"unet":["diffusers","UNet2DConditionModel"],
"vae":["diffusers","AutoencoderKL"],"image_encoder":[null,null]}`)
	p, err := hfconfig.ParsePipeline(b)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range p.Components {
		names = append(names, c.Name)
	}
	if p.ClassName != "StableDiffusionXLPipeline" || p.Kind != hfconfig.KindDiffusion || strings.Join(names, ",") != "scheduler,text_encoder,text_encoder_2,unet,vae" {
		t.Fatalf("%+v", p)
	}
	if _, err := hfconfig.ParsePipeline([]byte(`{"unet":["diffusers","UNet2DConditionModel"]}`)); err == nil {
		t.Fatal("no _class_name parsed")
	}
}

func maps(a, b m) m {
	out := m{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}
