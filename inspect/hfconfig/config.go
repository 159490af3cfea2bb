// Package hfconfig reads a transformers config.json — architecture, kind,
// attention shape, sliding windows, MLA — and a diffusers model_index.json,
// and lays out the KV cache as vLLM allocates it (vllm.go).
//
// Every figure read from the config is the config's own (0 when the config
// does not give it: transformers would apply a class default gtm does not
// know). The KV figures are ESTIMATES: math on those figures, not a
// measurement; the engine's own log reports what it allocated.
package hfconfig

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/gputaskman/gtm/inspect/jsonscan"
)

// MaxConfigBytes bounds the input: real config.json files are a few KiB;
// the caller reads at most this much.
const MaxConfigBytes = 4 << 20

// Config is what gtm reads from a config.json. 0 and "" are "not in the
// config".
type Config struct {
	Architectures []string // "architectures", as written (at most 16 kept)
	ModelType     string   // "model_type" of the top level
	// Kind is what the model does: "llm", "embedding", "classifier",
	// "reranker", "speech", "vision", "diffusion" or "unknown", derived
	// from the architecture names by the rule in kind.go.
	Kind string
	// KindReason says which rule gave Kind.
	KindReason string
	// Attention shape. For multimodal models these come from the nested
	// "text_config" (Gemma 3, Qwen2.5-VL, Llama 4, Mistral3…), the
	// decoder that holds the KV cache.
	Layers       int // num_hidden_layers (n_layer, num_layers)
	Hidden       int // hidden_size (n_embd, d_model)
	Heads        int // num_attention_heads (n_head, num_heads)
	KVHeads      int // num_key_value_heads, else Heads
	HeadDim      int // head_dim, else Hidden/Heads
	Vocab        int // vocab_size
	MaxPositions int // max_position_embeddings (n_positions)
	// SlidingWindow is the window of the sliding-window layers in tokens;
	// 0: no layer uses one.
	SlidingWindow int
	// SlidingLayers is how many layers use the window (see swa.go for how
	// each config family says which).
	SlidingLayers int
	// AttentionLayers is how many layers hold a KV cache (full, sliding or
	// MLA attention); fewer than Layers in hybrid models whose other layers
	// are Mamba or linear attention (they keep a fixed-size state instead).
	AttentionLayers int
	// MambaLayers is how many layers keep a fixed-size state instead
	// (Mamba, gated delta net / linear attention), and Mamba their
	// state's shape when config.json gives it.
	MambaLayers int
	Mamba       *MambaShape
	// Gemma-4-style full-attention layers: their own head size
	// (global_head_dim) and, with attention_k_eq_v, their own KV heads
	// (num_global_key_value_heads); 0 when the same as the others.
	GlobalHeadDim, GlobalKVHeads int
	// KVSharedLayers is num_kv_shared_layers: the last layers reuse an
	// earlier layer's KV cache and keep none (already left out of
	// AttentionLayers and SlidingLayers).
	KVSharedLayers int
	// MLA is set for multi-head latent attention (DeepSeek V2/V3, Kimi K2):
	// one compressed latent per token and layer instead of K and V.
	MLA *MLA
	// TorchDType is "torch_dtype" (or "dtype", its newer name): the
	// weights' and, with kv-cache-dtype auto, the KV cache's type.
	TorchDType string
	Notes      []string
}

// MambaShape is one Mamba layer's state in elements at TP 1, as vLLM
// shapes it: a conv state of ConvDim × ConvWidth and an SSM state of
// SSMSplit × SSMRest; ConvDim and SSMSplit are divided over the ranks
// (vllm/model_executor/layers/mamba/mamba_utils.py
// MambaStateShapeCalculator).
type MambaShape struct {
	ConvDim, ConvWidth, SSMSplit, SSMRest int
}

// MLA is the latent attention shape: kv_lora_rank and qk_rope_head_dim.
type MLA struct {
	KVLoraRank    int
	QKRopeHeadDim int
}

// obj is one JSON object level of a config.
type obj map[string]json.RawMessage

// bounds keep hostile figures from overflowing the KV math: a value over
// its bound is dropped with a note (unknown, not clamped).
var bounds = map[string]int{
	"layers": 1 << 12, "hidden": 1 << 20, "heads": 1 << 12, "kv_heads": 1 << 12,
	"head_dim": 1 << 16, "vocab": 1 << 24, "max_positions": 1 << 32, "sliding_window": 1 << 32,
	"kv_lora_rank": 1 << 16, "qk_rope_head_dim": 1 << 16, "pattern": 1 << 12, "state": 1 << 20,
}

// Parse reads a config.json.
func Parse(b []byte) (*Config, error) {
	if len(b) > MaxConfigBytes {
		return nil, fmt.Errorf("config.json: %d bytes, over the %d-byte limit", len(b), MaxConfigBytes)
	}
	if n, err := jsonscan.Count(b, 1); err != nil {
		return nil, errors.New("config.json: not a JSON object")
	} else if n > maxValues {
		return nil, fmt.Errorf("config.json: %d keys (limit %d)", n, maxValues)
	}
	var top obj
	if err := json.Unmarshal(b, &top); err != nil || top == nil {
		return nil, errors.New("config.json: not a JSON object")
	}
	c := &Config{}
	for _, a := range top.strings("architectures") {
		if len(c.Architectures) < 16 {
			c.Architectures = append(c.Architectures, trunc(a, 128))
		}
	}
	c.ModelType = trunc(top.str("model_type"), 128)
	c.TorchDType = trunc(top.str("torch_dtype"), 64)
	if c.TorchDType == "" {
		c.TorchDType = trunc(top.str("dtype"), 64)
	}
	text := top
	if tc := top.object("text_config"); tc != nil {
		text = tc
		if c.TorchDType == "" {
			c.TorchDType = trunc(tc.str("torch_dtype"), 64)
		}
	}
	c.applyClassDefaults(top, text)
	// A text decoder's figures, falling back to the top level where the
	// nested config leaves them out.
	get := func(what string, keys ...string) int {
		for _, o := range []obj{text, top} {
			for _, k := range keys {
				if v, ok := o.int(k); ok {
					if v < 0 || v > bounds[what] {
						c.note("%s %d is out of range: ignored", k, v)
						return 0
					}
					return v
				}
			}
		}
		return 0
	}
	c.Layers = get("layers", "num_hidden_layers", "n_layer", "num_layers")
	c.Hidden = get("hidden", "hidden_size", "n_embd", "d_model")
	c.Heads = get("heads", "num_attention_heads", "n_head", "num_heads")
	c.KVHeads = get("kv_heads", "num_key_value_heads", "num_kv_heads", "n_head_kv", "multi_query_group_num")
	c.HeadDim = get("head_dim", "head_dim", "kv_channels")
	c.Vocab = get("vocab", "vocab_size", "padded_vocab_size")
	c.MaxPositions = get("max_positions", "max_position_embeddings", "n_positions", "seq_length")
	if c.KVHeads == 0 && c.Heads > 0 {
		c.KVHeads = c.Heads // multi-head attention: a KV head per query head
	}
	if c.HeadDim == 0 && c.Heads > 0 && c.Hidden > 0 {
		c.HeadDim = c.Hidden / c.Heads
	}
	if r := get("kv_lora_rank", "kv_lora_rank"); r > 0 {
		c.MLA = &MLA{KVLoraRank: r, QKRopeHeadDim: get("qk_rope_head_dim", "qk_rope_head_dim")}
	}
	c.layerKinds(text, top, get)
	c.globalShape(text, get)
	c.mambaShape(text, get)
	c.Kind, c.KindReason = kindOf(c.Architectures, c.ModelType, top)
	return c, nil
}

// classDefaults are values transformers' config classes fill in when
// config.json leaves them out (save_pretrained writes only what differs
// from the class defaults). Gemma 3's multimodal configs rely on them:
// google/gemma-3-4b-it's text_config gives no heads, KV heads or head_dim
// (transformers, models/gemma3/configuration_gemma3.py, Gemma3TextConfig).
var classDefaults = map[string][][2]string{
	"gemma3_text": {{"num_attention_heads", "8"}, {"num_key_value_heads", "4"}, {"head_dim", "256"},
		{"max_position_embeddings", "131072"}, {"sliding_window", "4096"}, {"sliding_window_pattern", "6"}},
	// transformers, models/qwen3_next/configuration_qwen3_next.py
	// Qwen3NextConfig: full_attention_interval=4 builds layer_types.
	"qwen3_next": {{"full_attention_interval", "4"}},
}

// applyClassDefaults adds the class defaults missing from the text
// config, with a note naming them: they are transformers' values, not the
// file's.
func (c *Config) applyClassDefaults(top, text obj) {
	t := text.str("model_type")
	if t == "" && top.str("model_type") == "gemma3" {
		t = "gemma3_text"
	}
	var used []string
	for _, kv := range classDefaults[t] {
		if _, ok := text[kv[0]]; ok {
			continue
		}
		if (kv[0] == "sliding_window_pattern" || kv[0] == "full_attention_interval") && text["layer_types"] != nil {
			continue
		}
		text[kv[0]] = json.RawMessage(kv[1])
		used = append(used, kv[0])
	}
	if len(used) > 0 {
		c.note("not in config.json, transformers' %s defaults used: %s", t, strings.Join(used, ", "))
	}
}

func (c *Config) note(format string, args ...any) {
	if len(c.Notes) < 32 {
		c.Notes = append(c.Notes, fmt.Sprintf(format, args...))
	}
}

// CanEstimateKV reports whether the config gives what the KV estimate
// needs: the attention layers and either the MLA latent or KV heads and
// head size.
func (c *Config) CanEstimateKV() bool {
	if c.AttentionLayers <= 0 {
		return false
	}
	if c.MLA != nil {
		return c.MLA.KVLoraRank+c.MLA.QKRopeHeadDim > 0
	}
	return c.KVHeads > 0 && c.HeadDim > 0
}

// layerBytes is one attention layer's KV bytes per token: an ESTIMATE as
// vLLM sizes its pages (vllm-project/vllm, vllm/v1/kv_cache_interface.py:
// AttentionSpec.real_page_size_bytes = 2 × block × num_kv_heads ×
// head_size × dtype size, K and V; MLAAttentionSpec keeps one latent of
// kv_lora_rank + qk_rope_head_dim per token, with no separate V).
func (c *Config) layerBytes(elemBytes float64) float64 {
	if c.MLA != nil {
		return float64(c.MLA.KVLoraRank+c.MLA.QKRopeHeadDim) * elemBytes
	}
	return 2 * float64(c.KVHeads) * float64(c.HeadDim) * elemBytes
}

// KVBytesPerToken is the KV cache one token costs, summed over the
// attention layers, at elemBytes per element (see DTypeBytes): an
// ESTIMATE, and not what a vLLM pool pays for a hybrid model, where a
// token slot costs one group of layers (VLLMLayout). 0 when the config does not give the figures (CanEstimateKV)
// or elemBytes is not a positive size.
func (c *Config) KVBytesPerToken(elemBytes float64) uint64 {
	if !c.CanEstimateKV() || !(elemBytes > 0 && elemBytes <= 16) {
		return 0
	}
	return satUint(float64(c.AttentionLayers) * c.layerBytes(elemBytes))
}

func satUint(f float64) uint64 {
	if f >= math.MaxUint64 || math.IsNaN(f) {
		return math.MaxUint64
	}
	if f <= 0 {
		return 0
	}
	return uint64(math.Round(f))
}

// DTypeBytes is the size of one element of a torch dtype name as
// config.json writes it ("bfloat16", "float16", "float32"), or of a vLLM
// --kv-cache-dtype ("fp8", "fp8_e4m3", "fp8_e5m2", "fp8_inc", "bfloat16",
// "float16"; vllm-project/vllm, vllm/config/cache.py CacheDType). "auto"
// and unknown names are false: auto means the model's torch_dtype.
func DTypeBytes(name string) (float64, bool) {
	switch strings.ToLower(strings.TrimPrefix(name, "torch.")) {
	case "float32", "float", "fp32":
		return 4, true
	case "float16", "half", "fp16", "bfloat16", "bf16":
		return 2, true
	case "fp8", "fp8_e4m3", "fp8_e5m2", "fp8_inc", "float8_e4m3fn", "float8_e5m2", "int8", "uint8":
		return 1, true
	case "float64", "double":
		return 8, true
	}
	return 0, false
}

// JSON helpers: a value of the wrong type reads as absent, and so does
// an object or array of more than maxValues values.

// maxValues bounds the members of an object, or the elements of an
// array, decoded into a map or a slice: encoding/json spends ~140 bytes a
// value, so 4 MiB of tiny members cost 64 MiB. Real configs have ~50-200
// keys and per-layer arrays of at most a few hundred; a classifier's
// id2label (thousands) is counted in place, never decoded (kind.go).
const maxValues = 4096

// decodable reports whether raw holds at most maxValues values at its top
// level (and is JSON: encoding/json would refuse it otherwise).
func decodable(raw []byte) bool {
	n, err := jsonscan.Count(raw, 1)
	return err == nil && n <= maxValues
}

func (o obj) str(k string) string {
	var s string
	if json.Unmarshal(o[k], &s) != nil {
		return ""
	}
	return s
}

func (o obj) strings(k string) []string {
	var s []string
	if !decodable(o[k]) || json.Unmarshal(o[k], &s) != nil {
		return nil
	}
	return s
}

func (o obj) int(k string) (int, bool) {
	raw, ok := o[k]
	if !ok || bytes.Equal(raw, []byte("null")) {
		return 0, false
	}
	var f float64
	if json.Unmarshal(raw, &f) != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, false
	}
	return int(f), true
}

func (o obj) bool(k string) (v, ok bool) {
	return v, json.Unmarshal(o[k], &v) == nil && o[k] != nil
}

func (o obj) object(k string) obj {
	var m obj
	if !decodable(o[k]) || json.Unmarshal(o[k], &m) != nil {
		return nil
	}
	return m
}

func trunc(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
