package modelcost_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/gputaskman/gtm/app/modelcost"
	"github.com/gputaskman/gtm/inspect/hfmodel/hfgen"
)

// vllmCase is one published model sized as vLLM would: the bytes a
// token slot of the pool costs and the KV cache one request of ctx
// tokens reserves on one of tp GPUs, both worked by hand from vLLM's
// formulas (vllm/v1/kv_cache_interface.py, vllm/v1/core/kv_cache_utils.py)
// in the comments. bf16: 2 bytes an element; block_size 16.
type vllmCase struct {
	file                 string
	ctx, batched, tp     int
	kvDType              string
	perToken, request    uint64
	requestBlocks, slots uint64
}

var vllmCases = []vllmCase{
	// Llama-3.1-8B: 32 full layers, 8 KV heads × 128. A layer's token:
	// 2 (K,V) × 8 × 128 × 2 = 4096 B; one group of all 32 layers:
	// 32 × 4096 = 131072 B a token. 32768 tokens: 2048 blocks of 16,
	// 2048 × 16 × 131072 = 4294967296 B.
	{file: "llama-3.1-8b.json", ctx: 32768, batched: 2048, tp: 1, perToken: 131072, request: 4294967296, requestBlocks: 2048, slots: 32},
	// TP 2: 8/2 = 4 KV heads a rank: 2 × 4 × 128 × 2 × 32 = 65536 B.
	{file: "llama-3.1-8b.json", ctx: 32768, batched: 2048, tp: 2, perToken: 65536, request: 2147483648, requestBlocks: 2048, slots: 32},
	// TP 16: max(1, 8/16) = 1 head a rank, replicated, not 1/16 of 8:
	// 2 × 1 × 128 × 2 × 32 = 16384 B.
	{file: "llama-3.1-8b.json", ctx: 32768, batched: 2048, tp: 16, perToken: 16384, request: 2048 * 16 * 16384, requestBlocks: 2048, slots: 32},
	// Qwen2.5-7B: use_sliding_window false, so no window although
	// sliding_window is 131072. 28 layers, 4 KV heads × (3584/28 = 128):
	// 2 × 4 × 128 × 2 × 28 = 57344 B; 2048 blocks × 16 × 57344.
	{file: "qwen2.5-7b.json", ctx: 32768, batched: 2048, tp: 1, perToken: 57344, request: 1879048192, requestBlocks: 2048, slots: 28},
	// TP 8: max(1, 4/8) = 1 head: 2 × 1 × 128 × 2 × 28 = 14336 B.
	{file: "qwen2.5-7b.json", ctx: 32768, batched: 2048, tp: 8, perToken: 14336, request: 2048 * 16 * 14336, requestBlocks: 2048, slots: 28},
	// Qwen3-8B: 36 layers, 8 × 128: 4096 × 36 = 147456 B; 40960 tokens:
	// 2560 blocks × 16 × 147456 = 6039797760 B.
	{file: "qwen3-8b.json", ctx: 40960, batched: 2048, tp: 1, perToken: 147456, request: 6039797760, requestBlocks: 2560, slots: 36},
	// Mistral-7B-v0.1: all 32 layers slide, W = 4096: one group,
	// 32 × 4096 = 131072 B a token. A request keeps
	// cdiv(min(4096−1+2048, 32768), 16) + 1 = cdiv(6143, 16) + 1 = 385
	// blocks: 385 × 16 × 131072 = 807403520 B (not 4096 tokens).
	{file: "mistral-7b-v0.1.json", ctx: 32768, batched: 2048, tp: 1, perToken: 131072, request: 807403520, requestBlocks: 385, slots: 32},
	// With 8192 batched: cdiv(min(12287, 32768), 16) + 1 = 769 blocks.
	{file: "mistral-7b-v0.1.json", ctx: 32768, batched: 8192, tp: 1, perToken: 131072, request: 769 * 16 * 131072, requestBlocks: 769, slots: 32},
	// Gemma-3-12B: 48 layers, every 6th global: 8 full, 40 sliding
	// (W 1024); 8 KV heads × 256: 2 × 8 × 256 × 2 = 8192 B a layer's
	// token, a page of 16 tokens 131072 B. Hybrid: group size 8 (the
	// fewer kind; 40 ≥ 1.5 × 8), 1 full + 5 sliding groups; a block is
	// 8 pages = 1048576 B, a token slot 1048576/16 = 65536 B (not
	// 48 × 8192 = 393216). 131072 tokens: 8192 full blocks; each sliding
	// group cdiv(min(1023+2048, 131072), 16) + 1 = 192 + 1 = 193.
	// 8192 + 5 × 193 = 9157 blocks × 1048576 = 9601810432 B.
	{file: "gemma-3-12b.json", ctx: 131072, batched: 2048, tp: 1, perToken: 65536, request: 9601810432, requestBlocks: 9157, slots: 8},
	// gpt-oss-20b: 12 sliding (W 128) + 12 full, 8 KV heads × 64:
	// 2048 B a layer's token, page 32768. Group size 12 (12 < 1.5 × 12
	// takes the larger, also 12): 2 groups, a block 12 × 32768 = 393216 B,
	// a token slot 24576 B. 131072 tokens with 8192 batched: 8192 full
	// blocks + cdiv(min(127+8192, 131072), 16) + 1 = 520 + 1 = 521;
	// 8713 × 393216 = 3426091008 B.
	{file: "gpt-oss-20b.json", ctx: 131072, batched: 8192, tp: 1, perToken: 24576, request: 3426091008, requestBlocks: 8713, slots: 12},
	// DeepSeek-V2-Lite: MLA, 27 layers, one latent of 512 + 64 = 576
	// elements: 1152 B a layer's token, 27 × 1152 = 31104 B. 32768
	// tokens: 2048 blocks × 16 × 31104 = 1019215872 B.
	{file: "deepseek-v2-lite.json", ctx: 32768, batched: 2048, tp: 1, perToken: 31104, request: 1019215872, requestBlocks: 2048, slots: 27},
	// TP 2: the latent is not split over the ranks: the same bytes.
	{file: "deepseek-v2-lite.json", ctx: 32768, batched: 2048, tp: 2, perToken: 31104, request: 1019215872, requestBlocks: 2048, slots: 27},
	// fp8_ds_mla: 656 B a layer's token, 27 × 656 = 17712 B.
	{file: "deepseek-v2-lite.json", ctx: 32768, batched: 2048, tp: 1, kvDType: "fp8_ds_mla", perToken: 17712, request: 2048 * 16 * 17712, requestBlocks: 2048, slots: 27},
	// Qwen3-Next-80B-A3B: 48 layers, every 4th full: 12 full, 36 gated
	// delta net. Attention token: 2 × 2 × 256 × 2 = 2048 B. State: conv
	// (2·16·128 + 32·128 = 8192) × 3 + SSM 32 × 128 × 128 = 548864
	// elements, 1097728 B. Attention block: 16 × cdiv(1097728, 16 × 2048)
	// = 16 × 34 = 544 tokens, page 544 × 2048 = 1114112 B (the state is
	// padded to it). Group size 12: 1 full + 3 state groups, a block
	// 12 × 1114112 = 13369344 B, a token slot 13369344 / 544 = 24576 B.
	// 262144 tokens: cdiv(262144, 544) = 482 blocks + 3 states = 485;
	// 485 × 13369344 = 6484131840 B.
	{file: "qwen3-next-80b-a3b.json", ctx: 262144, batched: 2048, tp: 1, perToken: 24576, request: 6484131840, requestBlocks: 485, slots: 12},
	{file: "qwen3-next-80b-a3b-layer-types.json", ctx: 262144, batched: 2048, tp: 1, perToken: 24576, request: 6484131840, requestBlocks: 485, slots: 12},
	// TP 2: 1 KV head (1024 B a token); state conv 4096 × 3 + SSM
	// 16 × 128 × 128 = 274432 elements, 548864 B; block
	// 16 × cdiv(548864, 16 × 1024) = 544; page 557056, a block 12 pages
	// = 6684672 B, a token slot 12288 B; 485 × 6684672 = 3242065920 B.
	{file: "qwen3-next-80b-a3b.json", ctx: 262144, batched: 2048, tp: 2, perToken: 12288, request: 3242065920, requestBlocks: 485, slots: 12},
	// Jamba-v0.1: 32 layers, attention at 4, 12, 20, 28 (period 8,
	// offset 4): 4 attention, 28 Mamba. Attention token 2 × 8 × 128 × 2 =
	// 4096 B. Mamba state: intermediate 2 × 4096 = 8192; conv 8192 × 3 +
	// SSM 8192 × 16 = 155648 elements, 311296 B. Block 16 ×
	// cdiv(311296, 16 × 4096) = 16 × 5 = 80 tokens, page 327680 B. Group
	// size 4: 1 attention + 7 Mamba groups, a block 4 × 327680 =
	// 1310720 B, a token slot 16384 B. 262144 tokens: cdiv(262144, 80) =
	// 3277 blocks + 7 states = 3284; 3284 × 1310720 = 4304404480 B.
	{file: "jamba-v0.1.json", ctx: 262144, batched: 2048, tp: 1, perToken: 16384, request: 4304404480, requestBlocks: 3284, slots: 4},
}

// TestVLLMArithmetic checks gtm model against vLLM's bytes per token and
// per-request reservation for the published models in testdata/vllm.
func TestVLLMArithmetic(t *testing.T) {
	for _, tc := range vllmCases {
		b, err := os.ReadFile(filepath.Join("testdata", "vllm", tc.file))
		must(t, err)
		var cfg map[string]any
		must(t, json.Unmarshal(b, &cfg))
		dir := writeHF(t, "", cfg, []hfgen.Tensor{hfgen.T("w", "BF16", 8)}, 0)
		o := modelcost.VLLMOptions{KVCacheDType: "auto", GPUMemoryUtilization: 0.92, Ctx: tc.ctx,
			MaxNumBatchedTokens: tc.batched, TensorParallelSize: tc.tp}
		if tc.kvDType != "" {
			o.KVCacheDType = tc.kvDType
		}
		r := estimateHF(t, dir, o, nil)
		if u64(r.KVBytesPerToken) != tc.perToken || u64(r.KVBytes) != tc.request ||
			u64(r.KVRequestBlocks) != tc.requestBlocks || r.KVGroupSize == nil || uint64(*r.KVGroupSize) != tc.slots {
			t.Errorf("%s tp %d batched %d: per token %d (want %d), request %d (want %d), blocks %d (want %d), group size %v (want %d); notes %q",
				tc.file, tc.tp, tc.batched, u64(r.KVBytesPerToken), tc.perToken, u64(r.KVBytes), tc.request,
				u64(r.KVRequestBlocks), tc.requestBlocks, r.KVGroupSize, tc.slots, r.Notes)
		}
	}
}
