package inspect

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// vllmRanks is a vLLM 0.8 log whose workers are tagged by rank and PID.
const vllmRanks = `INFO 05-11 09:41:06 [api_server.py:1043] vLLM API server version 0.8.5.post1
(VllmWorker rank=0 pid=4242) INFO 05-11 09:41:40 [gpu_model_runner.py:1347] Model loading took 15.6124 GiB and 20.123456 seconds
(VllmWorker rank=1 pid=4245) INFO 05-11 09:41:40 [gpu_model_runner.py:1347] Model loading took 7.5000 GiB and 20.223456 seconds
(VllmWorker rank=0 pid=4242) INFO 05-11 09:41:55 [gpu_worker.py:214] Available KV cache memory: 52.21 GiB
(VllmWorker rank=1 pid=4245) INFO 05-11 09:41:55 [gpu_worker.py:214] Available KV cache memory: 52.22 GiB
INFO 05-11 09:41:56 [kv_cache_utils.py:634] GPU KV cache size: 1,369,088 tokens
`

// TestEngineLogRankFromTitle: a log the user named whose lines name other
// PIDs gives a worker the figures of the rank its title names, read as
// the server that writes such logs titles its workers, whether or not
// the process is recognised as that server (a custom title prefix).
func TestEngineLogRankFromTitle(t *testing.T) {
	log := filepath.Join(t.TempDir(), "vllm.log")
	must(t, os.WriteFile(log, []byte(vllmRanks), 0o644))
	for _, c := range []struct {
		title string
		rank  int // -1: none
	}{
		{"VLLM::Worker_TP1", 1},  // recognised: vLLM's worker
		{"MYAPP::Worker_TP1", 1}, // VLLM_PROCESS_NAME_PREFIX=MYAPP: no server claims it
		{"python3", -1},          // no rank in the title
	} {
		l := NewLive("/proc")
		tg := Target{PID: 777777, Name: c.title[:min(15, len(c.title))], Cmdline: []string{c.title}}
		l.LogPaths[tg.PID] = log
		srv, _ := recognise("/proc", tg)
		e := l.EngineLog(tg, srv)
		if e == nil || e.Engine != "vllm" || e.KVTokens == nil || *e.KVTokens != 1369088 {
			t.Fatalf("%s: engine facts %+v", c.title, e)
		}
		switch {
		case c.rank < 0 && (e.Rank != nil || e.Weights != nil):
			t.Errorf("%s: rank %v weights %v from no rank", c.title, e.Rank, e.Weights)
		case c.rank >= 0 && (e.Rank == nil || *e.Rank != c.rank || !e.RankGuessed || e.Weights == nil || *e.Weights != uint64(7.5*(1<<30))):
			t.Errorf("%s: rank %v guessed %v weights %v, want rank %d's", c.title, e.Rank, e.RankGuessed, e.Weights, c.rank)
		}
		if c.rank >= 0 && !strings.Contains(e.Path, "vllm.log") {
			t.Errorf("%s: path %q", c.title, e.Path)
		}
	}
}
