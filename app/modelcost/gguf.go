package modelcost

import (
	"fmt"
	"io"
	"strings"

	"github.com/gputaskman/gtm/inspect/gguf"
	"github.com/gputaskman/gtm/inspect/llamaopts"
	"github.com/gputaskman/gtm/inspect/modelargs"
)

// GGUFReport is gtm model's JSON for a GGUF file: the header's facts and
// what llama.cpp would allocate with the options given. Every byte figure
// is estimated from the header (Source); Fit's free memory is measured.
type GGUFReport struct {
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
	Fit                *GGUFFit `json:"fit"`
	Notes              []string `json:"notes"`
}

// GGUFFit compares the GPU share of the estimate with a GPU's free memory
// (measured now). Compute buffers come on top and are not counted.
type GGUFFit struct {
	GPU       int    `json:"gpu"`
	FreeBytes uint64 `json:"free_bytes"`
	NeedBytes uint64 `json:"need_bytes"`
	Fits      bool   `json:"fits"`
}

// LlamaOptions is how llama.cpp would be started: the settings its
// command line would carry (so gtm model and a live server go through the
// same defaults, llamaopts) and whose defaults apply.
type LlamaOptions struct {
	Settings modelargs.Settings
	Preset   llamaopts.Preset
	GPU      int // the GPU to place layers on and check the fit against
}

// EstimateGGUF reads the GGUF file's header at path and estimates what
// llama.cpp allocates with o. With no GPU readable (mem) and no
// GPULayers, everything is placed in host memory, as llama.cpp without a
// GPU device does.
func EstimateGGUF(path string, o LlamaOptions, mem GPUMemory) (*GGUFReport, error) {
	f, err := gguf.ParseFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	_, free, haveGPU := mem.read(o.GPU)
	res := llamaopts.Resolve(o.Settings, o.Preset)
	offload := "all layers on the GPU (-ngl auto: assumed to fit)"
	switch {
	case res.Options.NoGPU:
		offload = "none (no GPU device)"
	case res.Options.NGPULayers != nil:
		offload = fmt.Sprintf("%d layer(s) on the GPU, output layer first", *res.Options.NGPULayers)
	case !haveGPU && o.Settings.GPULayers == nil:
		res.Options.NoGPU = true
		offload = "none: no GPU readable here, as llama.cpp without a GPU device (--gpu-layers to plan for one)"
	}
	est, err := f.Estimate(res.Options)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	r := newGGUFReport(path, f, est)
	r.Preset, r.Offload = string(o.Preset), offload
	r.KVUnified = !res.Options.KVSplit || est.Parallel == 1 && est.Streams == 1
	if res.AutoSlots {
		r.Notes = append(r.Notes, fmt.Sprintf("slots: auto (llama-server picks %d, sharing one unified KV cache)", llamaopts.ServerAutoSlots))
	}
	if res.CtxFromModel {
		r.Notes = append(r.Notes, "n_ctx: the model's trained context (no --ctx)")
	}
	if haveGPU {
		r.Fit = &GGUFFit{GPU: o.GPU, FreeBytes: free, NeedBytes: est.GPU, Fits: est.GPU <= free}
	}
	return r, nil
}

func newGGUFReport(path string, f *gguf.File, est gguf.Estimate) *GGUFReport {
	r := &GGUFReport{
		File: path, Source: "estimated", Name: optString(f.Name), Architecture: optString(f.Architecture),
		Kind: string(f.Kind), KindReason: f.KindReason, Quantization: optString(f.Quantization),
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

// WriteJSON writes the report as gtm model --json does.
func (r *GGUFReport) WriteJSON(w io.Writer) error { return writeJSON(w, r) }
