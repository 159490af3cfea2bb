package torchlog

import (
	"math"
	"strings"
)

// Log text shaped like what the engines write: the message formats are
// the sources' (named on each sample), the numbers are made up.

const (
	cyan  = "\x1b[1;36m" // vllm/utils/system_utils.py CYAN
	reset = "\x1b[0;0m"  // RESET
)

// vllmV1TP2 is vLLM V1 (0.10 and later) with tensor parallelism 2: an API
// server, one engine core and two workers, each line tagged by
// system_utils._add_prefix in cyan. Messages: entrypoints/openai/api_server.py,
// v1/engine/core.py, v1/worker/gpu_model_runner.py, v1/worker/gpu_worker.py,
// v1/core/kv_cache_utils.py.
var vllmV1TP2 = strings.Join([]string{
	cyan + "(APIServer pid=4240)" + reset + " INFO 05-08 12:34:50 [api_server.py:1805] vLLM API server version 0.10.1.1",
	cyan + "(APIServer pid=4240)" + reset + " INFO 05-08 12:34:50 [utils.py:326] non-default args: {'model': 'Qwen/Qwen3-8B', 'tensor_parallel_size': 2}",
	cyan + "(EngineCore_DP0 pid=4241)" + reset + " INFO 05-08 12:34:58 [core.py:73] Initializing a V1 LLM engine (v0.10.1.1) with config: model='Qwen/Qwen3-8B', speculative_config=None, tokenizer='Qwen/Qwen3-8B', skip_tokenizer_init=False, tokenizer_mode=auto, dtype=torch.bfloat16, max_seq_len=40960",
	cyan + "(Worker_TP0 pid=4243)" + reset + " INFO 05-08 12:35:20 [gpu_model_runner.py:2007] Model loading took 7.6719 GiB and 9.512345 seconds",
	cyan + "(Worker_TP1 pid=4244)" + reset + " INFO 05-08 12:35:20 [gpu_model_runner.py:2007] Model loading took 7.6719 GiB and 9.601234 seconds",
	cyan + "(Worker_TP0 pid=4243)" + reset + " INFO 05-08 12:35:31 [gpu_worker.py:276] Available KV cache memory: 54.86 GiB",
	cyan + "(Worker_TP1 pid=4244)" + reset + " INFO 05-08 12:35:31 [gpu_worker.py:276] Available KV cache memory: 54.85 GiB",
	cyan + "(EngineCore_DP0 pid=4241)" + reset + " INFO 05-08 12:35:32 [kv_cache_utils.py:849] GPU KV cache size: 798,944 tokens",
	cyan + "(EngineCore_DP0 pid=4241)" + reset + " INFO 05-08 12:35:32 [kv_cache_utils.py:853] Maximum concurrency for 40,960 tokens per request: 19.51x",
	cyan + "(Worker_TP0 pid=4243)" + reset + " Capturing CUDA graphs (mixed prefill-decode, PIECEWISE): 100%|██████████| 67/67 [00:12<00:00,  5.31it/s]",
	cyan + "(Worker_TP0 pid=4243)" + reset + " INFO 05-08 12:35:50 [gpu_model_runner.py:2708] Graph capturing finished in 18 secs, took 0.62 GiB",
	cyan + "(Worker_TP1 pid=4244)" + reset + " INFO 05-08 12:35:50 [gpu_model_runner.py:2708] Graph capturing finished in 18 secs, took 0.63 GiB",
	cyan + "(EngineCore_DP0 pid=4241)" + reset + " INFO 05-08 12:35:50 [core.py:214] init engine (profile, create kv cache, warmup model) took 51.20 seconds",
	cyan + "(APIServer pid=4240)" + reset + " INFO 05-08 12:35:52 [api_server.py:1880] Starting vLLM API server 0 on http://0.0.0.0:8000",
	cyan + "(APIServer pid=4240)" + reset + " INFO:     127.0.0.1:40122 - \"POST /v1/chat/completions HTTP/1.1\" 200 OK",
	"",
}, "\n")

// vllmV1Rank is vLLM V1 0.8/0.9: untagged API server and engine core,
// workers tagged "(VllmWorker rank=N pid=P)"; the profiling summary is
// utils.MemoryProfilingResult's repr (vllm/utils mem_utils).
var vllmV1Rank = strings.Join([]string{
	"INFO 05-11 09:41:06 [api_server.py:1043] vLLM API server version 0.8.5.post1",
	"INFO 05-11 09:41:14 [core.py:58] Initializing a V1 LLM engine (v0.8.5.post1) with config: model='moonshotai/Kimi-VL-A3B-Instruct', speculative_config=None",
	"(VllmWorker rank=0 pid=4242) INFO 05-11 09:41:40 [gpu_model_runner.py:1347] Model loading took 15.6124 GiB and 20.123456 seconds",
	"(VllmWorker rank=1 pid=4245) INFO 05-11 09:41:40 [gpu_model_runner.py:1347] Model loading took 15.6124 GiB and 20.223456 seconds",
	"(VllmWorker rank=1 pid=4245) INFO 05-11 09:41:55 [gpu_worker.py:209] Memory profiling takes 14.01 seconds. Total non KV cache memory: 17.40GiB; torch peak memory increase: 1.55GiB; non-torch forward increase memory: 0.23GiB; weights memory: 15.61GiB.",
	"(VllmWorker rank=0 pid=4242) INFO 05-11 09:41:55 [gpu_worker.py:209] Memory profiling takes 14.02 seconds. Total non KV cache memory: 17.41GiB; torch peak memory increase: 1.56GiB; non-torch forward increase memory: 0.24GiB; weights memory: 15.61GiB.",
	"(VllmWorker rank=0 pid=4242) INFO 05-11 09:41:55 [gpu_worker.py:214] Available KV cache memory: 52.21 GiB",
	"(VllmWorker rank=1 pid=4245) INFO 05-11 09:41:55 [gpu_worker.py:214] Available KV cache memory: 52.22 GiB",
	"INFO 05-11 09:41:56 [kv_cache_utils.py:634] GPU KV cache size: 1,369,088 tokens",
	"INFO 05-11 09:41:56 [kv_cache_utils.py:637] Maximum concurrency for 8,192 tokens per request: 167.12x",
	"(VllmWorker rank=1 pid=4245) INFO 05-11 09:42:21 [gpu_model_runner.py:1686] Graph capturing finished in 25 secs, took 1.12 GiB",
	"(VllmWorker rank=0 pid=4242) INFO 05-11 09:42:21 [gpu_model_runner.py:1686] Graph capturing finished in 25 secs, took 1.11 GiB",
	"",
}, "\n")

// vllmV0 is the V0 engine as 0.6/0.7 logged it, single GPU: no brackets
// around the file, "Loading model weights took X GB" (worker/model_runner.py),
// the profiling summary of worker/worker.py, executor/executor_base.py's
// block counts.
var vllmV0 = strings.Join([]string{
	"INFO 02-13 15:55:40 api_server.py:840] vLLM API server version 0.7.2",
	"INFO 02-13 15:55:45 llm_engine.py:234] Initializing an LLM engine (v0.7.2) with config: model='/models/Qwen2.5-7B-Instruct', speculative_config=None, tokenizer='/models/Qwen2.5-7B-Instruct'",
	"Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:23<00:00,  5.77s/it]",
	"INFO 02-13 15:56:09 model_runner.py:1115] Loading model weights took 5.3541 GB",
	"INFO 02-13 15:56:20 worker.py:267] Memory profiling takes 11.34 seconds",
	"INFO 02-13 15:56:20 worker.py:267] the current vLLM instance can use total_gpu_memory (14.74GiB) x gpu_memory_utilization (0.60) = 8.78GiB",
	"INFO 02-13 15:56:20 worker.py:267] model weights take 5.35GiB; non_torch_memory takes 0.05GiB; PyTorch activation peak memory takes 0.74GiB; the rest of the memory reserved for KV Cache is 2.64GiB.",
	"INFO 02-13 15:56:21 executor_base.py:110] # CUDA blocks: 1353, # CPU blocks: 1024",
	"INFO 02-13 15:56:21 executor_base.py:115] Maximum concurrency for 512 tokens per request: 42.28x",
	"INFO 02-13 15:56:38 model_runner.py:1562] Graph capturing finished in 17 secs, took 0.19 GiB",
	"",
}, "\n")

// vllmV0TP is V0 with tensor parallelism 2 on 0.8: the driver (rank 0)
// logs untagged, the other worker as "(VllmWorkerProcess pid=P)", which
// names no rank.
var vllmV0TP = strings.Join([]string{
	"INFO 07-09 12:57:00 [llm_engine.py:240] Initializing a V0 LLM engine (v0.8.5) with config: model='deepseek-ai/DeepSeek-Coder-V2-Lite-Instruct', speculative_config=None",
	"(VllmWorkerProcess pid=240) INFO 07-09 12:57:30 [model_runner.py:1146] Model loading took 3.9700 GiB and 30.643008 seconds",
	"INFO 07-09 12:57:30 [model_runner.py:1146] Model loading took 3.9700 GiB and 30.612008 seconds",
	"INFO 07-09 12:57:45 [worker.py:267] model weights take 3.97GiB; non_torch_memory takes 2.10GiB; PyTorch activation peak memory takes 0.36GiB; the rest of the memory reserved for KV Cache is 29.02GiB.",
	"(VllmWorkerProcess pid=240) INFO 07-09 12:57:45 [worker.py:267] model weights take 3.97GiB; non_torch_memory takes 1.90GiB; PyTorch activation peak memory takes 0.36GiB; the rest of the memory reserved for KV Cache is 29.22GiB.",
	"INFO 07-09 12:57:45 [executor_base.py:111] # cuda blocks: 307335, # CPU blocks: 18724",
	"",
}, "\n")

// sglangTP2 is SGLang 0.4/0.5 with tensor parallelism 2 on an MLA model:
// python/sglang/srt/server_args.py, model_executor/model_runner.py,
// mem_cache/memory_pool.py, model_executor/cuda_graph_runner.py,
// managers/scheduler.py, entrypoints/http_server.py.
var sglangTP2 = strings.Join([]string{
	"[2025-08-13 14:27:00] server_args=ServerArgs(model_path='deepseek-ai/DeepSeek-V2-Lite', tokenizer_path='deepseek-ai/DeepSeek-V2-Lite', tokenizer_mode='auto', tp_size=2, mem_fraction_static=0.85)",
	"[2025-08-13 14:27:06 TP0] Load weight begin. avail mem=75.34 GB",
	"[2025-08-13 14:27:06 TP1] Load weight begin. avail mem=75.34 GB",
	"Loading safetensors checkpoint shards: 100% Completed | 4/4 [00:41<00:00, 10.31s/it]",
	"[2025-08-13 14:27:52 TP1] Load weight end. type=DeepseekV2ForCausalLM, dtype=torch.bfloat16, avail mem=60.84 GB, mem usage=14.50 GB.",
	"[2025-08-13 14:27:52 TP0] Load weight end. type=DeepseekV2ForCausalLM, dtype=torch.bfloat16, avail mem=60.83 GB, mem usage=14.51 GB.",
	"[2025-08-13 14:27:53 TP0] KV Cache is allocated. #tokens: 524288, KV size: 17.16 GB",
	"[2025-08-13 14:27:53 TP1] KV Cache is allocated. #tokens: 524288, KV size: 17.16 GB",
	"[2025-08-13 14:27:53 TP0] Memory pool end. avail mem=43.12 GB",
	"[2025-08-13 14:27:54 TP0] Capture cuda graph begin. This can take up to several minutes. avail mem=42.80 GB",
	"Capturing batches (bs=1 avail_mem=41.20 GB): 100%|██████████| 23/23 [00:09<00:00,  2.51it/s]",
	"[2025-08-13 14:28:03 TP1] Capture cuda graph end. Time elapsed: 9.15 s. mem usage=1.63 GB. avail mem=41.17 GB.",
	"[2025-08-13 14:28:03 TP0] Capture cuda graph end. Time elapsed: 9.12 s. mem usage=1.62 GB. avail mem=41.18 GB.",
	"[2025-08-13 14:28:04 TP0] max_total_num_tokens=524288, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=163840, available_gpu_mem=41.18 GB",
	"[2025-08-13 14:28:05] INFO:     Uvicorn running on http://127.0.0.1:30000 (Press CTRL+C to quit)",
	"[2025-08-13 14:28:10] The server is fired up and ready to roll!",
	"",
}, "\n")

// sglangSpec is a newer single-GPU SGLang (untagged lines, "elapsed=")
// serving a hybrid Mamba model with a speculative draft: two models'
// weights and two graph captures add up (model_runner.py,
// memory_pool.py's MambaPool, cuda_graph_runner.py).
var sglangSpec = strings.Join([]string{
	"[2026-02-01 00:04:50] server_args=ServerArgs(model_path='ibm-granite/granite-4.0-h-tiny', tokenizer_path='ibm-granite/granite-4.0-h-tiny', speculative_algorithm='EAGLE')",
	"[2026-02-01 00:05:03] Load weight end. elapsed=1.25 s, type=GraniteMoeHybridForCausalLM, dtype=torch.bfloat16, avail mem=9.26 GB, mem usage=5.98 GB.",
	"[2026-02-01 00:05:04] Load weight end. elapsed=0.30 s, type=LlamaForCausalLMEagle, dtype=torch.bfloat16, avail mem=8.80 GB, mem usage=0.46 GB.",
	"[2026-02-01 00:05:04] Mamba Cache is allocated. max_mamba_cache_size: 38, conv_state size: 0.03GB, ssm_state size: 2.74GB ",
	"[2026-02-01 00:05:04] KV Cache is allocated. #tokens: 399740, K size: 1.52 GB, V size: 1.52 GB",
	"[2026-02-01 00:05:04] Memory pool end. avail mem=3.42 GB",
	"[2026-02-01 00:05:10] Capture target verify CUDA graph end. elapsed=5.48 s, mem usage=0.58 GB, avail mem=2.84 GB.",
	"[2026-02-01 00:05:12] Capture draft verify CUDA graph end. elapsed=2.01 s, mem usage=0.21 GB, avail mem=2.63 GB.",
	"[2026-02-01 00:05:12] Capture target verify CUDA graph end. elapsed=5.50 s, mem usage=0.59 GB, avail mem=2.62 GB.",
	"",
}, "\n")

// sglangOld is SGLang 0.4.1.post6-0.4.3.post2: "Load weight end" has no "mem usage",
// the KV line no token count, and the capture no size.
var sglangOld = strings.Join([]string{
	"[2025-02-04 05:28:50] server_args=ServerArgs(model_path='Qwen/Qwen2-7B-Instruct', tokenizer_path='Qwen/Qwen2-7B-Instruct')",
	"[2025-02-04 05:29:17 TP0] Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=8.37 GB",
	"[2025-02-04 05:29:17 TP0] KV Cache is allocated. K size: 2.82 GB, V size: 2.82 GB.",
	"[2025-02-04 05:29:17 TP0] Memory pool end. avail mem=1.68 GB",
	"[2025-02-04 05:29:19 TP0] Capture cuda graph end. Time elapsed: 1.79 s",
	"[2025-02-04 05:29:20 TP0] max_total_num_tokens=105216, max_prefill_tokens=16384, max_running_requests=2049, context_len=32768",
	"",
}, "\n")

// tgiText is text-generation-launcher's default compact output:
// launcher/src/main.rs (Args, shards), server/.../flash_causal_lm.py
// (KV-cache blocks), backends/v3/src/lib.rs, router/src/server.rs.
var tgiText = strings.Join([]string{
	"2025-07-04T12:35:05.123456Z  INFO text_generation_launcher: Args {",
	"    model_id: \"Qwen/Qwen2.5-VL-7B-Instruct\",",
	"    revision: None,",
	"    num_shard: Some(",
	"        2,",
	"    ),",
	"}",
	"2025-07-04T12:35:05.200000Z  INFO text_generation_launcher: Using attention flashinfer - Prefix caching true",
	"2025-07-04T12:35:05.300000Z  INFO text_generation_launcher: Sharding model on 2 processes",
	"2025-07-04T12:35:09.862000Z  INFO download: text_generation_launcher: Starting check and download process for Qwen/Qwen2.5-VL-7B-Instruct",
	"2025-07-04T12:35:09.900000Z  INFO shard-manager: text_generation_launcher: Starting shard rank=0",
	"2025-07-04T12:35:09.900100Z  INFO shard-manager: text_generation_launcher: Starting shard rank=1",
	"2025-07-04T12:35:58.247141Z  INFO shard-manager: text_generation_launcher: Shard ready in 48.385111561s rank=1",
	"2025-07-04T12:35:58.312507Z  INFO text_generation_launcher: Starting Webserver",
	"2025-07-04T12:35:58.387723Z  INFO text_generation_router_v3: backends/v3/src/lib.rs:125: Warming up model",
	"2025-07-04T12:36:06.251692Z  INFO text_generation_launcher: KV-cache blocks: 52719, size: 1",
	"2025-07-04T12:36:06.364197Z  INFO text_generation_launcher: Cuda Graphs are enabled for sizes [32, 16, 8, 4, 2, 1]",
	"2025-07-04T12:36:09.356551Z  INFO text_generation_router_v3: backends/v3/src/lib.rs:137: Setting max batch total tokens to 52125",
	"2025-07-04T12:36:10.000000Z  INFO text_generation_router::server: router/src/server.rs:2330: Connected",
	"",
}, "\n")

// tgiJSON is the same with --json-output, as the launcher writes it
// (see the tgi parser): its own events, and the shards' Python lines it
// re-emits, keep the message under "fields" (fmt().json()); the router's
// events are flattened (json().flatten_event(true), with filename and
// line_number) and printed by the launcher as they came.
var tgiJSON = strings.Join([]string{
	`{"timestamp":"2025-07-04T12:35:05.123456Z","level":"INFO","fields":{"message":"Args {\n    model_id: \"bigscience/bloom-560m\",\n    revision: None,\n}"},"target":"text_generation_launcher"}`,
	`{"timestamp":"2025-07-04T12:35:09.900000Z","level":"INFO","fields":{"message":"Starting shard"},"target":"text_generation_launcher","span":{"rank":0,"name":"shard-manager"},"spans":[{"rank":0,"name":"shard-manager"}]}`,
	`{"timestamp":"2025-07-04T12:36:06.251692Z","level":"INFO","fields":{"message":"KV-cache blocks: 2708, size: 64"},"target":"text_generation_launcher","span":{"rank":0,"name":"shard-manager"},"spans":[{"rank":0,"name":"shard-manager"}]}`,
	`{"timestamp":"2025-07-04T12:36:06.300000Z","level":"INFO","message":"Warming up model","target":"text_generation_router_v3","filename":"backends/v3/src/lib.rs","line_number":125}`,
	`{"timestamp":"2025-07-04T12:36:09.356551Z","level":"INFO","message":"Setting max batch total tokens to 173312","target":"text_generation_router_v3","filename":"backends/v3/src/lib.rs","line_number":137}`,
	`{"timestamp":"2025-07-04T12:36:10.000000Z","level":"INFO","message":"Connected","target":"text_generation_router::server","filename":"router/src/server.rs","line_number":2298}`,
	"",
}, "\n")

// gib is a printed figure in bytes, as the parser must compute it.
func gib(x float64) uint64 { return uint64(math.Round(x * (1 << 30))) }
