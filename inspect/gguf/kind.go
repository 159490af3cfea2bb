package gguf

import (
	"fmt"
	"strings"
)

// Kind is what a GGUF file holds, as far as its header shows.
type Kind string

const (
	KindLLM             Kind = "llm"
	KindDecision        Kind = "decision"
	KindEmbedding       Kind = "embedding"
	KindReranker        Kind = "reranker"
	KindSpeech          Kind = "speech"
	KindDiffusion       Kind = "diffusion"
	KindVisionProjector Kind = "vision_projector"
	KindUnknown         Kind = "unknown"
)

// poolingRank is LLAMA_POOLING_TYPE_RANK: the classification head of a
// reranker. NONE is 0; MEAN, CLS and LAST (1-3) pool embeddings.
const poolingRank = 4

// embeddingArchs are encoder-only architectures llama.cpp runs without a
// KV cache; they only make embeddings even when a file omits pooling_type.
var embeddingArchs = map[string]bool{
	"bert": true, "nomic-bert": true, "nomic-bert-moe": true, "jina-bert-v2": true,
	"jina-bert-v3": true, "neo-bert": true, "modern-bert": true, "gemma-embedding": true,
}

// diffusionArchs are image/video diffusion architectures as named by
// ComfyUI-GGUF and stable-diffusion.cpp, plus llama.cpp's text-diffusion
// models (dream, llada), which denoise a whole sequence and hold no KV cache.
var diffusionArchs = map[string]bool{
	"flux": true, "sd1": true, "sd2": true, "sdxl": true, "sd3": true, "aura": true,
	"hidream": true, "cosmos": true, "ltxv": true, "hyvid": true, "wan": true,
	"lumina2": true, "qwen_image": true, "chroma": true, "stable-diffusion": true,
	"dream": true, "llada": true, "llada-moe": true, "rnd1": true,
}

// diffusionTensorPrefixes mark diffusion checkpoints that carry no
// general.architecture (stable-diffusion.cpp conversions): UNet, DiT, MMDiT
// and VAE tensor names.
var diffusionTensorPrefixes = []string{
	"model.diffusion_model.", "first_stage_model.", "double_blocks.", "single_blocks.",
	"joint_blocks.", "input_blocks.", "middle_block.", "output_blocks.",
}

// classify applies the kind rules in order; the first that matches wins.
func (f *File) classify() (Kind, string) {
	if f.DecisionKey != "" {
		return KindDecision, fmt.Sprintf("%s = %s", f.DecisionKey, f.DecisionType)
	}
	if f.PoolingType == poolingRank {
		return KindReranker, fmt.Sprintf("%s = %d (rank)", f.archKey("pooling_type"), f.PoolingType)
	}
	if f.PoolingType > 0 {
		return KindEmbedding, fmt.Sprintf("%s = %d", f.archKey("pooling_type"), f.PoolingType)
	}
	if f.HasSTT {
		return KindSpeech, "stt.* metadata"
	}
	if f.Architecture == "clip" {
		return KindVisionProjector, "general.architecture = clip"
	}
	if f.GeneralType == "mmproj" {
		return KindVisionProjector, "general.type = mmproj"
	}
	if v, ok := f.Meta("clip.has_vision_encoder"); ok {
		if b, _ := v.Bool(); b {
			return KindVisionProjector, "clip.has_vision_encoder = true"
		}
	}
	if diffusionArchs[f.Architecture] {
		return KindDiffusion, "general.architecture = " + f.Architecture
	}
	if name, ok := f.diffusionTensor(); ok {
		return KindDiffusion, "diffusion tensor " + name
	}
	if embeddingArchs[f.Architecture] {
		return KindEmbedding, "encoder-only architecture " + f.Architecture
	}
	if f.Causal && f.BlockCount > 0 && f.ContextLength > 0 {
		return KindLLM, fmt.Sprintf("causal %s, %d blocks, trained context %d", f.Architecture, f.BlockCount, f.ContextLength)
	}
	switch {
	case f.Architecture == "":
		return KindUnknown, "no general.architecture"
	case !f.Causal:
		return KindUnknown, f.archKey("attention.causal") + " = false"
	}
	return KindUnknown, "no block_count or context_length for " + f.Architecture
}

func (f *File) diffusionTensor() (string, bool) {
	for i := range f.Tensors {
		for _, p := range diffusionTensorPrefixes {
			if strings.HasPrefix(f.Tensors[i].Name, p) {
				return f.Tensors[i].Name, true
			}
		}
	}
	return "", false
}
