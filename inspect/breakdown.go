package inspect

import "github.com/gputaskman/gtm/internal/schema"

// BreakdownInput is what is known about one process's GPU memory. Reported
// values (device buffers from a load log) win over estimates.
type BreakdownInput struct {
	MeasuredVRAM *uint64

	ReportedWeights, ReportedKV, ReportedCompute, ReportedOutput *uint64
	// ReportedActivations and ReportedGraphs are what a PyTorch engine's
	// log says its activation peak and CUDA graphs take (vLLM, SGLang).
	ReportedActivations, ReportedGraphs *uint64
	ReportedFrom                        string // "log" or "api"
	// ReportedKVFrom, when set, replaces ReportedFrom for the KV cache:
	// "log_rank0" for a figure another rank's log reported.
	ReportedKVFrom string

	EstimatedWeights, EstimatedKV *uint64 // GPU share, from header math
	EstimatedFrom                 string  // "gguf" (the default) or "safetensors"
}

// Split builds the breakdown. The known parts are never added into the
// measured total; they are set beside it, and the remainder is "other".
func Split(in BreakdownInput) schema.Breakdown {
	var b schema.Breakdown
	estFrom := in.EstimatedFrom
	if estFrom == "" {
		estFrom = "gguf"
	}
	pick := func(reported, estimated *uint64) *schema.Part {
		switch {
		case reported != nil:
			return &schema.Part{Bytes: *reported, Source: "reported", From: in.ReportedFrom}
		case estimated != nil:
			return &schema.Part{Bytes: *estimated, Source: "estimated", From: estFrom}
		}
		return nil
	}
	b.Weights = pick(in.ReportedWeights, in.EstimatedWeights)
	b.KVCache = pick(in.ReportedKV, in.EstimatedKV)
	if b.KVCache != nil && in.ReportedKV != nil && in.ReportedKVFrom != "" {
		b.KVCache.From = in.ReportedKVFrom
	}
	b.Compute = pick(in.ReportedCompute, nil)
	b.Output = pick(in.ReportedOutput, nil)
	b.Activations = pick(in.ReportedActivations, nil)
	b.CUDAGraphs = pick(in.ReportedGraphs, nil)

	if in.MeasuredVRAM == nil {
		return b // nothing measured: no remainder to show
	}
	var known uint64
	any := false
	for _, p := range b.Parts() {
		if p != nil {
			known += p.Bytes
			any = true
		}
	}
	if !any {
		return b
	}
	b.Other = &schema.Other{Source: "inferred"}
	if known > *in.MeasuredVRAM {
		b.Other.Exceeded = true
		return b
	}
	rest := *in.MeasuredVRAM - known
	b.Other.Bytes = &rest
	return b
}
