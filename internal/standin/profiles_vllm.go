package standin

import (
	"fmt"
	"math"
	"strings"
)

// ---------------------------------------------------------------- vLLM

// VLLMOptions describe a `vllm serve` with the V1 engine and the
// multiprocessing executor: API server → VLLM::EngineCore → one
// VLLM::Worker_TPn per GPU. Version picks what the log looks like (see
// vllmCurrent): 0.11.0, where every rank logs its memory, or a current
// one (0.11.1 and later), where only the node's first rank does.
type VLLMOptions struct {
	Model Model
	// Attention is how vLLM's KV cache manager sees Model's layers; the
	// zero value is full attention on every layer (Model's KV heads).
	Attention            VLLMAttention
	TP                   int     // --tensor-parallel-size; 2
	GPUMemoryUtilization float64 // 0.9
	Version              string  // "0.11.0"
	BlockSize            int     // 16
	// MaxNumBatchedTokens is the scheduler's token budget a step, which
	// bounds a sliding-window layer's blocks; 8192 (vllm/engine/arg_utils.py
	// default for the OpenAI server with chunked prefill, 0.11).
	MaxNumBatchedTokens int
	// KVCacheGiB is the KV memory each worker has left after profiling,
	// as "Available KV cache memory" prints it (%.2f): the available bytes
	// are exactly this many hundredths of a GiB; 100.
	KVCacheGiB float64
	GraphGiB   float64 // "Graph capturing finished ... took X GiB"; 0.56
	LoadSecs   float64 // model loading time; 5.52
	// LoggingPrefix is VLLM_LOGGING_PREFIX: text vLLM puts before the level.
	LoggingPrefix string
	// ProcessNamePrefix is VLLM_PROCESS_NAME_PREFIX, "" for vLLM's "VLLM".
	ProcessNamePrefix string
	// NoLogo is VLLM_DISABLE_LOG_LOGO=1: a current API server writes its
	// one-line start instead of the logo.
	NoLogo  bool
	Libs    Libs // mapped by every worker and the engine core
	Weights []string
	// /metrics values
	Running, Waiting, PromptTokens, GenerationTokens, PrefixQueries, PrefixHits, Preemptions int
	KVUsage                                                                                  float64 // 0..1; 0.0123
}

// VLLMAttention is a model's attention as vLLM's KV cache specs see it
// (vllm/v1/kv_cache_interface.py, main at 2026-05; the same rules in 0.11).
type VLLMAttention struct {
	// SlidingLayers of Model.Layers attend over a sliding window of Window
	// tokens (SlidingWindowSpec); the others attend to everything
	// (FullAttentionSpec).
	SlidingLayers, Window int
	// MLAHeadSize, when set, makes every layer multi-head latent attention
	// (MLAAttentionSpec): one head of kv_lora_rank + qk_rope_head_dim
	// values, held whole on every rank.
	MLAHeadSize int
}

func (o VLLMOptions) withDefaults() VLLMOptions {
	o.Model = o.Model.withDefaults()
	if o.TP == 0 {
		o.TP = 2
	}
	if o.GPUMemoryUtilization == 0 {
		o.GPUMemoryUtilization = 0.9
	}
	if o.Version == "" {
		o.Version = "0.11.0"
	}
	if o.BlockSize == 0 {
		o.BlockSize = 16
	}
	if o.MaxNumBatchedTokens == 0 {
		o.MaxNumBatchedTokens = 8192
	}
	if o.KVCacheGiB == 0 {
		o.KVCacheGiB = 100
	}
	if o.GraphGiB == 0 {
		o.GraphGiB = 0.56
	}
	if o.LoadSecs == 0 {
		o.LoadSecs = 5.52
	}
	if o.KVUsage == 0 {
		o.KVUsage = 0.0123
	}
	return o
}

// WeightsGiB is each worker's "Model loading took X GiB" (printed %.4f):
// WeightBytesPerRank / 2^30.
func (o VLLMOptions) WeightsGiB() float64 {
	o = o.withDefaults()
	return float64(o.Model.WeightBytesPerRank(o.TP)) / gib
}

// NumGPUBlocks is the block count vLLM gives every rank (VLLMKVPlan).
func (o VLLMOptions) NumGPUBlocks() int64 { return o.KVPlan().NumBlocks }

// KVTokens is the block pool's tokens, NumGPUBlocks × BlockSize: what
// /metrics' cache_config_info gives (num_gpu_blocks, block_size).
func (o VLLMOptions) KVTokens() int64 {
	o = o.withDefaults()
	return o.NumGPUBlocks() * int64(o.BlockSize)
}

// MaxConcurrency is "Maximum concurrency for L tokens per request: X.XXx".
func (o VLLMOptions) MaxConcurrency() float64 { return o.KVPlan().MaxConcurrency }

// VLLMKVPlan is what vLLM allocates for the KV cache of one rank, by its
// own rules (vllm/v1/core/kv_cache_utils.py and kv_cache_interface.py,
// 0.11 and main at 2026-05; cited on each field). Every rank gets the
// same plan: get_kv_cache_configs gives all of them the smallest rank's
// num_blocks and shrinks their tensors to it.
type VLLMKVPlan struct {
	// PageBytes is one block of one layer on this rank (page_size_bytes):
	// full and sliding attention 2 × block_size × KV heads on the rank ×
	// head_size × dtype (AttentionSpec.real_page_size_bytes); MLA
	// block_size × 1 × head_size × dtype (MLAAttentionSpec).
	PageBytes int64
	// Layers, GroupSize, Groups: a model whose layers share one spec is
	// one group of all its layers; a hybrid one is split into groups of
	// GroupSize layers of one type, GroupSize the smallest type's count
	// (_get_kv_cache_groups_uniform_page_size; all 0.11.0 does), or since
	// then the largest's when it is under 1.5 times that (1.25 from PR
	// #29303, 2025-11-24; 1.5 from PR #36684, 2026-03-12: the releases
	// between are not profiled here). Each of GroupSize tensors holds one
	// layer of every group.
	Layers, GroupSize, Groups int
	// NumBlocks is available // PageBytes // GroupSize (get_num_blocks);
	// HeldBytes the KV memory the rank holds, NumBlocks × PageBytes ×
	// GroupSize (the KVCacheTensors).
	NumBlocks, HeldBytes int64
	// BlocksPerRequest is what one max_model_len request takes from the
	// shared pool: per group cdiv(max_memory_usage_bytes, page) (full:
	// cdiv(L, block_size) pages; sliding: cdiv(min(W-1+max_num_batched_tokens,
	// L), block_size)+1); MaxConcurrency NumBlocks over it
	// (get_max_concurrency_for_kv_cache_config).
	BlocksPerRequest int64
	MaxConcurrency   float64
	// LoggedTokens is "GPU KV cache size: N tokens" as the version logs it:
	// NumBlocks // Groups × block_size before 0.21, int(MaxConcurrency ×
	// max_model_len) after (see torchlog.KVTokensConcurrency).
	LoggedTokens int64
}

// KVPlan works out vLLM's KV cache for the options' model on one rank.
func (o VLLMOptions) KVPlan() VLLMKVPlan {
	o = o.withDefaults()
	m, a, bs := o.Model, o.Attention, int64(o.BlockSize)
	heads := int64(max(m.KVHeads/max(o.TP, 1), 1)) // past as many ranks as heads, vLLM replicates them
	page := 2 * bs * heads * int64(m.HeadDim) * int64(m.DTypeBytes)
	if a.MLAHeadSize > 0 {
		page = bs * int64(a.MLAHeadSize) * int64(m.DTypeBytes)
	}
	p := VLLMKVPlan{PageBytes: page, Layers: m.Layers, GroupSize: m.Layers, Groups: 1}
	full, sliding := m.Layers-a.SlidingLayers, a.SlidingLayers
	if full > 0 && sliding > 0 {
		lo, hi := min(full, sliding), max(full, sliding)
		p.GroupSize = lo
		if vllmAtLeast(o.Version, 12) && float64(hi) < float64(lo)*1.5 {
			p.GroupSize = hi
		}
		p.Groups = cdiv(full, p.GroupSize) + cdiv(sliding, p.GroupSize)
	}
	avail := int64(math.Round(o.KVCacheGiB*100)) * gib / 100
	p.NumBlocks = avail / page / int64(p.GroupSize)
	p.HeldBytes = p.NumBlocks * page * int64(p.GroupSize)
	L := int64(m.MaxModelLen)
	fullBlocks := (L + bs - 1) / bs
	slidingBlocks := (min(int64(a.Window)-1+int64(o.MaxNumBatchedTokens), L)+bs-1)/bs + 1
	switch {
	case sliding == 0:
		p.BlocksPerRequest = fullBlocks
	case full == 0:
		p.BlocksPerRequest = slidingBlocks
	default:
		p.BlocksPerRequest = int64(cdiv(full, p.GroupSize))*fullBlocks + int64(cdiv(sliding, p.GroupSize))*slidingBlocks
	}
	p.MaxConcurrency = float64(p.NumBlocks) / float64(p.BlocksPerRequest)
	p.LoggedTokens = p.NumBlocks / int64(p.Groups) * bs
	if vllmAtLeast(o.Version, 21) {
		p.LoggedTokens = int64(p.MaxConcurrency * float64(L))
	}
	return p
}

func cdiv(a, b int) int { return (a + b - 1) / b }

// vllmAtLeast: version is 0.minor or later (vLLM is 0.x throughout).
func vllmAtLeast(version string, minor int) bool {
	_, rest, _ := strings.Cut(version, ".")
	n := 0
	for i := 0; i < len(rest) && rest[i] >= '0' && rest[i] <= '9'; i++ {
		n = n*10 + int(rest[i]-'0')
	}
	return n >= minor
}

// vllmCurrent: the version logs memory on the node's first rank only
// (0.11.1 and later: PR #26740) and writes the current start lines.
func vllmCurrent(version string) bool {
	return vllmAtLeast(version, 12) || strings.HasPrefix(version, "0.11.") && version != "0.11.0"
}

// The models of the version matrix, from each one's config.json on the
// Hugging Face hub (the file named after each).

// Qwen3_8B is Qwen/Qwen3-8B (config.json: num_hidden_layers 36,
// num_key_value_heads 8, head_dim 128, torch_dtype bfloat16,
// max_position_embeddings 40960): dense, full attention.
func Qwen3_8B() (Model, VLLMAttention) { return Model{}.withDefaults(), VLLMAttention{} }

// DeepSeekV2Lite is deepseek-ai/DeepSeek-V2-Lite (config.json:
// num_hidden_layers 27, kv_lora_rank 512, qk_rope_head_dim 64,
// torch_dtype bfloat16, max_position_embeddings 163840; 15.7B
// parameters, model card): MLA, one 576-wide latent head a layer.
func DeepSeekV2Lite() (Model, VLLMAttention) {
	return Model{ID: "deepseek-ai/DeepSeek-V2-Lite", Architecture: "DeepseekV2ForCausalLM", ModelType: "deepseek_v2",
		Layers: 27, KVHeads: 16, HeadDim: 128, DTypeBytes: 2, MaxModelLen: 163840, Params: 15_700_000_000}, VLLMAttention{MLAHeadSize: 512 + 64}
}

// Gemma3_12B is google/gemma-3-12b-it (config.json text_config:
// num_hidden_layers 48, num_key_value_heads 8, head_dim 256,
// sliding_window 1024, sliding_window_pattern 6: five sliding layers to
// one full; max_position_embeddings 131072; torch_dtype bfloat16; 12.2B
// parameters, model card): hybrid, 40 sliding and 8 full layers.
func Gemma3_12B() (Model, VLLMAttention) {
	return Model{ID: "google/gemma-3-12b-it", Architecture: "Gemma3ForConditionalGeneration", ModelType: "gemma3",
		Layers: 48, KVHeads: 8, HeadDim: 256, DTypeBytes: 2, MaxModelLen: 131072, Params: 12_200_000_000}, VLLMAttention{SlidingLayers: 40, Window: 1024}
}

// VLLM is a `vllm serve` tree.
func VLLM(o VLLMOptions) Spec {
	o = o.withDefaults()
	m := o.Model
	util := trimFloat(o.GPUMemoryUtilization)
	return Spec{
		// `vllm serve` is a console script: python runs /usr/local/bin/vllm,
		// and the kernel names the process after the script.
		Argv: []string{python, "/usr/local/bin/vllm", "serve", m.ID, "--tensor-parallel-size", fmt.Sprint(o.TP),
			"--gpu-memory-utilization", util, "--host", "127.0.0.1", "--port", "{port}"},
		Comm: "vllm",
		// the children inherit these (vllm/envs.py reads them in each process)
		Env: vllmEnv(o),
		Routes: map[string]Route{
			"/health":  {Body: "", ContentType: "text/plain"},
			"/version": {Body: fmt.Sprintf(`{"version":%q}`, o.Version)},
			// vllm/entrypoints/openai/protocol.py ModelList / ModelCard
			"/v1/models": {Body: fmt.Sprintf(`{"object":"list","data":[{"id":%q,"object":"model","created":1764864000,"owned_by":"vllm","root":%q,"parent":null,"max_model_len":%d,"permission":[{"id":"modelperm-0","object":"model_permission","created":1764864000,"allow_create_engine":false,"allow_sampling":true,"allow_logprobs":true,"allow_search_indices":false,"allow_view":true,"allow_fine_tuning":false,"organization":"*","group":null,"is_blocking":false}]}]}`,
				m.ID, m.ID, m.MaxModelLen)},
			"/metrics": {Body: vllmMetrics(o), ContentType: "text/plain; version=0.0.4; charset=utf-8"},
		},
		Log:      vllmAPIStart(o),
		LogReady: vllmAPIReady(o),
		Children: []Spec{vllmEngineCore(o)},
	}
}

// vllmEnv is the environment the options set.
func vllmEnv(o VLLMOptions) []string {
	var env []string
	if o.LoggingPrefix != "" {
		env = append(env, "VLLM_LOGGING_PREFIX="+o.LoggingPrefix)
	}
	if o.ProcessNamePrefix != "" {
		env = append(env, "VLLM_PROCESS_NAME_PREFIX="+o.ProcessNamePrefix)
	}
	if o.NoLogo {
		env = append(env, "VLLM_DISABLE_LOG_LOGO=1")
	}
	return env
}

// vllmAPIStart is the API server's first line: 0.11.0's
// (vllm/entrypoints/openai/api_server.py run_server:1839), or a current
// one's (vllm/entrypoints/utils.py log_version_and_model, called from
// api_server.py run_server; main at 2026-05): the logo, as the "newline"
// formatter writes it to a file (monochrome; NewLineFormatter repeats the
// line's header on every line of the message, the first one empty), or
// with VLLM_DISABLE_LOG_LOGO the one-line form.
func vllmAPIStart(o VLLMOptions) []string {
	// vllm/config/scheduler.py SchedulerConfig.__post_init__, as the API
	// server builds the config (0.11.0 scheduler.py:205; main at 2026-05
	// scheduler.py:239, info_once)
	batched := func(at string) string {
		return vllmLine(o, "APIServer", at, fmt.Sprintf("Chunked prefill is enabled with max_num_batched_tokens=%d.", o.MaxNumBatchedTokens))
	}
	if !vllmCurrent(o.Version) {
		return []string{vllmLine(o, "APIServer", "api_server.py:1839", "vLLM API server version "+o.Version), batched("scheduler.py:205")}
	}
	const at = "utils.py:292"
	if o.NoLogo {
		return []string{vllmLine(o, "APIServer", at, "vLLM server version "+o.Version+", serving model "+o.Model.ID), batched("scheduler.py:239")}
	}
	return []string{
		vllmLine(o, "APIServer", at, ""),
		vllmLine(o, "APIServer", at, "       █     █     █▄   ▄█"),
		vllmLine(o, "APIServer", at, " ▄▄ ▄█ █     █     █ ▀▄▀ █  version "+o.Version),
		vllmLine(o, "APIServer", at, "  █▄█▀ █     █     █     █  model   "+o.Model.ID),
		vllmLine(o, "APIServer", at, "   ▀▀  ▀▀▀▀▀ ▀▀▀▀▀ ▀     ▀"),
		vllmLine(o, "APIServer", at, ""),
		batched("scheduler.py:239"),
	}
}

// vllmAPIReady is the line once the API serves: 0.11.0's
// api_server.py run_server_worker:1912, or a current build_and_serve's.
func vllmAPIReady(o VLLMOptions) []string {
	if vllmCurrent(o.Version) {
		return []string{vllmLine(o, "APIServer", "api_server.py:587", "Starting vLLM server on http://127.0.0.1:{port}")}
	}
	return []string{vllmLine(o, "APIServer", "api_server.py:1912", "Starting vLLM API server 0 on http://127.0.0.1:{port}")}
}

// vllmLine is one INFO line of the process named proc. Log prefixes:
// vllm/utils/system_utils.py _add_prefix, "(NAME pid=PID) " without colour
// (NO_COLOR, or a log that is not a terminal); line format: vllm/logger.py
// "%(levelname)s %(asctime)s [%(fileinfo)s:%(lineno)d] %(message)s" after
// VLLM_LOGGING_PREFIX (logger.py:22-25), date "%m-%d %H:%M:%S".
func vllmLine(o VLLMOptions, proc, file, msg string) string {
	return "(" + proc + " pid={pid}) " + o.LoggingPrefix + "INFO {time} [" + file + "] " + msg
}

// vllmTitle is a process title: set_process_title's prefix + "::" + name
// (vllm/utils/system_utils.py), the prefix VLLM_PROCESS_NAME_PREFIX.
func vllmTitle(o VLLMOptions, name string) string {
	prefix := o.ProcessNamePrefix
	if prefix == "" {
		prefix = "VLLM"
	}
	return prefix + "::" + name
}

// vllmEngineCore is VLLM::EngineCore with its workers below it.
func vllmEngineCore(o VLLMOptions) Spec {
	m := o.Model
	// vllm/v1/engine/utils.py names the process "EngineCore_DP{index}" in
	// 0.11.0; later "EngineCore" when there is no data parallelism.
	name := "EngineCore_DP0"
	if vllmCurrent(o.Version) {
		name = "EngineCore"
	}
	p := o.KVPlan()
	return Spec{
		// vllm/v1/engine/core.py run_engine_core: set_process_title("EngineCore")
		Argv:      []string{vllmTitle(o, "EngineCore")},
		SpawnArgv: spawnArgv(python, 5, 17),
		Map:       o.Libs.all(),
		Log: []string{
			// vllm/v1/engine/core.py EngineCore.__init__; the config is
			// VllmConfig.__str__ (vllm/config/vllm.py) in its field order, with
			// the nested config reprs shortened.
			vllmLine(o, name, "core.py:93", fmt.Sprintf("Initializing a V1 LLM engine (v%s) with config: model='%s', speculative_config=None, tokenizer='%s', "+
				"skip_tokenizer_init=False, tokenizer_mode=auto, revision=None, tokenizer_revision=None, trust_remote_code=False, dtype=torch.bfloat16, "+
				"max_seq_len=%d, download_dir=None, load_format=auto, tensor_parallel_size=%d, pipeline_parallel_size=1, data_parallel_size=1, "+
				"disable_custom_all_reduce=False, quantization=None, enforce_eager=False, kv_cache_dtype=auto, device_config=cuda, "+
				"structured_outputs_config=StructuredOutputsConfig(backend='auto'), observability_config=ObservabilityConfig(), seed=0, "+
				"served_model_name=%s, enable_prefix_caching=True, chunked_prefill_enabled=True, pooler_config=None, compilation_config={\"level\":3}",
				o.Version, m.ID, m.ID, m.MaxModelLen, o.TP, m.ID)),
		},
		LogReady: []string{
			// vllm/v1/core/kv_cache_utils.py _report_kv_cache_config (0.11.0:1087;
			// main at 2026-05: 2237): numbers with thousands separators
			vllmLine(o, name, "kv_cache_utils.py:1087", fmt.Sprintf("GPU KV cache size: %s tokens", commas(p.LoggedTokens))),
			vllmLine(o, name, "kv_cache_utils.py:1091", fmt.Sprintf("Maximum concurrency for %s tokens per request: %.2fx", commas(int64(m.MaxModelLen)), p.MaxConcurrency)),
			// vllm/v1/engine/core.py _initialize_kv_caches
			vllmLine(o, name, "core.py:210", "init engine (profile, create kv cache, warmup model) took 30.12 seconds"),
		},
		Children: vllmWorkers(o),
	}
}

// vllmWorkers are the VLLM::Worker_TPn processes, one per GPU. 0.11.0's
// every worker logs its memory; from 0.11.1 the three lines go through
// logger.info_once(..., scope="local") (PR #26740; vllm/logger.py
// _should_log_with_scope → parallel_state.is_local_first_rank), so only
// the node's first rank writes them.
func vllmWorkers(o VLLMOptions) []Spec {
	var workers []Spec
	for r := 0; r < o.TP; r++ {
		// Titles and prefixes: vllm/v1/executor/multiproc_executor.py
		// (process_name "Worker" + "_TP{rank}", set_process_title → "VLLM::"
		// + name in vllm/utils/system_utils.py, decorate_logs(process_name)).
		name := fmt.Sprintf("Worker_TP%d", r)
		var log []string
		if r == 0 || !vllmCurrent(o.Version) {
			log = []string{
				// vllm/v1/worker/gpu_model_runner.py load_model
				vllmLine(o, name, "gpu_model_runner.py:2602", fmt.Sprintf("Model loading took %.4f GiB and %.6f seconds", o.WeightsGiB(), o.LoadSecs)),
				// vllm/v1/worker/gpu_worker.py determine_available_memory
				vllmLine(o, name, "gpu_worker.py:298", fmt.Sprintf("Available KV cache memory: %.2f GiB", o.KVCacheGiB)),
				// vllm/v1/worker/gpu_model_runner.py capture_model
				vllmLine(o, name, "gpu_model_runner.py:3480", fmt.Sprintf("Graph capturing finished in %.0f secs, took %.2f GiB", 9.0, o.GraphGiB)),
			}
		}
		workers = append(workers, Spec{
			Argv:      []string{vllmTitle(o, name)},
			SpawnArgv: spawnArgv(python, 5, 30+r),
			Rank:      r,
			Map:       append(o.Libs.all(), o.Weights...),
			Log:       log,
		})
	}
	return workers
}

// vllmMetrics is the API server's /metrics: vllm/v1/metrics/loggers.py
// PrometheusStatLogger (names, help, labels model_name and engine);
// prometheus_client text format 0.0.4.
func vllmMetrics(o VLLMOptions) string {
	labels := fmt.Sprintf(`{model_name=%q,engine="0"}`, o.Model.ID)
	var lines []string
	for _, c := range []struct {
		name, kind, help string
		v                string
	}{
		{"vllm:num_requests_running", "gauge", "Number of requests in model execution batches.", fmt.Sprintf("%d.0", o.Running)},
		{"vllm:num_requests_waiting", "gauge", "Number of requests waiting to be processed.", fmt.Sprintf("%d.0", o.Waiting)},
		{"vllm:kv_cache_usage_perc", "gauge", "KV-cache usage. 1 means 100 percent usage.", pyFloat(o.KVUsage)},
		{"vllm:prefix_cache_queries_total", "counter", "Prefix cache queries, in terms of number of queried tokens.", fmt.Sprintf("%d.0", o.PrefixQueries)},
		{"vllm:prefix_cache_hits_total", "counter", "Prefix cache hits, in terms of number of cached tokens.", fmt.Sprintf("%d.0", o.PrefixHits)},
		{"vllm:num_preemptions_total", "counter", "Cumulative number of preemption from the engine.", fmt.Sprintf("%d.0", o.Preemptions)},
		{"vllm:prompt_tokens_total", "counter", "Number of prefill tokens processed.", fmt.Sprintf("%d.0", o.PromptTokens)},
		{"vllm:generation_tokens_total", "counter", "Number of generation tokens processed.", fmt.Sprintf("%d.0", o.GenerationTokens)},
	} {
		lines = append(lines, "# HELP "+c.name+" "+c.help, "# TYPE "+c.name+" "+c.kind, c.name+labels+" "+c.v)
	}
	// vllm/v1/metrics/loggers.py log_metrics_info: labels are
	// CacheConfig.metrics_info() (vllm/config/cache.py: every field as
	// str(), in declaration order; the v0.11 fields) then "engine".
	lines = append(lines,
		"# HELP vllm:cache_config_info Information of the LLMEngine CacheConfig",
		"# TYPE vllm:cache_config_info gauge",
		fmt.Sprintf(`vllm:cache_config_info{block_size="%d",gpu_memory_utilization="%s",swap_space="4",cache_dtype="auto",is_attention_free="False",num_gpu_blocks_override="None",sliding_window="None",enable_prefix_caching="True",prefix_caching_hash_algo="sha256",cpu_offload_gb="0",calculate_kv_scales="False",cpu_kvcache_space_bytes="None",mamba_page_size_padded="None",mamba_cache_dtype="auto",mamba_ssm_cache_dtype="auto",num_gpu_blocks="%d",num_cpu_blocks="0",kv_sharing_fast_prefill="False",kv_cache_memory_bytes="None",engine="0"} 1.0`,
			o.BlockSize, trimFloat(o.GPUMemoryUtilization), o.KVPlan().NumBlocks))
	return strings.Join(lines, "\n") + "\n"
}
