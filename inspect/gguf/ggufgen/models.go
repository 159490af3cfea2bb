package ggufgen

import (
	"fmt"

	"github.com/gputaskman/gtm/inspect/gguf"
)

// Decoder describes a llama-style decoder-only model; Builder writes its
// metadata and tensor infos the way convert_hf_to_gguf.py names them.
type Decoder struct {
	Arch, Name string
	Layers     uint32
	Embd, FFN  uint32
	Heads      uint32
	KVHeads    uint32
	HeadDim    uint32 // attention.key_length/value_length; 0: Embd/Heads, keys omitted
	Vocab      uint32
	Context    uint32
	Weights    gguf.GGMLType // type of the matrices; norms are F32
	QKNorm     bool          // per-head q/k norms (qwen3, gemma3)
	PostNorms  bool          // gemma-style post-attention and post-FFN norms
	Tied       bool          // no output.weight: the output reuses token_embd
	FileType   int           // general.file_type; negative: omitted
	Tokens     int           // tokenizer.ggml.tokens entries; 0: {arch}.vocab_size instead
	// SPM writes a SentencePiece vocabulary of Vocab tokens that a real
	// llama.cpp loads (special and byte tokens, scores, types).
	SPM bool
}

// Builder writes the model's header.
func (d Decoder) Builder() *Builder {
	b := New()
	b.Set("general.architecture", String(d.Arch))
	b.Set("general.type", String("model"))
	if d.Name != "" {
		b.Set("general.name", String(d.Name))
	}
	if d.FileType >= 0 {
		b.Set("general.file_type", Uint32(uint32(d.FileType)))
	}
	k := func(suffix string, v Value) { b.Set(d.Arch+"."+suffix, v) }
	k("block_count", Uint32(d.Layers))
	k("context_length", Uint32(d.Context))
	k("embedding_length", Uint32(d.Embd))
	k("feed_forward_length", Uint32(d.FFN))
	k("attention.head_count", Uint32(d.Heads))
	k("attention.head_count_kv", Uint32(d.KVHeads))
	hd := d.HeadDim
	if hd == 0 {
		hd = d.Embd / d.Heads
	} else {
		k("attention.key_length", Uint32(hd))
		k("attention.value_length", Uint32(hd))
	}
	k("attention.layer_norm_rms_epsilon", Float32(1e-6))
	k("rope.freq_base", Float32(1e6))
	b.Set("tokenizer.ggml.model", String("gpt2"))
	if d.SPM {
		b.SPMVocab(int(d.Vocab))
	} else if d.Tokens > 0 {
		b.Tokens(d.Tokens)
	} else {
		k("vocab_size", Uint32(d.Vocab))
	}

	w, n := d.Weights, gguf.TypeF32
	e, v := uint64(d.Embd), uint64(d.Vocab)
	q, kv, ff := uint64(d.Heads*hd), uint64(d.KVHeads*hd), uint64(d.FFN)
	b.Tensor("token_embd.weight", w, e, v)
	for i := uint32(0); i < d.Layers; i++ {
		blk := func(name string, t gguf.GGMLType, dims ...uint64) {
			b.Tensor(fmt.Sprintf("blk.%d.%s", i, name), t, dims...)
		}
		blk("attn_norm.weight", n, e)
		blk("attn_q.weight", w, e, q)
		blk("attn_k.weight", w, e, kv)
		blk("attn_v.weight", w, e, kv)
		blk("attn_output.weight", w, q, e)
		if d.QKNorm {
			blk("attn_q_norm.weight", n, uint64(hd))
			blk("attn_k_norm.weight", n, uint64(hd))
		}
		if d.PostNorms {
			blk("post_attention_norm.weight", n, e)
		}
		blk("ffn_norm.weight", n, e)
		blk("ffn_gate.weight", w, e, ff)
		blk("ffn_up.weight", w, e, ff)
		blk("ffn_down.weight", w, ff, e)
		if d.PostNorms {
			blk("post_ffw_norm.weight", n, e)
		}
	}
	b.Tensor("output_norm.weight", n, e)
	if !d.Tied {
		b.Tensor("output.weight", w, e, v)
	}
	return b
}

// Qwen3_0_6B is Qwen3-0.6B in Q8_0 with the real model's tensor shapes and
// full 151,936-token vocabulary: 633,495,552 bytes of weights.
func Qwen3_0_6B() *Builder {
	return Decoder{
		Arch: "qwen3", Name: "Qwen3 0.6B",
		Layers: 28, Embd: 1024, FFN: 3072, Heads: 16, KVHeads: 8, HeadDim: 128,
		Vocab: 151936, Context: 40960,
		Weights: gguf.TypeQ8_0, QKNorm: true, Tied: true,
		FileType: 7, // LLAMA_FTYPE_MOSTLY_Q8_0
		Tokens:   151936,
	}.Builder()
}

// Gemma3_270M is a Gemma-3-270M-like SWA model: 18 layers, n_swa 512, one
// KV head of 256, pattern 6 (llama.cpp's default for gemma3).
func Gemma3_270M() *Builder {
	b := Decoder{
		Arch: "gemma3", Name: "Gemma 3 270m",
		Layers: 18, Embd: 640, FFN: 2048, Heads: 4, KVHeads: 1, HeadDim: 256,
		Vocab: 262144, Context: 32768,
		Weights: gguf.TypeQ8_0, QKNorm: true, PostNorms: true, Tied: true,
		FileType: 7,
	}.Builder()
	b.Set("gemma3.attention.sliding_window", Uint32(512))
	return b
}

// Tiny is a very small valid llama model (a few KiB), for fuzz seeds and
// for truncating at every byte.
func Tiny() *Builder {
	return Decoder{
		Arch: "llama", Name: "tiny",
		Layers: 2, Embd: 32, FFN: 64, Heads: 2, KVHeads: 1,
		Vocab: 32, Context: 256,
		Weights: gguf.TypeQ8_0, FileType: 7, Tokens: 32,
	}.Builder()
}

// encoder writes a BERT-style encoder header.
func encoder(arch, name string, layers, embd uint32, pooling uint32) *Builder {
	b := New()
	b.Set("general.architecture", String(arch))
	b.Set("general.name", String(name))
	b.Set("general.file_type", Uint32(1))
	k := func(suffix string, v Value) { b.Set(arch+"."+suffix, v) }
	k("block_count", Uint32(layers))
	k("context_length", Uint32(512))
	k("embedding_length", Uint32(embd))
	k("feed_forward_length", Uint32(embd*4))
	k("attention.head_count", Uint32(12))
	k("attention.layer_norm_epsilon", Float32(1e-12))
	k("attention.causal", Bool(false))
	k("pooling_type", Uint32(pooling))
	b.Set("tokenizer.ggml.model", String("bert"))
	b.Tokens(1000)
	e := uint64(embd)
	b.Tensor("token_embd.weight", gguf.TypeF16, e, 1000)
	b.Tensor("position_embd.weight", gguf.TypeF16, e, 512)
	b.Tensor("token_types.weight", gguf.TypeF32, e, 2)
	b.Tensor("token_embd_norm.weight", gguf.TypeF32, e)
	for i := uint32(0); i < layers; i++ {
		for _, m := range []string{"attn_q", "attn_k", "attn_v", "attn_output"} {
			b.Tensor(fmt.Sprintf("blk.%d.%s.weight", i, m), gguf.TypeF16, e, e)
			b.Tensor(fmt.Sprintf("blk.%d.%s.bias", i, m), gguf.TypeF32, e)
		}
		b.Tensor(fmt.Sprintf("blk.%d.ffn_up.weight", i), gguf.TypeF16, e, 4*e)
		b.Tensor(fmt.Sprintf("blk.%d.ffn_down.weight", i), gguf.TypeF16, 4*e, e)
		b.Tensor(fmt.Sprintf("blk.%d.layer_output_norm.weight", i), gguf.TypeF32, e)
	}
	return b
}

// Embedding is a MiniLM-like bert embedding model: pooling_type 1 (mean),
// attention.causal false.
func Embedding() *Builder { return encoder("bert", "MiniLM-like embedder", 6, 384, 1) }

// Reranker is a bert cross-encoder with pooling_type 4 (rank).
func Reranker() *Builder {
	b := encoder("bert", "bge-like reranker", 6, 384, 4)
	b.Tensor("cls.weight", gguf.TypeF16, 384, 384)
	b.Tensor("cls.output.weight", gguf.TypeF16, 384, 1)
	return b
}

// Decision is a decision model: arch with "{arch}.decision.type" set, a
// non-causal encoder over a small transformer.
func Decision(arch, decisionType string) *Builder {
	b := Decoder{
		Arch: arch, Name: "decision model",
		Layers: 12, Embd: 512, FFN: 1536, Heads: 8, KVHeads: 8,
		Vocab: 4096, Context: 2048,
		Weights: gguf.TypeQ8_0, FileType: 7, Tied: true,
	}.Builder()
	b.Set(arch+".decision.type", String(decisionType))
	b.Set(arch+".attention.causal", Bool(false))
	return b
}

// Speech is a whisper-like speech-to-text encoder with stt.* metadata.
func Speech() *Builder {
	b := New()
	b.Set("general.architecture", String("whisper"))
	b.Set("general.name", String("whisper-like"))
	b.Set("stt.sample_rate", Uint32(16000))
	b.Set("stt.n_mels", Uint32(80))
	b.Set("whisper.block_count", Uint32(4))
	b.Set("whisper.context_length", Uint32(448))
	b.Set("whisper.embedding_length", Uint32(384))
	b.Tensor("enc.conv1.weight", gguf.TypeF16, 3, 80, 384)
	for i := 0; i < 4; i++ {
		b.Tensor(fmt.Sprintf("enc.blk.%d.attn_qkv.weight", i), gguf.TypeF16, 384, 1152)
		b.Tensor(fmt.Sprintf("dec.blk.%d.attn_qkv.weight", i), gguf.TypeF16, 384, 1152)
	}
	return b
}

// VisionProjector is a SigLIP-like mmproj (clip architecture).
func VisionProjector() *Builder {
	b := New()
	b.Set("general.architecture", String("clip"))
	b.Set("general.type", String("mmproj"))
	b.Set("general.file_type", Uint32(1))
	b.Set("clip.has_vision_encoder", Bool(true))
	b.Set("clip.projector_type", String("gemma3"))
	b.Set("clip.vision.block_count", Uint32(4))
	b.Set("clip.vision.embedding_length", Uint32(1152))
	b.Set("clip.vision.image_size", Uint32(896))
	b.Tensor("v.patch_embd.weight", gguf.TypeF16, 14, 14, 3, 1152)
	for i := 0; i < 4; i++ {
		b.Tensor(fmt.Sprintf("v.blk.%d.attn_q.weight", i), gguf.TypeF16, 1152, 1152)
		b.Tensor(fmt.Sprintf("v.blk.%d.ffn_up.weight", i), gguf.TypeF16, 1152, 4304)
	}
	b.Tensor("mm.input_projection.weight", gguf.TypeF16, 1152, 2560)
	return b
}

// Diffusion is a FLUX-like DiT as ComfyUI-GGUF writes it.
func Diffusion() *Builder {
	b := New()
	b.Set("general.architecture", String("flux"))
	b.Set("general.quantization_version", Uint32(2))
	b.Set("general.file_type", Uint32(7))
	for i := 0; i < 2; i++ {
		b.Tensor(fmt.Sprintf("double_blocks.%d.img_attn.qkv.weight", i), gguf.TypeQ8_0, 3072, 9216)
		b.Tensor(fmt.Sprintf("double_blocks.%d.img_attn.qkv.bias", i), gguf.TypeF32, 9216)
		b.Tensor(fmt.Sprintf("single_blocks.%d.linear1.weight", i), gguf.TypeQ8_0, 3072, 21504)
	}
	b.Tensor("img_in.weight", gguf.TypeBF16, 64, 3072)
	return b
}

// Mamba is mamba-130m: 24 recurrent layers, d_inner 1536, d_state 16,
// conv kernel 4.
func Mamba() *Builder {
	b := New()
	b.Set("general.architecture", String("mamba"))
	b.Set("general.name", String("mamba-130m"))
	b.Set("general.file_type", Uint32(1))
	k := func(suffix string, v Value) { b.Set("mamba."+suffix, v) }
	k("block_count", Uint32(24))
	k("context_length", Uint32(1<<20))
	k("embedding_length", Uint32(768))
	k("feed_forward_length", Uint32(0))
	k("attention.head_count", Uint32(0))
	k("ssm.conv_kernel", Uint32(4))
	k("ssm.inner_size", Uint32(1536))
	k("ssm.state_size", Uint32(16))
	k("ssm.time_step_rank", Uint32(48))
	k("attention.layer_norm_rms_epsilon", Float32(1e-5))
	k("vocab_size", Uint32(50280))
	b.Tensor("token_embd.weight", gguf.TypeF16, 768, 50280)
	for i := 0; i < 24; i++ {
		blk := func(name string, t gguf.GGMLType, dims ...uint64) {
			b.Tensor(fmt.Sprintf("blk.%d.%s", i, name), t, dims...)
		}
		blk("attn_norm.weight", gguf.TypeF32, 768)
		blk("ssm_in.weight", gguf.TypeF16, 768, 3072)
		blk("ssm_conv1d.weight", gguf.TypeF32, 4, 1536)
		blk("ssm_conv1d.bias", gguf.TypeF32, 1536)
		blk("ssm_x.weight", gguf.TypeF16, 1536, 80)
		blk("ssm_dt.weight", gguf.TypeF16, 48, 1536)
		blk("ssm_dt.bias", gguf.TypeF32, 1536)
		blk("ssm_a", gguf.TypeF32, 16, 1536)
		blk("ssm_d", gguf.TypeF32, 1536)
		blk("ssm_out.weight", gguf.TypeF16, 1536, 768)
	}
	b.Tensor("output_norm.weight", gguf.TypeF32, 768)
	return b
}

// ManyTensors is a llama-style header with n tensors (mixed types and
// shapes, 8 per layer): the parse benchmark's input.
func ManyTensors(n int) *Builder {
	layers := (n + 7) / 8
	b := Decoder{
		Arch: "llama", Name: "many tensors",
		Layers: uint32(layers), Embd: 4096, FFN: 14336, Heads: 32, KVHeads: 8,
		Vocab: 32000, Context: 8192, Weights: gguf.TypeQ4_K, FileType: 15,
	}.Builder()
	b.tensors = b.tensors[:0]
	names := []struct {
		name string
		t    gguf.GGMLType
		dims []uint64
	}{
		{"attn_norm.weight", gguf.TypeF32, []uint64{4096}},
		{"attn_q.weight", gguf.TypeQ4_K, []uint64{4096, 4096}},
		{"attn_k.weight", gguf.TypeQ4_K, []uint64{4096, 1024}},
		{"attn_v.weight", gguf.TypeQ6_K, []uint64{4096, 1024}},
		{"attn_output.weight", gguf.TypeQ4_K, []uint64{4096, 4096}},
		{"ffn_gate.weight", gguf.TypeQ4_K, []uint64{4096, 14336}},
		{"ffn_up.weight", gguf.TypeQ4_K, []uint64{4096, 14336}},
		{"ffn_down.weight", gguf.TypeQ6_K, []uint64{14336, 4096}},
	}
	for i := 0; i < n; i++ {
		s := names[i%len(names)]
		b.Tensor(fmt.Sprintf("blk.%d.%s", i/len(names), s.name), s.t, s.dims...)
	}
	return b
}

// The grid models: tiny decoders a real llama-server loads in a moment,
// shaped like the three attention layouts whose KV caches differ.

// LlamaMHA is a llama with full multi-head attention (as many KV heads
// as query heads): 4 layers, 256 wide, 4096 trained context.
func LlamaMHA() *Builder {
	return Decoder{
		Arch: "llama", Name: "grid llama MHA",
		Layers: 4, Embd: 256, FFN: 512, Heads: 4, KVHeads: 4,
		Vocab: 32000, Context: 4096, Weights: gguf.TypeQ8_0, FileType: 7, SPM: true,
	}.Builder()
}

// Qwen3GQA is a qwen3 with grouped-query attention (8 query heads over 2
// KV heads of 64), q/k norms and tied embeddings.
func Qwen3GQA() *Builder {
	return Decoder{
		Arch: "qwen3", Name: "grid qwen3 GQA",
		Layers: 4, Embd: 256, FFN: 512, Heads: 8, KVHeads: 2, HeadDim: 64,
		Vocab: 32000, Context: 8192, Weights: gguf.TypeQ8_0, QKNorm: true, Tied: true, FileType: 7, SPM: true,
	}.Builder()
}

// Gemma3SWA is a gemma3 with interleaved sliding-window attention: 6
// layers (5 SWA, 1 full, llama.cpp's period 6), n_swa 256, one KV head of
// 128.
func Gemma3SWA() *Builder {
	b := Decoder{
		Arch: "gemma3", Name: "grid gemma3 SWA",
		Layers: 6, Embd: 256, FFN: 512, Heads: 2, KVHeads: 1, HeadDim: 128,
		Vocab: 32000, Context: 8192, Weights: gguf.TypeQ8_0, QKNorm: true, PostNorms: true, Tied: true,
		FileType: 7, SPM: true,
	}.Builder()
	b.Set("gemma3.attention.sliding_window", Uint32(256))
	return b
}
