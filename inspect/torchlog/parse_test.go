package torchlog

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// want is a worker's expected figures; 0 means "not logged" (nil).
type want struct {
	rank, pid                                      int
	worker                                         string
	weights, kv, acts, graphs, nonTorch, recurrent uint64 // bytes: gib() of each printed figure
}

func ptr(p *uint64) string {
	if p == nil {
		return "nil"
	}
	return fmt.Sprint(*p)
}

func checkRanks(t *testing.T, got []Rank, ws []want) {
	t.Helper()
	if len(got) != len(ws) {
		t.Fatalf("%d ranks, want %d: %+v", len(got), len(ws), got)
	}
	for i, w := range ws {
		g := got[i]
		if g.Rank != w.rank || g.PID != w.pid || g.Worker != w.worker {
			t.Errorf("rank %d: got rank %d pid %d worker %q, want %d %d %q", i, g.Rank, g.PID, g.Worker, w.rank, w.pid, w.worker)
		}
		for _, f := range []struct {
			name string
			got  *uint64
			want uint64
		}{{"weights", g.Weights, w.weights}, {"kv", g.KVCache, w.kv}, {"activations", g.Activations, w.acts},
			{"graphs", g.CUDAGraphs, w.graphs}, {"non-torch", g.NonTorch, w.nonTorch}, {"recurrent", g.Recurrent, w.recurrent}} {
			if f.want == 0 && f.got != nil || f.want != 0 && (f.got == nil || *f.got != f.want) {
				t.Errorf("rank %d %s: got %s, want %d", i, f.name, ptr(f.got), f.want)
			}
		}
	}
}

func checkU(t *testing.T, name string, got *uint64, want uint64) {
	t.Helper()
	if want == 0 && got != nil || want != 0 && (got == nil || *got != want) {
		t.Errorf("%s: got %s, want %d", name, ptr(got), want)
	}
}

var may8 = time.Date(2025, 5, 8, 13, 0, 0, 0, time.Local)

func TestParseVLLMV1TensorParallel(t *testing.T) {
	r := ParseAt(VLLM, strings.NewReader(vllmV1TP2), may8)
	if r == nil {
		t.Fatal("no block")
	}
	checkRanks(t, r.Ranks, []want{
		{rank: 0, pid: 4243, worker: "Worker_TP0", weights: gib(7.6719), kv: gib(54.86), graphs: gib(0.62)},
		{rank: 1, pid: 4244, worker: "Worker_TP1", weights: gib(7.6719), kv: gib(54.85), graphs: gib(0.63)},
	})
	checkU(t, "KVTokens", r.KVTokens, 798944)
	checkU(t, "ConcurrencyTokens", r.ConcurrencyTokens, 40960)
	if r.MaxConcurrency == nil || *r.MaxConcurrency != 19.51 {
		t.Errorf("MaxConcurrency %v", r.MaxConcurrency)
	}
	if r.Model != "Qwen/Qwen3-8B" || !r.Ready || r.Engine != VLLM {
		t.Errorf("model %q ready %v engine %q", r.Model, r.Ready, r.Engine)
	}
	if want := time.Date(2025, 5, 8, 12, 34, 50, 0, time.Local); !r.Started.Equal(want) {
		t.Errorf("started %v, want %v", r.Started, want)
	}
	if want := time.Date(2025, 5, 8, 12, 35, 52, 0, time.Local); !r.Last.Equal(want) {
		t.Errorf("last %v, want %v", r.Last, want)
	}
	checkU(t, "GPUBlocks", r.GPUBlocks, 0)
	if len(r.Notes) != 0 {
		t.Errorf("notes %q", r.Notes)
	}
}

func TestParseVLLMV1RankTags(t *testing.T) {
	r := ParseAt(VLLM, strings.NewReader(vllmV1Rank), may8)
	if r == nil {
		t.Fatal("no block")
	}
	// The profiling summary's "weights memory" (0.01 GiB) replaces the
	// loader's figure: the newer line of the same worker wins.
	checkRanks(t, r.Ranks, []want{
		{rank: 0, pid: 4242, worker: "VllmWorker rank=0", weights: gib(15.61), kv: gib(52.21), acts: gib(1.56), nonTorch: gib(0.24), graphs: gib(1.11)},
		{rank: 1, pid: 4245, worker: "VllmWorker rank=1", weights: gib(15.61), kv: gib(52.22), acts: gib(1.55), nonTorch: gib(0.23), graphs: gib(1.12)},
	})
	checkU(t, "KVTokens", r.KVTokens, 1369088)
	checkU(t, "ConcurrencyTokens", r.ConcurrencyTokens, 8192)
	if r.Model != "moonshotai/Kimi-VL-A3B-Instruct" || r.Ready {
		t.Errorf("model %q ready %v", r.Model, r.Ready)
	}
}

func TestParseVLLMV0(t *testing.T) {
	r := ParseAt(VLLM, strings.NewReader(vllmV0), time.Date(2025, 2, 14, 0, 0, 0, 0, time.Local))
	if r == nil {
		t.Fatal("no block")
	}
	checkRanks(t, r.Ranks, []want{{rank: 0, weights: gib(5.35), kv: gib(2.64), acts: gib(0.74), nonTorch: gib(0.05), graphs: gib(0.19)}})
	checkU(t, "GPUBlocks", r.GPUBlocks, 1353)
	checkU(t, "CPUBlocks", r.CPUBlocks, 1024)
	checkU(t, "ConcurrencyTokens", r.ConcurrencyTokens, 512)
	checkU(t, "KVTokens", r.KVTokens, 0)
	if r.MaxConcurrency == nil || *r.MaxConcurrency != 42.28 || r.Model != "/models/Qwen2.5-7B-Instruct" {
		t.Errorf("concurrency %v model %q", r.MaxConcurrency, r.Model)
	}
	// "Loading model weights took X GB" alone is read as 2^30 bytes per GB.
	only := "INFO 02-13 15:56:09 model_runner.py:1115] Loading model weights took 5.3541 GB\n"
	r = ParseAt(VLLM, strings.NewReader(only), time.Time{})
	checkRanks(t, r.Ranks, []want{{rank: 0, weights: gib(5.3541)}})
	if !r.Started.IsZero() {
		t.Errorf("a year-less stamp with no reference time: %v", r.Started)
	}
}

func TestParseVLLMV0TensorParallel(t *testing.T) {
	r := ParseAt(VLLM, strings.NewReader(vllmV0TP), may8)
	checkRanks(t, r.Ranks, []want{
		{rank: 0, weights: gib(3.97), kv: gib(29.02), acts: gib(0.36), nonTorch: gib(2.10)},
		{rank: -1, pid: 240, worker: "VllmWorkerProcess", weights: gib(3.97), kv: gib(29.22), acts: gib(0.36), nonTorch: gib(1.90)},
	})
	checkU(t, "GPUBlocks", r.GPUBlocks, 307335)
	checkU(t, "CPUBlocks", r.CPUBlocks, 18724)
}

func TestParseVLLMRestartAndRecapture(t *testing.T) {
	second := strings.ReplaceAll(vllmV1TP2, "05-08 12:3", "05-08 12:5")
	second = strings.ReplaceAll(second, "Qwen/Qwen3-8B", "Qwen/Qwen3-4B")
	second = strings.ReplaceAll(second, "took 0.62 GiB", "took 0.62 GiB\n"+cyan+"(Worker_TP0 pid=4243)"+reset+
		" INFO 05-08 12:56:00 [gpu_model_runner.py:2708] Graph capturing finished in 3 secs, took 0.70 GiB")
	r := ParseAt(VLLM, strings.NewReader(vllmV1TP2+second), may8)
	if r.Model != "Qwen/Qwen3-4B" {
		t.Fatalf("model %q: the newest block was not picked", r.Model)
	}
	if want := time.Date(2025, 5, 8, 12, 54, 50, 0, time.Local); !r.Started.Equal(want) {
		t.Errorf("started %v, want %v", r.Started, want)
	}
	checkRanks(t, r.Ranks, []want{
		{rank: 0, pid: 4243, worker: "Worker_TP0", weights: gib(7.6719), kv: gib(54.86), graphs: gib(0.70)},
		{rank: 1, pid: 4244, worker: "Worker_TP1", weights: gib(7.6719), kv: gib(54.85), graphs: gib(0.63)},
	})
	// The same restart without the API server's line (an offline LLM()
	// run): the engine marker from the same process starts the block.
	offline := func(s string) string {
		var keep []string
		for _, l := range strings.Split(s, "\n") {
			if !strings.Contains(l, "APIServer") {
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "\n")
	}
	r = ParseAt(VLLM, strings.NewReader(offline(vllmV1TP2)+offline(second)), may8)
	if r.Model != "Qwen/Qwen3-4B" || len(r.Ranks) != 2 || r.Ready {
		t.Fatalf("offline restart: model %q, %d ranks, ready %v", r.Model, len(r.Ranks), r.Ready)
	}
}

func TestParseVLLMNegativeKV(t *testing.T) {
	// gpu_worker.py logs a negative figure when the weights leave no room;
	// the engine then fails. Unknown, not zero, with a note.
	log := "(Worker_PP0 pid=77) INFO 03-02 10:00:00 [gpu_worker.py:276] Available KV cache memory: -0.41 GiB\n" +
		"(Worker_PP1 pid=78) INFO 03-02 10:00:00 [gpu_worker.py:276] Available KV cache memory: 3.10 GiB\n"
	r := ParseAt(VLLM, strings.NewReader(log), may8)
	checkRanks(t, r.Ranks, []want{{rank: 1, pid: 78, worker: "Worker_PP1", kv: gib(3.10)}})
	if len(r.Notes) != 1 || !strings.Contains(r.Notes[0], "negative") {
		t.Errorf("notes %q", r.Notes)
	}
}

func TestVLLMRank(t *testing.T) {
	for tag, want := range map[string]int{
		"": 0, "EngineCore_DP0": 0, "Worker": 0, "VllmWorker rank=3": 3, "Worker_TP2": 2, "Worker_TP2_EP2": 2,
		"Worker_PP1": 1, "Worker_PP1_TP0": -1, "Worker_DP1_TP0": -1, "VllmWorkerProcess": -1, "RayWorkerWrapper": -1,
		"Worker_TPx": -1, "VllmWorker rank=99999999999": -1,
	} {
		if got := vllmRank(tag); got != want {
			t.Errorf("vllmRank(%q) = %d, want %d", tag, got, want)
		}
	}
}

func TestParseSGLangTensorParallel(t *testing.T) {
	r := ParseAt(SGLang, strings.NewReader(sglangTP2), time.Date(2025, 8, 14, 0, 0, 0, 0, time.Local))
	if r == nil {
		t.Fatal("no block")
	}
	checkRanks(t, r.Ranks, []want{
		{rank: 0, worker: "TP0", weights: gib(14.51), kv: gib(17.16), graphs: gib(1.62)},
		{rank: 1, worker: "TP1", weights: gib(14.50), kv: gib(17.16), graphs: gib(1.63)},
	})
	checkU(t, "KVTokens", r.KVTokens, 524288)
	if r.Model != "deepseek-ai/DeepSeek-V2-Lite" || !r.Ready || r.Engine != SGLang {
		t.Errorf("model %q ready %v", r.Model, r.Ready)
	}
	if want := time.Date(2025, 8, 13, 14, 27, 0, 0, time.Local); !r.Started.Equal(want) {
		t.Errorf("started %v", r.Started)
	}
}

func TestParseSGLangSpeculativeMamba(t *testing.T) {
	r := ParseAt(SGLang, strings.NewReader(sglangSpec), time.Time{})
	// Two models' weights add; the second target capture replaces the
	// first; K and V add, and the Mamba state is in the KV cache too.
	mamba := gib(0.03) + gib(2.74)
	checkRanks(t, r.Ranks, []want{{rank: 0, weights: gib(5.98) + gib(0.46), kv: gib(1.52) + gib(1.52) + mamba, graphs: gib(0.59) + gib(0.21), recurrent: mamba}})
	checkU(t, "KVTokens (the pool's #tokens)", r.KVTokens, 399740)
}

func TestParseSGLangOld(t *testing.T) {
	r := ParseAt(SGLang, strings.NewReader(sglangOld), time.Time{})
	checkRanks(t, r.Ranks, []want{{rank: 0, worker: "TP0", kv: gib(2.82) + gib(2.82)}})
	checkU(t, "KVTokens", r.KVTokens, 105216)
}

func TestSGLangRank(t *testing.T) {
	for tag, want := range map[string]int{"": 0, "TP3": 3, "DP0 TP1 EP1": 1, "PP0 TP2": 2, "PP1 TP0": -1, "PP1": 1, "TPx": -1} {
		if got := SGLangRank(tag); got != want {
			t.Errorf("SGLangRank(%q) = %d, want %d", tag, got, want)
		}
	}
}

func TestParseTGI(t *testing.T) {
	for name, c := range map[string]struct {
		log, model         string
		blocks, size, toks uint64
	}{
		"text": {tgiText, "Qwen/Qwen2.5-VL-7B-Instruct", 52719, 1, 52125},
		"json": {tgiJSON, "bigscience/bloom-560m", 2708, 64, 173312},
	} {
		t.Run(name, func(t *testing.T) {
			r := ParseAt(TGI, strings.NewReader(c.log), time.Time{})
			if r == nil {
				t.Fatal("no block")
			}
			if len(r.Ranks) != 0 {
				t.Errorf("TGI logs no per-shard bytes, got %+v", r.Ranks)
			}
			checkU(t, "GPUBlocks", r.GPUBlocks, c.blocks)
			checkU(t, "BlockSize", r.BlockSize, c.size)
			checkU(t, "KVTokens", r.KVTokens, c.toks)
			if r.Model != c.model || !r.Ready || r.Engine != TGI {
				t.Errorf("model %q ready %v", r.Model, r.Ready)
			}
			if want := time.Date(2025, 7, 4, 12, 35, 5, 123456000, time.UTC); !r.Started.Equal(want) {
				t.Errorf("started %v", r.Started)
			}
		})
	}
	// Under docker --timestamps every line, Args' continuations too, gets
	// a stamp of its own.
	var docker []string
	for _, l := range strings.Split(strings.TrimSuffix(tgiText, "\n"), "\n") {
		docker = append(docker, "2025-07-04T12:35:05.999999999Z "+l)
	}
	r := ParseAt(TGI, strings.NewReader(strings.Join(docker, "\n")+"\n"), time.Time{})
	if r == nil || r.Model != "Qwen/Qwen2.5-VL-7B-Instruct" || r.KVTokens == nil || *r.KVTokens != 52125 {
		t.Errorf("docker prefixes: %+v", r)
	}
	// A relaunch: the second Args starts a new block.
	r = ParseAt(TGI, strings.NewReader(tgiText+strings.ReplaceAll(tgiText, "2025-07-04T12:3", "2025-07-04T13:3")), time.Time{})
	if want := time.Date(2025, 7, 4, 13, 35, 5, 123456000, time.UTC); !r.Started.Equal(want) || r.Model == "" {
		t.Errorf("relaunch: started %v model %q", r.Started, r.Model)
	}
}

func TestYearlessStamps(t *testing.T) {
	log := "INFO 12-31 23:59:00 [gpu_worker.py:276] Available KV cache memory: 1.00 GiB\n"
	for _, c := range []struct {
		ref  time.Time
		want time.Time
	}{
		{time.Date(2026, 1, 2, 10, 0, 0, 0, time.Local), time.Date(2025, 12, 31, 23, 59, 0, 0, time.Local)},
		{time.Date(2026, 12, 31, 23, 59, 30, 0, time.Local), time.Date(2026, 12, 31, 23, 59, 0, 0, time.Local)},
		// Written in a zone ahead of the reader's: still this year.
		{time.Date(2026, 12, 31, 12, 0, 0, 0, time.Local), time.Date(2026, 12, 31, 23, 59, 0, 0, time.Local)},
	} {
		r := ParseAt(VLLM, strings.NewReader(log), c.ref)
		if !r.Started.Equal(c.want) {
			t.Errorf("ref %v: started %v, want %v", c.ref, r.Started, c.want)
		}
	}
	// A time-only stamp goes on the day that puts it before the reference.
	st := "[23:30:00] Load weight end. type=X, dtype=torch.bfloat16, avail mem=1.00 GB, mem usage=2.00 GB.\n"
	r := ParseAt(SGLang, strings.NewReader(st), time.Date(2026, 3, 5, 0, 10, 0, 0, time.Local))
	if want := time.Date(2026, 3, 4, 23, 30, 0, 0, time.Local); !r.Started.Equal(want) {
		t.Errorf("time-only: %v, want %v", r.Started, want)
	}
	// A docker --timestamps prefix is dated and UTC: it wins over vLLM's own.
	d := "2025-05-08T10:34:56.5Z INFO 05-08 12:34:56 [gpu_worker.py:276] Available KV cache memory: 1.00 GiB\n"
	r = ParseAt(VLLM, strings.NewReader(d), time.Time{})
	if want := time.Date(2025, 5, 8, 10, 34, 56, 500000000, time.UTC); !r.Started.Equal(want) {
		t.Errorf("docker stamp: %v", r.Started)
	}
}

func TestDetect(t *testing.T) {
	for log, want := range map[string]string{
		vllmV1TP2: VLLM, vllmV1Rank: VLLM, vllmV0: VLLM, vllmV0TP: VLLM,
		sglangTP2: SGLang, sglangSpec: SGLang, sglangOld: SGLang,
		tgiText: TGI, tgiJSON: TGI,
		"[2026-09-24 01:50:02] server_args={'model_path': 'x', 'tp_size': 2}\n": SGLang,
		"load_tensors: CUDA0 model buffer size = 1.0 MiB\n":                     "",
		"": "",
	} {
		if got := Detect(strings.NewReader(log)); got != want {
			t.Errorf("Detect(%.60q) = %q, want %q", log, got, want)
		}
	}
}

func TestParseUnknownEngineOrEmpty(t *testing.T) {
	if r := Parse("ollama", strings.NewReader(vllmV0)); r != nil {
		t.Errorf("unknown engine: %+v", r)
	}
	if r := Parse(VLLM, strings.NewReader("")); r != nil {
		t.Errorf("empty log: %+v", r)
	}
}

func TestOutOfRangeDropped(t *testing.T) {
	log := "INFO 05-08 12:00:00 [gpu_model_runner.py:1] Model loading took 99999999999999999 GiB and 1.0 seconds\n" +
		"INFO 05-08 12:00:01 [kv_cache_utils.py:1] GPU KV cache size: 99,999,999,999,999 tokens\n" +
		"INFO 05-08 12:00:02 [gpu_worker.py:1] Available KV cache memory: 2.00 GiB\n"
	r := ParseAt(VLLM, strings.NewReader(log), may8)
	checkRanks(t, r.Ranks, []want{{rank: 0, kv: gib(2)}})
	checkU(t, "KVTokens", r.KVTokens, 0)
	if len(r.Notes) != 2 {
		t.Errorf("notes %q", r.Notes)
	}
}

func TestParseVLLMNewestWording(t *testing.T) {
	// Later V1: "GiB memory and" (v1/worker/gpu/model_runner.py), the two
	// capacity figures on one line (v1/core/kv_cache_utils.py), and the
	// graph pool's actual size after the capture (v1/worker/gpu_worker.py).
	log := strings.Join([]string{
		"(EngineCore_DP0 pid=51) INFO 11-02 08:00:00 [core.py:93] Initializing a V1 LLM engine (v0.12.0) with config: model='meta-llama/Llama-3.1-8B-Instruct', speculative_config=None",
		"(EngineCore_DP0 pid=51) INFO 11-02 08:00:30 [gpu_model_runner.py:3100] Model loading took 14.99 GiB memory and 11.420000 seconds",
		"(EngineCore_DP0 pid=51) INFO 11-02 08:00:41 [gpu_worker.py:359] Available KV cache memory: 55.05 GiB",
		"(EngineCore_DP0 pid=51) INFO 11-02 08:00:41 [kv_cache_utils.py:1229] GPU KV cache size: 450,816 tokens, Maximum concurrency for 131,072 tokens per request: 3.44x",
		"(EngineCore_DP0 pid=51) INFO 11-02 08:01:04 [gpu_model_runner.py:3900] Graph capturing finished in 23 secs, took 0.95 GiB",
		"(EngineCore_DP0 pid=51) INFO 11-02 08:01:04 [gpu_worker.py:480] CUDA graph pool memory: 0.96 GiB (actual), 0.90 GiB (estimated), difference: 0.06 GiB (6.2%).",
		"",
	}, "\n")
	r := ParseAt(VLLM, strings.NewReader(log), time.Date(2025, 11, 2, 9, 0, 0, 0, time.Local))
	checkRanks(t, r.Ranks, []want{{rank: 0, pid: 51, worker: "EngineCore_DP0", weights: gib(14.99), kv: gib(55.05), graphs: gib(0.96)}})
	checkU(t, "KVTokens", r.KVTokens, 450816)
	checkU(t, "ConcurrencyTokens", r.ConcurrencyTokens, 131072)
	if r.MaxConcurrency == nil || *r.MaxConcurrency != 3.44 || r.Model != "meta-llama/Llama-3.1-8B-Instruct" {
		t.Errorf("concurrency %v model %q", r.MaxConcurrency, r.Model)
	}
}
