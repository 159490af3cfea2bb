package torchlog

import (
	"strings"
	"testing"
	"time"
)

// vllmCurrentTP2 is vLLM as main wrote it in 2026-05 (0.21), tensor
// parallelism 2, to a log file: the API server's logo
// (entrypoints/utils.py log_version_and_model, monochrome when the handler
// is not a terminal), "(EngineCore pid=…)" without _DP0, and the memory
// lines on the first rank of the node only (logger.info_once, scope
// "local": v1/worker/gpu_model_runner.py load_model and capture_model,
// v1/worker/gpu_worker.py determine_available_memory). Rank 1 logs none.
var vllmCurrentTP2 = strings.Join([]string{
	"(APIServer pid=4240) INFO 05-08 12:34:50 [utils.py:294] ",
	"(APIServer pid=4240) INFO 05-08 12:34:50 [utils.py:294]        █     █     █▄   ▄█",
	"(APIServer pid=4240) INFO 05-08 12:34:50 [utils.py:294]  ▄▄ ▄█ █     █     █ ▀▄▀ █  version 0.21.0",
	"(APIServer pid=4240) INFO 05-08 12:34:50 [utils.py:294]   █▄█▀ █     █     █     █  model   Qwen/Qwen3-8B",
	"(APIServer pid=4240) INFO 05-08 12:34:50 [utils.py:294]    ▀▀  ▀▀▀▀▀ ▀▀▀▀▀ ▀     ▀",
	"(APIServer pid=4240) INFO 05-08 12:34:50 [utils.py:294] ",
	"(EngineCore pid=4241) INFO 05-08 12:34:58 [core.py:101] Initializing a V1 LLM engine (v0.21.0) with config: model='Qwen/Qwen3-8B', speculative_config=None, tokenizer='Qwen/Qwen3-8B'",
	"(Worker_TP0 pid=4243) INFO 05-08 12:35:20 [gpu_model_runner.py:4771] Model loading took 7.6719 GiB memory and 9.512345 seconds",
	"(Worker_TP0 pid=4243) INFO 05-08 12:35:31 [gpu_worker.py:563] Available KV cache memory: 54.86 GiB",
	"(EngineCore pid=4241) INFO 05-08 12:35:32 [kv_cache_utils.py:2237] GPU KV cache size: 798,720 tokens",
	"(EngineCore pid=4241) INFO 05-08 12:35:32 [kv_cache_utils.py:2238] Maximum concurrency for 40,960 tokens per request: 19.50x",
	"(Worker_TP0 pid=4243) INFO 05-08 12:35:50 [gpu_model_runner.py:6914] Graph capturing finished in 18 secs, took 0.62 GiB",
	"(APIServer pid=4240) INFO 05-08 12:35:52 [api_server.py:587] Starting vLLM server on http://0.0.0.0:8000",
	"",
}, "\n")

// withLoggingPrefix puts VLLM_LOGGING_PREFIX where vllm/logger.py _FORMAT
// does: before the level, after the process tag _add_prefix writes.
func withLoggingPrefix(log, prefix string) string {
	var out []string
	for _, l := range strings.Split(log, "\n") {
		for _, lv := range []string{"INFO ", "WARNING ", "DEBUG "} {
			if i := strings.Index(l, lv); i >= 0 {
				l = l[:i] + prefix + l[i:]
				break
			}
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// TestParseVLLMLoggingPrefix: VLLM_LOGGING_PREFIX stands before the
// level; the lines read the same with it as without, even a prefix that
// itself holds a level's name.
func TestParseVLLMLoggingPrefix(t *testing.T) {
	plain := ParseAt(VLLM, strings.NewReader(vllmCurrentTP2), may8)
	if plain == nil {
		t.Fatal("no block without a prefix")
	}
	for _, prefix := range []string{"[node-a] ", "INFO node7 | ", "\x1b[35mjob=42\x1b[0m "} {
		r := ParseAt(VLLM, strings.NewReader(withLoggingPrefix(vllmCurrentTP2, prefix)), may8)
		if r == nil {
			t.Fatalf("%q: no block", prefix)
		}
		checkRanks(t, r.Ranks, []want{{rank: 0, pid: 4243, worker: "Worker_TP0", weights: gib(7.6719), kv: gib(54.86), graphs: gib(0.62)}})
		checkU(t, "KVTokens", r.KVTokens, 798720)
		if r.Model != plain.Model || r.Ready != plain.Ready || !r.Started.Equal(plain.Started) || !r.Last.Equal(plain.Last) {
			t.Errorf("%q: model %q ready %v %v..%v, want as without: %q %v %v..%v", prefix, r.Model, r.Ready, r.Started, r.Last,
				plain.Model, plain.Ready, plain.Started, plain.Last)
		}
	}
}

// TestParseVLLMCurrentStartLines: the API server's start in its current
// forms (the logo, the one-line form under VLLM_DISABLE_LOG_LOGO) names
// the model, starts a load, and "Starting vLLM server on" says ready;
// "(EngineCore pid=…)" without _DP0 is rank 0's in-process worker.
func TestParseVLLMCurrentStartLines(t *testing.T) {
	noEngine := func(log string) string { // a tail that lost the engine's config line
		var keep []string
		for _, l := range strings.Split(log, "\n") {
			if !strings.Contains(l, "Initializing a V1 LLM engine") {
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "\n")
	}
	oneLine := "(APIServer pid=4240) INFO 05-08 12:34:50 [utils.py:292] vLLM server version 0.21.0, serving model Qwen/Qwen3-8B\n"
	logo := noEngine(vllmCurrentTP2)
	plain := oneLine + logo[strings.Index(logo, "(EngineCore"):]
	for name, log := range map[string]string{"logo": logo, "one line": plain} {
		r := ParseAt(VLLM, strings.NewReader(log), may8)
		if r == nil || r.Model != "Qwen/Qwen3-8B" || !r.Ready {
			t.Fatalf("%s: %+v", name, r)
		}
		if want := time.Date(2025, 5, 8, 12, 34, 50, 0, time.Local); !r.Started.Equal(want) {
			t.Errorf("%s: started %v, want the API's start %v", name, r.Started, want)
		}
	}
	// a second start line after figures is a restart: the newest load only
	r := ParseAt(VLLM, strings.NewReader(vllmCurrentTP2+oneLine), may8)
	if r == nil || len(r.Ranks) != 0 || r.KVTokens != nil {
		t.Errorf("restart: the old load's figures stayed: %+v", r)
	}
	single := "(EngineCore pid=51) INFO 11-02 08:00:41 [gpu_worker.py:563] Available KV cache memory: 55.05 GiB\n"
	r = ParseAt(VLLM, strings.NewReader(single), may8)
	checkRanks(t, r.Ranks, []want{{rank: 0, pid: 51, worker: "EngineCore", kv: gib(55.05)}})
	if Detect(strings.NewReader(oneLine+single)) != VLLM || Detect(strings.NewReader(logo)) != VLLM {
		t.Error("current start lines not detected as vLLM's")
	}
}

// TestParseVLLMNegativeGraphs: capture_model logs the GPU's free memory
// before the capture minus after it, which goes negative when more was
// freed meanwhile: unknown, with that reason, not "no room".
func TestParseVLLMNegativeGraphs(t *testing.T) {
	log := "(Worker_TP0 pid=7) INFO 03-02 10:00:00 [gpu_worker.py:563] Available KV cache memory: 20.00 GiB\n" +
		"(Worker_TP0 pid=7) INFO 03-02 10:00:12 [gpu_model_runner.py:4105] Graph capturing finished in 12 secs, took -0.12 GiB\n"
	r := ParseAt(VLLM, strings.NewReader(log), may8)
	if r == nil || len(r.Ranks) != 1 || r.Ranks[0].CUDAGraphs != nil {
		t.Fatalf("a negative graph size was kept: %+v", r)
	}
	if len(r.Notes) != 1 || !strings.Contains(r.Notes[0], "free memory before the capture minus after") || strings.Contains(r.Notes[0], "no room") {
		t.Errorf("notes %q", r.Notes)
	}
}

// TestVLLMKVTokensMeaning: "GPU KV cache size" counts the block pool's
// tokens before 0.21 and max_concurrency × max_model_len from it (and in
// the one-line form); 0.20 and unversioned logs are told by the figures.
func TestVLLMKVTokensMeaning(t *testing.T) {
	engine := func(v string) string {
		return "(EngineCore pid=1) INFO 05-08 12:00:00 [core.py:101] Initializing a V1 LLM engine (v" + v + ") with config: model='google/gemma-3-12b-it'\n"
	}
	// Gemma-3-12B, 6 KV cache groups: the pool's tokens (old) vs the
	// context it holds at 2.30 requests of 131,072 (new)
	old := "(EngineCore pid=1) INFO 05-08 12:00:01 [kv_cache_utils.py:1087] GPU KV cache size: 52,224 tokens\n" +
		"(EngineCore pid=1) INFO 05-08 12:00:01 [kv_cache_utils.py:1091] Maximum concurrency for 131,072 tokens per request: 2.30x\n"
	cur := "(EngineCore pid=1) INFO 05-08 12:00:01 [kv_cache_utils.py:2237] GPU KV cache size: 301,465 tokens\n" +
		"(EngineCore pid=1) INFO 05-08 12:00:01 [kv_cache_utils.py:2238] Maximum concurrency for 131,072 tokens per request: 2.30x\n"
	oneLine := "(EngineCore pid=1) INFO 05-08 12:00:01 [kv_cache_utils.py:2104] GPU KV cache size: 301,465 tokens, Maximum concurrency for 131,072 tokens per request: 2.30x\n"
	for _, c := range []struct {
		name, log, want string
	}{
		{"0.11.0", engine("0.11.0") + old, KVTokensBlocks},
		{"0.19.1 figures aside", engine("0.19.1") + cur, KVTokensBlocks},
		{"0.21.0", engine("0.21.0") + cur, KVTokensConcurrency},
		{"0.22.0.dev3+g1a2b3c", engine("0.22.0.dev3+g1a2b3c") + old, KVTokensConcurrency},
		{"0.20.0 old figures", engine("0.20.0") + old, KVTokensBlocks},
		{"0.20.0 new figures", engine("0.20.0") + cur, KVTokensConcurrency},
		{"no version, new figures", cur, KVTokensConcurrency},
		{"one line", engine("0.12.0") + oneLine, KVTokensConcurrency},
		{"no concurrency line", "(EngineCore pid=1) INFO 05-08 12:00:01 [kv_cache_utils.py:2237] GPU KV cache size: 301,465 tokens\n", ""},
	} {
		r := ParseAt(VLLM, strings.NewReader(c.log), may8)
		if r == nil || r.KVTokensMeaning != c.want || !r.KVSameOnEveryRank {
			t.Errorf("%s: %+v, want meaning %q", c.name, r, c.want)
		}
	}
}

func TestVLLMVersion(t *testing.T) {
	r := ParseAt(VLLM, strings.NewReader(vllmCurrentTP2), may8)
	if r.Version != "0.21.0" {
		t.Errorf("logo version %q", r.Version)
	}
	r = ParseAt(VLLM, strings.NewReader(vllmV1TP2), may8)
	if r.Version != "0.10.1.1" {
		t.Errorf("API server version %q", r.Version)
	}
	for v, want := range map[string][2]int{"0.11.1": {0, 11}, "v0.20.0rc1": {0, 20}, "0.21.0.dev12+g1234abc": {0, 21}, "1.0": {1, 0}} {
		if ma, mi, ok := vllmVersion(v); !ok || ma != want[0] || mi != want[1] {
			t.Errorf("vllmVersion(%q) = %d %d %v", v, ma, mi, ok)
		}
	}
	for _, v := range []string{"", "dev", "0.x", "11"} {
		if _, _, ok := vllmVersion(v); ok {
			t.Errorf("vllmVersion(%q) ok", v)
		}
	}
}
