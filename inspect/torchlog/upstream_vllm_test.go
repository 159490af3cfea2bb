package torchlog

import (
	"cmp"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
)

// This file checks gtm's reading of vLLM logs against lines built the way
// vLLM itself builds them, not against internal/standin's copies: each
// message is vLLM's own format string with its own arguments, and the line
// around it is what vLLM's logging setup writes. Sources, vllm-project/vllm:
//
//	v0110: main at 7977e502 (2025-09-27), the tree 0.11.0 was released from
//	       days later; the lines' file:line below are of that commit.
//	cur:   main at 9aaf83ef (2026-05-19).

// upstreamRec is one logging call: the format string and arguments as
// vLLM's source passes them, and the file and line that call sits at.
type upstreamRec struct {
	level    string // "INFO", "WARNING", "DEBUG"
	file     string // record.filename; under VLLM_LOGGING_LEVEL=DEBUG the shortened path (NewLineFormatter shrink_path)
	line     int
	format   string
	args     []any
	tag      string // the process name _add_prefix writes, "" when undecorated
	pid      int
	clock    string // asctime under _DATE_FORMAT "%m-%d %H:%M:%S"
	colorful bool   // ColoredFormatter (current vLLM, a terminal or VLLM_LOGGING_COLOR=1)
}

// upstreamEnv is the environment vLLM's logging reads.
type upstreamEnv struct {
	loggingPrefix string // VLLM_LOGGING_PREFIX
	// cyan is the colour _add_prefix gives the tag: 0.11.0 always
	// (vllm/utils/__init__.py:120 CYAN "\033[1;36m"); cur only on a terminal
	// or with VLLM_LOGGING_COLOR=1 (vllm/utils/system_utils.py:27 "\033[0;36m").
	cyan string
}

// pyPercent is Python's "%" formatting for the conversions vLLM's
// messages use: %s, %d, %.Nf, %%.
func pyPercent(format string, args ...any) string {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			b.WriteByte(format[i])
			continue
		}
		i++
		if format[i] == '%' {
			b.WriteByte('%')
			continue
		}
		prec := -1
		if format[i] == '.' {
			j := i + 1
			for format[j] >= '0' && format[j] <= '9' {
				j++
			}
			prec, _ = strconv.Atoi(format[i+1 : j])
			i = j
		}
		a := args[0]
		args = args[1:]
		switch format[i] {
		case 's':
			fmt.Fprint(&b, a)
		case 'd':
			fmt.Fprintf(&b, "%d", a)
		case 'f':
			b.WriteString(strconv.FormatFloat(a.(float64), 'f', prec, 64))
		}
	}
	return b.String()
}

// pyCommas is Python's f"{n:,}".
func pyCommas(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// formatGiB is vllm/utils/mem_utils.py format_gib (cur): str(round(b /
// GiB_bytes, 2)), Python's float repr, so "15.0", "0.5", "54.86".
func formatGiB(b int64) string {
	s := strconv.FormatFloat(math.Round(float64(b)/(1<<30)*100)/100, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

// emit is what reaches the log file for one record: vllm/logger.py
// _FORMAT, f"{VLLM_LOGGING_PREFIX}%(levelname)s %(asctime)s
// [%(fileinfo)s:%(lineno)d] %(message)s" (logger.py:22-25 in both);
// NewLineFormatter.format repeating the header after every "\n" of the
// message as "\r\n" + header (logging_utils/formatter.py); ColoredFormatter
// greying the date and file and colouring the level (cur only);
// StreamHandler's "\n"; and _add_prefix writing "(NAME pid=PID) " at the
// start of every line (0.11.0: vllm/utils/__init__.py:3453, always cyan;
// cur: vllm/utils/system_utils.py:201, cyan on a terminal only).
func (e upstreamEnv) emit(r upstreamRec) string {
	const grey, reset = "\x1b[90m", "\x1b[0m"
	level, clock, where := r.level, r.clock, "["+r.file+":"+strconv.Itoa(r.line)+"]"
	if r.colorful {
		level = map[string]string{"INFO": "\x1b[32m", "WARNING": "\x1b[33m", "DEBUG": "\x1b[37m"}[level] + level + reset
		clock, where = grey+clock+reset, grey+where+reset
	}
	header := e.loggingPrefix + level + " " + clock + " " + where + " "
	msg := pyPercent(r.format, r.args...)
	out := header + msg
	if msg != "" {
		out = strings.ReplaceAll(out, "\n", "\r\n"+header)
	}
	out += "\n"
	if r.tag == "" {
		return out
	}
	tag := fmt.Sprintf("(%s pid=%d) ", r.tag, r.pid)
	if e.cyan != "" {
		tag = fmt.Sprintf("%s(%s pid=%d)\x1b[0;0m ", e.cyan, r.tag, r.pid)
	}
	lines := strings.SplitAfter(out, "\n")
	var b strings.Builder
	for _, l := range lines {
		if l != "" {
			b.WriteString(tag + l)
		}
	}
	return b.String()
}

func (e upstreamEnv) log(recs []upstreamRec) string {
	var b strings.Builder
	for _, r := range recs {
		b.WriteString(e.emit(r))
	}
	return b.String()
}

// v0110TP2 is `vllm serve Qwen/Qwen3-8B --tensor-parallel-size 2` as
// 0.11.0 logs it: every worker logs its own memory.
func v0110TP2() []upstreamRec {
	api := func(file string, line int, format string, args ...any) upstreamRec {
		return upstreamRec{level: "INFO", file: file, line: line, format: format, args: args, tag: "APIServer", pid: 4240, clock: "10-06 09:00:00"}
	}
	core := func(file string, line int, format string, args ...any) upstreamRec {
		// v1/engine/utils.py:119 names the engine's process EngineCore_DP{index}
		return upstreamRec{level: "INFO", file: file, line: line, format: format, args: args, tag: "EngineCore_DP0", pid: 4241, clock: "10-06 09:00:30"}
	}
	worker := func(rank int, file string, line int, format string, args ...any) upstreamRec {
		// v1/executor/multiproc_executor.py: "Worker" + f"_TP{tp_rank}" when tp_size > 1
		return upstreamRec{level: "INFO", file: file, line: line, format: format, args: args,
			tag: fmt.Sprintf("Worker_TP%d", rank), pid: 4243 + rank, clock: "10-06 09:00:20"}
	}
	recs := []upstreamRec{
		api("api_server.py", 1839, "vLLM API server version %s", "0.11.0"),                                                                                               // entrypoints/openai/api_server.py:1839 run_server
		api("scheduler.py", 205, "Chunked prefill is enabled with max_num_batched_tokens=%d.", 8192),                                                                     // config/scheduler.py:205-207 __post_init__
		core("core.py", 77, "Initializing a V1 LLM engine (v%s) with config: %s", "0.11.0", "model='Qwen/Qwen3-8B', speculative_config=None, tokenizer='Qwen/Qwen3-8B'"), // v1/engine/core.py:77; config/__init__.py:675 VllmConfig.__str__
	}
	for r := 0; r < 2; r++ {
		recs = append(recs,
			worker(r, "gpu_model_runner.py", 2698, "Model loading took %.4f GiB and %.6f seconds", 7.6719, 9.512345), // v1/worker/gpu_model_runner.py:2698 load_model
			worker(r, "gpu_worker.py", 298, "Available KV cache memory: %.2f GiB", 54.86))                            // v1/worker/gpu_worker.py:298 determine_available_memory
	}
	recs = append(recs,
		core("kv_cache_utils.py", 1087, "GPU KV cache size: %s tokens", pyCommas(798720)),                              // v1/core/kv_cache_utils.py:1087
		core("kv_cache_utils.py", 1091, "Maximum concurrency for %s tokens per request: %.2fx", pyCommas(40960), 19.5)) // :1091
	for r := 0; r < 2; r++ {
		recs = append(recs, worker(r, "gpu_model_runner.py", 3494, "Graph capturing finished in %.0f secs, took %.2f GiB", 17.6, 0.62)) // :3494 capture_model
	}
	return append(recs, api("api_server.py", 1912, "Starting vLLM API server %d on %s", 0, "http://0.0.0.0:8000")) // api_server.py:1912 run_server_worker
}

// vllmLogo is vllm/entrypoints/utils.py:288-299 (cur) log_version_and_model's
// template, colours substituted (ColoredFormatter) or emptied (a file).
func vllmLogo(colorful bool) string {
	c := map[string]string{"w": "", "o": "", "b": "", "r": ""}
	if colorful {
		c = map[string]string{"w": "\033[97;1m", "o": "\033[93m", "b": "\033[94m", "r": "\033[0m"}
	}
	return "\n       " + c["w"] + "█     █     █▄   ▄█" + c["r"] + "\n" +
		" " + c["o"] + "▄▄" + c["r"] + " " + c["b"] + "▄█" + c["r"] + " " + c["w"] + "█     █     █ ▀▄▀ █" + c["r"] + "  version " + c["w"] + "%s" + c["r"] + "\n" +
		"  " + c["o"] + "█" + c["r"] + c["b"] + "▄█▀" + c["r"] + " " + c["w"] + "█     █     █     █" + c["r"] + "  model   " + c["w"] + "%s" + c["r"] + "\n" +
		"   " + c["b"] + "▀▀" + c["r"] + "  " + c["w"] + "▀▀▀▀▀ ▀▀▀▀▀ ▀     ▀" + c["r"] + "\n"
}

// curOptions are the knobs of a current run that change its lines.
type curOptions struct {
	noLogo   bool   // VLLM_DISABLE_LOG_LOGO=1
	colorful bool   // ColoredFormatter: a terminal, or VLLM_LOGGING_COLOR=1
	debug    bool   // VLLM_LOGGING_LEVEL=DEBUG: paths for files, and debug lines
	v2Runner bool   // the V2 model runner (v1/worker/gpu/model_runner.py)
	version  string // vllm.__version__; "0.21.0" when empty
}

// Figures of the current TP 2 load, in bytes as vLLM holds them.
const (
	curWeights   = 8_235_000_000  // "Model loading took 7.67 GiB"
	curAvailable = 58_904_482_365 // "Available KV cache memory: 54.86 GiB"
	curGraphs    = 0.62           // GiB, %.2f
	curNonKV     = 19_036_000_000
	curPeak      = 2_008_000_000
	curNonTorch  = 268_435_456
)

// curTP2 is `vllm serve Qwen/Qwen3-8B --tensor-parallel-size 2` as main of
// 2026-05-19 logs it: the memory lines through logger.info_once (scope
// "local" by default, vllm/logger.py:127 → parallel_state.is_local_first_rank),
// so only Worker_TP0 writes them. The version is the release gtm takes
// for these rules (0.21.0); a build of that commit names its own dev
// version, whose "GPU KV cache size" gtm then tells by its figures.
func curTP2(o curOptions) []upstreamRec {
	if o.version == "" {
		o.version = "0.21.0"
	}
	at := func(tag string, pid int, file string, line int, format string, args ...any) upstreamRec {
		if o.debug {
			file = map[string]string{"utils.py": "entrypoints/utils.py", "scheduler.py": "config/scheduler.py", "core.py": "v1/engine/core.py",
				"gpu_model_runner.py": "v1/worker/gpu_model_runner.py", "model_runner.py": "v1/worker/gpu/model_runner.py", "gpu_worker.py": "v1/worker/gpu_worker.py",
				"kv_cache_utils.py": "v1/core/kv_cache_utils.py", "api_server.py": "entrypoints/openai/api_server.py"}[file]
		}
		return upstreamRec{level: "INFO", file: file, line: line, format: format, args: args, tag: tag, pid: pid, clock: "05-19 12:34:56", colorful: o.colorful}
	}
	api := func(file string, line int, format string, args ...any) upstreamRec {
		return at("APIServer", 4240, file, line, format, args...) // entrypoints/openai/api_server.py:676 decorate_logs("APIServer")
	}
	core := func(file string, line int, format string, args ...any) upstreamRec {
		return at("EngineCore", 4241, file, line, format, args...) // v1/engine/utils.py:146: "EngineCore" without data parallelism
	}
	worker := func(rank int) func(string, int, string, ...any) upstreamRec {
		return func(file string, line int, format string, args ...any) upstreamRec {
			return at(fmt.Sprintf("Worker_TP%d", rank), 4243+rank, file, line, format, args...) // v1/executor/multiproc_executor.py:973-1006
		}
	}
	start := api("utils.py", 306, vllmLogo(o.colorful), o.version, "Qwen/Qwen3-8B") // entrypoints/utils.py:306
	if o.noLogo {
		start.format = "vLLM server version %s, serving model %s" // entrypoints/utils.py:286
	}
	recs := []upstreamRec{start,
		api("scheduler.py", 239, "Chunked prefill is enabled with max_num_batched_tokens=%d.", 8192),                                                                       // config/scheduler.py:239-242, info_once
		core("core.py", 109, "Initializing a V1 LLM engine (v%s) with config: %s", o.version, "model='Qwen/Qwen3-8B', speculative_config=None, tokenizer='Qwen/Qwen3-8B'"), // v1/engine/core.py:109; config/vllm.py:1926 __str__
	}
	for r := 0; r < 2; r++ {
		recs = append(recs, curWorkerLoad(o, r, worker(r))...)
	}
	recs = append(recs,
		core("kv_cache_utils.py", 1733, "GPU KV cache size: %s tokens", pyCommas(798944)),                                        // v1/core/kv_cache_utils.py:1733, int(max_concurrency × max_model_len)
		core("kv_cache_utils.py", 1734, "Maximum concurrency for %s tokens per request: %.2fx", pyCommas(40960), 49934.0/2560.0), // :1734-1738
		api("api_server.py", 603, "Starting vLLM server on %s", "http://0.0.0.0:8000"))                                           // entrypoints/openai/api_server.py:603 build_and_serve
	return recs
}

// curWorkerLoad is one worker's memory lines. The info_once lines are
// rank 0's only; the V2 model runner's plain logger.info lines and, at
// debug level, the profiling summary (logger.debug) come from every rank.
func curWorkerLoad(o curOptions, rank int, w func(string, int, string, ...any) upstreamRec) []upstreamRec {
	load := w("gpu_model_runner.py", 5101, "Model loading took %s GiB memory and %.6f seconds", formatGiB(curWeights), 9.512345) // v1/worker/gpu_model_runner.py:5101-5105, info_once
	graphs := w("gpu_model_runner.py", 6417, "Graph capturing finished in %.0f secs, took %.2f GiB", 17.6, curGraphs)            // :6417-6421, info_once
	once := rank == 0
	if o.v2Runner {
		load = w("model_runner.py", 294, "Model loading took %s GiB and %.6f seconds", formatGiB(curWeights), 9.512345) // v1/worker/gpu/model_runner.py:294-298, logger.info
		graphs = w("model_runner.py", 661, "Graph capturing finished in %.0f secs, took %.2f GiB", 17.6, curGraphs)     // :661-665, logger.info
	}
	var recs []upstreamRec
	if once || o.v2Runner {
		recs = append(recs, load)
	}
	if o.debug {
		// v1/worker/gpu_worker.py:461 logger.debug(profile_result); utils/mem_utils.py:177-187 MemoryProfilingResult.__repr__
		prof := w("gpu_worker.py", 461, "%s", "Memory profiling takes 6.42 seconds. Total non KV cache memory: "+formatGiB(curNonKV)+"GiB; torch peak memory increase: "+
			formatGiB(curPeak)+"GiB; non-torch forward increase memory: "+formatGiB(curNonTorch)+"GiB; weights memory: "+formatGiB(curWeights)+"GiB.")
		prof.level = "DEBUG"
		recs = append(recs, prof)
	}
	if once {
		recs = append(recs, w("gpu_worker.py", 462, "Available KV cache memory: %s GiB", formatGiB(curAvailable))) // v1/worker/gpu_worker.py:462-465, info_once
	}
	if once || o.v2Runner {
		recs = append(recs, graphs)
	}
	return recs
}

// upstreamWant is what gtm must read from an upstream log.
type upstreamWant struct {
	version, model                string
	ranks                         []want
	kvTokens, concTokens, batched uint64
	conc                          float64
	meaning                       string
}

func checkUpstream(t *testing.T, name, log string, w upstreamWant) {
	t.Helper()
	r := ParseAt(VLLM, strings.NewReader(log), may8)
	if r == nil {
		t.Fatalf("%s: no load read from\n%s", name, log)
	}
	if r.Version != w.version || r.Model != w.model || !r.Ready || r.KVTokensMeaning != w.meaning {
		t.Errorf("%s: version %q model %q ready %v meaning %q, want %q %q true %q", name, r.Version, r.Model, r.Ready, r.KVTokensMeaning, w.version, w.model, w.meaning)
	}
	checkRanks(t, r.Ranks, w.ranks)
	checkU(t, name+" KVTokens", r.KVTokens, w.kvTokens)
	checkU(t, name+" ConcurrencyTokens", r.ConcurrencyTokens, w.concTokens)
	checkU(t, name+" MaxNumBatchedTokens", r.MaxNumBatchedTokens, w.batched)
	if r.MaxConcurrency == nil || math.Abs(*r.MaxConcurrency-w.conc) > 0.005 {
		t.Errorf("%s: MaxConcurrency %v, want %.2f", name, r.MaxConcurrency, w.conc)
	}
	if Detect(strings.NewReader(log)) != VLLM {
		t.Errorf("%s: not detected as vLLM's", name)
	}
}

// TestUpstreamVLLM0110: 0.11.0's lines, every rank logging, with and
// without VLLM_LOGGING_PREFIX; the tag always cyan.
func TestUpstreamVLLM0110(t *testing.T) {
	rank := func(r int) want {
		return want{rank: r, pid: 4243 + r, worker: fmt.Sprintf("Worker_TP%d", r), weights: gib(7.6719), kv: gib(54.86), graphs: gib(0.62)}
	}
	w := upstreamWant{version: "0.11.0", model: "Qwen/Qwen3-8B", ranks: []want{rank(0), rank(1)},
		kvTokens: 798720, concTokens: 40960, batched: 8192, conc: 19.5, meaning: KVTokensBlocks}
	for _, prefix := range []string{"", "[node-a] ", "INFO job=7 "} {
		env := upstreamEnv{loggingPrefix: prefix, cyan: "\x1b[1;36m"}
		checkUpstream(t, "0.11.0 prefix "+strconv.Quote(prefix), env.log(v0110TP2()), w)
	}
}

// TestUpstreamVLLMCurrent: main of 2026-05's lines, the memory on rank 0
// only, in each form a user can get: the logo to a file or a terminal,
// the one-line start, VLLM_LOGGING_PREFIX, debug level, the V2 runner.
func TestUpstreamVLLMCurrent(t *testing.T) {
	r0 := want{rank: 0, pid: 4243, worker: "Worker_TP0", weights: gib(7.67), kv: gib(54.86), graphs: gib(0.62)}
	for _, c := range []struct {
		name string
		o    curOptions
		env  upstreamEnv
		r1   want // rank 1's figures, when it logs any
	}{
		{"logo to a file", curOptions{}, upstreamEnv{}, want{}},
		{"logo in colour", curOptions{colorful: true}, upstreamEnv{cyan: "\x1b[0;36m"}, want{}},
		{"one-line start", curOptions{noLogo: true}, upstreamEnv{}, want{}},
		{"prefix, logo", curOptions{}, upstreamEnv{loggingPrefix: "[node-a] "}, want{}},
		{"prefix, colour", curOptions{colorful: true}, upstreamEnv{loggingPrefix: "WARNING: ", cyan: "\x1b[0;36m"}, want{}},
		{"debug", curOptions{debug: true}, upstreamEnv{},
			want{rank: 1, pid: 4244, worker: "Worker_TP1", weights: gib(7.67), acts: gib(1.87), nonTorch: gib(0.25)}},
		{"a dev build", curOptions{version: "0.20.2.dev157+g9aaf83ef5"}, upstreamEnv{}, want{}},
		{"V2 runner", curOptions{v2Runner: true}, upstreamEnv{},
			want{rank: 1, pid: 4244, worker: "Worker_TP1", weights: gib(7.67), graphs: gib(0.62)}},
	} {
		w := upstreamWant{version: cmp.Or(c.o.version, "0.21.0"), model: "Qwen/Qwen3-8B", ranks: []want{r0},
			kvTokens: 798944, concTokens: 40960, batched: 8192, conc: 19.51, meaning: KVTokensConcurrency}
		if c.o.debug {
			w.ranks[0].acts, w.ranks[0].nonTorch = gib(1.87), gib(0.25)
		}
		if c.r1.worker != "" {
			w.ranks = append(w.ranks, c.r1)
		}
		checkUpstream(t, c.name, c.env.log(curTP2(c.o)), w)
	}
}

// TestUpstreamVLLMBatchedTokensOrder: max_num_batched_tokens is logged as
// the config is built, before the engine's marker in an offline LLM (the
// main process untagged, vllm/entrypoints/llm.py → EngineArgs.create_engine_config)
// and after the last load's figures on a restart: it goes with the load
// that follows it, and a load that does not log it has none.
func TestUpstreamVLLMBatchedTokensOrder(t *testing.T) {
	env := upstreamEnv{}
	batched := func(n int) upstreamRec {
		return upstreamRec{level: "INFO", file: "scheduler.py", line: 239, format: "Chunked prefill is enabled with max_num_batched_tokens=%d.", args: []any{n}, clock: "05-19 12:00:00"}
	}
	engine := upstreamRec{level: "INFO", file: "core.py", line: 109, format: "Initializing a V1 LLM engine (v%s) with config: %s",
		args: []any{"0.21.0", "model='google/gemma-3-12b-it'"}, tag: "EngineCore", pid: 7, clock: "05-19 12:00:01"}
	kv := upstreamRec{level: "INFO", file: "gpu_worker.py", line: 462, format: "Available KV cache memory: %s GiB", args: []any{"20.0"}, tag: "EngineCore", pid: 7, clock: "05-19 12:00:09"}
	noise := upstreamRec{level: "INFO", file: "loggers.py", line: 257, format: "%s", args: []any{"Engine 000: Avg prompt throughput: 0.0 tokens/s"}, tag: "EngineCore", pid: 7, clock: "05-19 12:00:10"}
	for _, c := range []struct {
		name string
		recs []upstreamRec
		want uint64
	}{
		{"offline, before the engine", []upstreamRec{noise, batched(16384), engine, kv}, 16384},
		{"restart logs its own", []upstreamRec{batched(2048), engine, kv, batched(16384), engine, kv}, 16384},
		{"restart without it", []upstreamRec{batched(2048), engine, kv, engine, kv}, 0},
	} {
		r := ParseAt(VLLM, strings.NewReader(env.log(c.recs)), may8)
		if r == nil {
			t.Fatalf("%s: no load", c.name)
		}
		checkU(t, c.name, r.MaxNumBatchedTokens, c.want)
	}
}
