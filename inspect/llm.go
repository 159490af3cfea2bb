package inspect

import (
	"github.com/gputaskman/gtm/inspect/gguf"
	"github.com/gputaskman/gtm/inspect/modelargs"
)

// LLM is the memory breakdown and live state of one LLM process: weights,
// KV cache, compute and output buffers, and the measured remainder, each
// with its provenance; the context size with where it came from; and what
// the server's API says right now (slots, throughput).
type LLM struct {
	Breakdown
	NCtx               *uint64  `json:"n_ctx"`
	NCtxSource         *string  `json:"n_ctx_source"` // api, cmdline, log
	Parallel           *uint64  `json:"parallel"`
	ParallelSource     *string  `json:"parallel_source"`
	SlotsBusy          *int     `json:"slots_busy"`
	SlotsTotal         *int     `json:"slots_total"`
	TokensPerSecond    *float64 `json:"tokens_per_second"`
	RequestsProcessing *float64 `json:"requests_processing"`
	// KVUsagePercent is how full the server says its KV cache is
	// (runtime-reported: vLLM, older llama-server builds).
	KVUsagePercent *float64 `json:"kv_usage_percent"`
	Server         *string  `json:"server"`     // llama-server, ollama, lmstudio, vllm
	APIStatus      *string  `json:"api_status"` // ok, loading, needs_key, error
	LogPath        *string  `json:"log_path"`
	Notes          []string `json:"notes"`
}

// APIFacts is what a server's local API reported (all optional).
type APIFacts struct {
	Server             string
	Status             string // ok, loading, needs_key, error
	NCtx               *uint64
	SlotsTotal         *int
	SlotsBusy          *int
	TokensPerSecond    *float64
	RequestsProcessing *float64
	KVUsageRatio       *float64 // 0..1
	ModelPaths         []string
	VRAMBytes          *uint64 // Ollama's size_vram: runtime-reported
}

// LogFacts is what the newest load block of a buffer log reported for GPU
// (device) buffers.
type LogFacts struct {
	Path                         string
	Weights, KV, Compute, Output *uint64
	NCtx                         *uint64
}

// LLMInput is everything known about one process for its breakdown.
type LLMInput struct {
	MeasuredVRAM *uint64
	Models       []Model
	Headers      *HeaderCache
	Settings     modelargs.Settings
	API          *APIFacts
	Log          *LogFacts
}

// BuildLLM returns the process's LLM block, or nil when nothing marks it
// as an LLM process (no GGUF with load evidence, no API, no log).
func BuildLLM(in LLMInput) *LLM {
	var ggufs []*gguf.File
	loaded := 0
	for _, m := range in.Models {
		if m.Candidate || m.Format == nil || *m.Format != "gguf" || in.Headers == nil {
			continue
		}
		loaded++
		if h, err := in.Headers.Get(m.Path); err == nil {
			ggufs = append(ggufs, h)
		}
	}
	if loaded == 0 && in.API == nil && in.Log == nil {
		return nil
	}
	l := &LLM{Notes: []string{}}
	src := func(s string) *string { return &s }

	// Context size: the API says what the server runs with; then the
	// command line; then the log.
	switch {
	case in.API != nil && in.API.NCtx != nil:
		l.NCtx, l.NCtxSource = in.API.NCtx, src("api")
	case in.Settings.CtxSize != nil && *in.Settings.CtxSize > 0:
		v := uint64(*in.Settings.CtxSize)
		l.NCtx, l.NCtxSource = &v, src("cmdline")
	case in.Log != nil && in.Log.NCtx != nil:
		l.NCtx, l.NCtxSource = in.Log.NCtx, src("log")
	}
	switch {
	case in.API != nil && in.API.SlotsTotal != nil:
		v := uint64(*in.API.SlotsTotal)
		l.Parallel, l.ParallelSource = &v, src("api")
	case in.Settings.Parallel != nil && *in.Settings.Parallel > 0:
		v := uint64(*in.Settings.Parallel)
		l.Parallel, l.ParallelSource = &v, src("cmdline")
	}
	if in.API != nil {
		a := in.API
		if a.Server != "" {
			l.Server = src(a.Server)
		}
		if a.Status != "" {
			l.APIStatus = src(a.Status)
		}
		l.SlotsBusy, l.SlotsTotal = a.SlotsBusy, a.SlotsTotal
		l.TokensPerSecond, l.RequestsProcessing = a.TokensPerSecond, a.RequestsProcessing
		if a.KVUsageRatio != nil {
			pct := *a.KVUsageRatio * 100
			l.KVUsagePercent = &pct
		}
		if a.Status == "needs_key" {
			l.Notes = append(l.Notes, "API needs a key: start gtm with access to the server's --api-key to see its state")
		}
	}

	split := BreakdownInput{MeasuredVRAM: in.MeasuredVRAM}
	if in.Log != nil {
		l.LogPath = src(in.Log.Path)
		split.ReportedWeights, split.ReportedKV = in.Log.Weights, in.Log.KV
		split.ReportedCompute, split.ReportedOutput = in.Log.Compute, in.Log.Output
		split.ReportedFrom = "log"
	}
	if len(ggufs) > 0 {
		w, kv, notes := estimateAll(ggufs, in.Settings, l.NCtx, l.Parallel)
		split.EstimatedWeights, split.EstimatedKV = w, kv
		l.Notes = append(l.Notes, notes...)
	}
	if len(ggufs) > 1 {
		l.Notes = append(l.Notes, "several models in one process: their weights and KV estimates are added; per-model KV accounting is not supported")
	}
	l.Breakdown = Split(split)
	return l
}

// estimateAll adds the GPU weights and KV of every model with the
// process's own settings: -c, -np, -ctk/-ctv, -ngl, -ub, --swa-full.
func estimateAll(files []*gguf.File, s modelargs.Settings, nctx, parallel *uint64) (weights, kv *uint64, notes []string) {
	o := gguf.Options{}
	if nctx != nil {
		o.NCtx = int(*nctx)
	}
	if parallel != nil {
		o.Parallel = int(*parallel)
	}
	if s.CacheTypeK != nil {
		o.CacheTypeK = *s.CacheTypeK
	}
	if s.CacheTypeV != nil {
		o.CacheTypeV = *s.CacheTypeV
	}
	if s.UBatchSize != nil {
		o.NUbatch = *s.UBatchSize
	}
	if s.SWAFull != nil {
		o.SWAFull = *s.SWAFull
	}
	if s.GPULayers != nil && s.GPULayers.Mode == "" {
		n := s.GPULayers.Count
		o.NGPULayers = &n
	}
	var w, k uint64
	ok := false
	for _, f := range files {
		e, err := f.Estimate(o)
		if err != nil {
			notes = append(notes, "estimate failed: "+err.Error())
			continue
		}
		ok = true
		w += e.WeightsGPU
		if e.GPU > e.WeightsGPU {
			k += e.GPU - e.WeightsGPU
		}
	}
	if !ok {
		return nil, nil, notes
	}
	if nctx == nil {
		notes = append(notes, "context size unknown (no API, -c or log): KV estimated at the model's trained context")
	}
	return &w, &k, notes
}
