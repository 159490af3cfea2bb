// Package llamacpplog reads the buffer sizes llama.cpp logs when it loads a
// model: weights ("model buffer"), KV cache, recurrent state, compute and
// output buffers, per backend (CUDA0, CUDA_Host, CPU_Mapped, Vulkan0,
// MTL0, ...). It reads llama.cpp's own logs (llama-server, llama-cli,
// --log-file) and Ollama's server.log, which carries the runner's raw
// llama.cpp lines between Ollama's slog lines, plus Ollama's own memory
// summary ("model weights", "kv cache", "compute graph").
//
// A log is timestamped history, never proof of what is resident now. Every
// size here is "reported": what the runtime said when it allocated, rounded
// to the 0.01 MiB it prints, with the log line's function prefix kept as
// its source. ParseTail and Cache place a load after the owning process's
// start time before offering it: by the times written on the lines when
// there are any, otherwise by the file's modification time.
//
// Work is bounded whatever the file holds: at most the last 512 KiB are
// read, lines longer than 64 KiB are skipped, and the number of blocks,
// buffers and KV summaries kept is capped.
//
// Formats were read from llama.cpp's source (src/llama-model.cpp,
// src/llama-kv-cache.cpp, src/llama-kv-cache-iswa.cpp,
// src/llama-memory-recurrent.cpp, src/llama-context.cpp,
// src/llama-model-loader.cpp, common/log.cpp) across its renames
// (llm_load_tensors -> load_tensors, llama_kv_cache_init /
// llama_kv_cache_unified -> llama_kv_cache, llama_new_context_with_model ->
// llama_context -> sched_reserve), and from Ollama's llm/server.go,
// ml/backend.go, logutil and format packages.
package llamacpplog
