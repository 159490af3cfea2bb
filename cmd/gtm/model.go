package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"

	flag "github.com/spf13/pflag"

	"github.com/gputaskman/gtm/app/modelcost"
	"github.com/gputaskman/gtm/inspect/gguf"
	"github.com/gputaskman/gtm/inspect/hfmodel"
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
config.json, and the KV cache is laid out by vLLM's own arithmetic
(vLLM V1 as of 2026-05: its page per layer kind, its hybrid groups, a
sliding window's min(W-1+max_num_batched_tokens, ctx) tokens plus a
block per request, a Mamba state per request), on one of
--tensor-parallel-size GPUs, at --ctx (default: max_position_embeddings)
and --kv-cache-dtype. Where a GPU can be read, --gpu-memory-utilization
of its total less its share of the weights gives the KV blocks vLLM
could hold: an upper bound, since vLLM also reserves the activation peak,
non-torch memory and (v0.21.0 and later) a CUDA-graph estimate it
measures on the GPU, which --cudagraph-memory-gib subtracts when known.
llama.cpp's flags do not apply there.

ONNX models, PyTorch checkpoints and TensorRT engines are named and
refused: gtm model does not size them (gtm inspect PID describes a
running process's).

What each figure means and where it comes from, the JSON field by field,
and the limits: docs/model.md.

Flags:
`

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
	tp, batched                                    int     // vLLM's --tensor-parallel-size, --max-num-batched-tokens
	graphsGiB                                      float64 // vLLM's logged CUDA-graph estimate
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
	fs.BoolVar(&m.asJSON, "json", false, "print JSON (fields: docs/model.md)")
	fs.StringVar(&m.kvDType, "kv-cache-dtype", "auto", "safetensors models: KV cache `type` as vLLM's flag: auto (the model's torch_dtype), fp8, fp8_e4m3, fp8_e5m2, fp8_ds_mla (MLA: 656 bytes a token and layer), bfloat16, float16")
	fs.Float64Var(&m.gpuUtil, "gpu-memory-utilization", modelcost.DefaultGPUMemoryUtil, "safetensors models: the `fraction` of the GPU's total memory vLLM may use, as its flag (default: vLLM's as of 2026-05, vllm/config/cache.py; 0.9 in v0.11.0)")
	fs.IntVar(&m.tp, "tensor-parallel-size", 1, "safetensors models: GPUs the model is split over, as vLLM's flag (figures are one GPU's)")
	fs.Float64Var(&m.graphsGiB, "cudagraph-memory-gib", 0, "safetensors models: the `GiB` of CUDA graphs vLLM subtracts from the KV budget (v0.21.0 and later), as its log's \"Estimated CUDA graph memory: X GiB total\" (default: not known, not subtracted)")
	fs.IntVar(&m.batched, "max-num-batched-tokens", 0, "safetensors models: tokens per scheduler step, as vLLM's flag (default: vllm serve's as of vLLM 2026-05, 8192 on a GPU of 70 GiB or more that is not an A100, else 2048)")
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
		return modelUsageError(e, err)
	}
	t := modelcost.Classify(fs.Arg(0))
	if err := t.Sized(); err != nil {
		fmt.Fprintf(e.stderr, "gtm model: %s\n", oneLine(err))
		return exitRuntime
	}
	if err := onlyFlagsFor(fs, t.Format); err != nil {
		return modelUsageError(e, err)
	}
	mem := func(n int) (uint64, uint64, bool) {
		total, free, _, ok := gpuMemory(e, n)
		return total, free, ok
	}
	var r modelcost.Report
	if t.Format == modelcost.FormatSafetensors {
		home, _ := os.UserHomeDir()
		// read the GPU once: its name picks vLLM's batch default
		total, free, name, ok := gpuMemory(e, m.gpu)
		mem = func(int) (uint64, uint64, bool) { return total, free, ok }
		o := modelcost.VLLMOptions{Ctx: m.ctx, KVCacheDType: m.kvDType, GPUMemoryUtilization: m.gpuUtil, GPU: m.gpu,
			TensorParallelSize: m.tp, MaxNumBatchedTokens: m.batched, GPUName: name, HubRoots: hfmodel.Roots(os.Getenv, home)}
		if m.graphsGiB < 0 || m.graphsGiB > 1<<20 {
			return modelUsageError(e, fmt.Errorf("--cudagraph-memory-gib must be 0 or more"))
		}
		o.CUDAGraphBytes = uint64(m.graphsGiB * (1 << 30))
		if err := o.Check(); err != nil {
			return modelUsageError(e, err)
		}
		r, err = modelcost.EstimateSafetensors(t, o, mem)
	} else {
		r, err = modelcost.EstimateGGUF(t.Arg, modelcost.LlamaOptions{Settings: s, Preset: preset, GPU: m.gpu}, mem)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "gtm model: %s\n", oneLine(err))
		return exitRuntime
	}
	if m.asJSON {
		err = r.WriteJSON(e.stdout)
	} else {
		err = r.WriteText(e.stdout)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "gtm model: writing output: %v\n", err)
		return exitRuntime
	}
	return exitOK
}

func modelUsageError(e env, err error) int {
	fmt.Fprintf(e.stderr, "gtm model: %v\nRun 'gtm model --help' for usage.\n", err)
	return exitUsage
}

// Flags that belong to one engine: llama.cpp's do not apply to a
// safetensors model, vLLM's not to a GGUF file.
var (
	llamaOnlyFlags = []string{"parallel", "batch", "ubatch", "kv-unified", "no-kv-unified", "kv-unified-per-slot",
		"cache-type-k", "cache-type-v", "swa-full", "gpu-layers", "device", "no-kv-offload", "n-cpu-moe", "no-mmap", "embedding", "preset"}
	vllmOnlyFlags = []string{"kv-cache-dtype", "gpu-memory-utilization", "tensor-parallel-size", "max-num-batched-tokens", "cudagraph-memory-gib"}
)

// onlyFlagsFor refuses the other engine's flags for a model in format.
func onlyFlagsFor(fs *flag.FlagSet, format string) error {
	others, msg := vllmOnlyFlags, "--%s is vLLM's: for a GGUF model use --cache-type-k/-v and the fit check"
	if format == modelcost.FormatSafetensors {
		others, msg = llamaOnlyFlags, "--%s is llama.cpp's: it does not apply to a safetensors model"
	}
	for _, f := range others {
		if fs.Changed(f) {
			return fmt.Errorf(msg, f)
		}
	}
	return nil
}

// settings turns the flags that were given into the llama.cpp settings a
// command line with them would carry, so gtm model and a live server go
// through the same defaults (llamaopts).
func (m *modelFlags) settings(fs *flag.FlagSet) (modelargs.Settings, llamaopts.Preset, error) {
	var s modelargs.Settings
	preset := llamaopts.Preset(m.preset)
	if err := m.check(); err != nil {
		return s, "", err
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

// check refuses flag values llama.cpp would refuse, or gtm model cannot
// size.
func (m *modelFlags) check() error {
	if preset := llamaopts.Preset(m.preset); preset != llamaopts.Server && preset != llamaopts.CLI {
		return fmt.Errorf("--preset %q: want server or cli", m.preset)
	}
	for _, ct := range []struct{ flag, val string }{{"--cache-type-k", m.cacheK}, {"--cache-type-v", m.cacheV}} {
		if _, err := gguf.ParseCacheType(ct.val); err != nil {
			return fmt.Errorf("%s %q is not a cache type llama.cpp knows (f32, f16, bf16, q8_0, q4_0, q4_1, iq4_nl, q5_0, q5_1)", ct.flag, ct.val)
		}
	}
	switch {
	case m.ctx < 0:
		return fmt.Errorf("--ctx must be 0 or more")
	case m.parallel == 0 || m.parallel < -1:
		return fmt.Errorf("--parallel must be 1 or more, or -1 for auto")
	case m.batch < 1 || m.ubatch < 0 || m.perSlot < 0 || m.ncpuMoE < 0:
		return fmt.Errorf("--batch must be 1 or more; --ubatch, --kv-unified-per-slot and --n-cpu-moe 0 or more")
	case m.unified && m.notUnified:
		return fmt.Errorf("--kv-unified and --no-kv-unified contradict each other")
	case m.device != "" && m.device != "none":
		return fmt.Errorf("--device %q: only none is understood (no GPU device)", m.device)
	}
	return nil
}

// gpuMemory reads GPU n's total and free memory (measured now) and its
// name, for gtm model's fit check and vLLM's batch default.
func gpuMemory(e env, n int) (total, free uint64, name string, ok bool) {
	if e.newCollector == nil {
		return 0, 0, "", false
	}
	c, closeFn := e.newCollector("/proc", nil, platformOptions{})
	defer closeFn()
	if c == nil || c.GPU == nil {
		return 0, 0, "", false
	}
	snap := c.Collect(context.Background())
	for _, d := range snap.Devices {
		if d.Index == n && d.MemoryTotalBytes != nil && d.MemoryUsedBytes != nil && *d.MemoryUsedBytes <= *d.MemoryTotalBytes {
			if d.Name != nil {
				name = *d.Name
			}
			return *d.MemoryTotalBytes, *d.MemoryTotalBytes - *d.MemoryUsedBytes, name, true
		}
	}
	return 0, 0, "", false
}
