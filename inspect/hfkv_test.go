package inspect

import (
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/hfconfig"
	"github.com/gputaskman/gtm/internal/schema"
)

func hfWith(t *testing.T, config string) *HFFacts {
	t.Helper()
	c, err := hfconfig.Parse([]byte(config))
	if err != nil {
		t.Fatal(err)
	}
	per := c.KVBytesPerToken(2)
	return &HFFacts{ID: "m", WeightBytes: 1 << 30, Complete: true, KVPerToken: &per, Kind: "llm", Config: c}
}

// A second TP rank has no log figures of its own: its KV cache is what
// vLLM holds on every rank, from the capacity rank 0 logged and vLLM's
// layout, not capacity × config bytes ÷ TP (half the truth for MLA, whose
// latent is not split; five times it for Gemma 3, whose hybrid pool pays
// one group of layers per token). The truths are worked by hand in
// inspect/hfconfig/vllm_test.go (rankCases).
func TestHFRankKVFollowsVLLM(t *testing.T) {
	measured := uint64(60 << 30)
	for _, tc := range []struct {
		name, config string
		tokens, ctx  uint64
		conc         float64
		truth, slack uint64
	}{
		// DeepSeek-V2-Lite, TP 2: 43151 blocks of 27 × 16 × 1152 B.
		{"mla", `{"num_hidden_layers": 27, "hidden_size": 2048, "num_attention_heads": 16, "num_key_value_heads": 16,
			"kv_lora_rank": 512, "qk_rope_head_dim": 64, "torch_dtype": "bfloat16"}`, 690416, 32768, 21.07, 43151 * 497664, 497664},
		// Gemma-3-12B, TP 2, the line since 2026-04-28: 40960 blocks of
		// 8 × 16 × 4096 B.
		{"gemma3", `{"model_type": "gemma3_text", "num_hidden_layers": 48, "hidden_size": 3840, "num_attention_heads": 16,
			"num_key_value_heads": 8, "head_dim": 256, "sliding_window": 1024, "sliding_window_pattern": 6, "torch_dtype": "bfloat16"}`,
			586295, 131072, 4.47, 40960 * 524288, 6 * 524288},
	} {
		hf := hfWith(t, tc.config)
		tokens, ctx, conc := tc.tokens, tc.ctx, tc.conc
		l := BuildLLM(LLMInput{MeasuredVRAM: &measured, TP: 2, HF: hf,
			Engine: &EngineFacts{Path: "vllm.log", Engine: "vllm", KVTokens: &tokens, MaxConcurrency: &conc, ConcurrencyTokens: &ctx}})
		if l.KVCache == nil || l.KVCache.Source != "estimated" {
			t.Fatalf("%s: kv %+v", tc.name, l.KVCache)
		}
		if got := l.KVCache.Bytes; got+tc.slack < tc.truth || got > tc.truth+tc.slack {
			t.Errorf("%s: %d B, vLLM holds %d (notes %q)", tc.name, got, tc.truth, l.Notes)
		}
		if !strings.Contains(strings.Join(l.Notes, "\n"), hfconfig.VLLMRules) {
			t.Errorf("%s: notes do not name the rules: %q", tc.name, l.Notes)
		}
	}
}

// The API's capacity is num_gpu_blocks × block_size: a Qwen3-Next rank
// with 1000 blocks of 544 tokens holds 1000 blocks of 12 pages of
// 544 × 2048 B (the layout worked in app/modelcost's vllm tests).
func TestHFRankKVFromAPIBlocks(t *testing.T) {
	hf := hfWith(t, `{"model_type": "qwen3_next", "num_hidden_layers": 48, "hidden_size": 2048, "num_attention_heads": 16,
		"num_key_value_heads": 2, "head_dim": 256, "full_attention_interval": 4, "linear_num_key_heads": 16, "linear_num_value_heads": 32,
		"linear_key_head_dim": 128, "linear_value_head_dim": 128, "linear_conv_kernel_dim": 4, "torch_dtype": "bfloat16"}`)
	tokens := uint64(1000 * 544)
	src := "api"
	kv, note := hfRankKV(&schema.LLM{KVCapacityTokens: &tokens, KVCapacitySource: &src}, hf, 1, nil)
	if kv == nil || *kv != 1000*12*544*2048 || !strings.Contains(note, "API") {
		t.Fatalf("kv %v, note %q", kv, note)
	}
}
