// Package torchlog reads the memory figures vLLM, SGLang and Hugging Face
// TGI write in their logs when they load a model: per worker (rank) the
// weights, KV cache, activation peak, non-torch memory and CUDA graphs, and
// engine-wide the KV capacity in tokens and blocks. All three run their
// models on PyTorch and log its allocator's view, one worker per rank;
// llama.cpp and Ollama, whose logs list ggml's buffers per backend, are
// inspect/llamacpplog's.
//
// Every byte figure is "reported": what the engine printed when it loaded,
// rounded as printed (vLLM 0.01 or 0.0001 GiB, SGLang 0.01 GB), never
// measured by gtm. A log is history, not proof of what is resident now, so
// Cache places a load block after the owning process's start before
// offering it, as inspect/llamacpplog does for llama.cpp.
//
// Units, checked against the sources: vLLM prints GiB (bytes / 2^30;
// vllm/utils GiB_bytes, format_gib); its V0 "Loading model weights took
// X GB" also divided by 2^30 (vllm/worker/model_runner.py). SGLang writes
// "GB" but divides by 1<<30 (python/sglang/srt/mem_cache/memory_pool.py
// GB = 1024*1024*1024, srt/utils get_available_gpu_memory), so both are
// read as 2^30 bytes. TGI logs no byte figures at info level: its warmup
// logs KV-cache blocks and the router the token capacity.
//
// Formats were read from vllm-project/vllm (vllm/v1/worker/gpu_worker.py,
// gpu_model_runner.py, v1/worker/gpu/model_runner.py,
// v1/core/kv_cache_utils.py, utils/mem_utils.py MemoryProfilingResult,
// worker/worker.py and executor/executor_base.py for V0,
// entrypoints/openai/api_server.py, engine/llm_engine.py, logger.py,
// utils/system_utils.py _add_prefix, v1/executor/multiproc_executor.py),
// sgl-project/sglang (srt/model_executor/model_runner.py,
// mem_cache/memory_pool.py, mem_cache/swa_memory_pool.py,
// model_executor/cuda_graph_runner.py,
// managers/scheduler.py, utils configure_logger) and
// huggingface/text-generation-inference (launcher/src/main.rs,
// router/src/logging.rs, backends/v3/src/lib.rs, server/text_generation_server/models/
// flash_causal_lm.py), and checked against logs users posted.
//
// Work is bounded whatever the file holds: only the last llamacpplog.MaxTail
// bytes are read, lines longer than llamacpplog.MaxLine are skipped, and blocks,
// ranks, labels and notes kept are capped.
package torchlog
