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

// A windowed model's logged tokens in the current form (max_concurrency ×
// max_model_len) give the blocks through what one request reserves, which
// for a sliding window depends on max_num_batched_tokens: the value the
// log states is used, not vllm serve's smallest default. Gemma-3-12B at
// TP 2 with max_num_batched_tokens=8192 (vllm/config/scheduler.py's
// "Chunked prefill is enabled with max_num_batched_tokens=8192."): one
// request reserves 8192 full blocks + 5 sliding groups × (cdiv(1023 +
// 8192, 16) + 1 = 577) = 11077 blocks (v1/kv_cache_interface.py
// SlidingWindowSpec.max_admission_blocks_per_request); with 40960 blocks
// on the rank vLLM logs 40960/11077 = 3.70x and int(3.6977… × 131072) =
// 484,671 tokens. At 2048 the estimate would be 33,860 blocks, 17% short.
func TestHFRankKVLoggedBatchedTokens(t *testing.T) {
	hf := hfWith(t, `{"model_type": "gemma3_text", "num_hidden_layers": 48, "hidden_size": 3840, "num_attention_heads": 16,
		"num_key_value_heads": 8, "head_dim": 256, "sliding_window": 1024, "sliding_window_pattern": 6, "torch_dtype": "bfloat16"}`)
	measured := uint64(60 << 30)
	tokens, ctx, conc, batched := uint64(484671), uint64(131072), 3.70, uint64(8192)
	l := BuildLLM(LLMInput{MeasuredVRAM: &measured, TP: 2, HF: hf, Engine: &EngineFacts{Path: "vllm.log", Engine: "vllm",
		KVTokens: &tokens, MaxConcurrency: &conc, ConcurrencyTokens: &ctx, MaxNumBatchedTokens: &batched}})
	truth, block := uint64(40960*524288), uint64(524288)
	if l.KVCache == nil || l.KVCache.Bytes+block < truth || l.KVCache.Bytes > truth+block {
		t.Fatalf("kv %+v, vLLM holds %d B (notes %q)", l.KVCache, truth, l.Notes)
	}
	if notes := strings.Join(l.Notes, "\n"); !strings.Contains(notes, "max_num_batched_tokens 8192 (the log's)") {
		t.Errorf("notes do not say the budget came from the log: %q", notes)
	}
}
