package servers

import (
	"strings"
	"testing"
)

func TestServedArgs(t *testing.T) {
	for _, c := range []struct {
		server, argv string
		model        string
		tp           int
	}{
		{NameVLLM, "/venv/bin/python3 /venv/bin/vllm serve Qwen/Qwen3-8B --tensor-parallel-size 2", "Qwen/Qwen3-8B", 2},
		{NameVLLM, "vllm serve /models/qwen3 -tp 4 --gpu-memory-utilization 0.8", "/models/qwen3", 4},
		{NameVLLM, "python3 -m vllm.entrypoints.openai.api_server --model=Qwen/Qwen3-8B", "Qwen/Qwen3-8B", 0},
		{NameVLLM, "python3 -m vllm.entrypoints.openai.api_server --served-model-name serve --model m", "m", 0},
		{NameVLLM, "vllm serve --tensor-parallel-size 2", "", 2},
		{NameVLLM, `C:\venv\Scripts\VLLM.EXE serve m`, "m", 0},
		{NameSGLang, "python3 -m sglang.launch_server --model-path Qwen/Qwen3-8B --tp 2 --port 30000", "Qwen/Qwen3-8B", 2},
		{NameSGLang, "python3 -m sglang.launch_server --model meta-llama/Llama-3.1-8B --tp-size=8", "meta-llama/Llama-3.1-8B", 8},
		{NameTGI, "text-generation-launcher --model-id Qwen/Qwen3-8B --num-shard 2", "Qwen/Qwen3-8B", 2},
		{NameTGI, "text-generation-launcher --model-id Qwen/Qwen3-8B --num-shard -1", "Qwen/Qwen3-8B", 0},
		{NameTGI, "text-generation-launcher --model-id m --num-shard 4096", "m", 0},
	} {
		sa, ok := Lookup(c.server).(ServedArgs)
		if !ok {
			t.Fatalf("%s names no served model", c.server)
		}
		m, tp := sa.ServedArgs(strings.Fields(c.argv))
		if m != c.model || tp != c.tp {
			t.Errorf("%s %q: model %q tp %d, want %q %d", c.server, c.argv, m, tp, c.model, c.tp)
		}
	}
	if _, ok := Lookup(NameLlamaServer).(ServedArgs); ok {
		t.Error("llama-server's -m is a file modelargs reads, not a served model")
	}
}

func TestRank(t *testing.T) {
	for _, c := range []struct {
		server string
		name   string
		argv   []string
		rank   int
		ok     bool
	}{
		{NameVLLM, "VLLM::Worker_T", []string{"VLLM::Worker_TP1"}, 1, true},
		{NameVLLM, "VLLM::EngineCor", []string{"VLLM::EngineCore"}, 0, false},
		{NameSGLang, "sglang::schedul", []string{"sglang::scheduler_TP3"}, 3, true},
		{NameSGLang, "sglang::schedul", []string{"sglang::scheduler_DP1_TP2"}, 2, true},
		{NameSGLang, "python", []string{"/usr/bin/python", "train.py", "--name", "run_TP1"}, 0, false},
		{NameTGI, "python", []string{"/usr/bin/python", "text-generation-server", "serve", "m", "--uds-path", "/tmp/text-generation-server-1"}, 1, true},
		{NameTGI, "python", []string{"text-generation-server", "serve", "m", "--uds-path=/tmp/text-generation-server-12"}, 12, true},
		{NameTGI, "python", []string{"text-generation-server", "serve", "m", "--uds-path", "/tmp/shard-1x"}, 0, false},
	} {
		r, ok := Lookup(c.server).(Ranked).Rank(Process{Name: c.name, Argv: c.argv})
		if r != c.rank || ok != c.ok {
			t.Errorf("%s %q %q: rank %d %v, want %d %v", c.server, c.name, c.argv, r, ok, c.rank, c.ok)
		}
	}
}
