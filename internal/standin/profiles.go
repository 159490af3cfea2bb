package standin

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The profiles below build the process trees of real inference servers.
// Every string is taken from the project named next to it; the numbers
// come from the options and are tied together by the arithmetic in each
// options type's methods, so a test can assert what gtm should find.

// gib is 2^30: vLLM's GiB_bytes and SGLang's GB (1024*1024*1024, though
// SGLang prints "GB").
const gib = 1 << 30

// Model is the model a stand-in serves. The zero Model (no ID) means
// Qwen/Qwen3-8B: its config.json (36 layers, 8 KV heads of 128, bfloat16,
// max_position_embeddings 40960) and parameter count.
type Model struct {
	ID           string // "Qwen/Qwen3-8B"
	Architecture string // "Qwen3ForCausalLM"
	ModelType    string // "qwen3"
	Layers       int    // 36
	KVHeads      int    // 8
	HeadDim      int    // 128
	DTypeBytes   int    // 2 (bfloat16)
	MaxModelLen  int    // 40960
	Params       int64  // 8190735360
}

func (m Model) withDefaults() Model {
	d := Model{ID: "Qwen/Qwen3-8B", Architecture: "Qwen3ForCausalLM", ModelType: "qwen3",
		Layers: 36, KVHeads: 8, HeadDim: 128, DTypeBytes: 2, MaxModelLen: 40960, Params: 8190735360}
	if m.ID == "" {
		return d
	}
	return m
}

// KVBytesPerToken is the KV cache one token takes on one of tp ranks,
// estimated: K and V, every layer, the rank's share of the KV heads (at
// least one: past as many ranks as KV heads, vLLM and SGLang replicate
// them). Never 0, so the token counts below never divide by zero.
func (m Model) KVBytesPerToken(tp int) int64 {
	m = m.withDefaults()
	b := 2 * int64(m.Layers) * int64(max(m.KVHeads/max(tp, 1), 1)) * int64(m.HeadDim) * int64(m.DTypeBytes)
	return max(b, 1)
}

// WeightBytesPerRank is the weights one of tp ranks holds, estimated as
// parameters × bytes per parameter / tp.
func (m Model) WeightBytesPerRank(tp int) int64 {
	m = m.withDefaults()
	return m.Params * int64(m.DTypeBytes) / int64(max(tp, 1))
}

// Libs are fake runtime libraries, laid out as a CUDA PyTorch wheel's
// venv has them; gtm recognises runtimes by these names when mapped.
type Libs struct {
	CUDART    string // nvidia/cuda_runtime/lib/libcudart.so.12
	Torch     string // torch/lib/libtorch.so
	TorchCUDA string // torch/lib/libtorch_cuda.so
	C10CUDA   string // torch/lib/libc10_cuda.so
}

// all are the library paths that are set.
func (l Libs) all() []string {
	var out []string
	for _, p := range []string{l.CUDART, l.Torch, l.TorchCUDA, l.C10CUDA} {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// FakeLibs creates small fake libraries under a fresh t.TempDir().
func FakeLibs(t testing.TB) Libs {
	t.Helper()
	sp := "venv/lib/python3.12/site-packages/"
	return Libs{
		CUDART:    FakeFile(t, sp+"nvidia/cuda_runtime/lib/libcudart.so.12", 8192),
		Torch:     FakeFile(t, sp+"torch/lib/libtorch.so", 8192),
		TorchCUDA: FakeFile(t, sp+"torch/lib/libtorch_cuda.so", 8192),
		C10CUDA:   FakeFile(t, sp+"torch/lib/libc10_cuda.so", 8192),
	}
}

// FakeFile creates rel (it may hold folders) under a fresh t.TempDir(),
// size non-zero bytes long, and returns its path.
func FakeFile(t testing.TB, rel string, size int) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatalf("standin: %v", err)
	}
	if err := os.WriteFile(p, []byte(strings.Repeat("\x5a", size)), 0o644); err != nil {
		t.Fatalf("standin: %v", err)
	}
	return p
}

// spawnArgv is what Python's multiprocessing "spawn" start method execs a
// child with (Lib/multiprocessing/spawn.py get_command_line), which
// setproctitle then overwrites.
func spawnArgv(python string, trackerFD, pipe int) []string {
	return []string{python, "-c",
		fmt.Sprintf("from multiprocessing.spawn import spawn_main; spawn_main(tracker_fd=%d, pipe_handle=%d)", trackerFD, pipe),
		"--multiprocessing-fork"}
}

const python = "/usr/bin/python3"

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

// ---------------------------------------------------------------- SGLang

// SGLangOptions describe `python3 -m sglang.launch_server`: the main
// process (HTTP server and tokenizer manager) → sglang::scheduler_TPn per
// GPU and sglang::detokenizer.
type SGLangOptions struct {
	Model             Model
	TP                int     // --tp; 2
	MemFractionStatic float64 // 0.871
	GPUGiB            float64 // each GPU's memory as SGLang sees it; 139.81
	KVCacheGiB        float64 // the KV pool of one rank (K+V); 110
	GraphGiB          float64 // 0.56
	Version           string  // "0.5.4"
	Libs              Libs
	Weights           []string
	// /metrics values
	Running, Queued      int
	TokenUsage, CacheHit float64 // 0..1
	GenThroughput        float64 // tokens/s
}

func (o SGLangOptions) withDefaults() SGLangOptions {
	o.Model = o.Model.withDefaults()
	if o.TP == 0 {
		o.TP = 2
	}
	if o.MemFractionStatic == 0 {
		o.MemFractionStatic = 0.871
	}
	if o.GPUGiB == 0 {
		o.GPUGiB = 139.81
	}
	if o.KVCacheGiB == 0 {
		o.KVCacheGiB = 110
	}
	if o.GraphGiB == 0 {
		o.GraphGiB = 0.56
	}
	if o.Version == "" {
		o.Version = "0.5.4"
	}
	if o.GenThroughput == 0 {
		o.GenThroughput = 42.5
	}
	return o
}

// WeightsGiB is each rank's "mem usage" at "Load weight end": weights per
// rank / 2^30 (estimated).
func (o SGLangOptions) WeightsGiB() float64 {
	o = o.withDefaults()
	return float64(o.Model.WeightBytesPerRank(o.TP)) / gib
}

// KVTokens is "KV Cache is allocated. #tokens: N" (max_total_num_tokens):
// the pool's bytes over one token's K+V bytes on a rank, rounded down.
func (o SGLangOptions) KVTokens() int64 {
	o = o.withDefaults()
	return int64(o.KVCacheGiB*gib) / o.Model.KVBytesPerToken(o.TP)
}

// KSizeGiB is "K size" (and "V size"): half of the pool that KVTokens use.
func (o SGLangOptions) KSizeGiB() float64 {
	o = o.withDefaults()
	return float64(o.KVTokens()*o.Model.KVBytesPerToken(o.TP)/2) / gib
}

// SGLang is a `python3 -m sglang.launch_server` tree.
func SGLang(o SGLangOptions) Spec {
	o = o.withDefaults()
	m := o.Model
	// python/sglang/srt/entrypoints/http_server.py get_model_info
	modelInfo := fmt.Sprintf(`{"model_path":%q,"tokenizer_path":%q,"is_generation":true,"preferred_sampling_params":null,"weight_version":"default","has_image_understanding":false,"has_audio_understanding":false,"model_type":%q,"architectures":[%q]}`,
		m.ID, m.ID, m.ModelType, m.Architecture)
	// http_server.py get_server_info: server_args, scheduler info,
	// internal_states (managers/scheduler.py get_internal_state memory_usage,
	// GB = 2^30) and version
	serverInfo := fmt.Sprintf(`{"model_path":%q,"tokenizer_path":%q,"host":"127.0.0.1","port":{port},"mem_fraction_static":%s,"tp_size":%d,"dp_size":1,"context_length":null,"max_total_tokens":null,"max_total_num_tokens":%d,"max_req_input_len":%d,"internal_states":[{"memory_usage":{"weight":%.2f,"kvcache":%.2f,"token_capacity":%d,"graph":%.2f},"last_gen_throughput":%s}],"version":%q}`,
		m.ID, m.ID, trimFloat(o.MemFractionStatic), o.TP, o.KVTokens(), m.MaxModelLen-5,
		o.WeightsGiB(), 2*o.KSizeGiB(), o.KVTokens(), o.GraphGiB, pyFloat(o.GenThroughput), o.Version)
	models := fmt.Sprintf(`{"object":"list","data":[{"id":%q,"object":"model","created":1764864000,"owned_by":"sglang","root":%q,"max_model_len":%d}]}`, m.ID, m.ID, m.MaxModelLen)
	return Spec{
		Argv: []string{python, "-m", "sglang.launch_server", "--model-path", m.ID, "--tp", fmt.Sprint(o.TP), "--host", "127.0.0.1", "--port", "{port}", "--enable-metrics"},
		Comm: "python3",
		Routes: map[string]Route{
			"/health":          {ContentType: "text/plain"},
			"/get_model_info":  {Body: modelInfo},
			"/model_info":      {Body: modelInfo},
			"/get_server_info": {Body: serverInfo},
			"/server_info":     {Body: serverInfo},
			"/v1/models":       {Body: models},
			"/metrics":         {Body: sglangMetrics(o), ContentType: "text/plain; version=0.0.4; charset=utf-8"},
		},
		Log: []string{
			// python/sglang/srt/entrypoints/engine.py _launch_subprocesses: logger.info(f"{server_args=}")
			fmt.Sprintf("[{datetime}] server_args=ServerArgs(model_path='%s', tokenizer_path='%s', tokenizer_mode='auto', load_format='auto', trust_remote_code=False, dtype='auto', kv_cache_dtype='auto', host='127.0.0.1', port={port}, mem_fraction_static=%s, max_running_requests=None, chunked_prefill_size=8192, tp_size=%d, pp_size=1, dp_size=1, random_seed=0, served_model_name='%s', attention_backend='fa3', disable_cuda_graph=False)",
				m.ID, m.ID, trimFloat(o.MemFractionStatic), o.TP, m.ID),
		},
		LogReady: []string{
			// uvicorn's own line, then http_server.py _wait_and_warmup
			"[{datetime}] INFO:     Uvicorn running on http://127.0.0.1:{port} (Press CTRL+C to quit)",
			"[{datetime}] The server is fired up and ready to roll!",
		},
		Children: sglangChildren(o),
	}
}

// sglangChildren are the main process's children: sglang::scheduler_TPn
// per GPU, then sglang::detokenizer.
func sglangChildren(o SGLangOptions) []Spec {
	m := o.Model
	// Log format: python/sglang/srt/utils.py configure_logger,
	// "[%(asctime)s{prefix}] %(message)s" with datefmt "%Y-%m-%d %H:%M:%S";
	// a scheduler's prefix is " TP{rank}" (managers/scheduler.py).
	var kids []Spec
	afterLoad := o.GPUGiB - o.WeightsGiB() - 0.9
	afterKV := afterLoad - 2*o.KSizeGiB()
	for r := 0; r < o.TP; r++ {
		tag := fmt.Sprintf("[{datetime} TP%d] ", r)
		kids = append(kids, Spec{
			// python/sglang/srt/managers/scheduler.py run_scheduler_process:
			// setproctitle(f"sglang::scheduler{prefix.replace(' ', '_')}")
			Argv:      []string{fmt.Sprintf("sglang::scheduler_TP%d", r)},
			SpawnArgv: spawnArgv(python, 6, 20+r),
			Rank:      r,
			Map:       append(o.Libs.all(), o.Weights...),
			Log: []string{
				// python/sglang/srt/model_executor/model_runner.py load_model
				tag + fmt.Sprintf("Load weight begin. avail mem=%.2f GB", o.GPUGiB-0.9),
				tag + fmt.Sprintf("Load weight end. type=%s, dtype=torch.bfloat16, avail mem=%.2f GB, mem usage=%.2f GB.", m.Architecture, afterLoad, o.WeightsGiB()),
				// python/sglang/srt/mem_cache/memory_pool.py MHATokenToKVPool
				tag + fmt.Sprintf("KV Cache is allocated. #tokens: %d, K size: %.2f GB, V size: %.2f GB", o.KVTokens(), o.KSizeGiB(), o.KSizeGiB()),
				// model_runner.py init_device_graphs
				tag + fmt.Sprintf("Capture cuda graph begin. This can take up to several minutes. avail mem=%.2f GB", afterKV),
				tag + fmt.Sprintf("Capture cuda graph end. Time elapsed: 8.31 s. mem usage=%.2f GB. avail mem=%.2f GB.", o.GraphGiB, afterKV-o.GraphGiB),
				// managers/scheduler.py Scheduler.__init__
				tag + fmt.Sprintf("max_total_num_tokens=%d, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=%d, available_gpu_mem=%.2f GB",
					o.KVTokens(), m.MaxModelLen, afterKV-o.GraphGiB),
			},
		})
	}
	// python/sglang/srt/managers/detokenizer_manager.py run_detokenizer_process
	kids = append(kids, Spec{Argv: []string{"sglang::detokenizer"}, SpawnArgv: spawnArgv(python, 6, 26)})
	return kids
}

// sglangMetrics is /metrics with one series per rank for each gauge.
func sglangMetrics(o SGLangOptions) string {
	m := o.Model
	// python/sglang/srt/metrics/collector.py SchedulerMetricsCollector
	// (names, help); managers/scheduler.py gives each rank's collector the
	// labels model_name, engine_type, tp_rank, pp_rank. Served only with
	// --enable-metrics, which SGLang's argv has.
	gauge := func(name, help string, v func(rank int) string) []string {
		out := []string{"# HELP " + name + " " + help, "# TYPE " + name + " gauge"}
		for r := 0; r < o.TP; r++ {
			out = append(out, fmt.Sprintf(`%s{model_name=%q,engine_type="unified",tp_rank="%d",pp_rank="0"} %s`, name, m.ID, r, v(r)))
		}
		return out
	}
	var lines []string
	lines = append(lines, gauge("sglang:num_running_reqs", "The number of running requests.", func(int) string { return pyFloat(float64(o.Running)) })...)
	lines = append(lines, gauge("sglang:token_usage", "The token usage.", func(int) string { return pyFloat(o.TokenUsage) })...)
	lines = append(lines, gauge("sglang:gen_throughput", "The generation throughput (token/s).", func(int) string { return pyFloat(o.GenThroughput) })...)
	lines = append(lines, gauge("sglang:num_queue_reqs", "The number of requests in the waiting queue.", func(int) string { return pyFloat(float64(o.Queued)) })...)
	lines = append(lines, gauge("sglang:cache_hit_rate", "The prefix cache hit rate.", func(int) string { return pyFloat(o.CacheHit) })...)
	return strings.Join(lines, "\n") + "\n"
}

// ---------------------------------------------------------------- TGI

// TGIOptions describe `text-generation-launcher`: the launcher → one
// `text-generation-server serve` shard per GPU, then text-generation-router.
type TGIOptions struct {
	Model      Model
	Shards     int     // --num-shard; 2
	KVCacheGiB float64 // KV memory of one shard after warmup; 60
	Version    string  // "3.3.6"
	Libs       Libs
	Weights    []string
	QueueSize  int // tgi_queue_size
}

func (o TGIOptions) withDefaults() TGIOptions {
	o.Model = o.Model.withDefaults()
	if o.Shards == 0 {
		o.Shards = 2
	}
	if o.KVCacheGiB == 0 {
		o.KVCacheGiB = 60
	}
	if o.Version == "" {
		o.Version = "3.3.6"
	}
	return o
}

// MaxBatchTotalTokens is "Setting max batch total tokens to N": one shard's
// KV bytes over one token's bytes on a shard, rounded down (estimated; TGI
// rounds to whole blocks of the shards' warmup answer).
func (o TGIOptions) MaxBatchTotalTokens() int64 {
	o = o.withDefaults()
	return int64(o.KVCacheGiB*gib) / o.Model.KVBytesPerToken(o.Shards)
}

// TGI is a `text-generation-launcher` tree.
func TGI(o TGIOptions) Spec {
	o = o.withDefaults()
	m := o.Model
	// Rust tracing's format: "TIME  LEVEL span: target: message fields";
	// the router adds file:line (router/src/logging.rs with_file,
	// with_line_number). The shards' --otlp-service-name is the launcher's
	// own, "text-generation-inference.router" by default (main.rs).
	var kids []Spec
	for r := 0; r < o.Shards; r++ {
		// launcher/src/main.rs shard_manager: shard_args and envs
		kids = append(kids, Spec{
			Argv: []string{"/opt/conda/bin/python3.11", "/opt/conda/bin/text-generation-server", "serve", m.ID,
				"--uds-path", "/tmp/text-generation-server", "--logger-level", "INFO", "--json-output", "--sharded",
				"--otlp-service-name", "text-generation-inference.router", "--max-input-tokens", fmt.Sprint(m.MaxModelLen - 1)},
			Comm: "text-generation", // the script's name, cut to 15 bytes
			Env: []string{fmt.Sprintf("RANK=%d", r), fmt.Sprintf("WORLD_SIZE=%d", o.Shards), "MASTER_ADDR=localhost",
				"MASTER_PORT=29500", "TORCH_NCCL_AVOID_RECORD_STREAMS=1", "CUDA_MEMORY_FRACTION=1", "SAFETENSORS_FAST_GPU=1"},
			Rank: r,
			Map:  append(o.Libs.all(), o.Weights...),
			// The launcher relays shard output and logs in tracing's compact
			// format (launcher/src/main.rs main: fmt().compact()); these
			// lines carry no PID, so which process writes them is not seen.
			Log: []string{
				"{rfc3339}  INFO shard-manager: text_generation_launcher: Starting shard rank={rank}",
				// server/text_generation_server/server.py serve_inner
				"{rfc3339}  INFO text_generation_launcher: Server started at unix:///tmp/text-generation-server-{rank}",
				"{rfc3339}  INFO shard-manager: text_generation_launcher: Shard ready in 9.81s rank={rank}",
			},
		})
	}
	maxTotal := o.MaxBatchTotalTokens()
	labels := ""
	metrics := strings.Join([]string{
		// router/src/server.rs describe_* and backends/v3 gauges (metrics-exporter-prometheus)
		"# TYPE tgi_batch_max_total_tokens gauge",
		fmt.Sprintf("tgi_batch_max_total_tokens%s %d", labels, maxTotal),
		"# TYPE tgi_queue_size gauge",
		fmt.Sprintf("tgi_queue_size %d", o.QueueSize),
		"# TYPE tgi_batch_current_size gauge",
		"tgi_batch_current_size 1",
		"# TYPE tgi_request_count counter",
		"tgi_request_count 12",
	}, "\n") + "\n"
	// router/src/lib.rs Info
	info := fmt.Sprintf(`{"model_id":%q,"model_sha":null,"model_pipeline_tag":"text-generation","max_concurrent_requests":128,"max_best_of":2,"max_stop_sequences":4,"max_input_tokens":%d,"max_total_tokens":%d,"validation_workers":2,"max_client_batch_size":4,"router":"text-generation-router","version":%q,"sha":null,"docker_label":null}`,
		m.ID, m.MaxModelLen-1, m.MaxModelLen, o.Version)
	kids = append(kids, Spec{
		// launcher/src/main.rs spawn_webserver: router_args
		Argv: []string{"text-generation-router", "--max-client-batch-size", "4", "--max-concurrent-requests", "128",
			"--max-best-of", "2", "--max-stop-sequences", "4", "--max-top-n-tokens", "5", "--max-batch-prefill-tokens", fmt.Sprint(m.MaxModelLen),
			"--waiting-served-ratio", "0.3", "--max-waiting-tokens", "20", "--validation-workers", "2",
			"--hostname", "127.0.0.1", "--port", "{port}", "--prometheus-port", "9000",
			"--master-shard-uds-path", "/tmp/text-generation-server-0", "--tokenizer-name", m.ID,
			"--payload-limit", "2000000", "--max-input-tokens", fmt.Sprint(m.MaxModelLen - 1), "--max-total-tokens", fmt.Sprint(m.MaxModelLen),
			"--usage-stats", "on", "--otlp-service-name", "text-generation-inference.router"},
		Comm: "text-generation",
		Routes: map[string]Route{
			"/health":  {ContentType: "text/plain"},
			"/info":    {Body: info},
			"/metrics": {Body: metrics, ContentType: "text/plain"},
		},
		Log: []string{
			"{rfc3339}  INFO text_generation_launcher: Starting Webserver",
			"{rfc3339}  INFO text_generation_router_v3: backends/v3/src/lib.rs:125: Warming up model",
			fmt.Sprintf("{rfc3339}  INFO text_generation_router_v3: backends/v3/src/lib.rs:137: Setting max batch total tokens to %d", maxTotal),
			"{rfc3339}  INFO text_generation_router::server: router/src/server.rs:2302: Connected",
		},
	})
	return Spec{
		Argv: []string{"text-generation-launcher", "--model-id", m.ID, "--num-shard", fmt.Sprint(o.Shards),
			"--hostname", "127.0.0.1", "--port", "{port}"},
		Comm: "text-generation",
		Log: []string{
			// launcher/src/main.rs main and download_convert_model
			fmt.Sprintf("{rfc3339}  INFO text_generation_launcher: Sharding model on %d processes", o.Shards),
			fmt.Sprintf("{rfc3339}  INFO download: text_generation_launcher: Successfully downloaded weights for %s", m.ID),
		},
		Children: kids,
	}
}

// ---------------------------------------------------------------- ComfyUI

// ComfyUIOptions describe `python main.py --listen 127.0.0.1 --port P`.
type ComfyUIOptions struct {
	Dir        string // the ComfyUI folder (holding main.py); see ComfyUIDir
	Checkpoint string // a .safetensors file, mapped and named by the running prompt
	Libs       Libs
	// /system_stats, bytes (reported by torch in the real one)
	VRAMTotal, VRAMFree, TorchVRAMTotal, TorchVRAMFree int64
}

func (o ComfyUIOptions) withDefaults() ComfyUIOptions {
	if o.VRAMTotal == 0 {
		o.VRAMTotal = 150754820096 // an H200: 143771 MiB
	}
	if o.VRAMFree == 0 {
		o.VRAMFree = 140000000000
	}
	if o.TorchVRAMTotal == 0 {
		o.TorchVRAMTotal = 7516192768
	}
	if o.TorchVRAMFree == 0 {
		o.TorchVRAMFree = 536870912
	}
	return o
}

// ComfyUIDir creates a ComfyUI folder with an empty main.py.
func ComfyUIDir(t testing.TB) string {
	t.Helper()
	return filepath.Dir(FakeFile(t, "ComfyUI/main.py", 1))
}

// ComfyUI is a ComfyUI server running a prompt whose CheckpointLoaderSimple
// node loads o.Checkpoint.
func ComfyUI(o ComfyUIOptions) Spec {
	o = o.withDefaults()
	ckpt := filepath.Base(o.Checkpoint)
	// server.py system_stats
	stats := fmt.Sprintf(`{"system":{"os":"posix","ram_total":2151587135488,"ram_free":2000000000000,"comfyui_version":"0.3.66","required_frontend_version":"1.28.7","python_version":"3.12.3 (main, Aug 14 2025, 17:47:21) [GCC 13.3.0]","pytorch_version":"2.8.0+cu128","embedded_python":false,"argv":["main.py","--listen","127.0.0.1","--port","{port}"]},"devices":[{"name":"cuda:0 NVIDIA H200 : cudaMallocAsync","type":"cuda","index":0,"vram_total":%d,"vram_free":%d,"torch_vram_total":%d,"torch_vram_free":%d}]}`,
		o.VRAMTotal, o.VRAMFree, o.TorchVRAMTotal, o.TorchVRAMFree)
	// server.py get_queue: items are (number, prompt_id, prompt, extra_data,
	// outputs_to_execute) as post_prompt queues them; nodes.py
	// CheckpointLoaderSimple's input is ckpt_name.
	queue := fmt.Sprintf(`{"queue_running":[[3,"5f0c2a8e-9d1b-4c7e-8a43-2b6f1e9d7c10",{"4":{"inputs":{"ckpt_name":%q},"class_type":"CheckpointLoaderSimple","_meta":{"title":"Load Checkpoint"}},"6":{"inputs":{"text":"a photo of a cat","clip":["4",1]},"class_type":"CLIPTextEncode","_meta":{"title":"CLIP Text Encode (Prompt)"}},"9":{"inputs":{"filename_prefix":"ComfyUI","images":["8",0]},"class_type":"SaveImage","_meta":{"title":"Save Image"}}},{"client_id":"0d4c1f2e"},["9"]]],"queue_pending":[]}`, ckpt)
	routes := map[string]Route{}
	// server.py add_routes: every route also under /api
	for _, p := range []string{"/system_stats", "/queue"} {
		body := stats
		if p == "/queue" {
			body = queue
		}
		routes[p] = Route{Body: body}
		routes["/api"+p] = Route{Body: body}
	}
	var m []string
	m = append(m, o.Libs.all()...)
	if o.Checkpoint != "" {
		m = append(m, o.Checkpoint)
	}
	return Spec{
		Argv:   []string{python, "main.py", "--listen", "127.0.0.1", "--port", "{port}"},
		Comm:   "python3",
		Dir:    o.Dir,
		Routes: routes,
		Map:    m,
		Log: []string{
			// comfy/model_management.py and main.py start-up lines
			fmt.Sprintf("Total VRAM %.0f MB, total RAM 2051915 MB", float64(o.VRAMTotal)/(1<<20)),
			"pytorch version: 2.8.0+cu128",
			"Set vram state to: NORMAL_VRAM",
			"Device: cuda:0 NVIDIA H200 : cudaMallocAsync",
			// server.py start_multi_address ("Starting server\n" ends in a blank line)
			"Starting server",
			"",
			"To see the GUI go to: http://127.0.0.1:{port}",
			// server.py post_prompt
			"got prompt",
		},
	}
}

// ---------------------------------------------------------------- PyTorch

// TorchJobOptions describe a plain `python train.py` using CUDA PyTorch.
type TorchJobOptions struct {
	Dir   string // working directory
	Model string // a model.safetensors file, mapped
	Libs  Libs
}

// TorchJob is a PyTorch/transformers job: it maps torch's CUDA libraries
// and a safetensors model, and listens on nothing.
func TorchJob(o TorchJobOptions) Spec {
	m := o.Libs.all()
	if o.Model != "" {
		m = append(m, o.Model)
	}
	return Spec{Argv: []string{python, "train.py"}, Comm: "python3", Dir: o.Dir, Map: m}
}

// ---------------------------------------------------------------- helpers

// commas writes n with thousands separators, as Python's f"{n:,}".
func commas(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// pyFloat writes v as Python's repr(float) does for these values:
// shortest round-trip digits, always with a decimal point.
func pyFloat(v float64) string {
	s := fmt.Sprint(v)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	return s
}

// trimFloat writes a fraction as a command line names it (0.9).
func trimFloat(v float64) string { return fmt.Sprint(v) }
