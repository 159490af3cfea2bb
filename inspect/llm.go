package inspect

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/gputaskman/gtm/inspect/gguf"
	"github.com/gputaskman/gtm/inspect/hfconfig"
	"github.com/gputaskman/gtm/inspect/llamaopts"
	"github.com/gputaskman/gtm/inspect/modelargs"
	"github.com/gputaskman/gtm/inspect/servers"
	"github.com/gputaskman/gtm/inspect/torchlog"
	"github.com/gputaskman/gtm/internal/safefile"
	"github.com/gputaskman/gtm/internal/schema"
)

// APIFacts is what a server's local API reported, as servers.Ask checked
// it, and where it answered.
type APIFacts struct {
	servers.Facts
	Server servers.Server
	Addr   string // loopback host:port that answered
	// APIPID is the process that answered, when it is not the one the
	// facts are for (a worker's API ancestor).
	APIPID int
}

// LogFacts is what the newest load block of a buffer log reported: the
// buffers in GPU (device) memory and in host memory, and the context.
type LogFacts struct {
	Path                                         string
	Weights, KV, Compute, Output                 *uint64 // device buffers
	HostWeights, HostKV, HostCompute, HostOutput *uint64 // host buffers
	NCtx, NSeqMax, NBatch, NUbatch               *uint64
	KVUnified                                    *bool
	// Devices split the device buffers per device when the log names
	// several (llama.cpp across CUDA0 and CUDA1).
	Devices    []schema.DeviceParts
	Reason     string // why nothing was reported, when so
	HasBuffers bool
}

// EngineFacts are what a PyTorch engine's load log (vLLM, SGLang, TGI)
// reported for one process: its own GPU's parts (this worker's rank),
// and the engine-wide KV capacity. Every figure is reported.
type EngineFacts struct {
	Path                                           string
	Engine                                         string
	Weights, KV, Activations, CUDAGraphs, NonTorch *uint64
	KVTokens                                       *uint64
	MaxConcurrency                                 *float64
	ConcurrencyTokens                              *uint64
	// MaxNumBatchedTokens is vLLM's scheduler budget as its log states it
	// (torchlog.Report.MaxNumBatchedTokens); nil when not logged.
	MaxNumBatchedTokens *uint64
	Model               string
	Rank                *int
	// RankGuessed: the log names ranks but not this process's PID, and
	// its figures were taken from the rank its title names.
	RankGuessed bool
	// KVFrom, when set, is the rank whose log reported KV: this worker
	// logged none (vLLM 0.11.1 and later log memory on one rank per node),
	// and the engine gives every rank the same KV cache. KVFromWorker is
	// that rank's tag and PID as the log wrote them.
	KVFrom       *int
	KVFromWorker string
	// Version is the engine's version as its log names it; KVTokensMeaning
	// what its KVTokens counts (torchlog.KVTokensBlocks, KVTokensConcurrency).
	Version, KVTokensMeaning string
	Notes                    []string
}

// HFFacts are what a safetensors model folder and its config.json say
// (exact header sums; KV per token estimated from the config).
type HFFacts struct {
	ID          string  // the HF id or path the model was found by
	WeightBytes uint64  // exact: the safetensors headers' tensor bytes
	Complete    bool    // every shard was read
	KVPerToken  *uint64 // estimated from config.json at the model's dtype
	Kind        string
	// Config is the model's config.json, for vLLM's KV layout per rank
	// (nil when unreadable).
	Config *hfconfig.Config
}

// LLMInput is everything known about one process for its breakdown.
type LLMInput struct {
	MeasuredVRAM *uint64
	Models       []schema.Model
	Headers      *HeaderCache
	// Access reads the model files as the process could (nil: gtm's own
	// rights, for files the user named).
	Access   *safefile.Access
	Settings modelargs.Settings
	// Preset is whose defaults the process runs with: llamaopts.Server
	// (the zero value means Server) or llamaopts.CLI.
	Preset llamaopts.Preset
	// LlamaCpp: the process is llama.cpp itself (by name, API or
	// libraries), so its defaults (slots, unified KV) are shown as
	// such; for other servers only what they or their command line say.
	LlamaCpp bool
	// Runtimes are those found in the maps; nil when they could not be
	// read. With none able to reach a GPU, llama.cpp runs on the CPU.
	Runtimes []schema.Runtime
	API      *APIFacts
	Log      *LogFacts
	// Engine is a PyTorch engine's load log; HF the safetensors model it
	// serves, for estimates where no log reported; TP the tensor-parallel
	// size (API or command line), which divides those estimates per GPU.
	Engine *EngineFacts
	HF     *HFFacts
	TP     int
	// Notes are said about the process's logs and files before the
	// breakdown (an unreadable --llm-log, ...).
	Notes []string
}

// noLLMKinds are model kinds that never make a process an LLM process:
// a diffusion model, a vision projector or a speech model alone gets no
// LLM block.
var noLLMKinds = map[string]bool{
	string(gguf.KindDiffusion): true, string(gguf.KindVisionProjector): true, string(gguf.KindSpeech): true,
}

// BuildLLM returns the process's LLM block, or nil when nothing marks it
// as an LLM process (no language-model GGUF with load evidence, no API,
// no log).
func BuildLLM(in LLMInput) *schema.LLM {
	var buf [4]*gguf.File // the headers usually fit: no allocation per refresh
	ggufs, llms, loaded := llmHeaders(in, buf[:0])
	if loaded == 0 && in.API == nil && in.Log == nil && in.Engine == nil && (in.HF == nil || in.HF.Kind != "llm") {
		return nil
	}
	l := &schema.LLM{Notes: append([]string{}, in.Notes...)}

	preset := in.Preset
	if preset == "" {
		preset = llamaopts.Server
	}
	res := llamaopts.Resolve(in.Settings, preset)
	o := res.Options
	parallel := resolveParallel(l, in, &o)
	unified := resolveKVUnified(l, in, &o)
	resolveContext(l, in, res.CtxFromModel, parallel, unified, &o)
	if cpuOnly(in) {
		o.NoGPU = true
		l.Notes = append(l.Notes, "no GPU runtime in the process and no VRAM measured: llama.cpp keeps everything in host memory")
	}
	if in.API != nil {
		applyAPI(l, in.API)
	}

	split := BreakdownInput{MeasuredVRAM: in.MeasuredVRAM}
	var host hostInput
	if in.Log != nil {
		applyLog(l, in.Log, &split, &host)
	}
	if in.Engine != nil {
		applyEngine(l, in.Engine, &split)
	}
	if len(ggufs) > 0 {
		addEstimates(l, ggufs, llms, o, &split, &host)
	} else if in.HF != nil {
		addHFEstimates(l, in.HF, in.TP, in.Engine, &split)
	}
	if l.NCtxSource != nil && *l.NCtxSource == "api" && l.NCtxSlot != nil && llms > 0 && *l.NCtxSlot == ggufs[0].ContextLength {
		l.Notes = append(l.Notes, "the API's per-slot context equals the trained context, where llama-server caps it: the whole context may be larger")
	}
	if llms > 1 {
		l.Notes = append(l.Notes, "several models in one process: their weights and KV estimates are added; per-model KV accounting is not supported")
	}
	l.Breakdown = Split(split)
	l.Host = host.parts()
	return l
}

// llmHeaders reads the GGUF headers of the models with load evidence:
// the language models first (their context is the process's), then the
// others (projectors, ...), appended to ggufs. llms counts the language
// models; loaded also counts headers that could not be read, which may
// well be the LLM.
func llmHeaders(in LLMInput, ggufs []*gguf.File) (_ []*gguf.File, llms, loaded int) {
	var others []*gguf.File
	for _, m := range in.Models {
		if m.Candidate || m.Format == nil || *m.Format != "gguf" || in.Headers == nil {
			continue
		}
		h, err := in.Headers.GetWith(in.Access, m.Path)
		if err != nil {
			loaded++
			continue
		}
		if noLLMKinds[string(h.Kind)] {
			others = append(others, h)
			continue
		}
		loaded++
		ggufs = append(ggufs, h)
	}
	return append(ggufs, others...), len(ggufs), loaded
}

// resolveParallel decides the slots: the log's n_seq_max, the API's slot
// count, -np, the default. They are shown for llama.cpp, or when anything
// but the default said so.
func resolveParallel(l *schema.LLM, in LLMInput, o *gguf.Options) uint64 {
	s := in.Settings
	parallel, src := uint64(o.Parallel), "default"
	if s.Parallel != nil && *s.Parallel > 0 {
		src = "cmdline"
	}
	if in.API != nil && in.API.SlotsTotal != nil && *in.API.SlotsTotal > 0 {
		parallel, src = uint64(*in.API.SlotsTotal), "api"
	}
	if in.Log != nil && in.Log.NSeqMax != nil && *in.Log.NSeqMax > 0 {
		parallel, src = *in.Log.NSeqMax, "log"
	}
	o.Parallel = int(parallel)
	if in.LlamaCpp || src != "default" {
		l.Parallel, l.ParallelSource = &parallel, &src
	}
	return parallel
}

// resolveKVUnified decides one cache for all slots, or a stream each: the
// log says; else the command line under the program's rules.
func resolveKVUnified(l *schema.LLM, in LLMInput, o *gguf.Options) bool {
	s := in.Settings
	unified, src := !o.KVSplit, "default"
	if s.KVUnified != nil || (s.Parallel != nil && *s.Parallel > 0) {
		src = "cmdline"
	}
	if in.Log != nil && in.Log.KVUnified != nil {
		unified, src = *in.Log.KVUnified, "log"
	}
	o.KVSplit = !unified
	if in.LlamaCpp || src == "log" {
		l.KVUnified, l.KVUnifiedSource = &unified, &src
	}
	return unified
}

// resolveContext decides the whole context: the log's n_ctx (what
// llama_context allocated), -c, the API's per-slot context (× slots when
// split), else the model's (left to the estimate). The log's batch sizes
// replace the command line's too.
func resolveContext(l *schema.LLM, in LLMInput, ctxFromModel bool, parallel uint64, unified bool, o *gguf.Options) {
	if in.API != nil && in.API.NCtxPerSlot {
		l.NCtxSlot = asUint(in.API.NCtx)
	}
	var nctx uint64
	src := ""
	switch {
	case in.Log != nil && in.Log.NCtx != nil:
		nctx, src = *in.Log.NCtx, "log"
	case !ctxFromModel:
		nctx, src = uint64(o.NCtx), "cmdline"
	case in.API != nil && in.API.NCtx != nil && in.API.NCtxPerSlot && !unified:
		nctx, src = uint64(*in.API.NCtx)*parallel, "api_slots"
	case in.API != nil && in.API.NCtx != nil:
		nctx, src = uint64(*in.API.NCtx), "api"
	}
	if nctx > 0 {
		o.NCtx = int(min(nctx, 1<<40))
		l.NCtx, l.NCtxSource = &nctx, &src
	}
	if in.Log != nil {
		if in.Log.NBatch != nil && *in.Log.NBatch > 0 {
			o.NBatch = int(min(*in.Log.NBatch, 1<<31))
		}
		if in.Log.NUbatch != nil && *in.Log.NUbatch > 0 {
			o.NUbatch = int(min(*in.Log.NUbatch, 1<<31))
		}
	}
}

// applyAPI takes what the server's API reported now.
func applyAPI(l *schema.LLM, a *APIFacts) {
	if a.Server != nil {
		l.Server = ptrTo(a.Server.Name())
	}
	if a.Status != "" {
		l.APIStatus = ptrTo(a.Status)
	}
	if a.Addr != "" {
		l.APIAddr = ptrTo(a.Addr)
	}
	if a.Model != "" {
		l.APIModel = ptrTo(a.Model)
	}
	l.SlotsBusy, l.SlotsTotal = asInt(a.SlotsBusy), asInt(a.SlotsTotal)
	l.TokensPerSecond, l.RequestsProcessing = a.TokensPerSecond, a.RequestsProcessing
	l.RequestsWaiting, l.MemoryFraction, l.TensorParallel = a.RequestsWaiting, a.MemoryFraction, asInt(a.TensorParallel)
	if a.KVUsageRatio != nil {
		pct := *a.KVUsageRatio * 100
		l.KVUsagePercent = &pct
	}
	l.PreemptionsTotal, l.RequestsDeferred = a.Preemptions, a.RequestsDeferred
	if a.PrefixCacheHitRatio != nil {
		pct := *a.PrefixCacheHitRatio * 100
		l.PrefixCacheHitPercent = &pct
	}
	if a.KVCapacityTokens != nil {
		l.KVCapacityTokens, l.KVCapacitySource = asUint(a.KVCapacityTokens), ptrTo("api")
	}
	if a.ModelRoot != "" {
		l.ModelID, l.ModelIDSource = ptrTo(a.ModelRoot), ptrTo("api")
	}
	if a.APIPID > 0 {
		l.APIPID = ptrTo(a.APIPID)
	}
	if len(a.LoadedModels) > 0 {
		l.APIModels = a.LoadedModels
	}
	l.TorchReserved = torchReserved(a.Devices)
	if mf, ok := a.Server.(servers.MemoryFlag); ok && a.MemoryFraction != nil {
		// the question users ask most: why is the GPU full with no load?
		l.Notes = append(l.Notes, fmt.Sprintf("%s takes %.0f%% of each GPU's memory when it starts (%s), whatever the load: what the weights, activations and CUDA graphs leave of it is reserved for the KV cache",
			a.Server.Name(), *a.MemoryFraction*100, mf.MemoryFlag()))
	}
	if a.Status == servers.StatusNeedsKey {
		l.Notes = append(l.Notes, "API needs a key: start gtm with access to the server's --api-key to see its state")
	}
}

// torchReserved is what PyTorch's allocator holds on each device the
// server names (ComfyUI's torch_vram_total); nil when none says.
func torchReserved(devs []servers.DeviceMemory) []schema.TorchDevice {
	var out []schema.TorchDevice
	for _, d := range devs {
		if d.TorchVRAMTotal != nil && *d.TorchVRAMTotal >= 0 {
			out = append(out, schema.TorchDevice{Device: d.Name, Index: asInt(d.Index), Bytes: uint64(*d.TorchVRAMTotal)})
		}
	}
	return out
}

// asUint is a count servers.Ask checked (never negative) as the JSON's type.
func asUint(v *int64) *uint64 {
	if v == nil || *v < 0 {
		return nil
	}
	x := uint64(*v)
	return &x
}

// asInt is a reported count as the JSON's type.
func asInt(v *int64) *int {
	if v == nil {
		return nil
	}
	x := int(*v)
	return &x
}

// applyLog takes the buffer sizes the log reported, in GPU and host memory.
func applyLog(l *schema.LLM, lf *LogFacts, split *BreakdownInput, host *hostInput) {
	l.LogPath = ptrTo(lf.Path)
	l.Devices = lf.Devices
	split.ReportedWeights, split.ReportedKV = lf.Weights, lf.KV
	split.ReportedCompute, split.ReportedOutput = lf.Compute, lf.Output
	split.ReportedFrom = "log"
	host.weights, host.kv, host.compute, host.output = lf.HostWeights, lf.HostKV, lf.HostCompute, lf.HostOutput
	if lf.Reason != "" {
		l.Notes = append(l.Notes, "log "+lf.Path+": "+lf.Reason)
	}
}

// applyEngine takes what a PyTorch engine's log reported for this
// process's GPU: weights, the KV cache it allocated, the activation peak
// it profiled and its CUDA graphs; and the KV capacity in tokens.
func applyEngine(l *schema.LLM, e *EngineFacts, split *BreakdownInput) {
	l.LogPath = ptrTo(e.Path)
	split.ReportedWeights, split.ReportedKV = e.Weights, e.KV
	split.ReportedActivations, split.ReportedGraphs = e.Activations, e.CUDAGraphs
	split.ReportedFrom = "log"
	if e.KVFrom != nil {
		split.ReportedKVFrom = fmt.Sprintf("log_rank%d", *e.KVFrom)
		l.Notes = append(l.Notes, engineKVFromNote(e))
	}
	if l.KVCapacityTokens == nil && e.KVTokens != nil {
		l.KVCapacityTokens, l.KVCapacitySource = e.KVTokens, ptrTo("log")
	}
	if e.KVTokens != nil && e.KVTokensMeaning == torchlog.KVTokensConcurrency {
		l.Notes = append(l.Notes, fmt.Sprintf("the log's KV capacity (%d tokens) is vLLM's maximum concurrency × max_model_len, the context its KV cache holds at full use (vLLM 0.21 and later), not its block pool's tokens", *e.KVTokens))
	}
	if l.ModelID == nil && e.Model != "" {
		l.ModelID, l.ModelIDSource = ptrTo(e.Model), ptrTo("log")
	}
	if l.Rank == nil && e.Rank != nil {
		l.Rank = e.Rank
	}
	if e.RankGuessed {
		l.Notes = append(l.Notes, fmt.Sprintf("log %s: figures of rank %d, the rank this process's title names (the log does not name its PID)", e.Path, *e.Rank))
	}
	if e.MaxConcurrency != nil && e.ConcurrencyTokens != nil {
		l.Notes = append(l.Notes, fmt.Sprintf("the log says %.2f requests of %d tokens fit in the KV cache at once", *e.MaxConcurrency, *e.ConcurrencyTokens))
	}
	if e.NonTorch != nil {
		l.Notes = append(l.Notes, fmt.Sprintf("the log reports %.2f GiB of memory outside PyTorch (CUDA context, NCCL): part of other", float64(*e.NonTorch)/(1<<30)))
	}
	l.Notes = append(l.Notes, e.Notes...)
}

// engineKVFromNote says whose log a worker's KV figure is, and why it is
// this worker's too.
func engineKVFromNote(e *EngineFacts) string {
	who := fmt.Sprintf("rank %d's log", *e.KVFrom)
	if e.KVFromWorker != "" {
		who += " (" + e.KVFromWorker + ")"
	}
	return "KV cache reported by " + who + ", which this worker's KV equals: vLLM gives every rank the same number of KV blocks (v1/core/kv_cache_utils.py get_kv_cache_configs) and since 0.11.1 logs its memory on the first rank of each node only; this worker's weights and CUDA graphs are not in the log"
}

// addHFEstimates estimates a safetensors model's parts where no log
// reported them: its weights (the headers' exact tensor bytes, divided
// over the tensor-parallel GPUs) and its KV cache on this GPU, from the
// reported capacity by vLLM's own layout (hfRankKV).
func addHFEstimates(l *schema.LLM, hf *HFFacts, tp int, eng *EngineFacts, split *BreakdownInput) {
	if tp < 1 {
		tp = 1
	}
	split.EstimatedFrom = "safetensors"
	if split.ReportedWeights == nil && hf.WeightBytes > 0 {
		w := hf.WeightBytes / uint64(tp)
		split.EstimatedWeights = &w
		if !hf.Complete {
			l.Notes = append(l.Notes, "weights estimated from the shards that could be read: the model's total is larger")
		}
	}
	if split.ReportedKV == nil && l.KVCapacityTokens != nil {
		if kv, note := hfRankKV(l, hf, tp, eng); kv != nil {
			split.EstimatedKV = kv
			l.Notes = append(l.Notes, note)
		}
	}
	if tp > 1 && (split.EstimatedWeights != nil || split.EstimatedKV != nil) {
		l.Notes = append(l.Notes, fmt.Sprintf("estimates are one GPU's share: the model split over %d GPUs", tp))
	}
}

// addEstimates adds the models' GGUF estimates under options o; with one
// LLM and no context from anywhere else, its trained context is the
// process's.
func addEstimates(l *schema.LLM, ggufs []*gguf.File, llms int, o gguf.Options, split *BreakdownInput, host *hostInput) {
	est, notes := estimateAll(ggufs, o)
	l.Notes = append(l.Notes, notes...)
	if est == nil {
		return
	}
	split.EstimatedWeights, split.EstimatedKV = &est.WeightsGPU, &est.KVGPU
	host.estWeights, host.estKV, host.estOutput = &est.WeightsCPU, &est.KVCPU, &est.Output
	if l.NCtx == nil && llms == 1 && est.NCtx > 0 {
		n := est.NCtx
		l.NCtx, l.NCtxSource = &n, ptrTo("model")
		l.Notes = append(l.Notes, "no -c, log or API context: llama.cpp's default, the model's trained context (llama-server may shrink it to fit GPU memory)")
	}
}

// cpuOnly: the maps were read, no runtime there can reach a GPU, and the
// driver measured no VRAM for the process: a CPU build of llama.cpp, or
// one that found no GPU device.
func cpuOnly(in LLMInput) bool {
	if in.Runtimes == nil || in.MeasuredVRAM != nil && *in.MeasuredVRAM > 0 {
		return false
	}
	if in.Settings.Devices != nil && *in.Settings.Devices == "none" {
		return true
	}
	for _, r := range in.Runtimes {
		switch r.Name {
		case "CUDA", "HIP/ROCm", "Vulkan":
			return false
		case "ggml/llama.cpp":
			for _, d := range strings.Split(r.Detail, ", ") {
				switch d {
				case "CUDA", "HIP", "Vulkan", "Metal", "SYCL", "OpenCL", "MUSA", "CANN", "RPC":
					return false
				}
			}
		}
	}
	return true
}

// hostInput gathers host-memory facts: reported (log) wins over estimated.
type hostInput struct {
	weights, kv, compute, output *uint64
	estWeights, estKV, estOutput *uint64
}

func (h hostInput) parts() *schema.HostParts {
	pick := func(reported, estimated *uint64) *schema.Part {
		switch {
		case reported != nil:
			return &schema.Part{Bytes: *reported, Source: "reported", From: "log"}
		case estimated != nil:
			return &schema.Part{Bytes: *estimated, Source: "estimated", From: "gguf"}
		}
		return nil
	}
	p := &schema.HostParts{Weights: pick(h.weights, h.estWeights), KVCache: pick(h.kv, h.estKV),
		Compute: pick(h.compute, nil), Output: pick(h.output, h.estOutput)}
	if p.Weights == nil && p.KVCache == nil && p.Compute == nil && p.Output == nil {
		return nil
	}
	return p
}

// estimateAll adds up every model's estimate with the process's options.
func estimateAll(files []*gguf.File, o gguf.Options) (*gguf.Estimate, []string) {
	var sum gguf.Estimate
	var notes []string
	ok := false
	for _, f := range files {
		e, err := f.Estimate(o)
		if err != nil {
			notes = append(notes, "estimate failed: "+err.Error())
			continue
		}
		if noLLMKinds[string(f.Kind)] {
			// a projector beside the LLM: its weights count, its "no KV
			// cache" note says nothing about the process
			e.KV, e.KVGPU, e.KVCPU, e.Output = 0, 0, 0, 0
		}
		if !ok {
			sum = e
			ok = true
			continue
		}
		sum.WeightsGPU += e.WeightsGPU
		sum.WeightsCPU += e.WeightsCPU
		sum.KVGPU += e.KVGPU
		sum.KVCPU += e.KVCPU
		sum.Output += e.Output
	}
	if !ok {
		return nil, notes
	}
	return &sum, notes
}

// resolveAgainst makes an API-reported path absolute against the
// process's working directory; "" when it cannot.
func resolveAgainst(p, cwd string) string {
	switch {
	case p == "":
		return ""
	case filepath.IsAbs(p):
		return filepath.Clean(p)
	case cwd != "" && filepath.IsAbs(cwd):
		return filepath.Join(cwd, p)
	}
	return ""
}
