package modelcost

import (
	"fmt"
	"strings"

	"github.com/gputaskman/gtm/inspect/hfconfig"
)

// batchDefaults fills the tensor-parallel size and vLLM's default
// --max-num-batched-tokens for the GPU checked, saying which it used.
func (r *SafetensorsReport) batchDefaults(o VLLMOptions, total uint64, gpuRead bool) VLLMOptions {
	if o.TensorParallelSize < 1 {
		o.TensorParallelSize = 1
	}
	if o.MaxNumBatchedTokens <= 0 {
		if !gpuRead {
			total = 0
		}
		o.MaxNumBatchedTokens = DefaultMaxNumBatchedTokens(total, o.GPUName)
		why := "no GPU readable here"
		if gpuRead {
			why = fmt.Sprintf("GPU %d: %s", o.GPU, gib(total))
			if o.GPUName != "" {
				why += ", " + o.GPUName
			}
		}
		r.Notes = append(r.Notes, fmt.Sprintf("max_num_batched_tokens %d: vllm serve's default (%s; %s; %s)",
			o.MaxNumBatchedTokens, why, defaultBatchedTokensSource, VLLMRules))
	}
	r.VLLMRules, r.TensorParallelSize, r.MaxNumBatchedTokens = VLLMRules, o.TensorParallelSize, o.MaxNumBatchedTokens
	return o
}

// estimate lays out the KV cache as vLLM does on one of the
// tensor-parallel GPUs and fills the figures per token and per request
// of ctx tokens (0: the trained context). nil when it cannot.
func (r *SafetensorsReport) estimate(c *hfconfig.Config, o VLLMOptions) *hfconfig.KVLayout {
	kvName := strings.ToLower(o.KVCacheDType)
	r.KVCacheDType = kvName
	if kvName == "auto" {
		if c == nil || c.TorchDType == "" {
			r.Notes = append(r.Notes, "kv cache dtype auto: the config names no torch_dtype, so the KV size is unknown (--kv-cache-dtype to choose one)")
			return nil
		}
		r.KVCacheDType = strings.ToLower(c.TorchDType)
	}
	if elem, ok := hfconfig.DTypeBytes(r.KVCacheDType); ok {
		r.KVElementBytes = &elem
	}
	switch {
	case c == nil || c.Layers == 0:
		if r.Kind != hfconfig.KindDiffusion {
			r.Notes = append(r.Notes, "config.json does not give the attention shape: KV cache not estimated")
		}
		return nil
	case c.AttentionLayers == 0 && c.MambaLayers == 0:
		r.Notes = append(r.Notes, "no attention layers: no KV cache (the recurrent state is not estimated)")
		return nil
	}
	l, err := c.VLLMLayout(hfconfig.VLLMOptions{KVCacheDType: r.KVCacheDType, TP: o.TensorParallelSize})
	if err != nil {
		r.Notes = append(r.Notes, "KV cache not estimated: "+err.Error())
		return nil
	}
	r.layout(l)
	var ctx uint64
	switch {
	case o.Ctx > 0:
		ctx = uint64(o.Ctx)
	case c.MaxPositions > 0:
		ctx = uint64(c.MaxPositions)
		r.Notes = append(r.Notes, "ctx: the model's max_position_embeddings (no --ctx)")
	default:
		return l
	}
	blocks, kv := l.BlocksPerRequest(ctx, uint64(o.MaxNumBatchedTokens)), l.RequestBytes(ctx, uint64(o.MaxNumBatchedTokens))
	r.Ctx, r.KVRequestBlocks, r.KVBytes = &ctx, &blocks, &kv
	return l
}

// layout copies vLLM's groups into the report, with notes on what makes
// the figures differ from a sum over the layers.
func (r *SafetensorsReport) layout(l *hfconfig.KVLayout) {
	per, slots := l.BytesPerToken(), l.Slots
	r.KVBytesPerToken, r.KVGroupSize = &per, &slots
	r.KVGroups = []KVGroup{}
	for _, g := range l.Groups {
		kg := KVGroup{Kind: g.Kind, Layers: g.Layers, BlockSize: g.BlockSize, PageBytes: g.PageBytes}
		if g.Window > 0 {
			w := g.Window
			kg.Window = &w
		}
		r.KVGroups = append(r.KVGroups, kg)
	}
	r.Notes = append(r.Notes, l.Notes...)
	if l.Hybrid {
		r.Notes = append(r.Notes, fmt.Sprintf("hybrid KV cache: %d groups (%s) of %d layers share one pool; a token slot costs one group of layers, and each request reserves blocks in every group",
			len(l.Groups), l.Kinds(), l.Slots))
	}
	if r.TensorParallelSize > 1 {
		r.Notes = append(r.Notes, fmt.Sprintf("KV figures are one GPU's of %d: KV heads split over the ranks (replicated when fewer than the ranks); an MLA latent is not split", r.TensorParallelSize))
	}
}

// fit divides one GPU's budget as vLLM does: total × utilization, less
// this GPU's share of the weights, into blocks of the pool.
func (r *SafetensorsReport) fit(l *hfconfig.KVLayout, o VLLMOptions, total, free uint64) {
	util := o.GPUMemoryUtilization
	budget := uint64(float64(total) * util)
	weights := r.WeightsBytes / uint64(o.TensorParallelSize)
	f := &SafetensorsFit{GPU: o.GPU, TotalBytes: total, FreeBytes: free, GPUMemoryUtilization: util, BudgetBytes: budget,
		WeightsBytes: weights, WeightsFit: weights <= budget}
	if f.WeightsFit {
		f.KVBudgetBytes = budget - weights
	}
	if o.CUDAGraphBytes > 0 {
		g := o.CUDAGraphBytes
		f.CUDAGraphBytes = &g
		f.KVBudgetBytes -= min(g, f.KVBudgetBytes)
		r.Notes = append(r.Notes, fmt.Sprintf("CUDA graphs: %s subtracted from the KV budget (--cudagraph-memory-gib), as vLLM subtracts its estimate by default since v0.21.0", gib(g)))
	} else {
		r.Notes = append(r.Notes, "CUDA graphs: vLLM (v0.21.0 and later, by default) subtracts an estimate it measures by capturing graphs on the GPU before it sizes the KV cache (gpu_model_runner.py profile_cudagraph_memory; its log says \"Estimated CUDA graph memory: X GiB total\"); not known here, so kv_blocks is larger than vLLM's by that much: --cudagraph-memory-gib X subtracts it")
	}
	if l != nil && r.Ctx != nil {
		c := l.Fit(f.KVBudgetBytes, *r.Ctx, uint64(o.MaxNumBatchedTokens))
		f.KVBlocks, f.MaxConcurrency = &c.Blocks, &c.MaxConcurrency
		f.KVCacheSizeTokens, f.KVTokensUpperBound = &c.TokensLogged, &c.TokensLoggedBefore
		if r.KVBytes != nil && *r.KVBytes > f.KVBudgetBytes && f.WeightsFit {
			r.Notes = append(r.Notes, fmt.Sprintf("one request of %d tokens reserves %s of KV cache, more than the %s left: vLLM would refuse to start (lower --ctx / --max-model-len)",
				*r.Ctx, gib(*r.KVBytes), gib(f.KVBudgetBytes)))
		}
	}
	if free < budget {
		r.Notes = append(r.Notes, fmt.Sprintf("GPU %d has %s free, less than the %.2f × total vLLM would ask for: it would refuse to start", o.GPU, gib(free), util))
	}
	r.Fit = f
}
