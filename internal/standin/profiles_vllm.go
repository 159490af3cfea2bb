package standin

import (
	"fmt"
	"math"
	"strings"
)

// ---------------------------------------------------------------- vLLM

// VLLMOptions describe a `vllm serve` with the V1 engine and the
// multiprocessing executor: API server → VLLM::EngineCore → one
// VLLM::Worker_TPn per GPU.
type VLLMOptions struct {
	Model                Model
	TP                   int     // --tensor-parallel-size; 2
	GPUMemoryUtilization float64 // 0.9
	Version              string  // "0.11.0"
	BlockSize            int     // 16
	// KVCacheGiB is what each worker logs as "Available KV cache memory"
	// (reported by vLLM from its profiling run); 100.
	KVCacheGiB float64
	GraphGiB   float64 // "Graph capturing finished ... took X GiB"; 0.56
	LoadSecs   float64 // model loading time; 5.52
	Libs       Libs    // mapped by every worker and the engine core
	Weights    []string
	// /metrics values
	Running, Waiting, PromptTokens, GenerationTokens, PrefixQueries, PrefixHits, Preemptions int
	KVUsage                                                                                  float64 // 0..1; 0.0123
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

// NumGPUBlocks is vLLM's block count (v1/core/kv_cache_utils.py): the
// available KV bytes of a worker, rounded down to the %.2f GiB it logs,
// over one block's bytes across all layers.
func (o VLLMOptions) NumGPUBlocks() int64 {
	o = o.withDefaults()
	avail := int64(math.Round(o.KVCacheGiB*100) * gib / 100)
	perBlock := o.Model.KVBytesPerToken(o.TP) * int64(o.BlockSize)
	return avail / perBlock
}

// KVTokens is "GPU KV cache size: N tokens": NumGPUBlocks × BlockSize.
func (o VLLMOptions) KVTokens() int64 {
	o = o.withDefaults()
	return o.NumGPUBlocks() * int64(o.BlockSize)
}

// MaxConcurrency is "Maximum concurrency for L tokens per request: X.XXx":
// blocks over the blocks one max_model_len request needs.
func (o VLLMOptions) MaxConcurrency() float64 {
	o = o.withDefaults()
	per := (o.Model.MaxModelLen + o.BlockSize - 1) / o.BlockSize
	return float64(o.NumGPUBlocks()) / float64(per)
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
		Routes: map[string]Route{
			"/health":  {Body: "", ContentType: "text/plain"},
			"/version": {Body: fmt.Sprintf(`{"version":%q}`, o.Version)},
			// vllm/entrypoints/openai/protocol.py ModelList / ModelCard
			"/v1/models": {Body: fmt.Sprintf(`{"object":"list","data":[{"id":%q,"object":"model","created":1764864000,"owned_by":"vllm","root":%q,"parent":null,"max_model_len":%d,"permission":[{"id":"modelperm-0","object":"model_permission","created":1764864000,"allow_create_engine":false,"allow_sampling":true,"allow_logprobs":true,"allow_search_indices":false,"allow_view":true,"allow_fine_tuning":false,"organization":"*","group":null,"is_blocking":false}]}]}`,
				m.ID, m.ID, m.MaxModelLen)},
			"/metrics": {Body: vllmMetrics(o), ContentType: "text/plain; version=0.0.4; charset=utf-8"},
		},
		Log: []string{
			// vllm/entrypoints/openai/api_server.py run_server
			vllmLine("APIServer", "api_server.py:1839", "vLLM API server version "+o.Version),
		},
		LogReady: []string{
			// vllm/entrypoints/openai/api_server.py run_server_worker
			vllmLine("APIServer", "api_server.py:1912", "Starting vLLM API server 0 on http://127.0.0.1:{port}"),
		},
		Children: []Spec{vllmEngineCore(o)},
	}
}

// vllmLine is one INFO line of the process named proc. Log prefixes:
// vllm/utils/system_utils.py _add_prefix, "(NAME pid=PID) " without colour
// (NO_COLOR, or a log that is not a terminal); line format: vllm/logger.py
// "%(levelname)s %(asctime)s [%(fileinfo)s:%(lineno)d] %(message)s", date
// "%m-%d %H:%M:%S".
func vllmLine(proc, file, msg string) string {
	return "(" + proc + " pid={pid}) INFO {time} [" + file + "] " + msg
}

// vllmEngineCore is VLLM::EngineCore with its workers below it.
func vllmEngineCore(o VLLMOptions) Spec {
	m := o.Model
	// vllm/v1/engine/utils.py names the process "EngineCore_DP{index}".
	const name = "EngineCore_DP0"
	return Spec{
		// vllm/v1/engine/core.py run_engine_core: set_process_title("EngineCore")
		Argv:      []string{"VLLM::EngineCore"},
		SpawnArgv: spawnArgv(python, 5, 17),
		Map:       o.Libs.all(),
		Log: []string{
			// vllm/v1/engine/core.py EngineCore.__init__; the config is
			// VllmConfig.__str__ (vllm/config/vllm.py) in its field order, with
			// the nested config reprs shortened.
			vllmLine(name, "core.py:93", fmt.Sprintf("Initializing a V1 LLM engine (v%s) with config: model='%s', speculative_config=None, tokenizer='%s', "+
				"skip_tokenizer_init=False, tokenizer_mode=auto, revision=None, tokenizer_revision=None, trust_remote_code=False, dtype=torch.bfloat16, "+
				"max_seq_len=%d, download_dir=None, load_format=auto, tensor_parallel_size=%d, pipeline_parallel_size=1, data_parallel_size=1, "+
				"disable_custom_all_reduce=False, quantization=None, enforce_eager=False, kv_cache_dtype=auto, device_config=cuda, "+
				"structured_outputs_config=StructuredOutputsConfig(backend='auto'), observability_config=ObservabilityConfig(), seed=0, "+
				"served_model_name=%s, enable_prefix_caching=True, chunked_prefill_enabled=True, pooler_config=None, compilation_config={\"level\":3}",
				o.Version, m.ID, m.ID, m.MaxModelLen, o.TP, m.ID)),
		},
		LogReady: []string{
			// vllm/v1/core/kv_cache_utils.py: numbers with thousands separators
			vllmLine(name, "kv_cache_utils.py:1087", fmt.Sprintf("GPU KV cache size: %s tokens", commas(o.KVTokens()))),
			vllmLine(name, "kv_cache_utils.py:1091", fmt.Sprintf("Maximum concurrency for %s tokens per request: %.2fx", commas(int64(m.MaxModelLen)), o.MaxConcurrency())),
			// vllm/v1/engine/core.py _initialize_kv_caches
			vllmLine(name, "core.py:210", "init engine (profile, create kv cache, warmup model) took 30.12 seconds"),
		},
		Children: vllmWorkers(o),
	}
}

// vllmWorkers are the VLLM::Worker_TPn processes, one per GPU.
func vllmWorkers(o VLLMOptions) []Spec {
	var workers []Spec
	for r := 0; r < o.TP; r++ {
		// Titles and prefixes: vllm/v1/executor/multiproc_executor.py
		// (process_name "Worker" + "_TP{rank}", set_process_title → "VLLM::"
		// + name in vllm/utils/system_utils.py, decorate_logs(process_name)).
		name := fmt.Sprintf("Worker_TP%d", r)
		workers = append(workers, Spec{
			Argv:      []string{"VLLM::" + name},
			SpawnArgv: spawnArgv(python, 5, 30+r),
			Rank:      r,
			Map:       append(o.Libs.all(), o.Weights...),
			Log: []string{
				// vllm/v1/worker/gpu_model_runner.py load_model
				vllmLine(name, "gpu_model_runner.py:2602", fmt.Sprintf("Model loading took %.4f GiB and %.6f seconds", o.WeightsGiB(), o.LoadSecs)),
				// vllm/v1/worker/gpu_worker.py determine_available_memory
				vllmLine(name, "gpu_worker.py:298", fmt.Sprintf("Available KV cache memory: %.2f GiB", o.KVCacheGiB)),
				// vllm/v1/worker/gpu_model_runner.py capture_model
				vllmLine(name, "gpu_model_runner.py:3480", fmt.Sprintf("Graph capturing finished in %.0f secs, took %.2f GiB", 9.0, o.GraphGiB)),
			},
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
			o.BlockSize, trimFloat(o.GPUMemoryUtilization), o.NumGPUBlocks()))
	return strings.Join(lines, "\n") + "\n"
}
