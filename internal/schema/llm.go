package schema

// LLM is the memory breakdown and live state of one LLM process: weights,
// KV cache, compute and output buffers in GPU memory (and, in Host, in
// host memory), and the measured remainder, each with its provenance; the
// context size with where it came from; and what the server's API says
// right now (slots, throughput).
type LLM struct {
	Breakdown
	// Host is the same split for host memory: CPU buffers, mapped
	// weights, pinned host buffers (CUDA_Host). Null when nothing is known.
	Host *HostParts `json:"host"`
	// NCtx is the server's whole context (all slots): from its log, -c,
	// the API's per-slot context times the slots, or the model's trained
	// context; NCtxSource says which.
	NCtx       *uint64 `json:"n_ctx"`
	NCtxSource *string `json:"n_ctx_source"` // log, cmdline, api, api_slots, model
	// NCtxSlot is the per-slot context the API reports (llama-server caps
	// it at the trained context).
	NCtxSlot       *uint64 `json:"n_ctx_slot"`
	Parallel       *uint64 `json:"parallel"`
	ParallelSource *string `json:"parallel_source"` // log, api, cmdline, default
	// KVUnified: one KV cache shared by all slots (true), or one stream
	// per slot (false).
	KVUnified          *bool    `json:"kv_unified"`
	KVUnifiedSource    *string  `json:"kv_unified_source"` // log, cmdline, default
	SlotsBusy          *int     `json:"slots_busy"`
	SlotsTotal         *int     `json:"slots_total"`
	TokensPerSecond    *float64 `json:"tokens_per_second"`
	RequestsProcessing *float64 `json:"requests_processing"`
	// KVUsagePercent is how full the server says its KV cache is
	// (runtime-reported: vLLM, older llama-server builds).
	KVUsagePercent *float64 `json:"kv_usage_percent"`
	Server         *string  `json:"server"`     // llama-server, ollama, lmstudio, vllm
	APIStatus      *string  `json:"api_status"` // ok, loading, needs_key, error
	// APIAddr is the loopback address ("127.0.0.1:11434") the server's
	// API answered on, and APIModel the name that API knows the model by
	// (Ollama's model name, LM Studio's instance id): what a user's
	// explicit unload request names. Collection itself never sends one.
	APIAddr  *string `json:"api_addr"`
	APIModel *string `json:"api_model"`

	// Role is how the process takes part in its server: "api" (it serves
	// the API), "worker" (it does the GPU work for an API process: vLLM's
	// engine core and tensor-parallel workers, SGLang's schedulers, TGI's
	// shards, an Ollama runner); null when no server recognised it.
	Role *string `json:"role"`
	// APIPID is the process whose API a worker's state was asked of (its
	// nearest ancestor serving that API); null for the API process
	// itself, or when none was found.
	APIPID *int `json:"api_pid"`
	// Rank is a worker's tensor-parallel rank, as its process title or
	// its log lines say; null when neither does.
	Rank *int `json:"rank"`
	// ModelID is the model the server serves, as an HF id or a path: what
	// its API says it loaded (vLLM's root, SGLang's model_path, TGI's
	// model_id), else what its load log or command line names;
	// ModelIDSource says which (api, log, cmdline).
	ModelID       *string `json:"model_id"`
	ModelIDSource *string `json:"model_id_source"`
	// RequestsWaiting are the requests the server has queued (reported).
	RequestsWaiting *float64 `json:"requests_waiting"`
	// KVCapacityTokens is how many tokens the KV cache holds, as the
	// server's API or load log reports it; KVCapacitySource says which.
	KVCapacityTokens *uint64 `json:"kv_capacity_tokens"`
	KVCapacitySource *string `json:"kv_capacity_source"` // api, log
	// MemoryFraction is the share of the GPU's memory the engine was told
	// it may take (vLLM --gpu-memory-utilization, SGLang
	// --mem-fraction-static), as its API reports it.
	MemoryFraction *float64 `json:"memory_fraction"`
	// TensorParallel is how many GPUs the model is split over, as the API
	// or the command line says.
	TensorParallel *int `json:"tensor_parallel"`
	// PrefixCacheHitPercent is the share of prompt tokens served from the
	// prefix cache (reported).
	PrefixCacheHitPercent *float64 `json:"prefix_cache_hit_percent"`
	// PreemptionsTotal is how many requests the engine has preempted since
	// it started, for want of KV cache (vLLM's vllm:num_preemptions_total;
	// reported). RequestsDeferred are the requests llama-server deferred
	// because every slot was busy (llamacpp:requests_deferred; reported).
	PreemptionsTotal *float64 `json:"preemptions_total"`
	RequestsDeferred *float64 `json:"requests_deferred"`
	// Pressure is what the server's own figures say hurts now (KV cache
	// full with requests waiting, preemptions rising, every slot busy with
	// requests deferred), worded for what a user would act on; [] when
	// nothing does, null when not evaluated (a snapshot gtm did not
	// annotate).
	Pressure []Pressure `json:"pressure"`
	// Devices split the reported buffers per device where the log gives
	// them per device (llama.cpp across CUDA0 and CUDA1); null otherwise.
	Devices []DeviceParts `json:"devices"`
	// APIModels are the model names the server's API says its work uses
	// (ComfyUI: checkpoints, UNets, VAEs, LoRAs named by the running and
	// queued prompts): what a prompt needs, not proof of what is loaded.
	APIModels []string `json:"api_models"`
	// TorchReserved is the memory PyTorch's caching allocator holds per
	// device, as the server reports it (ComfyUI's torch_vram_total):
	// reported, part of the process's measured VRAM.
	TorchReserved []TorchDevice `json:"torch_reserved"`

	LogPath *string  `json:"log_path"`
	Notes   []string `json:"notes"`
}

// TorchDevice is what PyTorch holds on one device, as a server reports.
type TorchDevice struct {
	Device string `json:"device"` // as the server names it ("cuda:0 NVIDIA H100 : cudaMallocAsync")
	Index  *int   `json:"index"`
	Bytes  uint64 `json:"bytes"`
}

// DeviceParts are one device's share of a process's reported buffers,
// as its load log names the device (CUDA0, Vulkan1, ...). GPU is the
// backend's own device number, which is the driver's index only when
// nothing reorders devices (CUDA_VISIBLE_DEVICES).
type DeviceParts struct {
	Device  string `json:"device"`
	GPU     *int   `json:"gpu"`
	Weights *Part  `json:"weights"`
	KVCache *Part  `json:"kv_cache"`
	Compute *Part  `json:"compute"`
	Output  *Part  `json:"output"`
}

// HostParts are an LLM's buffers in host memory, with provenance.
type HostParts struct {
	Weights *Part `json:"weights"`
	KVCache *Part `json:"kv_cache"`
	Compute *Part `json:"compute"`
	Output  *Part `json:"output"`
}

// Part is one slice of a process's GPU memory with its provenance:
// Source is "reported" (a runtime's load log or API) or "estimated" (header
// math with the process's settings); From is "log", "api", "gguf",
// "safetensors" (a safetensors header with its config.json) or "log_rank<N>"
// (another rank's log: a vLLM worker's KV cache, which every rank shares).
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
