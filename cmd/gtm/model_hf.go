package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"

	flag "github.com/spf13/pflag"

	"github.com/gputaskman/gtm/app/escape"
	"github.com/gputaskman/gtm/app/report"
	"github.com/gputaskman/gtm/inspect/hfconfig"
	"github.com/gputaskman/gtm/inspect/hfmodel"
	"github.com/gputaskman/gtm/inspect/safefile"
)

// hfModelReport is gtm model's JSON for a Hugging Face model (safetensors
// weights and config.json). Provenance per field: "exact" figures are the
// safetensors headers' own sums; "config" figures are config.json's;
// "estimated" ones are math on them; "measured" ones come from the GPU
// driver now. null: not known (not in the files, no GPU readable).
type hfModelReport struct {
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
	Files        []string      `json:"files"`
	Components   []hfCompJSON  `json:"components"` // pipeline parts; null otherwise
	Tensors      int           `json:"tensors"`
	Parameters   uint64        `json:"parameters"`
	WeightsBytes uint64        `json:"weights_bytes"`
	DTypes       []hfDTypeJSON `json:"dtypes"`
	Complete     bool          `json:"complete"` // every weight file named was read
	// Attention shape, from config.json.
	Layers          *int     `json:"layers"`
	AttentionLayers *int     `json:"attention_layers"` // layers holding a KV cache
	Heads           *int     `json:"heads"`
	KVHeads         *int     `json:"kv_heads"`
	HeadDim         *int     `json:"head_dim"`
	MaxPositions    *int     `json:"max_position_embeddings"`
	SlidingWindow   *int     `json:"sliding_window"` // null: no layer slides
	SlidingLayers   *int     `json:"sliding_layers"`
	MLA             *hfMLA   `json:"mla"`
	KVCacheDType    string   `json:"kv_cache_dtype"`   // the type used: --kv-cache-dtype, auto resolved to torch_dtype
	KVElementBytes  *float64 `json:"kv_element_bytes"` // bytes per cached element
	// KV cache, estimated as vLLM sizes its pages.
	KVBytesPerToken *uint64  `json:"kv_bytes_per_token"`
	Ctx             *uint64  `json:"ctx"`      // tokens: --ctx, else max_position_embeddings
	KVBytes         *uint64  `json:"kv_bytes"` // at ctx; sliding layers hold at most their window
	Fit             *hfFit   `json:"fit"`
	Notes           []string `json:"notes"`
}

type hfCompJSON struct {
	Name         string `json:"name"`
	Class        string `json:"class"`
	Tensors      int    `json:"tensors"`       // exact
	Parameters   uint64 `json:"parameters"`    // exact
	WeightsBytes uint64 `json:"weights_bytes"` // exact
	Complete     bool   `json:"complete"`
}

type hfDTypeJSON struct {
	Name       string `json:"name"`
	Tensors    int    `json:"tensors"`
	Parameters uint64 `json:"parameters"`
	Bytes      uint64 `json:"bytes"`
}

type hfMLA struct {
	KVLoraRank    int `json:"kv_lora_rank"`
	QKRopeHeadDim int `json:"qk_rope_head_dim"`
}

// hfFit is vLLM's budget on one GPU: total memory (measured) ×
// --gpu-memory-utilization, less the weights (exact), divided among KV
// tokens (estimated). An upper bound: vLLM also reserves the activation
// peak, non-torch memory and CUDA graphs, which only its log reports.
// vLLM asks for total × utilization at start-up and refuses to start when
// less is free (vllm-project/vllm, vllm/v1/worker/gpu_worker.py: "Free
// memory on device … is less than desired GPU memory utilization").
type hfFit struct {
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

// llamaOnlyFlags do not apply to a safetensors model.
var llamaOnlyFlags = []string{"parallel", "batch", "ubatch", "kv-unified", "no-kv-unified", "kv-unified-per-slot",
	"cache-type-k", "cache-type-v", "swa-full", "gpu-layers", "device", "no-kv-offload", "n-cpu-moe", "no-mmap", "embedding", "preset"}

// hfTarget says whether arg names a Hugging Face model rather than a GGUF
// file: a folder, a .safetensors file, an index, or (when no such path
// exists) a hub id. hubID is set for the last.
func hfTarget(arg string) (isHF bool, hubID string) {
	fi, err := os.Stat(arg)
	switch {
	case err == nil && fi.IsDir():
		return true, ""
	case err == nil:
		return strings.HasSuffix(arg, ".safetensors") || strings.HasSuffix(arg, ".safetensors.index.json"), ""
	case errors.Is(err, fs.ErrNotExist) && hfmodel.IsHubID(arg) && !strings.HasSuffix(strings.ToLower(arg), ".gguf"):
		return true, arg
	}
	return strings.HasSuffix(arg, ".safetensors") || strings.HasSuffix(arg, ".safetensors.index.json"), ""
}

func runHFModel(fs *flag.FlagSet, m *modelFlags, arg, hubID string, e env) int {
	for _, f := range llamaOnlyFlags {
		if fs.Changed(f) {
			fmt.Fprintf(e.stderr, "gtm model: --%s is llama.cpp's: it does not apply to a safetensors model\nRun 'gtm model --help' for usage.\n", f)
			return exitUsage
		}
	}
	if !(m.gpuUtil > 0 && m.gpuUtil <= 1) {
		fmt.Fprintf(e.stderr, "gtm model: --gpu-memory-utilization must be above 0 and at most 1\nRun 'gtm model --help' for usage.\n")
		return exitUsage
	}
	kvName := strings.ToLower(m.kvDType)
	if _, ok := hfconfig.DTypeBytes(kvName); !ok && kvName != "auto" {
		fmt.Fprintf(e.stderr, "gtm model: --kv-cache-dtype %q: want auto, fp8, fp8_e4m3, fp8_e5m2, bfloat16 or float16\nRun 'gtm model --help' for usage.\n", m.kvDType)
		return exitUsage
	}
	dir := arg
	if hubID != "" {
		home, _ := os.UserHomeDir()
		var err error
		if dir, err = hfmodel.Resolve(nil, hubID, hfmodel.Roots(os.Getenv, home)); err != nil {
			fmt.Fprintf(e.stderr, "gtm model: %s: no such file, and not found as a hub id: %v\n", escape.Text(arg), oneLine(err))
			return exitRuntime
		}
	}
	// gtm's own rights: the user named this path (nil Access).
	var acc *safefile.Access
	mod, err := hfmodel.Open(acc, dir)
	if err != nil {
		msg := oneLine(err)
		if !strings.Contains(msg, dir) { // errors with a path name it already
			msg = dir + ": " + msg
		}
		fmt.Fprintf(e.stderr, "gtm model: %s\n", escape.Text(msg))
		return exitRuntime
	}
	r := newHFReport(arg, hubID, mod)
	r.estimate(mod.Config, kvName, m, fs.Changed("ctx"))
	if total, free, ok := gpuMemory(e, m.gpu); ok {
		r.fit(mod.Config, m.gpu, total, free, m.gpuUtil)
	}
	if m.asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(r)
	} else {
		err = writeHFText(e.stdout, r)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "gtm model: writing output: %v\n", err)
		return exitRuntime
	}
	return exitOK
}

func newHFReport(arg, hubID string, m *hfmodel.Model) *hfModelReport {
	str := func(s string) *string {
		if s == "" {
			return nil
		}
		return &s
	}
	r := &hfModelReport{Path: arg, HubID: str(hubID), Dir: m.Dir, Format: m.Format, Pipeline: str(m.Pipeline),
		Kind: m.Kind, KindReason: m.KindReason, Files: m.Files, Tensors: m.Tensors, Parameters: m.Parameters,
		WeightsBytes: m.WeightBytes, Complete: m.Complete, Notes: append([]string{}, m.Notes...),
		Source: "weights: exact, from the safetensors headers; attention shape: config.json; KV cache: estimated as vLLM sizes it"}
	if r.Files == nil {
		r.Files = []string{}
	}
	if !m.Complete {
		r.Source = "weights: exact sums of the safetensors headers read, INCOMPLETE (see notes); attention shape: config.json; KV cache: estimated as vLLM sizes it"
	}
	for _, d := range m.DTypes {
		r.DTypes = append(r.DTypes, hfDTypeJSON{Name: d.Name, Tensors: d.Tensors, Parameters: d.Parameters, Bytes: d.Bytes})
	}
	if r.DTypes == nil {
		r.DTypes = []hfDTypeJSON{}
	}
	for _, c := range m.Components {
		r.Components = append(r.Components, hfCompJSON{Name: c.Name, Class: c.Class, Tensors: c.Tensors,
			Parameters: c.Parameters, WeightsBytes: c.WeightBytes, Complete: c.Complete})
	}
	c := m.Config
	if c == nil {
		return r
	}
	if len(c.Architectures) > 0 {
		r.Architecture = &c.Architectures[0]
	}
	r.ModelType, r.TorchDType = str(c.ModelType), str(c.TorchDType)
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
		r.MLA = &hfMLA{KVLoraRank: c.MLA.KVLoraRank, QKRopeHeadDim: c.MLA.QKRopeHeadDim}
	}
	return r
}

// estimate fills the KV figures: per token, and at --ctx (default: the
// trained context).
func (r *hfModelReport) estimate(c *hfconfig.Config, kvName string, m *modelFlags, ctxSet bool) {
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
	case ctxSet && m.ctx > 0:
		ctx = uint64(m.ctx)
	case c.MaxPositions > 0:
		ctx = uint64(c.MaxPositions)
		r.Notes = append(r.Notes, "ctx: the model's max_position_embeddings (no --ctx)")
	default:
		return
	}
	kv := c.KVBytes(ctx, elem)
	r.Ctx, r.KVBytes = &ctx, &kv
}

func (r *hfModelReport) fit(c *hfconfig.Config, gpu int, total, free uint64, util float64) {
	budget := uint64(float64(total) * util)
	f := &hfFit{GPU: gpu, TotalBytes: total, FreeBytes: free, GPUMemoryUtilization: util, BudgetBytes: budget,
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

// gpuMemory reads GPU n's total and free memory (measured now).
func gpuMemory(e env, n int) (total, free uint64, ok bool) {
	if e.newCollector == nil {
		return 0, 0, false
	}
	c, closeFn := e.newCollector("/proc", nil, platformOptions{})
	defer closeFn()
	if c == nil || c.GPU == nil {
		return 0, 0, false
	}
	snap := c.Collect(context.Background())
	for _, d := range snap.Devices {
		if d.Index == n && d.MemoryTotalBytes != nil && d.MemoryUsedBytes != nil && *d.MemoryUsedBytes <= *d.MemoryTotalBytes {
			return *d.MemoryTotalBytes, *d.MemoryTotalBytes - *d.MemoryUsedBytes, true
		}
	}
	return 0, 0, false
}

func writeHFText(w io.Writer, r *hfModelReport) error {
	var b strings.Builder
	str := func(s *string) string {
		if s == nil {
			return "n/a"
		}
		return escape.Text(*s)
	}
	esc := escape.Text
	name := filepath.Base(r.Dir)
	if r.HubID != nil {
		name = *r.HubID
	} else if len(r.Files) == 1 && !strings.HasSuffix(r.Path, string(filepath.Separator)) {
		name = filepath.Base(r.Path)
	}
	fmt.Fprintf(&b, "%s\n", esc(name))
	fmt.Fprintf(&b, "  Kind          %s (%s)\n", r.Kind, esc(r.KindReason))
	if r.Pipeline != nil {
		fmt.Fprintf(&b, "  Pipeline      %s\n", esc(*r.Pipeline))
	}
	if r.Architecture != nil || r.ModelType != nil {
		fmt.Fprintf(&b, "  Architecture  %s   model_type %s   torch_dtype %s\n", str(r.Architecture), str(r.ModelType), str(r.TorchDType))
	}
	exact := "exact, from the safetensors headers"
	if !r.Complete {
		exact = "from the safetensors headers read: INCOMPLETE, see the notes"
	}
	fmt.Fprintf(&b, "  Weights       %s, %s parameters, %d tensors in %d file(s) (%s)\n",
		gib(r.WeightsBytes), report.FormatCount(r.Parameters), r.Tensors, len(r.Files), exact)
	var dts []string
	for _, d := range r.DTypes {
		dts = append(dts, fmt.Sprintf("%s %s (%d tensors)", esc(d.Name), gib(d.Bytes), d.Tensors))
	}
	if len(dts) > 0 {
		fmt.Fprintf(&b, "  DTypes        %s\n", strings.Join(dts, ", "))
	}
	for _, c := range r.Components {
		inc := ""
		if !c.Complete {
			inc = ", incomplete"
		}
		fmt.Fprintf(&b, "    %-12s %s, %s parameters (%s%s)\n", esc(c.Name), gib(c.WeightsBytes), report.FormatCount(c.Parameters), esc(c.Class), inc)
	}
	if r.Layers != nil {
		b.WriteString("\nFrom config.json; KV cache estimated as vLLM sizes it:\n")
		n := func(p *int) string {
			if p == nil {
				return "n/a"
			}
			return fmt.Sprint(*p)
		}
		fmt.Fprintf(&b, "  Layers        %s (%s with a KV cache)   heads %s, KV heads %s, head dim %s\n",
			n(r.Layers), n(r.AttentionLayers), n(r.Heads), n(r.KVHeads), n(r.HeadDim))
		if r.SlidingWindow != nil {
			fmt.Fprintf(&b, "  Sliding       %s of %s layers use a window of %d tokens\n", n(r.SlidingLayers), n(r.AttentionLayers), *r.SlidingWindow)
		}
		if r.MLA != nil {
			fmt.Fprintf(&b, "  MLA           one latent per token and layer: kv_lora_rank %d + qk_rope_head_dim %d\n", r.MLA.KVLoraRank, r.MLA.QKRopeHeadDim)
		}
		if r.KVBytesPerToken != nil {
			fmt.Fprintf(&b, "  KV cache      %.1f KiB per token (%s)", float64(*r.KVBytesPerToken)/1024, esc(r.KVCacheDType))
			if r.Ctx != nil {
				fmt.Fprintf(&b, "; %s at %d tokens", gib(*r.KVBytes), *r.Ctx)
			}
			b.WriteString(" (estimated)\n")
		}
	}
	if f := r.Fit; f != nil {
		fmt.Fprintf(&b, "  Fit           GPU %d: %.2f × %s = %s for vLLM", f.GPU, f.GPUMemoryUtilization, gib(f.TotalBytes), gib(f.BudgetBytes))
		switch {
		case !f.WeightsFit:
			fmt.Fprintf(&b, "; the weights alone need %s more\n", gib(r.WeightsBytes-f.BudgetBytes))
		case f.KVTokensUpperBound != nil:
			fmt.Fprintf(&b, "; after the weights %s of KV cache, at most %d tokens\n", gib(f.KVBudgetBytes), *f.KVTokensUpperBound)
			b.WriteString("                (an upper bound: vLLM also reserves the activation peak, non-torch memory and CUDA graphs, which only its log reports)\n")
		default:
			fmt.Fprintf(&b, "; after the weights %s\n", gib(f.KVBudgetBytes))
		}
	} else {
		b.WriteString("  Fit           n/a (no GPU readable here)\n")
	}
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "  * %s\n", esc(n))
	}
	_, err := io.WriteString(w, escape.Lines(b.String())) // names and notes are the files' choice
	return err
}
