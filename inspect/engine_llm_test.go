package inspect

import (
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/servers"
	"github.com/gputaskman/gtm/internal/schema"
)

func u64p(v uint64) *uint64 { return &v }

// A vLLM worker: its log reports its GPU's weights, KV cache, activation
// peak and CUDA graphs; the measured VRAM holds them and the rest is
// other (inferred), never a sum of them.
func TestBuildLLMFromEngineLog(t *testing.T) {
	gib := uint64(1 << 30)
	measured := 20 * gib
	rank := 1
	l := BuildLLM(LLMInput{MeasuredVRAM: &measured, Engine: &EngineFacts{Path: "/var/log/vllm.log", Engine: "vllm",
		Weights: u64p(8 * gib), KV: u64p(9 * gib), Activations: u64p(gib), CUDAGraphs: u64p(gib / 2), NonTorch: u64p(gib / 4),
		KVTokens: u64p(65536), Model: "Qwen/Qwen3-8B", Rank: &rank}})
	if l == nil {
		t.Fatal("no llm block from an engine log")
	}
	for name, p := range map[string]*schema.Part{"weights": l.Weights, "kv": l.KVCache, "activations": l.Activations, "graphs": l.CUDAGraphs} {
		if p == nil || p.Source != "reported" || p.From != "log" {
			t.Errorf("%s = %+v, want reported from the log", name, p)
		}
	}
	if l.Compute != nil || l.Output != nil {
		t.Errorf("llama.cpp's parts from a PyTorch engine: %+v %+v", l.Compute, l.Output)
	}
	if l.Other == nil || l.Other.Bytes == nil || *l.Other.Bytes != measured-(8+9+1)*gib-gib/2 {
		t.Errorf("other = %+v", l.Other)
	}
	if *l.KVCapacityTokens != 65536 || *l.KVCapacitySource != "log" || *l.ModelID != "Qwen/Qwen3-8B" || *l.ModelIDSource != "log" || *l.Rank != 1 {
		t.Errorf("capacity %v/%v model %v/%v rank %v", l.KVCapacityTokens, l.KVCapacitySource, l.ModelID, l.ModelIDSource, l.Rank)
	}
	if !strings.Contains(strings.Join(l.Notes, "\n"), "outside PyTorch") {
		t.Errorf("notes = %q", l.Notes)
	}
}

// Where no log reported, a safetensors model gives estimates: weights
// from the headers and KV from the API's capacity, each one GPU's share.
func TestBuildLLMEstimatesFromSafetensors(t *testing.T) {
	measured := uint64(20 << 30)
	cap := int64(100000)
	l := BuildLLM(LLMInput{MeasuredVRAM: &measured, TP: 2,
		API: &APIFacts{Server: servers.Lookup(servers.NameVLLM), Facts: servers.Facts{Status: "ok", KVCapacityTokens: &cap, ModelRoot: "Qwen/Qwen3-8B"}},
		HF:  &HFFacts{ID: "Qwen/Qwen3-8B", WeightBytes: 16 << 30, Complete: true, KVPerToken: u64p(144 << 10), Kind: "llm"}})
	if l.Weights == nil || l.Weights.Bytes != 8<<30 || l.Weights.Source != "estimated" || l.Weights.From != "safetensors" {
		t.Errorf("weights = %+v, want half the headers' bytes, estimated", l.Weights)
	}
	if l.KVCache == nil || l.KVCache.Bytes != 100000*(144<<10)/2 || l.KVCache.Source != "estimated" {
		t.Errorf("kv = %+v", l.KVCache)
	}
	if *l.KVCapacitySource != "api" || *l.ModelIDSource != "api" {
		t.Errorf("sources %v %v", *l.KVCapacitySource, *l.ModelIDSource)
	}
	// a reported figure wins over the estimate
	l = BuildLLM(LLMInput{MeasuredVRAM: &measured, Engine: &EngineFacts{Path: "x", Weights: u64p(7 << 30)},
		HF: &HFFacts{WeightBytes: 16 << 30, Complete: true, Kind: "llm"}})
	if l.Weights.Source != "reported" || l.Weights.Bytes != 7<<30 {
		t.Errorf("weights = %+v, want the log's", l.Weights)
	}
	// a safetensors model that is not a language model alone makes no block
	if l := BuildLLM(LLMInput{HF: &HFFacts{WeightBytes: 1 << 30, Kind: "embedding"}}); l != nil {
		t.Errorf("embedding model alone: %+v", l)
	}
}
