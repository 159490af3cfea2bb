package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	flag "github.com/spf13/pflag"

	"github.com/gputaskman/gtm/app/escape"
	"github.com/gputaskman/gtm/app/report"
	"github.com/gputaskman/gtm/inspect/gguf"
	"github.com/gputaskman/gtm/inspect/llamaopts"
	"github.com/gputaskman/gtm/inspect/modelargs"
)

const modelUsage = `gtm model — what a model will cost before you load it.

Usage:
  gtm model FILE.gguf [flags]
  gtm model FILE.safetensors|MODEL_DIR|INDEX.json|ORG/NAME[@REV] [flags]

Reads only the file's header (never its weights) and estimates what
llama.cpp allocates: the weights, the KV cache and the output buffer, split
between GPU and host memory. With no flags it assumes llama-server with no
flags (4 automatic slots sharing one unified KV cache, batch 2048, ubatch
512, the model's trained context); --preset cli for llama-cli's defaults.
The flags mean what llama-server's do. Estimates, not measurements; compute
buffers are not included. Where a GPU can be read, says whether the GPU
share fits in its free memory.

A Hugging Face model (a .safetensors file, a model or diffusers pipeline
folder, a model.safetensors.index.json, or an ORG/NAME id found in your hub
cache: $HF_HUB_CACHE, $HF_HOME/hub or ~/.cache/huggingface/hub): the
weights' size, parameters and dtypes are exact, from the safetensors
headers (never the weights); layers, heads and sliding windows come from
config.json, and the KV cache is estimated as vLLM sizes it, at --ctx
(default: max_position_embeddings) and --kv-cache-dtype. Where a GPU can
be read, --gpu-memory-utilization of its total less the weights gives the
most KV tokens vLLM could hold: an upper bound, since vLLM also reserves
the activation peak, non-torch memory and CUDA graphs. llama.cpp's flags
do not apply there.

Flags:
`

// modelReport is gtm model's JSON: the header facts and the estimate for
// the options given. Every byte figure here is estimated from the header.
type modelReport struct {
	File               string   `json:"file"`
	Source             string   `json:"source"`
	Name               *string  `json:"name"`
	Architecture       *string  `json:"architecture"`
	Kind               string   `json:"kind"`
	KindReason         string   `json:"kind_reason"`
	KindHint           *string  `json:"kind_hint"`
	KindLabel          *string  `json:"kind_label"`
	Quantization       *string  `json:"quantization"`
	Layers             uint32   `json:"layers"`
	Parameters         uint64   `json:"parameters"`
	TrainedContext     *uint64  `json:"trained_context"`
	Preset             string   `json:"preset"`
	NCtx               uint64   `json:"n_ctx"`
	NCtxAlloc          uint64   `json:"n_ctx_allocated"`
	NCtxSeq            uint64   `json:"n_ctx_seq"`
	Parallel           uint64   `json:"parallel"`
	KVUnified          bool     `json:"kv_unified"`
	KVStreams          uint64   `json:"kv_streams"`
	NBatch             uint64   `json:"n_batch"`
	NUbatch            uint64   `json:"n_ubatch"`
	CacheTypeK         string   `json:"cache_type_k"`
	CacheTypeV         string   `json:"cache_type_v"`
	Offload            string   `json:"offload"`
	WeightsBytes       uint64   `json:"weights_bytes"`
	WeightsGPUBytes    uint64   `json:"weights_gpu_bytes"`
	WeightsCPUBytes    uint64   `json:"weights_cpu_bytes"`
	KVBytes            uint64   `json:"kv_bytes"`
	KVGPUBytes         uint64   `json:"kv_gpu_bytes"`
	KVCPUBytes         uint64   `json:"kv_cpu_bytes"`
	KVBytesFullContext uint64   `json:"kv_bytes_full_context"`
	KVLayers           int      `json:"kv_layers"`
	KVCells            uint64   `json:"kv_cells"`
	SWALayers          int      `json:"swa_layers"`
	SWACells           uint64   `json:"swa_cells"`
	RecurrentBytes     uint64   `json:"recurrent_state_bytes"`
	OutputBytes        uint64   `json:"output_bytes"`
	ComputeBytes       *uint64  `json:"compute_bytes"` // never estimated: null
	Fit                *fit     `json:"fit"`
	Notes              []string `json:"notes"`
}

// fit compares the GPU share of the estimate with a GPU's free memory
// (measured now). Compute buffers come on top and are not counted.
type fit struct {
	GPU       int    `json:"gpu"`
	FreeBytes uint64 `json:"free_bytes"`
	NeedBytes uint64 `json:"need_bytes"`
	Fits      bool   `json:"fits"`
}

// modelFlags are gtm model's llama.cpp switches, spelled as llama-server's
// long flags.
type modelFlags struct {
	ctx, parallel, batch, ubatch, perSlot, ncpuMoE int
	cacheK, cacheV, gpuLayers, device, preset      string
	swaFull, unified, notUnified, noKVOffload      bool
	noMmap, embedding, asJSON                      bool
	gpu                                            int
	kvDType                                        string  // vLLM's --kv-cache-dtype
	gpuUtil                                        float64 // vLLM's --gpu-memory-utilization
}

func newModelFlagSet(m *modelFlags) *flag.FlagSet {
	fs := flag.NewFlagSet("gtm model", flag.ContinueOnError)
	fs.IntVarP(&m.ctx, "ctx", "c", 0, "context size in `tokens`, as -c (default: the model's trained context)")
	fs.IntVar(&m.parallel, "parallel", -1, "`N` parallel sequences (server slots), as -np; -1: auto (4, unified KV)")
	fs.IntVarP(&m.batch, "batch", "b", llamaopts.DefaultBatch, "logical batch in `tokens`, as -b (caps the physical batch)")
	fs.IntVar(&m.ubatch, "ubatch", llamaopts.DefaultUBatch, "physical batch in `tokens`, as -ub (sizes sliding-window caches)")
	fs.BoolVar(&m.unified, "kv-unified", false, "one KV cache shared by all slots, as -kvu (the default with auto slots)")
	fs.BoolVar(&m.notUnified, "no-kv-unified", false, "a KV stream per slot, as -no-kvu (the default with an explicit --parallel)")
	fs.IntVar(&m.perSlot, "kv-unified-per-slot", 0, "without --ctx, size the context to slots × `N`")
	fs.StringVar(&m.cacheK, "cache-type-k", "f16", "K cache `type`: f32, f16, bf16, q8_0, q4_0, q4_1, iq4_nl, q5_0, q5_1")
	fs.StringVar(&m.cacheV, "cache-type-v", "f16", "V cache `type` (same values)")
	fs.BoolVar(&m.swaFull, "swa-full", false, "give sliding-window layers the full context, as --swa-full")
	fs.StringVar(&m.gpuLayers, "gpu-layers", "", "layers on the GPU, output layer first: a `count`, auto or all, as -ngl (default: all when a GPU is readable, none otherwise)")
	fs.StringVar(&m.device, "device", "", "none: no GPU device, everything in host memory, as -dev none")
	fs.BoolVar(&m.noKVOffload, "no-kv-offload", false, "keep the KV cache in host memory, as -nkvo")
	fs.IntVar(&m.ncpuMoE, "n-cpu-moe", 0, "keep the MoE expert weights of the first `N` layers on the CPU")
	fs.BoolVar(&m.noMmap, "no-mmap", false, "load weights into buffers instead of mapping the file")
	fs.BoolVar(&m.embedding, "embedding", false, "embeddings: the output buffer holds them too, as --embedding")
	fs.StringVar(&m.preset, "preset", "server", "whose defaults apply: server (llama-server) or cli (llama-cli: one sequence)")
	fs.IntVar(&m.gpu, "gpu", 0, "GPU `N` to check the fit against, as numbered by --list-gpus")
	fs.BoolVar(&m.asJSON, "json", false, "print JSON")
	fs.StringVar(&m.kvDType, "kv-cache-dtype", "auto", "safetensors models: KV cache `type` as vLLM's flag: auto (the model's torch_dtype), fp8, fp8_e4m3, fp8_e5m2, bfloat16, float16")
	fs.Float64Var(&m.gpuUtil, "gpu-memory-utilization", 0.9, "safetensors models: the `fraction` of the GPU's total memory vLLM may use, as its flag")
	// llama.cpp's own long spellings work too
	aliases := map[string]string{"ctx-size": "ctx", "batch-size": "batch", "ubatch-size": "ubatch", "n-gpu-layers": "gpu-layers"}
	fs.SetNormalizeFunc(func(_ *flag.FlagSet, name string) flag.NormalizedName {
		if a, ok := aliases[name]; ok {
			name = a
		}
		return flag.NormalizedName(name)
	})
	return fs
}

func runModel(args []string, e env) int {
	var m modelFlags
	fs := newModelFlagSet(&m)
	if code, done := parseSubcommand(fs, args, e, modelUsage, "one model file, folder or hub id"); done {
		return code
	}
	s, preset, err := m.settings(fs)
	if err != nil {
		fmt.Fprintf(e.stderr, "gtm model: %v\nRun 'gtm model --help' for usage.\n", err)
		return exitUsage
	}

	path := fs.Arg(0)
	if isHF, hubID := hfTarget(path); isHF {
		return runHFModel(fs, &m, path, hubID, e)
	}
	for _, f := range []string{"kv-cache-dtype", "gpu-memory-utilization"} {
		if fs.Changed(f) {
			fmt.Fprintf(e.stderr, "gtm model: --%s is vLLM's: for a GGUF model use --cache-type-k/-v and the fit check\nRun 'gtm model --help' for usage.\n", f)
			return exitUsage
		}
	}
	f, err := gguf.ParseFile(path)
	if err != nil {
		fmt.Fprintf(e.stderr, "gtm model: %s: %v\n", path, oneLine(err))
		return exitRuntime
	}

	// Free GPU memory, for the default placement and the fit check.
	free, haveGPU := gpuFree(e, m.gpu)
	res := llamaopts.Resolve(s, preset)
	offload := "all layers on the GPU (-ngl auto: assumed to fit)"
	switch {
	case res.Options.NoGPU:
		offload = "none (no GPU device)"
	case res.Options.NGPULayers != nil:
		offload = fmt.Sprintf("%d layer(s) on the GPU, output layer first", *res.Options.NGPULayers)
	case !haveGPU && s.GPULayers == nil:
		res.Options.NoGPU = true
		offload = "none: no GPU readable here, as llama.cpp without a GPU device (--gpu-layers to plan for one)"
	}
	est, err := f.Estimate(res.Options)
	if err != nil {
		fmt.Fprintf(e.stderr, "gtm model: %s: %v\n", path, oneLine(err))
		return exitRuntime
	}
	r := newModelReport(path, f, est)
	r.Preset, r.Offload = string(preset), offload
	r.KVUnified = !res.Options.KVSplit || est.Parallel == 1 && est.Streams == 1
	if res.AutoSlots {
		r.Notes = append(r.Notes, fmt.Sprintf("slots: auto (llama-server picks %d, sharing one unified KV cache)", llamaopts.ServerAutoSlots))
	}
	if res.CtxFromModel {
		r.Notes = append(r.Notes, "n_ctx: the model's trained context (no --ctx)")
	}
	if haveGPU {
		need := est.GPU
		r.Fit = &fit{GPU: m.gpu, FreeBytes: free, NeedBytes: need, Fits: need <= free}
	}
	if m.asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(r)
	} else {
		err = writeModelText(e.stdout, r)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "gtm model: writing output: %v\n", err)
		return exitRuntime
	}
	return exitOK
}

// settings turns the flags that were given into the llama.cpp settings a
// command line with them would carry, so gtm model and a live server go
// through the same defaults (llamaopts).
func (m *modelFlags) settings(fs *flag.FlagSet) (modelargs.Settings, llamaopts.Preset, error) {
	var s modelargs.Settings
	preset := llamaopts.Preset(m.preset)
	if preset != llamaopts.Server && preset != llamaopts.CLI {
		return s, "", fmt.Errorf("--preset %q: want server or cli", m.preset)
	}
	for _, ct := range []struct{ flag, val string }{{"--cache-type-k", m.cacheK}, {"--cache-type-v", m.cacheV}} {
		if _, err := gguf.ParseCacheType(ct.val); err != nil {
			return s, "", fmt.Errorf("%s %q is not a cache type llama.cpp knows (f32, f16, bf16, q8_0, q4_0, q4_1, iq4_nl, q5_0, q5_1)", ct.flag, ct.val)
		}
	}
	switch {
	case m.ctx < 0:
		return s, "", fmt.Errorf("--ctx must be 0 or more")
	case m.parallel == 0 || m.parallel < -1:
		return s, "", fmt.Errorf("--parallel must be 1 or more, or -1 for auto")
	case m.batch < 1 || m.ubatch < 0 || m.perSlot < 0 || m.ncpuMoE < 0:
		return s, "", fmt.Errorf("--batch must be 1 or more; --ubatch, --kv-unified-per-slot and --n-cpu-moe 0 or more")
	case m.unified && m.notUnified:
		return s, "", fmt.Errorf("--kv-unified and --no-kv-unified contradict each other")
	case m.device != "" && m.device != "none":
		return s, "", fmt.Errorf("--device %q: only none is understood (no GPU device)", m.device)
	}
	set := func(name string) bool { return fs.Changed(name) }
	k, v := m.cacheK, m.cacheV
	s.CacheTypeK, s.CacheTypeV = &k, &v
	if set("ctx") {
		s.CtxSize = &m.ctx
	}
	if m.parallel > 0 {
		s.Parallel = &m.parallel
	}
	if set("batch") {
		s.BatchSize = &m.batch
	}
	if set("ubatch") {
		s.UBatchSize = &m.ubatch
	}
	if m.unified || m.notUnified {
		u := m.unified
		s.KVUnified = &u
	}
	if m.perSlot > 0 {
		s.KVUnifiedPerSlot = &m.perSlot
	}
	if m.swaFull {
		s.SWAFull = &m.swaFull
	}
	if m.gpuLayers != "" {
		g := modelargs.GPULayers{Mode: strings.ToLower(m.gpuLayers)}
		if g.Mode != "auto" && g.Mode != "all" {
			n, err := strconv.Atoi(m.gpuLayers)
			if err != nil {
				return s, "", fmt.Errorf("--gpu-layers %q: want a number, auto or all", m.gpuLayers)
			}
			g = modelargs.GPULayers{Count: n}
		}
		s.GPULayers = &g
	}
	if m.device != "" {
		s.Devices = &m.device
	}
	if m.noKVOffload {
		s.NoKVOffload = &m.noKVOffload
	}
	if m.ncpuMoE > 0 {
		s.NCPUMoE = &m.ncpuMoE
	}
	if m.noMmap {
		mm := false
		s.Mmap = &mm
	}
	if m.embedding {
		s.Embeddings = &m.embedding
	}
	return s, preset, nil
}

// gpuFree reads GPU n's free memory (total − used, measured now).
func gpuFree(e env, n int) (uint64, bool) {
	if e.newCollector == nil {
		return 0, false
	}
	c, closeFn := e.newCollector("/proc", nil, platformOptions{})
	defer closeFn()
	if c == nil || c.GPU == nil {
		return 0, false
	}
	snap := c.Collect(context.Background())
	for _, d := range snap.Devices {
		if d.Index == n && d.MemoryTotalBytes != nil && d.MemoryUsedBytes != nil && *d.MemoryUsedBytes <= *d.MemoryTotalBytes {
			return *d.MemoryTotalBytes - *d.MemoryUsedBytes, true
		}
	}
	return 0, false
}

func newModelReport(path string, f *gguf.File, est gguf.Estimate) modelReport {
	opt := func(s string) *string {
		if s == "" {
			return nil
		}
		return &s
	}
	r := modelReport{
		File: path, Source: "estimated", Name: opt(f.Name), Architecture: opt(f.Architecture),
		Kind: string(f.Kind), KindReason: f.KindReason, Quantization: opt(f.Quantization),
		Layers: f.BlockCount, Parameters: f.ParamCount,
		NCtx: est.NCtx, NCtxAlloc: est.NCtxAlloc, NCtxSeq: est.NCtxSeq, Parallel: est.Parallel, KVStreams: est.Streams,
		NBatch: est.NBatch, NUbatch: est.NUbatch,
		CacheTypeK: strings.ToLower(est.CacheTypeK.String()), CacheTypeV: strings.ToLower(est.CacheTypeV.String()),
		WeightsBytes: est.Weights, WeightsGPUBytes: est.WeightsGPU, WeightsCPUBytes: est.WeightsCPU,
		KVBytes: est.KV, KVGPUBytes: est.KVGPU, KVCPUBytes: est.KVCPU, KVBytesFullContext: est.KVFull,
		KVLayers: est.KVLayers, KVCells: est.KVCells, SWALayers: est.SWALayers, SWACells: est.SWACells,
		RecurrentBytes: est.RecurrentState, OutputBytes: est.Output, Notes: est.Notes,
	}
	if r.Notes == nil {
		r.Notes = []string{}
	}
	if f.ContextLength > 0 {
		c := f.ContextLength
		r.TrainedContext = &c
	}
	if hint, label := gguf.KindHint(path); hint != "" {
		r.KindHint, r.KindLabel = &hint, &label
	}
	return r
}

func writeModelText(w io.Writer, r modelReport) error {
	var b strings.Builder
	mib := func(v uint64) string { return fmt.Sprintf("%.2f MiB", float64(v)/(1<<20)) }
	str := func(s *string) string {
		if s == nil {
			return "n/a"
		}
		return escape.Text(*s)
	}
	fmt.Fprintf(&b, "%s\n", escape.Text(filepath.Base(r.File)))
	fmt.Fprintf(&b, "  Kind          %s (%s)\n", escape.Text(r.Kind), escape.Text(r.KindReason))
	if r.KindLabel != nil {
		fmt.Fprintf(&b, "  Hint          %s\n", escape.Text(*r.KindLabel))
	}
	fmt.Fprintf(&b, "  Architecture  %s   Quantization %s   Layers %d   Parameters %s\n",
		str(r.Architecture), str(r.Quantization), r.Layers, report.FormatCount(r.Parameters))
	if r.TrainedContext != nil {
		fmt.Fprintf(&b, "  Trained ctx   %d\n", *r.TrainedContext)
	}
	kvLayout := "one unified KV cache"
	if r.KVStreams > 1 {
		kvLayout = fmt.Sprintf("%d KV streams of %d cells", r.KVStreams, r.NCtxSeq)
	}
	fmt.Fprintf(&b, "\nEstimated as llama-%s loads it: n_ctx %d (allocated %d), %d parallel, %s, KV cache %s/%s, n_batch %d, n_ubatch %d\n",
		r.Preset, r.NCtx, r.NCtxAlloc, r.Parallel, kvLayout, r.CacheTypeK, r.CacheTypeV, r.NBatch, r.NUbatch)
	fmt.Fprintf(&b, "  Offload       %s\n", r.Offload)
	fmt.Fprintf(&b, "  Weights       %s   (GPU %s, host %s)\n", mib(r.WeightsBytes), mib(r.WeightsGPUBytes), mib(r.WeightsCPUBytes))
	kv := mib(r.KVBytes) + fmt.Sprintf("   (GPU %s, host %s)", mib(r.KVGPUBytes), mib(r.KVCPUBytes))
	if r.SWALayers > 0 {
		per := ""
		if r.KVStreams > 1 {
			per = " per stream"
		}
		kv += fmt.Sprintf("\n                %d of %d layers use a sliding window of %d cells%s; full-context upper bound %s",
			r.SWALayers, r.KVLayers, r.SWACells/max(r.KVStreams, 1), per, mib(r.KVBytesFullContext))
	}
	fmt.Fprintf(&b, "  KV cache      %s\n", kv)
	if r.RecurrentBytes > 0 {
		fmt.Fprintf(&b, "  Recurrent     %s (state, not a KV cache)\n", mib(r.RecurrentBytes))
	}
	fmt.Fprintf(&b, "  Output        %s (host)\n", mib(r.OutputBytes))
	b.WriteString("  Compute       n/a (not estimated: depends on the backend's graph)\n")
	fmt.Fprintf(&b, "  Total         %s, plus compute buffers\n", mib(r.WeightsBytes+r.KVBytes+r.RecurrentBytes+r.OutputBytes))
	if f := r.Fit; f != nil {
		if f.Fits {
			fmt.Fprintf(&b, "  Fit           fits on GPU %d with %s to spare (compute buffers not counted)\n", f.GPU, gib(f.FreeBytes-f.NeedBytes))
		} else {
			fmt.Fprintf(&b, "  Fit           needs %s more than is free on GPU %d\n", gib(f.NeedBytes-f.FreeBytes), f.GPU)
		}
	} else {
		b.WriteString("  Fit           n/a (no GPU readable here)\n")
	}
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "  * %s\n", escape.Text(n))
	}
	_, err := io.WriteString(w, escape.Lines(b.String())) // GGUF strings are the file's choice
	return err
}

func gib(v uint64) string {
	if v < 1<<30 {
		return fmt.Sprintf("%.0f MiB", float64(v)/(1<<20))
	}
	return fmt.Sprintf("%.1f GiB", float64(v)/(1<<30))
}

// oneLine keeps an error to one line, for terminals and scripts.
func oneLine(err error) string {
	return escape.Text(strings.ReplaceAll(strings.TrimSpace(err.Error()), "\n", " "))
}
