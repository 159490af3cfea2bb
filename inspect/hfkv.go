package inspect

import (
	"fmt"
	"strings"

	"github.com/gputaskman/gtm/inspect/hfconfig"
	"github.com/gputaskman/gtm/internal/schema"
)

// hfBatchedTokens is the --max-num-batched-tokens assumed for a sliding
// window's share when only the concurrency line sizes the cache and the
// log did not state it: vllm serve's default on GPUs under 70 GiB
// (vllm/engine/arg_utils.py EngineArgs.get_batch_defaults; 8192 on larger
// ones but A100s).
const hfBatchedTokens = 2048

// hfRankKV is the KV cache this GPU holds for the reported capacity:
// vLLM gives every rank the same number of blocks, and its layout
// (hfconfig.KVLayout) says what a block costs on one of tp ranks: KV
// heads split (replicated below one a rank), an MLA latent whole, a
// hybrid model's block one group of layers. Without a layout, the
// capacity times config.json's bytes per token over tp.
func hfRankKV(l *schema.LLM, hf *HFFacts, tp int, eng *EngineFacts) (*uint64, string) {
	tokens := *l.KVCapacityTokens
	var layout *hfconfig.KVLayout
	var err error
	if hf.Config != nil {
		layout, err = hf.Config.VLLMLayout(hfconfig.VLLMOptions{KVCacheDType: strings.ToLower(hf.Config.TorchDType), TP: tp})
	}
	if layout == nil {
		if hf.KVPerToken == nil {
			return nil, ""
		}
		kv := tokens * *hf.KVPerToken / uint64(tp)
		why := "no config.json layout"
		if err != nil {
			why = err.Error()
		}
		return &kv, "KV cache estimated: the reported capacity in tokens times config.json's bytes per token at the model's dtype, over the GPUs (" + why + "; an fp8 KV cache takes less)"
	}
	var r hfconfig.RankKV
	if l.KVCapacitySource != nil && *l.KVCapacitySource == "api" {
		blocks := tokens / uint64(layout.MinBlockSize())
		r = hfconfig.RankKV{Bytes: layout.RankBytesFromBlocks(blocks),
			Method: fmt.Sprintf("the API's %d blocks × %d bytes a block", blocks, layout.BlockBytes())}
	} else {
		var conc float64
		var ctx uint64
		if eng != nil && eng.MaxConcurrency != nil && eng.ConcurrencyTokens != nil {
			conc, ctx = *eng.MaxConcurrency, *eng.ConcurrencyTokens
		}
		batched, from := uint64(hfBatchedTokens), "vllm serve's default below 70 GiB"
		if eng != nil && eng.MaxNumBatchedTokens != nil {
			batched, from = *eng.MaxNumBatchedTokens, "the log's"
		}
		r = layout.RankBytes(tokens, conc, ctx, batched)
		if layout.HasWindow() && strings.HasPrefix(r.Method, "the logged concurrency") {
			r.Method += fmt.Sprintf(", a sliding window's share at max_num_batched_tokens %d (%s)", batched, from)
		}
	}
	return &r.Bytes, fmt.Sprintf("KV cache estimated by %s's rules on one of %d GPUs at the model's dtype (%s; an fp8 KV cache takes less): %s; vLLM gives every rank the same number of blocks",
		hfconfig.VLLMRules, tp, hf.Config.TorchDType, r.Method)
}
