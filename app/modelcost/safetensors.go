package modelcost

import (
	"fmt"
	"io"
	"strings"

	"github.com/gputaskman/gtm/inspect/hfconfig"
	"github.com/gputaskman/gtm/inspect/hfmodel"
)

// SafetensorsReport is gtm model's JSON for a Hugging Face model
// (safetensors weights and config.json). Provenance per field: "exact"
// figures are the safetensors headers' own sums; "config" figures are
// config.json's; "estimated" ones are math on them; "measured" ones come
// from the GPU driver now. null: not known (not in the files, no GPU
// readable).
type SafetensorsReport struct {
	Path   string  `json:"path"`   // as given on the command line
	HubID  *string `json:"hub_id"` // the hub id it was resolved from; null for a path
	Dir    string  `json:"dir"`    // the model's folder (a snapshot for a hub id)
	Format string  `json:"format"` // "safetensors"
	// Source states the provenance of the figures below in words.
	Source       string  `json:"source"`
	Architecture *string `json:"architecture"` // config: architectures[0]
	ModelType    *string `json:"model_type"`   // config: model_type
	Pipeline     *string `json:"pipeline"`     // model_index.json: _class_name (diffusers)
	Kind         string  `json:"kind"`         // llm, embedding, classifier, reranker, speech, vision, diffusion, unknown
	KindReason   string  `json:"kind_reason"`
	TorchDType   *string `json:"torch_dtype"` // config: torch_dtype (or dtype)
	// Weights, exact from the safetensors headers (a lower bound when
	// complete is false).
	Files        []string    `json:"files"`
	Components   []Component `json:"components"` // pipeline parts; null otherwise
	Tensors      int         `json:"tensors"`
	Parameters   uint64      `json:"parameters"`
	WeightsBytes uint64      `json:"weights_bytes"`
	DTypes       []DType     `json:"dtypes"`
	Complete     bool        `json:"complete"` // every weight file named was read
	// Attention shape, from config.json.
	Layers          *int     `json:"layers"`
	AttentionLayers *int     `json:"attention_layers"` // layers holding a KV cache
	Heads           *int     `json:"heads"`
	KVHeads         *int     `json:"kv_heads"`
	HeadDim         *int     `json:"head_dim"`
	MaxPositions    *int     `json:"max_position_embeddings"`
	SlidingWindow   *int     `json:"sliding_window"` // null: no layer slides
	SlidingLayers   *int     `json:"sliding_layers"`
	MLA             *MLA     `json:"mla"`
	MambaLayers     *int     `json:"mamba_layers"`     // layers keeping a fixed-size state (Mamba, linear attention)
	KVCacheDType    string   `json:"kv_cache_dtype"`   // the type used: --kv-cache-dtype, auto resolved to torch_dtype
	KVElementBytes  *float64 `json:"kv_element_bytes"` // bytes per cached element (null for fp8_ds_mla's packed 656-byte latent)
	// KV cache on ONE of tensor_parallel_size GPUs, estimated by vLLM's
	// own arithmetic (VLLMRules names the version).
	VLLMRules           string    `json:"vllm_rules"`
	TensorParallelSize  int       `json:"tensor_parallel_size"`
	MaxNumBatchedTokens int       `json:"max_num_batched_tokens"`
	KVGroupSize         *int      `json:"kv_group_size"` // layers one pool block holds a page for
	KVGroups            []KVGroup `json:"kv_groups"`     // null when the layout is unknown
	// KVBytesPerToken is what one token slot of the pool costs: one
	// group of layers for a hybrid model, every layer otherwise.
	KVBytesPerToken *uint64 `json:"kv_bytes_per_token"`
	Ctx             *uint64 `json:"ctx"` // tokens: --ctx, else max_position_embeddings (vLLM's max_model_len)
	// KVRequestBlocks and KVBytes are what one request of ctx tokens
	// reserves (sliding-window layers: min(W−1+max_num_batched_tokens,
	// ctx) tokens plus a block; Mamba layers: one state).
	KVRequestBlocks *uint64         `json:"kv_request_blocks"`
	KVBytes         *uint64         `json:"kv_bytes"`
	Fit             *SafetensorsFit `json:"fit"`
	Notes           []string        `json:"notes"`
}

// KVGroup is one of vLLM's KV cache groups on one GPU.
type KVGroup struct {
	Kind      string `json:"kind"`   // full, sliding, mla, mamba
	Window    *int   `json:"window"` // sliding window in tokens; null otherwise
	Layers    int    `json:"layers"`
	BlockSize int    `json:"block_size"` // tokens per block
	PageBytes uint64 `json:"page_bytes"` // one layer's block
}

// Component is one part of a diffusers pipeline, its sums exact.
type Component struct {
	Name         string `json:"name"`
	Class        string `json:"class"`
	Tensors      int    `json:"tensors"`       // exact
	Parameters   uint64 `json:"parameters"`    // exact
	WeightsBytes uint64 `json:"weights_bytes"` // exact
	Complete     bool   `json:"complete"`
}

// DType totals the tensors of one dtype (exact).
type DType struct {
	Name       string `json:"name"`
	Tensors    int    `json:"tensors"`
	Parameters uint64 `json:"parameters"`
	Bytes      uint64 `json:"bytes"`
}

// MLA is multi-head latent attention's shape (config.json): one latent
// per token and layer instead of K and V per head.
type MLA struct {
	KVLoraRank    int `json:"kv_lora_rank"`
	QKRopeHeadDim int `json:"qk_rope_head_dim"`
}

// SafetensorsFit is vLLM's budget on one GPU: total memory (measured) ×
// --gpu-memory-utilization, less this GPU's share of the weights (exact),
// divided into KV blocks as vLLM divides it (estimated). An upper bound:
// vLLM also reserves the activation peak and non-torch memory, which
// only its log reports. vLLM asks for total × utilization at start-up
// and refuses to start when less is free (vllm-project/vllm,
// vllm/v1/worker/gpu_worker.py: "Free memory on device … is less than
// desired GPU memory utilization").
type SafetensorsFit struct {
	GPU                  int     `json:"gpu"`
	TotalBytes           uint64  `json:"total_bytes"` // measured
	FreeBytes            uint64  `json:"free_bytes"`  // measured
	GPUMemoryUtilization float64 `json:"gpu_memory_utilization"`
	BudgetBytes          uint64  `json:"budget_bytes"`  // total × utilization
	WeightsBytes         uint64  `json:"weights_bytes"` // this GPU's share: the weights ÷ tensor_parallel_size
	// CUDAGraphBytes is the CUDA-graph estimate vLLM subtracts from the
	// KV budget (by default since v0.21.0): --cudagraph-memory-gib, as a
	// vLLM log gave it; null when not given, as vLLM measures it by
	// capturing graphs on the GPU (see the notes).
	CUDAGraphBytes *uint64 `json:"cudagraph_bytes"`
	KVBudgetBytes  uint64  `json:"kv_budget_bytes"` // budget − weights − CUDA graphs (0 when they do not fit)
	// KVBlocks is vLLM's num_blocks: kv_budget_bytes over one block of
	// the pool; null when the layout is unknown.
	KVBlocks *uint64 `json:"kv_blocks"`
	// MaxConcurrency is how many requests of ctx tokens fit at once.
	MaxConcurrency *float64 `json:"max_concurrency"`
	// KVCacheSizeTokens is "GPU KV cache size: N tokens" as vLLM logs it
	// since 2026-04-28 (max_concurrency × ctx); KVTokensUpperBound as it
	// logged it before (kv_blocks ÷ groups × block size: the token
	// slots one kind of layer has).
	KVCacheSizeTokens  *uint64 `json:"kv_cache_size_tokens"`
	KVTokensUpperBound *uint64 `json:"kv_tokens_upper_bound"`
	WeightsFit         bool    `json:"weights_fit"`
}

// VLLMOptions are vLLM's flags that size a safetensors model's KV cache.
type VLLMOptions struct {
	Ctx                  int     // tokens; 0: max_position_embeddings
	KVCacheDType         string  // --kv-cache-dtype: auto (torch_dtype), fp8, bfloat16, fp8_ds_mla, …
	GPUMemoryUtilization float64 // --gpu-memory-utilization, above 0 and at most 1
	TensorParallelSize   int     // --tensor-parallel-size; 0 is 1
	// MaxNumBatchedTokens is --max-num-batched-tokens; 0: vLLM's default
	// for `vllm serve` on the GPU checked (DefaultMaxNumBatchedTokens).
	MaxNumBatchedTokens int
	// CUDAGraphBytes is vLLM's CUDA-graph estimate to subtract
	// (--cudagraph-memory-gib); 0: not known.
	CUDAGraphBytes uint64
	GPU            int    // the GPU to check the fit against
	GPUName        string // its name, for vLLM's default batch ("" unknown)
	HubRoots       []string
}

// vLLM's defaults and the version gtm follows. gpu_memory_utilization:
// vllm/config/cache.py CacheConfig: 0.92 since main of 2026-04-21 (PR
// #38284, which also turned CUDA-graph memory profiling on), 0.9 before.
const (
	VLLMRules                  = hfconfig.VLLMRules
	DefaultGPUMemoryUtil       = 0.92
	defaultBatchedTokens       = 2048
	defaultBatchedTokensLarge  = 8192
	largeGPUBytes              = 70 << 30
	defaultBatchedTokensSource = "vllm/engine/arg_utils.py EngineArgs.get_batch_defaults, vllm serve (OPENAI_API_SERVER)"
)

// DefaultMaxNumBatchedTokens is vLLM's --max-num-batched-tokens for
// `vllm serve` on a GPU of total bytes named name: 8192 on one of 70 GiB
// or more that is not an A100, 2048 otherwise, and 2048 when the GPU
// cannot be read (vllm/engine/arg_utils.py EngineArgs.get_batch_defaults,
// UsageContext.OPENAI_API_SERVER; the LLM class uses 16384 and 8192).
func DefaultMaxNumBatchedTokens(total uint64, name string) int {
	if total >= largeGPUBytes && !strings.Contains(strings.ToLower(name), "a100") {
		return defaultBatchedTokensLarge
	}
	return defaultBatchedTokens
}

// Check says what is wrong with o, in vLLM's flag names.
func (o VLLMOptions) Check() error {
	if !(o.GPUMemoryUtilization > 0 && o.GPUMemoryUtilization <= 1) {
		return fmt.Errorf("--gpu-memory-utilization must be above 0 and at most 1")
	}
	if o.TensorParallelSize < 0 || o.TensorParallelSize > 1024 || o.MaxNumBatchedTokens < 0 {
		return fmt.Errorf("--tensor-parallel-size must be 1 to 1024 and --max-num-batched-tokens 1 or more")
	}
	kv := strings.ToLower(o.KVCacheDType)
	if _, ok := hfconfig.DTypeBytes(kv); !ok && kv != "auto" && kv != "fp8_ds_mla" {
		return fmt.Errorf("--kv-cache-dtype %q: want auto, fp8, fp8_e4m3, fp8_e5m2, fp8_ds_mla, bfloat16 or float16", o.KVCacheDType)
	}
	return nil
}

// EstimateSafetensors reads the Hugging Face model t names (a hub id is
// looked up in o.HubRoots) and sizes its KV cache as vLLM would with o;
// o must have passed Check.
func EstimateSafetensors(t Target, o VLLMOptions, mem GPUMemory) (*SafetensorsReport, error) {
	dir := t.Arg
	if t.HubID != "" {
		var err error
		if dir, err = hfmodel.Resolve(nil, t.HubID, o.HubRoots); err != nil {
			return nil, fmt.Errorf("%s: no such file, and not found as a hub id: %w", t.Arg, err)
		}
	}
	// gtm's own rights: the user named this path (nil Access).
	mod, err := hfmodel.Open(nil, dir)
	if err != nil {
		if !strings.Contains(err.Error(), dir) { // errors with a path name it already
			err = fmt.Errorf("%s: %w", dir, err)
		}
		return nil, err
	}
	r := newSafetensorsReport(t, mod)
	total, free, ok := mem.read(o.GPU)
	o = r.batchDefaults(o, total, ok)
	layout := r.estimate(mod.Config, o)
	if ok {
		r.fit(layout, o, total, free)
	}
	return r, nil
}

// WriteJSON writes the report as gtm model --json does.
func (r *SafetensorsReport) WriteJSON(w io.Writer) error { return writeJSON(w, r) }

func newSafetensorsReport(t Target, m *hfmodel.Model) *SafetensorsReport {
	r := &SafetensorsReport{Path: t.Arg, HubID: optString(t.HubID), Dir: m.Dir, Format: m.Format, Pipeline: optString(m.Pipeline),
		Kind: m.Kind, KindReason: m.KindReason, Files: m.Files, Tensors: m.Tensors, Parameters: m.Parameters,
		WeightsBytes: m.WeightBytes, Complete: m.Complete, Notes: append([]string{}, m.Notes...),
		Source: "weights: exact, from the safetensors headers; attention shape: config.json; KV cache: estimated as vLLM sizes it"}
	if r.Files == nil {
		r.Files = []string{}
	}
	if !m.Complete {
		r.Source = "weights: exact sums of the safetensors headers read, INCOMPLETE (see notes); attention shape: config.json; KV cache: estimated as vLLM sizes it"
	}
	r.DTypes = []DType{}
	for _, d := range m.DTypes {
		r.DTypes = append(r.DTypes, DType{Name: d.Name, Tensors: d.Tensors, Parameters: d.Parameters, Bytes: d.Bytes})
	}
	for _, c := range m.Components {
		r.Components = append(r.Components, Component{Name: c.Name, Class: c.Class, Tensors: c.Tensors,
			Parameters: c.Parameters, WeightsBytes: c.WeightBytes, Complete: c.Complete})
	}
	if m.Config != nil {
		r.shape(m.Config)
	}
	return r
}

// shape copies the attention shape from config.json; a count it does not
// give (0) is null.
func (r *SafetensorsReport) shape(c *hfconfig.Config) {
	if len(c.Architectures) > 0 {
		r.Architecture = &c.Architectures[0]
	}
	r.ModelType, r.TorchDType = optString(c.ModelType), optString(c.TorchDType)
	num := func(v int) *int {
		if v <= 0 {
			return nil
		}
		return &v
	}
	r.Layers, r.Heads, r.KVHeads, r.HeadDim, r.MaxPositions = num(c.Layers), num(c.Heads), num(c.KVHeads), num(c.HeadDim), num(c.MaxPositions)
	if c.Layers > 0 {
		a := c.AttentionLayers
		r.AttentionLayers = &a
	}
	if c.SlidingWindow > 0 {
		r.SlidingWindow, r.SlidingLayers = num(c.SlidingWindow), num(c.SlidingLayers)
	}
	if c.MLA != nil {
		r.MLA = &MLA{KVLoraRank: c.MLA.KVLoraRank, QKRopeHeadDim: c.MLA.QKRopeHeadDim}
	}
	r.MambaLayers = num(c.MambaLayers)
}
