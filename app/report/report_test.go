package report

import (
	"testing"

	"github.com/gputaskman/gtm/internal/schema"
)

func TestModelSummaryNamesWorkers(t *testing.T) {
	srv, role, id := "vllm", "worker", "Qwen/Qwen3-8B"
	rank := 1
	p := schema.Process{Models: []schema.Model{}, LLM: &schema.LLM{Server: &srv, Role: &role, ModelID: &id, Rank: &rank}}
	if got := ModelSummary(p); got != "Qwen/Qwen3-8B · vllm worker 1" {
		t.Errorf("worker row = %q", got)
	}
	p.LLM.ModelID = nil
	if got := ModelSummary(p); got != "n/a · vllm worker 1" {
		t.Errorf("worker row without a model = %q", got)
	}
	// an Ollama runner keeps its model file's store name
	ollama, blobName := "ollama", "qwen3:0.6b"
	p = schema.Process{Models: []schema.Model{{Path: "/blobs/sha256-1", Name: &blobName, Confirmed: true}},
		LLM: &schema.LLM{Server: &ollama, Role: &role}}
	if got := ModelSummary(p); got != "qwen3:0.6b · ollama worker" {
		t.Errorf("Ollama runner row = %q", got)
	}
	api, path := "api", "/srv/models/Qwen3-8B"
	p = schema.Process{Models: []schema.Model{}, LLM: &schema.LLM{Server: &srv, Role: &api, ModelID: &path}}
	if got := ModelSummary(p); got != "Qwen3-8B" {
		t.Errorf("API row naming a path = %q, want its base name", got)
	}
}

func TestPodLabel(t *testing.T) {
	s := func(v string) *string { return &v }
	for _, c := range []struct {
		p    schema.Process
		want string
	}{
		{schema.Process{}, ""},
		{schema.Process{PodUID: s("u1"), Namespace: s("ml"), Pod: s("llama-0"), ContainerName: s("server")}, "ml/llama-0/server"},
		{schema.Process{PodUID: s("u1"), Namespace: s("ml"), Pod: s("llama-0")}, "ml/llama-0/?"},
		{schema.Process{PodUID: s("u1")}, "pod u1 (unnamed)"},
		{schema.Process{PodUID: s("u1"), Namespace: s("ml\x1b[2J"), Pod: s("p"), ContainerName: s("c")}, `ml\x1b[2J/p/c`},
	} {
		if got := PodLabel(c.p); got != c.want {
			t.Errorf("%+v: %q, want %q", c.p, got, c.want)
		}
	}
}
