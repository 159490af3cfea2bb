package inspect

// Part is one slice of a process's GPU memory with its provenance:
// Source is "reported" (a runtime's load log or API) or "estimated" (header
// math with the process's settings); From is "log", "api", "gguf" or
// "safetensors" (a safetensors header with its config.json).
type Part struct {
	Bytes  uint64 `json:"bytes"`
	Source string `json:"source"`
	From   string `json:"from"`
}

// Other is what the measured VRAM holds beyond the known parts: runtime
// context, allocator caches, buffers no log names. It is inferred
// (measured minus the rest), never a measurement of its own. When the known
// parts add up to more than the measurement, Bytes is null and Exceeded is
// true: the estimates are too high or the memory is elsewhere (host).
type Other struct {
	Bytes    *uint64 `json:"bytes"`
	Source   string  `json:"source"`
	Exceeded bool    `json:"estimates_exceed_measurement"`
}

// BreakdownInput is what is known about one process's GPU memory. Reported
// values (device buffers from a load log) win over estimates.
type BreakdownInput struct {
	MeasuredVRAM *uint64

	ReportedWeights, ReportedKV, ReportedCompute, ReportedOutput *uint64
	// ReportedActivations and ReportedGraphs are what a PyTorch engine's
	// log says its activation peak and CUDA graphs take (vLLM, SGLang).
	ReportedActivations, ReportedGraphs *uint64
	ReportedFrom                        string // "log" or "api"

	EstimatedWeights, EstimatedKV *uint64 // GPU share, from header math
	EstimatedFrom                 string  // "gguf" (the default) or "safetensors"
}

// Breakdown is the split of a process's GPU memory into weights, KV cache,
// compute and output buffers (llama.cpp), activations and CUDA graphs
// (PyTorch engines), and the rest.
type Breakdown struct {
	Weights     *Part  `json:"weights"`
	KVCache     *Part  `json:"kv_cache"`
	Compute     *Part  `json:"compute"`
	Output      *Part  `json:"output"`
	Activations *Part  `json:"activations"`
	CUDAGraphs  *Part  `json:"cuda_graphs"`
	Other       *Other `json:"other"`
}

// Parts are the known parts in display order, nil where unknown.
func (b *Breakdown) Parts() [6]*Part {
	return [6]*Part{b.Weights, b.KVCache, b.Compute, b.Output, b.Activations, b.CUDAGraphs}
}

// PartNames are the parts' JSON names, in the order of Parts.
var PartNames = [6]string{"weights", "kv_cache", "compute", "output", "activations", "cuda_graphs"}

// Split builds the breakdown. The known parts are never added into the
// measured total; they are set beside it, and the remainder is "other".
func Split(in BreakdownInput) Breakdown {
	var b Breakdown
	estFrom := in.EstimatedFrom
	if estFrom == "" {
		estFrom = "gguf"
	}
	pick := func(reported, estimated *uint64) *Part {
		switch {
		case reported != nil:
			return &Part{Bytes: *reported, Source: "reported", From: in.ReportedFrom}
		case estimated != nil:
			return &Part{Bytes: *estimated, Source: "estimated", From: estFrom}
		}
		return nil
	}
	b.Weights = pick(in.ReportedWeights, in.EstimatedWeights)
	b.KVCache = pick(in.ReportedKV, in.EstimatedKV)
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
	b.Other = &Other{Source: "inferred"}
	if known > *in.MeasuredVRAM {
		b.Other.Exceeded = true
		return b
	}
	rest := *in.MeasuredVRAM - known
	b.Other.Bytes = &rest
	return b
}
