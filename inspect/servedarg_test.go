package inspect

import (
	"strings"
	"testing"
)

func TestServedModelArg(t *testing.T) {
	for _, c := range []struct {
		server, argv string
		model        string
		tp           int
	}{
		{"vllm", "/venv/bin/python3 /venv/bin/vllm serve Qwen/Qwen3-8B --tensor-parallel-size 2", "Qwen/Qwen3-8B", 2},
		{"vllm", "vllm serve /models/qwen3 -tp 4 --gpu-memory-utilization 0.8", "/models/qwen3", 4},
		{"vllm", "python3 -m vllm.entrypoints.openai.api_server --model=Qwen/Qwen3-8B", "Qwen/Qwen3-8B", 0},
		{"vllm", "python3 -m vllm.entrypoints.openai.api_server --served-model-name serve --model m", "m", 0},
		{"vllm", "vllm serve --tensor-parallel-size 2", "", 2},
		{"sglang", "python3 -m sglang.launch_server --model-path Qwen/Qwen3-8B --tp 2 --port 30000", "Qwen/Qwen3-8B", 2},
		{"sglang", "python3 -m sglang.launch_server --model meta-llama/Llama-3.1-8B --tp-size=8", "meta-llama/Llama-3.1-8B", 8},
		{"tgi", "text-generation-launcher --model-id Qwen/Qwen3-8B --num-shard 2", "Qwen/Qwen3-8B", 2},
		{"tgi", "text-generation-launcher --model-id Qwen/Qwen3-8B --num-shard -1", "Qwen/Qwen3-8B", 0},
		{"llama-server", "llama-server -m x.gguf", "", 0},
	} {
		m, tp := servedModelArg(c.server, strings.Fields(c.argv))
		if m != c.model || tp != c.tp {
			t.Errorf("%s %q: model %q tp %d, want %q %d", c.server, c.argv, m, tp, c.model, c.tp)
		}
	}
}

func TestRankOf(t *testing.T) {
	for _, c := range []struct {
		name string
		argv []string
		rank int
		ok   bool
	}{
		{"VLLM::Worker_T", []string{"VLLM::Worker_TP1"}, 1, true},
		{"sglang::schedul", []string{"sglang::scheduler_TP3"}, 3, true},
		{"sglang::schedul", []string{"sglang::scheduler_DP1_TP2"}, 2, true},
		{"python", []string{"/usr/bin/python", "text-generation-server", "serve", "m", "--uds-path", "/tmp/text-generation-server-1"}, 1, true},
		{"python", []string{"/usr/bin/python", "train.py", "--name", "run_TP1"}, 0, false},
		{"VLLM::EngineCor", []string{"VLLM::EngineCore"}, 0, false},
	} {
		r, ok := rankOf(c.name, c.argv)
		if r != c.rank || ok != c.ok {
			t.Errorf("%q %q: rank %d %v, want %d %v", c.name, c.argv, r, ok, c.rank, c.ok)
		}
	}
}
