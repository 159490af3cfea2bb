package torchlog

import (
	"math"
	"strconv"
	"strings"
)

// vllm reads one line of a vLLM log. Its shape (vllm/logger.py _FORMAT,
// logger.py:22-25 in 0.11 and main at 2026-05):
//
//	[VLLM_LOGGING_PREFIX]INFO 05-08 12:34:56 [gpu_model_runner.py:1234] message   (0.8 and later)
//	INFO 12-22 10:55:34 worker.py:241] message                                    (0.6, 0.7)
//
// VLLM_LOGGING_PREFIX (vllm/envs.py, "" by default) is any text the user
// sets, put before the level since 0.7. In multiprocess runs a process
// tag stands before all that (vllm/utils/system_utils.py _add_prefix:
// "(%s pid=%d) ", in cyan unless NO_COLOR): "(VllmWorker rank=1
// pid=4242)" (V1 0.8-0.10), "(Worker_TP1 pid=4242)", "(EngineCore_DP0
// pid=4241)" (0.10-0.11), "(EngineCore pid=4241)" (later: the engine's
// process name lost its _DP0 when data parallelism is off),
// "(APIServer pid=4240)", "(VllmWorkerProcess pid=240)" (V0),
// "(RayWorkerWrapper pid=9, ip=...)". Since 0.8 vLLM prefixes every
// line of a multi-line message itself (logging_utils NewLineFormatter).
func (p *parser) vllm(raw []byte, _ int64) {
	s, st := clean(raw)
	tag, pid := "", 0
	if strings.HasPrefix(s, "(") {
		head := s[:min(len(s), 160)]
		if end := strings.Index(head, ") "); end > 0 {
			inner := head[1:end]
			if i := strings.Index(inner, "pid="); i >= 0 {
				tag = strings.TrimRight(inner[:i], " ,")
				if n, ok := count(inner[i+4:]); ok && n <= 1<<31 {
					pid = int(n)
				}
				s = s[end+2:]
			}
		}
	}
	if rest, ok := cutLevel(s); ok {
		s = rest
		if mon, day, ok := monthDay(s, 0); ok && len(s) > 6 && s[5] == ' ' {
			if c, end, ok := clock(s, 6); ok {
				if st.kind == stampNone { // a docker stamp, when there is one, has the year
					c.kind, c.mon, c.day = stampNoYear, mon, day
					st = c
				}
				s = strings.TrimLeft(s[end:], " ")
			}
		}
		// "[file.py:123] " or, before 0.8, "file.py:123] "; "] " alone ends
		// the header of an empty message (the logo's first line)
		if j := strings.Index(s[:min(len(s), 160)], "] "); j >= 0 && strings.Contains(s[:j], ".py:") {
			s = s[j+2:]
		} else if strings.HasSuffix(s, "]") && strings.Contains(s, ".py:") && len(s) < 160 {
			s = ""
		}
	}
	p.vllmMsg(tag, pid, s, st)
}

// vllmLevels are Python logging's level names as vLLM's format writes them.
var vllmLevels = [...]string{"INFO ", "WARNING ", "DEBUG ", "ERROR ", "CRITICAL "}

// maxLogPrefix bounds the VLLM_LOGGING_PREFIX searched past.
const maxLogPrefix = 256

// cutLevel takes Python logging's level name and the space after it, and
// whatever VLLM_LOGGING_PREFIX put before it. A level further into the
// line counts only where vLLM's "MM-DD HH:MM:SS" follows it, so a message
// that merely holds "INFO " (an untagged child's own output) is not cut.
func cutLevel(s string) (string, bool) {
	head := s[:min(len(s), maxLogPrefix+len("CRITICAL "))]
	for i := 0; i < len(head); i++ {
		if c := head[i]; c != 'I' && c != 'W' && c != 'D' && c != 'E' && c != 'C' {
			continue
		}
		for _, lv := range vllmLevels {
			if strings.HasPrefix(s[i:], lv) && vllmStamped(s[i+len(lv):]) {
				return s[i+len(lv):], true
			}
		}
	}
	for _, lv := range vllmLevels {
		if strings.HasPrefix(s, lv) {
			return s[len(lv):], true // a level without vLLM's stamp: the message follows
		}
	}
	return s, false
}

// vllmStamped: s starts with vLLM's "MM-DD HH:MM:SS".
func vllmStamped(s string) bool {
	if _, _, ok := monthDay(s, 0); !ok || len(s) < 14 || s[5] != ' ' {
		return false
	}
	_, _, ok := clock(s, 6)
	return ok
}

// vllmRank is the worker rank a process tag names: "rank=N", or the TP
// (or PP) index of a "Worker_TPn" name (v1/executor/multiproc_executor.py
// builds "Worker" + _DPn _PPn _PCPn _TPn _DCPn _EPn). An untagged line, an
// EngineCore ("EngineCore_DP0", or plain "EngineCore" in later versions)
// or a bare "Worker" runs the single in-process worker: rank 0.
func vllmRank(tag string) int {
	switch {
	case tag == "" || tag == "Worker" || strings.HasPrefix(tag, "EngineCore"):
		return 0
	case strings.Contains(tag, "rank="):
		rest, _ := after(tag, "rank=")
		if n, ok := count(rest); ok && n < maxRanks*1024 {
			return int(n)
		}
		return -1
	case strings.HasPrefix(tag, "Worker_"):
		return vllmWorkerRank(tag[len("Worker_"):])
	}
	return -1
}

// vllmWorkerRank reads "TP1", "PP1", "TP2_EP2" after "Worker_".
func vllmWorkerRank(name string) int {
	tp, pp := -1, -1
	for _, part := range strings.Split(name, "_") {
		var dst *int
		switch {
		case strings.HasPrefix(part, "TP"):
			dst, part = &tp, part[2:]
		case strings.HasPrefix(part, "PP"):
			dst, part = &pp, part[2:]
		case strings.HasPrefix(part, "EP"):
			continue // an expert-parallel index repeats the TP one
		default:
			return -1 // DP, PCP, DCP: the rank in one group is not a GPU's rank
		}
		n, err := strconv.Atoi(part)
		if err != nil || n < 0 || n >= maxRanks*1024 {
			return -1
		}
		*dst = n
	}
	switch {
	case tp >= 0 && pp < 0:
		return tp
	case pp >= 0 && tp < 0:
		return pp
	}
	return -1
}

// vllmMsg reads one vLLM message. Formats, by source file (versions in
// docs/engine-accuracy.md):
//
//	engine/llm_engine.py, v1/engine/core.py: "Initializing a V1 LLM engine (v0.10.1) with config: model='...'"
//	  ("Initializing a V0 LLM engine", "Initializing an LLM engine" before 0.8)
//	entrypoints/openai/api_server.py (to 0.11): "vLLM API server version 0.8.5", "Starting vLLM API server 0 on ..."
//	entrypoints/utils.py log_version_and_model (later entrypoints/serve/utils/api_utils.py:323-345):
//	  "vLLM server version 0.20.0, serving model Qwen/Qwen3-8B", or (to a log file too, unless
//	  VLLM_DISABLE_LOG_LOGO) a four-line logo whose lines end "version 0.20.0" and "model   Qwen/Qwen3-8B";
//	  then api_server.py build_and_serve: "Starting vLLM server on http://0.0.0.0:8000"
//	v1/worker/gpu_model_runner.py: "Model loading took 14.99 GiB and 3.1 seconds",
//	  later "Model loading took 14.99 GiB memory and 11.42 seconds";
//	  "Graph capturing finished in 23 secs, took 0.96 GiB"
//	worker/model_runner.py (V0 before 0.7): "Loading model weights took 8.5107 GB"
//	v1/worker/gpu_worker.py: "Available KV cache memory: 55.05 GiB"
//	utils/mem_utils.py MemoryProfilingResult (V1, debug from 0.10): "Memory profiling takes 6.42 seconds.
//	  Total non KV cache memory: 17.73GiB; torch peak memory increase: 1.87GiB;
//	  non-torch forward increase memory: 0.25GiB; weights memory: 14.99GiB."
//	worker/worker.py (V0): "model weights take 4.03GiB; non_torch_memory takes 1.39GiB; PyTorch
//	  activation peak memory takes 0.32GiB; the rest of the memory reserved for KV Cache is 65.65GiB."
//	v1/core/kv_cache_utils.py: "GPU KV cache size: 450,816 tokens",
//	  "Maximum concurrency for 131,072 tokens per request: 3.44x" (one line since 2026-07-30, PR #50462)
//	executor/executor_base.py (V0): "# cuda blocks: 1394, # CPU blocks: 1820" ("# GPU blocks", "# CUDA blocks")
func (p *parser) vllmMsg(tag string, pid int, s string, st stamp) {
	if p.vllmMarker(tag, s, st) {
		return
	}
	b := p.cur()
	b.touch(st)
	if strings.HasPrefix(s, "Starting vLLM API server") || strings.HasPrefix(s, "Starting vLLM server on") {
		b.rep.Ready = true
		return
	}
	if m, ok := vllmLogoField(s, "model   "); ok {
		b.rep.Model = clip(m, maxModel)
		return
	}
	if rest, ok := strings.CutPrefix(s, "Chunked prefill is enabled with max_num_batched_tokens="); ok {
		vllmBatched(b, rest)
		return
	}
	vllmEngineFigures(b, s)
	if strings.Contains(s, "GiB") || strings.Contains(s, "GB") {
		vllmRankFigures(b, tag, pid, s)
	}
}

// vllmMarker handles the lines that start a load: the engine's config
// line and the API server's version line, in its old, new and logo forms.
func (p *parser) vllmMarker(tag, s string, st stamp) bool {
	switch {
	case strings.HasPrefix(s, "Initializing a V1 LLM engine") || strings.HasPrefix(s, "Initializing a V0 LLM engine") ||
		strings.HasPrefix(s, "Initializing an LLM engine"):
		b := p.marker("engine", tag, false, st)
		if m := quoted(s, "model='", '\''); m != "" {
			b.rep.Model = m
		}
		if v := quoted(s, " engine (v", ')'); v != "" && b.rep.Version == "" {
			b.rep.Version = clip(v, maxVersion)
		}
	case strings.HasPrefix(s, "vLLM API server version "):
		b := p.marker("api", tag, true, st)
		b.rep.Version = clip(strings.TrimSpace(s[len("vLLM API server version "):]), maxVersion)
	case strings.HasPrefix(s, "vLLM server version "):
		b := p.marker("api", tag, true, st)
		v, m, _ := strings.Cut(s[len("vLLM server version "):], ", serving model ")
		b.rep.Version = clip(v, maxVersion)
		if m != "" {
			b.rep.Model = clip(m, maxModel)
		}
	default:
		v, ok := vllmLogoField(s, "version ")
		if !ok {
			return false
		}
		b := p.marker("api", tag, true, st)
		b.rep.Version = clip(v, maxVersion)
	}
	return true
}

// vllmLogoField reads the text after key on a line of the logo
// log_version_and_model draws: "<art> █  version 0.20.0" and
// "<art> █  model   Qwen/Qwen3-8B" (colours already stripped).
func vllmLogoField(s, key string) (string, bool) {
	i := strings.Index(s, "█  "+key)
	if i < 0 {
		return "", false
	}
	v := strings.TrimSpace(s[i+len("█  "+key):])
	return v, v != ""
}

// vllmBatched reads the scheduler's max_num_batched_tokens, logged when
// the config is built (vllm/config/scheduler.py SchedulerConfig.__post_init__,
// "Chunked prefill is enabled with max_num_batched_tokens=%d.": 0.11.0
// scheduler.py:205, logger.info; main at 2026-05 scheduler.py:239,
// info_once). It is the value vLLM sizes a sliding window's share with
// (v1/kv_cache_interface.py SlidingWindowSpec.max_memory_usage_bytes).
// Building the config comes before the engine loads, so a value logged
// after figures belongs to the next load (parser.marker moves it there).
func vllmBatched(b *block, rest string) {
	n, ok := count(rest)
	if !ok || n == 0 || n > maxTokens || !strings.HasPrefix(strings.TrimLeft(rest, "0123456789"), ".") {
		return
	}
	b.rep.MaxNumBatchedTokens = &n
	b.batchedLate = b.hasFigures
}

// vllmEngineFigures reads the figures of the whole engine: the KV cache's
// tokens, the concurrency it allows, and V0's block counts.
func vllmEngineFigures(b *block, s string) {
	if strings.HasPrefix(s, "GPU KV cache size: ") {
		if n := b.tokensAfter(s, "GPU KV cache size: ", maxTokens); n != nil {
			b.rep.KVTokens, b.hasFigures = n, true
			b.rep.KVTokensMeaning = ""
			if strings.Contains(s, ", Maximum concurrency for ") {
				// one line only since update_kv_cache_capacity (PR #50462),
				// which logs get_kv_cache_capacity's max_concurrency × max_model_len
				b.rep.KVTokensMeaning = KVTokensConcurrency
			}
		}
	}
	if rest, ok := after(s, "Maximum concurrency for "); ok {
		if n, ok := count(rest); ok && n <= maxTokens {
			if x, ok := after(rest, " tokens per request: "); ok {
				if f, ok := ratio(x); ok {
					b.rep.ConcurrencyTokens, b.rep.MaxConcurrency, b.hasFigures = &n, &f, true
				}
			}
		}
	}
	if strings.HasPrefix(s, "# ") && strings.Contains(s, " blocks: ") {
		vllmBlocks(b, s)
	}
}

// vllmBlocks reads V0's "# cuda blocks: 1394, # CPU blocks: 1820".
func vllmBlocks(b *block, s string) {
	for _, part := range strings.Split(s, ", ") {
		dev, rest, ok := strings.Cut(strings.TrimPrefix(part, "# "), " blocks: ")
		if !ok {
			continue
		}
		n, ok := count(rest)
		if !ok || n > maxTokens {
			continue
		}
		if dev == "CPU" {
			b.rep.CPUBlocks = &n
		} else { // "GPU", "cuda", "CUDA": current_platform.device_name
			b.rep.GPUBlocks = &n
		}
		b.hasFigures = true
	}
}

// Why a figure vLLM logged negative is unknown. The KV cache's is what
// the memory profile left (gpu_worker.py determine_available_memory); the
// graphs' is the GPU's free memory before the capture minus after it
// (gpu_model_runner.py capture_model: start_free_gpu_memory -
// end_free_gpu_memory, cudaMemGetInfo over the whole device), which goes
// below zero when more memory was freed meanwhile than the graphs took.
const (
	negKV     = negNoRoom
	negGraphs = "vLLM measures them as the GPU's free memory before the capture minus after it, and more was freed meanwhile (by this process's allocator or another process on the GPU) than the graphs took: their size is unknown"
)

// vllmRankFigures reads the figures of one worker (the rank its tag
// names): weights, KV cache, activations, non-torch memory, CUDA graphs.
func vllmRankFigures(b *block, tag string, pid int, s string) {
	var a *rankAcc
	acc := func() *rankAcc {
		if a == nil {
			a = b.rank(tag, vllmRank(tag), pid)
			b.hasFigures = true
		}
		return a
	}
	set := func(key, what, neg string, dst func(*rankAcc, uint64)) {
		if n := b.sizeAfterOr(s, key, what, neg); n != nil {
			if r := acc(); r != nil {
				dst(r, *n)
			}
		}
	}
	weights := func(r *rankAcc, n uint64) { r.weights.set("", n) }
	kv := func(r *rankAcc, n uint64) { r.kv.set("", n) }
	acts := func(r *rankAcc, n uint64) { r.acts = &n }
	nonTorch := func(r *rankAcc, n uint64) { r.nonTorch = &n }
	graphs := func(r *rankAcc, n uint64) { r.graphs.set("", n) }
	switch {
	case strings.HasPrefix(s, "Model loading took "):
		set("Model loading took ", "the weights' size", negKV, weights)
	case strings.HasPrefix(s, "Loading model weights took "):
		set("Loading model weights took ", "the weights' size", negKV, weights)
	case strings.HasPrefix(s, "Available KV cache memory: "):
		set("Available KV cache memory: ", "Available KV cache memory", negKV, kv)
	case strings.HasPrefix(s, "Graph capturing finished in "):
		set(", took ", "the CUDA graphs' size", negGraphs, graphs)
	case strings.HasPrefix(s, "CUDA graph pool memory: "):
		set("CUDA graph pool memory: ", "the CUDA graphs' size", negGraphs, graphs)
	default:
		// The profiling summaries, V1 and V0 wordings.
		set("weights memory: ", "the weights' size", negKV, weights)
		set("model weights take ", "the weights' size", negKV, weights)
		set("torch peak memory increase: ", "the activation peak", negKV, acts)
		set("PyTorch activation peak memory takes ", "the activation peak", negKV, acts)
		set("non-torch forward increase memory: ", "the non-torch memory", negKV, nonTorch)
		set("non_torch_memory takes ", "the non-torch memory", negKV, nonTorch)
		set("reserved for KV Cache is ", "the KV cache's size", negKV, kv)
	}
}

// ratio reads vLLM's "%.2fx".
func ratio(s string) (float64, bool) {
	i := 0
	for i < len(s) && i < 24 && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	if i == 0 || i >= len(s) || s[i] != 'x' {
		return 0, false
	}
	f, err := strconv.ParseFloat(s[:i], 64)
	if err != nil || f > maxTokens {
		return 0, false
	}
	return f, true
}

// What vLLM's "GPU KV cache size: N tokens" counts (Report.KVTokensMeaning).
const (
	// KVTokensBlocks: the block pool's tokens, num_blocks // groups ×
	// block_size (v1/core/kv_cache_utils.py _report_kv_cache_config, 0.7.3
	// to 0.20), times the context-parallel size where there is one.
	KVTokensBlocks = "blocks"
	// KVTokensConcurrency: int(max_concurrency × max_model_len), the tokens
	// of context the cache holds at full use (main since 2026-04-28, PR
	// #41069; first released in 0.21). The two agree for a model whose
	// layers share one KV spec; for a hybrid model the old figure
	// undercounted.
	KVTokensConcurrency = "concurrency"
)

// vllmFinish completes a vLLM report. vLLM gives every rank the same
// number of KV blocks (v1/core/kv_cache_utils.py get_kv_cache_configs:
// min_num_blocks, tensors shrunk to it), so every rank holds the KV bytes
// any rank reports.
func vllmFinish(r *Report) {
	r.KVSameOnEveryRank = true
	if r.KVTokens != nil && r.KVTokensMeaning == "" {
		r.KVTokensMeaning = vllmKVTokensMeaning(r)
	}
}

// vllmKVTokensMeaning decides what the two-line "GPU KV cache size" of
// this load counts: by the version it names, else (0.20, a build between
// releases, no version) by its shape: the new figure is the concurrency
// line's ratio times its request length, to the ratio's two decimals.
func vllmKVTokensMeaning(r *Report) string {
	if major, minor, ok := vllmVersion(r.Version); ok {
		switch {
		case major > 0 || minor >= 21:
			return KVTokensConcurrency
		case minor < 20:
			return KVTokensBlocks
		}
	}
	if r.MaxConcurrency == nil || r.ConcurrencyTokens == nil || *r.ConcurrencyTokens == 0 {
		return ""
	}
	l := float64(*r.ConcurrencyTokens)
	if math.Abs(float64(*r.KVTokens)-*r.MaxConcurrency*l) <= 0.005*l+1 {
		return KVTokensConcurrency
	}
	return KVTokensBlocks
}

// vllmVersion reads the major and minor of "0.11.1", "0.20.0rc1",
// "0.21.0.dev12+g1234abc".
func vllmVersion(v string) (major, minor int, ok bool) {
	a, rest, ok1 := strings.Cut(strings.TrimPrefix(v, "v"), ".")
	end := 0
	for end < len(rest) && end < 4 && rest[end] >= '0' && rest[end] <= '9' {
		end++
	}
	var err1, err2 error
	major, err1 = strconv.Atoi(a)
	minor, err2 = strconv.Atoi(rest[:end])
	return major, minor, ok1 && end > 0 && err1 == nil && err2 == nil && major < 100
}
