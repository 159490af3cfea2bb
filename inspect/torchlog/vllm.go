package torchlog

import (
	"strconv"
	"strings"
)

// vllm reads one line of a vLLM log. Its shape (vllm/logger.py):
//
//	INFO 05-08 12:34:56 [gpu_model_runner.py:1234] message       (0.8 and later)
//	INFO 12-22 10:55:34 worker.py:241] message                    (0.6, 0.7)
//
// with, in multiprocess runs, a process tag before it
// (vllm/utils/system_utils.py _add_prefix: "(%s pid=%d) ", in cyan):
// "(VllmWorker rank=1 pid=4242)" (V1 0.8-0.10), "(Worker_TP1 pid=4242)",
// "(EngineCore_DP0 pid=4241)", "(APIServer pid=4240)" (0.10 and later),
// "(VllmWorkerProcess pid=240)" (V0), "(RayWorkerWrapper pid=9, ip=...)".
// Since 0.8 vLLM prefixes every line of a multi-line message itself.
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
		// "[file.py:123] " or, before 0.8, "file.py:123] "
		if j := strings.Index(s[:min(len(s), 160)], "] "); j >= 0 && strings.Contains(s[:j], ".py:") {
			s = s[j+2:]
		}
	}
	p.vllmMsg(tag, pid, s, st)
}

// cutLevel takes Python logging's level name and the space after it.
func cutLevel(s string) (string, bool) {
	for _, lv := range [...]string{"INFO ", "WARNING ", "DEBUG ", "ERROR ", "CRITICAL "} {
		if strings.HasPrefix(s, lv) {
			return s[len(lv):], true
		}
	}
	return s, false
}

// vllmRank is the worker rank a process tag names: "rank=N", or the TP
// (or PP) index of a "Worker_TPn" name (v1/executor/multiproc_executor.py
// builds "Worker" + _DPn _PPn _PCPn _TPn _DCPn _EPn). An untagged line, an
// EngineCore or a bare "Worker" runs the single in-process worker: rank 0.
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
		tp, pp := -1, -1
		for _, part := range strings.Split(tag[len("Worker_"):], "_") {
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
	}
	return -1
}

// vllmMsg reads one vLLM message. Formats, by source file:
//
//	engine/llm_engine.py, v1/engine/core.py: "Initializing a V1 LLM engine (v0.10.1) with config: model='...'"
//	  ("Initializing a V0 LLM engine", "Initializing an LLM engine" before 0.8)
//	entrypoints/openai/api_server.py: "vLLM API server version 0.8.5", "Starting vLLM API server on ..."
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
//	  "Maximum concurrency for 131,072 tokens per request: 3.44x" (one line in later versions)
//	executor/executor_base.py (V0): "# cuda blocks: 1394, # CPU blocks: 1820" ("# GPU blocks", "# CUDA blocks")
func (p *parser) vllmMsg(tag string, pid int, s string, st stamp) {
	var b *block
	switch {
	case strings.HasPrefix(s, "Initializing a V1 LLM engine") || strings.HasPrefix(s, "Initializing a V0 LLM engine") ||
		strings.HasPrefix(s, "Initializing an LLM engine"):
		b = p.marker("engine", tag, false, st)
		if m := quoted(s, "model='", '\''); m != "" {
			b.rep.Model = m
		}
		return
	case strings.HasPrefix(s, "vLLM API server version"):
		p.marker("api", tag, true, st)
		return
	}
	b = p.cur()
	b.touch(st)
	if strings.HasPrefix(s, "Starting vLLM API server") || strings.HasPrefix(s, "Starting vLLM server on") {
		b.rep.Ready = true
		return
	}
	vllmEngineFigures(b, s)
	if strings.Contains(s, "GiB") || strings.Contains(s, "GB") {
		vllmRankFigures(b, tag, pid, s)
	}
}

// vllmEngineFigures reads the figures of the whole engine: the KV cache's
// tokens, the concurrency it allows, and V0's block counts.
func vllmEngineFigures(b *block, s string) {
	if strings.HasPrefix(s, "GPU KV cache size: ") {
		if n := b.tokensAfter(s, "GPU KV cache size: ", maxTokens); n != nil {
			b.rep.KVTokens, b.hasFigures = n, true
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
	set := func(key, what string, dst func(*rankAcc, uint64)) {
		if n := b.sizeAfter(s, key, what); n != nil {
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
		set("Model loading took ", "the weights' size", weights)
	case strings.HasPrefix(s, "Loading model weights took "):
		set("Loading model weights took ", "the weights' size", weights)
	case strings.HasPrefix(s, "Available KV cache memory: "):
		set("Available KV cache memory: ", "Available KV cache memory", kv)
	case strings.HasPrefix(s, "Graph capturing finished in "):
		set(", took ", "the CUDA graphs' size", graphs)
	case strings.HasPrefix(s, "CUDA graph pool memory: "):
		set("CUDA graph pool memory: ", "the CUDA graphs' size", graphs)
	default:
		// The profiling summaries, V1 and V0 wordings.
		set("weights memory: ", "the weights' size", weights)
		set("model weights take ", "the weights' size", weights)
		set("torch peak memory increase: ", "the activation peak", acts)
		set("PyTorch activation peak memory takes ", "the activation peak", acts)
		set("non-torch forward increase memory: ", "the non-torch memory", nonTorch)
		set("non_torch_memory takes ", "the non-torch memory", nonTorch)
		set("reserved for KV Cache is ", "the KV cache's size", kv)
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
