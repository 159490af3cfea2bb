package inspect

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// vllmRankZero is vLLM 0.11.1 and later at tensor parallelism 2: the
// memory lines come from the node's first rank only (logger.info_once,
// scope "local").
const vllmRankZero = `(APIServer pid=4240) INFO 05-08 12:34:50 [utils.py:292] vLLM server version 0.21.0, serving model Qwen/Qwen3-8B
(EngineCore pid=4241) INFO 05-08 12:34:58 [core.py:101] Initializing a V1 LLM engine (v0.21.0) with config: model='Qwen/Qwen3-8B'
(Worker_TP0 pid=4243) INFO 05-08 12:35:20 [gpu_model_runner.py:4771] Model loading took 7.6719 GiB memory and 9.512345 seconds
(Worker_TP0 pid=4243) INFO 05-08 12:35:31 [gpu_worker.py:563] Available KV cache memory: 54.86 GiB
(EngineCore pid=4241) INFO 05-08 12:35:32 [kv_cache_utils.py:2237] GPU KV cache size: 798,720 tokens
(EngineCore pid=4241) INFO 05-08 12:35:32 [kv_cache_utils.py:2238] Maximum concurrency for 40,960 tokens per request: 19.50x
(Worker_TP0 pid=4243) INFO 05-08 12:35:50 [gpu_model_runner.py:6914] Graph capturing finished in 18 secs, took 0.62 GiB
`

// TestEngineLogKVFromRankZero: a tensor-parallel worker that logged
// nothing holds the KV cache rank 0 reports, said to be rank 0's; its
// weights and graphs stay unreported. The API process takes none.
func TestEngineLogKVFromRankZero(t *testing.T) {
	log := filepath.Join(t.TempDir(), "vllm.log")
	must(t, os.WriteFile(log, []byte(vllmRankZero), 0o644))
	l := NewLive("/proc")
	w1 := Target{PID: 777001, Name: "VLLM::Worker_TP", Cmdline: []string{"VLLM::Worker_TP1"}}
	api := Target{PID: 4240, Name: "vllm", Cmdline: []string{"/usr/bin/python3", "/usr/local/bin/vllm", "serve", "Qwen/Qwen3-8B"}}
	l.LogPaths[w1.PID], l.LogPaths[api.PID] = log, log
	srv, _ := recognise("/proc", w1)
	e := l.EngineLog(w1, srv)
	if e == nil || e.KV == nil || *e.KV != gib2(54.86) || e.KVFrom == nil || *e.KVFrom != 0 || e.Rank == nil || *e.Rank != 1 {
		t.Fatalf("rank 1: %+v", e)
	}
	if e.Weights != nil || e.CUDAGraphs != nil || e.KVFromWorker != "Worker_TP0 pid=4243" {
		t.Errorf("rank 1 took rank 0's weights %v or graphs %v; worker %q", e.Weights, e.CUDAGraphs, e.KVFromWorker)
	}
	b := BuildLLM(LLMInput{Engine: e})
	if b.KVCache == nil || b.KVCache.Source != "reported" || b.KVCache.From != "log_rank0" || b.Weights != nil {
		t.Errorf("breakdown kv %+v weights %+v", b.KVCache, b.Weights)
	}
	if n := strings.Join(b.Notes, "\n"); !strings.Contains(n, "rank 0's log (Worker_TP0 pid=4243)") || !strings.Contains(n, "maximum concurrency × max_model_len") {
		t.Errorf("notes %q", b.Notes)
	}
	srv, _ = recognise("/proc", api)
	if e := l.EngineLog(api, srv); e == nil || e.KV != nil || e.KVFrom != nil {
		t.Errorf("the API process took a rank's KV: %+v", e)
	}
}

// gib2 is a figure printed in GiB with two decimals, as bytes.
func gib2(v float64) uint64 { return uint64(math.Round(v * (1 << 30))) }
