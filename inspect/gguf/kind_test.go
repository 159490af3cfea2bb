package gguf_test

import (
	"testing"

	"github.com/gputaskman/gtm/inspect/gguf"
	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
)

func TestKinds(t *testing.T) {
	cases := []struct {
		name string
		b    *ggufgen.Builder
		want gguf.Kind
	}{
		{"qwen3", ggufgen.Qwen3_0_6B(), gguf.KindLLM},
		{"gemma3", ggufgen.Gemma3_270M(), gguf.KindLLM},
		{"mamba", ggufgen.Mamba(), gguf.KindLLM},
		{"bert embedding", ggufgen.Embedding(), gguf.KindEmbedding},
		{"bert reranker", ggufgen.Reranker(), gguf.KindReranker},
		{"decision", ggufgen.Decision("qwen35", "openjev"), gguf.KindDecision},
		{"speech", ggufgen.Speech(), gguf.KindSpeech},
		{"vision projector", ggufgen.VisionProjector(), gguf.KindVisionProjector},
		{"diffusion", ggufgen.Diffusion(), gguf.KindDiffusion},

		// pooling decides before causality: a causal qwen3 with a rank head
		// is a reranker, with last-token pooling an embedder
		{"causal reranker", ggufgen.Tiny().Set("llama.pooling_type", ggufgen.Uint32(4)), gguf.KindReranker},
		{"causal embedder", ggufgen.Tiny().Set("llama.pooling_type", ggufgen.Uint32(3)), gguf.KindEmbedding},
		{"pooling none", ggufgen.Tiny().Set("llama.pooling_type", ggufgen.Uint32(0)), gguf.KindLLM},
		{"decision beats pooling", ggufgen.Embedding().Set("bert.decision.type", ggufgen.String("laya")), gguf.KindDecision},
		{"bare decision.type key", ggufgen.Tiny().Set("x.decision.type", ggufgen.String("kev")), gguf.KindDecision},
		{"stt beats clip", ggufgen.VisionProjector().Set("stt.sample_rate", ggufgen.Uint32(16000)), gguf.KindSpeech},
		{"mmproj by general.type", ggufgen.Tiny().Set("general.type", ggufgen.String("mmproj")), gguf.KindVisionProjector},
		{"has_vision_encoder", ggufgen.New().Set("clip.has_vision_encoder", ggufgen.Bool(true)), gguf.KindVisionProjector},
		{"sdxl", ggufgen.New().Set("general.architecture", ggufgen.String("sdxl")), gguf.KindDiffusion},
		{"wan", ggufgen.New().Set("general.architecture", ggufgen.String("wan")), gguf.KindDiffusion},
		{"text diffusion", ggufgen.Tiny().Set("general.architecture", ggufgen.String("dream")), gguf.KindDiffusion},
		{"sd.cpp without arch", ggufgen.New().Tensor("first_stage_model.decoder.conv_in.weight", gguf.TypeF16, 3, 3, 4, 512), gguf.KindDiffusion},
		{"bert without pooling", ggufgen.Embedding().Delete("bert.pooling_type"), gguf.KindEmbedding},
		{"non-causal llama", ggufgen.Tiny().Set("llama.attention.causal", ggufgen.Bool(false)), gguf.KindUnknown},
		{"no context", ggufgen.Tiny().Delete("llama.context_length"), gguf.KindUnknown},
		{"no architecture", ggufgen.New(), gguf.KindUnknown},
	}
	for _, c := range cases {
		f := parse(t, c.b)
		if f.Kind != c.want {
			t.Errorf("%s: kind %s (%s), want %s", c.name, f.Kind, f.KindReason, c.want)
		}
		if f.KindReason == "" {
			t.Errorf("%s: no reason", c.name)
		}
	}
}

func TestDecisionFields(t *testing.T) {
	f := parse(t, ggufgen.Decision("qwen35", "openjev"))
	if f.DecisionKey != "qwen35.decision.type" || f.DecisionType != "openjev" || f.Causal || !f.HasCausal {
		t.Errorf("decision key %q type %q causal %v", f.DecisionKey, f.DecisionType, f.Causal)
	}
	if f.KindReason != "qwen35.decision.type = openjev" {
		t.Errorf("reason %q", f.KindReason)
	}
	s := parse(t, ggufgen.Speech())
	if !s.HasSTT {
		t.Error("HasSTT false for a speech model")
	}
}
