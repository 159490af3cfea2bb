package modelcost

import (
	"fmt"
	"io"
	"math"
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
	KVCacheDType    string   `json:"kv_cache_dtype"`   // the type used: --kv-cache-dtype, auto resolved to torch_dtype
	KVElementBytes  *float64 `json:"kv_element_bytes"` // bytes per cached element
	// KV cache, estimated as vLLM sizes its pages.
	KVBytesPerToken *uint64         `json:"kv_bytes_per_token"`
	Ctx             *uint64         `json:"ctx"`      // tokens: --ctx, else max_position_embeddings
	KVBytes         *uint64         `json:"kv_bytes"` // at ctx; sliding layers hold at most their window
	Fit             *SafetensorsFit `json:"fit"`
	Notes           []string        `json:"notes"`
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
// --gpu-memory-utilization, less the weights (exact), divided among KV
// tokens (estimated). An upper bound: vLLM also reserves the activation
// peak, non-torch memory and CUDA graphs, which only its log reports.
// vLLM asks for total × utilization at start-up and refuses to start when
// less is free (vllm-project/vllm, vllm/v1/worker/gpu_worker.py: "Free
// memory on device … is less than desired GPU memory utilization").
type SafetensorsFit struct {
	GPU                  int     `json:"gpu"`
	TotalBytes           uint64  `json:"total_bytes"` // measured
	FreeBytes            uint64  `json:"free_bytes"`  // measured
	GPUMemoryUtilization float64 `json:"gpu_memory_utilization"`
	BudgetBytes          uint64  `json:"budget_bytes"`    // total × utilization
	KVBudgetBytes        uint64  `json:"kv_budget_bytes"` // budget − weights (0 when the weights do not fit)
	// KVTokensUpperBound is how many tokens of paged KV cache fit in
	// kv_budget_bytes; null when the KV size per token is unknown.
	KVTokensUpperBound *uint64 `json:"kv_tokens_upper_bound"`
	WeightsFit         bool    `json:"weights_fit"`
}

// VLLMOptions are vLLM's flags that size a safetensors model's KV cache.
type VLLMOptions struct {
	Ctx                  int     // tokens; 0: max_position_embeddings
	KVCacheDType         string  // --kv-cache-dtype: auto (torch_dtype), fp8, bfloat16, …
	GPUMemoryUtilization float64 // --gpu-memory-utilization, above 0 and at most 1
	GPU                  int     // the GPU to check the fit against
	HubRoots             []string
}

// Check says what is wrong with o, in vLLM's flag names.
func (o VLLMOptions) Check() error {
	if !(o.GPUMemoryUtilization > 0 && o.GPUMemoryUtilization <= 1) {
		return fmt.Errorf("--gpu-memory-utilization must be above 0 and at most 1")
	}
	kv := strings.ToLower(o.KVCacheDType)
	if _, ok := hfconfig.DTypeBytes(kv); !ok && kv != "auto" {
		return fmt.Errorf("--kv-cache-dtype %q: want auto, fp8, fp8_e4m3, fp8_e5m2, bfloat16 or float16", o.KVCacheDType)
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
	r.estimate(mod.Config, strings.ToLower(o.KVCacheDType), o.Ctx)
	if total, free, ok := mem.read(o.GPU); ok {
		r.fit(mod.Config, o.GPU, total, free, o.GPUMemoryUtilization)
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
}

// estimate fills the KV figures: per token, and at ctx (0: the trained
// context).
func (r *SafetensorsReport) estimate(c *hfconfig.Config, kvName string, ctxTokens int) {
	r.KVCacheDType = kvName
	if kvName == "auto" {
		if c == nil || c.TorchDType == "" {
			r.Notes = append(r.Notes, "kv cache dtype auto: the config names no torch_dtype, so the KV size is unknown (--kv-cache-dtype to choose one)")
			return
		}
		r.KVCacheDType = strings.ToLower(c.TorchDType)
	}
	elem, ok := hfconfig.DTypeBytes(r.KVCacheDType)
	if !ok {
		r.Notes = append(r.Notes, fmt.Sprintf("kv cache dtype %q: size unknown", r.KVCacheDType))
		return
	}
	r.KVElementBytes = &elem
	if c == nil || !c.CanEstimateKV() {
		if c != nil && c.Layers > 0 && c.AttentionLayers == 0 {
			r.Notes = append(r.Notes, "no attention layers: no KV cache (the recurrent state is not estimated)")
		} else if r.Kind != hfconfig.KindDiffusion {
			r.Notes = append(r.Notes, "config.json does not give the attention shape: KV cache not estimated")
		}
		return
	}
	per := c.KVBytesPerToken(elem)
	r.KVBytesPerToken = &per
	var ctx uint64
	switch {
	case ctxTokens > 0:
		ctx = uint64(ctxTokens)
	case c.MaxPositions > 0:
		ctx = uint64(c.MaxPositions)
		r.Notes = append(r.Notes, "ctx: the model's max_position_embeddings (no --ctx)")
	default:
		return
	}
	kv := c.KVBytes(ctx, elem)
	r.Ctx, r.KVBytes = &ctx, &kv
}

func (r *SafetensorsReport) fit(c *hfconfig.Config, gpu int, total, free uint64, util float64) {
	budget := uint64(float64(total) * util)
	f := &SafetensorsFit{GPU: gpu, TotalBytes: total, FreeBytes: free, GPUMemoryUtilization: util, BudgetBytes: budget,
		WeightsFit: r.WeightsBytes <= budget}
	if f.WeightsFit {
		f.KVBudgetBytes = budget - r.WeightsBytes
	}
	if r.KVElementBytes != nil && c != nil && c.CanEstimateKV() {
		if n := c.KVTokensFit(f.KVBudgetBytes, *r.KVElementBytes); n == math.MaxUint64 {
			r.Notes = append(r.Notes, "every attention layer is windowed: once the windows fit, any context length does")
		} else {
			f.KVTokensUpperBound = &n
		}
	}
	if free < budget {
		r.Notes = append(r.Notes, fmt.Sprintf("GPU %d has %s free, less than the %.2f × total vLLM would ask for: it would refuse to start", gpu, gib(free), util))
	}
	r.Fit = f
}
