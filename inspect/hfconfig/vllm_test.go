package hfconfig_test

import (
	"testing"

	"github.com/gputaskman/gtm/inspect/hfconfig"
)

// rankCase is what vLLM logs on one of two ranks given 20 GiB of KV
// budget, worked by hand from its rules, and the bytes that rank holds.
type rankCase struct {
	name       string
	cfg        m
	ctx        uint64 // max_model_len
	batched    uint64
	tokensOld  uint64 // "GPU KV cache size" before 2026-04-28
	tokensNew  uint64 // since: int(max_concurrency × max_model_len)
	conc       float64
	truth      uint64 // num_blocks × bytes a block
	blockBytes uint64
	groups     uint64
}

var rankCases = []rankCase{
	// Llama-3.1-8B at TP 2: 4 KV heads a rank, 2 × 4 × 128 × 2 = 2048 B a
	// layer's token, a page 32768, a block 32 pages = 1048576 B.
	// num_blocks = 20 GiB // 1048576 = 20480; tokens 20480 × 16 = 327680;
	// 131072 tokens take 8192 blocks: concurrency 2.50, 327680 tokens.
	{name: "llama", cfg: m{"num_hidden_layers": 32, "hidden_size": 4096, "num_attention_heads": 32, "num_key_value_heads": 8, "torch_dtype": "bfloat16"},
		ctx: 131072, batched: 2048, tokensOld: 327680, tokensNew: 327680, conc: 2.5, truth: 20480 * 1048576, blockBytes: 1048576, groups: 1},
	// DeepSeek-V2-Lite at TP 2: the latent is not split, 576 × 2 = 1152 B
	// a layer's token, a block 27 × 16 × 1152 = 497664 B; num_blocks =
	// 20 GiB // 497664 = 43151, tokens 690416; 32768-token requests take
	// 2048 blocks: concurrency 21.07, int(43151/2048 × 32768) = 690416.
	{name: "mla", cfg: m{"num_hidden_layers": 27, "hidden_size": 2048, "num_attention_heads": 16, "num_key_value_heads": 16,
		"kv_lora_rank": 512, "qk_rope_head_dim": 64, "torch_dtype": "bfloat16"},
		ctx: 32768, batched: 2048, tokensOld: 690416, tokensNew: 690416, conc: 21.07, truth: 43151 * 497664, blockBytes: 497664, groups: 1},
	// gpt-oss-20b at TP 2: 4 KV heads × 64, 1024 B a layer's token, page
	// 16384; 12 sliding + 12 full, group size 12, a block 196608 B.
	// num_blocks = 20 GiB // 196608 = 109226; before: 109226 // 2 × 16 =
	// 873808 tokens. A 131072-token request with 8192 batched takes 8192 +
	// cdiv(127+8192, 16)+1 = 8713 blocks: concurrency 12.54,
	// int(109226/8713 × 131072) = 1643116 tokens.
	{name: "gpt-oss", cfg: m{"num_hidden_layers": 24, "hidden_size": 2880, "num_attention_heads": 64, "num_key_value_heads": 8, "head_dim": 64,
		"sliding_window": 128, "layer_types": gptOSSTypes(), "torch_dtype": "bfloat16"},
		ctx: 131072, batched: 8192, tokensOld: 873808, tokensNew: 1643116, conc: 12.54, truth: 109226 * 196608, blockBytes: 196608, groups: 2},
	// Gemma-3-12B at TP 2: 4 KV heads × 256, 4096 B a layer's token,
	// page 65536; 8 full + 40 sliding (W 1024): group size 8, 6 groups, a
	// block 524288 B. num_blocks = 20 GiB // 524288 = 40960; before:
	// 40960 // 6 × 16 = 109216 tokens. A 131072-token request takes 8192
	// + 5 × (cdiv(1023+2048, 16)+1) = 9157 blocks: concurrency 4.47,
	// int(40960/9157 × 131072) = 586295 tokens.
	{name: "gemma3", cfg: m{"model_type": "gemma3_text", "num_hidden_layers": 48, "hidden_size": 3840, "num_attention_heads": 16, "num_key_value_heads": 8,
		"head_dim": 256, "sliding_window": 1024, "sliding_window_pattern": 6, "torch_dtype": "bfloat16"},
		ctx: 131072, batched: 2048, tokensOld: 109216, tokensNew: 586295, conc: 4.47, truth: 40960 * 524288, blockBytes: 524288, groups: 6},
}

func gptOSSTypes() []string {
	var t []string
	for range 12 {
		t = append(t, "sliding_attention", "full_attention")
	}
	return t
}

// TestRankBytesMatchesVLLM: from either form of vLLM's log line, every
// rank's KV cache comes out as vLLM allocated it, to within one block per
// group.
func TestRankBytesMatchesVLLM(t *testing.T) {
	for _, tc := range rankCases {
		l, err := parse(t, tc.cfg).VLLMLayout(hfconfig.VLLMOptions{KVCacheDType: "bfloat16", TP: 2})
		if err != nil {
			t.Fatal(tc.name, err)
		}
		if l.BlockBytes() != tc.blockBytes {
			t.Errorf("%s: block %d B, want %d", tc.name, l.BlockBytes(), tc.blockBytes)
		}
		for form, tokens := range map[string]uint64{"before": tc.tokensOld, "since": tc.tokensNew} {
			got := l.RankBytes(tokens, tc.conc, tc.ctx, tc.batched)
			if diff := int64(got.Bytes) - int64(tc.truth); diff < -int64(tc.groups*tc.blockBytes) || diff > int64(tc.groups*tc.blockBytes) {
				t.Errorf("%s, line %s 2026-04-28: %d B (%s), vLLM holds %d", tc.name, form, got.Bytes, got.Method, tc.truth)
			}
		}
		// Without the concurrency line, the tokens are read in the
		// form before 2026-04-28.
		if got := l.RankBytes(tc.tokensOld, 0, 0, 0); got.Bytes > tc.truth || tc.truth-got.Bytes > tc.groups*tc.blockBytes {
			t.Errorf("%s: tokens alone %d, vLLM holds %d", tc.name, got.Bytes, tc.truth)
		}
	}
}

// TestVLLMLayoutSpecs: the page of each spec, and the hybrid rules that
// change it.
func TestVLLMLayoutSpecs(t *testing.T) {
	// Gemma-4 style: full layers with global_head_dim 512 and, with
	// attention_k_eq_v, 4 global KV heads; sliding layers 16 × 256.
	// Sliding token 2 × 16 × 256 × 2 = 16384 B, full 2 × 4 × 512 × 2 =
	// 8192 B: the full layers' block grows to 32 tokens so the pages match
	// (unify_kv_cache_spec_page_size). The last 2 layers share KV.
	g4 := m{"model_type": "gemma4_text", "num_hidden_layers": 6, "hidden_size": 1024, "num_attention_heads": 32, "num_key_value_heads": 16,
		"head_dim": 256, "global_head_dim": 512, "num_global_key_value_heads": 4, "attention_k_eq_v": true, "sliding_window": 1024,
		"num_kv_shared_layers": 2, "layer_types": []string{"sliding_attention", "full_attention", "sliding_attention", "full_attention", "sliding_attention", "full_attention"},
		"torch_dtype": "bfloat16"}
	c := parse(t, g4)
	if c.AttentionLayers != 4 || c.SlidingLayers != 2 || c.GlobalHeadDim != 512 || c.GlobalKVHeads != 4 || c.KVSharedLayers != 2 {
		t.Fatalf("%+v", c)
	}
	l, err := c.VLLMLayout(hfconfig.VLLMOptions{KVCacheDType: "bfloat16"})
	if err != nil {
		t.Fatal(err)
	}
	var full, slid hfconfig.KVGroup
	for _, g := range l.Groups {
		switch g.Kind {
		case hfconfig.SpecFull:
			full = g
		case hfconfig.SpecSliding:
			slid = g
		}
	}
	if !l.Hybrid || full.BlockSize != 32 || slid.BlockSize != 16 || full.PageBytes != 16*16384 || slid.PageBytes != 16*16384 || l.Slots != 2 {
		t.Fatalf("layout %+v", l)
	}
	// Without attention_k_eq_v the global layers keep num_key_value_heads.
	delete(g4, "attention_k_eq_v")
	if c := parse(t, g4); c.GlobalKVHeads != 0 || c.GlobalHeadDim != 512 {
		t.Fatalf("k_eq_v off: %+v", c)
	}
	// fp8_ds_mla is MLA's alone.
	if _, err := parse(t, llama3).VLLMLayout(hfconfig.VLLMOptions{KVCacheDType: "fp8_ds_mla"}); err == nil {
		t.Fatal("fp8_ds_mla accepted for a dense model")
	}
}

// TestFullAttentionInterval: full_attention_interval lays out a hybrid
// without layer_types; layer_types wins when both are there.
func TestFullAttentionInterval(t *testing.T) {
	next := m{"model_type": "qwen3_next", "num_hidden_layers": 8, "hidden_size": 256, "num_attention_heads": 4, "num_key_value_heads": 2,
		"head_dim": 64, "full_attention_interval": 4, "torch_dtype": "bfloat16"}
	if c := parse(t, next); c.AttentionLayers != 2 || c.MambaLayers != 6 {
		t.Fatalf("interval: %+v", c)
	}
	next["layer_types"] = []string{"full_attention", "linear_attention", "full_attention", "linear_attention",
		"full_attention", "linear_attention", "full_attention", "linear_attention"}
	if c := parse(t, next); c.AttentionLayers != 4 || c.MambaLayers != 4 {
		t.Fatalf("layer_types: %+v", c)
	}
	// Neither: transformers' Qwen3NextConfig default, 4.
	delete(next, "layer_types")
	delete(next, "full_attention_interval")
	if c := parse(t, next); c.AttentionLayers != 2 || c.MambaLayers != 6 {
		t.Fatalf("default: %+v", c)
	}
}
