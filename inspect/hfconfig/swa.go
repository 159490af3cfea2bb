package hfconfig

import (
	"slices"
	"strings"
)

// layerKinds sets AttentionLayers, SlidingLayers and SlidingWindow from
// whichever way the config family says which layers attend how, first
// match wins:
//
//  1. "layer_types", one entry per layer (transformers' current form:
//     Gemma 2/3, gpt-oss, Qwen2/3 write it; hybrids list "linear_attention",
//     "mamba"… there); without it, "full_attention_interval" (Qwen3-Next)
//     builds the list as transformers does.
//  2. "sliding_window_pattern" N (Gemma 3, Cohere2): layer i slides unless
//     (i+1) % N == 0 (transformers, models/gemma3/configuration_gemma3.py).
//     Gemma 2 without it: N = 2.
//  3. "use_sliding_window" (Qwen2 family): when true, layers i ≥
//     "max_window_layers" slide (transformers,
//     models/qwen2/configuration_qwen2.py); when false none does.
//  4. Hybrid layouts: Jamba's "attn_layer_period"/"attn_layer_offset",
//     Nemotron-H's "hybrid_override_pattern" ('*' is attention), Mamba
//     (no attention at all).
//  5. "sliding_window" alone (Mistral, Phi-3, Starcoder2): every layer; null
//     is none.
func (c *Config) layerKinds(text, top obj, get func(string, ...string) int) {
	n := c.Layers
	c.AttentionLayers = n
	window := get("sliding_window", "sliding_window")
	types := text.strings("layer_types")
	if k, ok := text.int("full_attention_interval"); ok && types == nil && k > 0 && k <= bounds["pattern"] && n <= bounds["layers"] {
		// Qwen3-Next and its kin without layer_types: layer i is full
		// attention when (i+1) % k == 0, the rest linear attention
		// (transformers, models/qwen3_next/configuration_qwen3_next.py;
		// vLLM reads the layer_types transformers builds from it).
		types = make([]string, n)
		for i := range types {
			types[i] = "linear_attention"
			if (i+1)%k == 0 {
				types[i] = "full_attention"
			}
		}
		c.note("no layer_types: every %d-th layer is full attention (full_attention_interval), the others linear attention", k)
	}
	if types != nil {
		c.countTypes(types, window, text, get)
		return
	}
	if p, ok := text.int("sliding_window_pattern"); ok || strings.HasPrefix(c.textType(text), "gemma2") {
		if !ok {
			p = 2
		}
		if p < 1 || p > bounds["pattern"] {
			c.note("sliding_window_pattern %d is out of range: ignored", p)
		} else if n > 0 {
			c.SlidingLayers = n - n/p // every p-th layer is global
		}
		c.setWindow(window)
		return
	}
	if use, ok := text.bool("use_sliding_window"); ok {
		if use {
			m, _ := text.int("max_window_layers")
			if m >= 0 && m < n {
				c.SlidingLayers = n - m
			}
		}
		c.setWindow(window)
		return
	}
	if c.hybrid(text) {
		return
	}
	if window > 0 {
		c.SlidingLayers = n
	}
	c.setWindow(window)
}

// setWindow records the window when some layer uses it.
func (c *Config) setWindow(window int) {
	if c.SlidingLayers > 0 && window > 0 {
		c.SlidingWindow = window
		return
	}
	if c.SlidingLayers > 0 {
		c.note("%d sliding-window layers but no sliding_window size: counted as full attention", c.SlidingLayers)
	}
	c.SlidingLayers = 0
}

func (c *Config) textType(text obj) string {
	if t := text.str("model_type"); t != "" {
		return t
	}
	return c.ModelType
}

// hybrid handles layouts that mix attention with state-space or linear
// layers, and reports whether it recognised one.
func (c *Config) hybrid(text obj) bool {
	n := c.Layers
	if p, ok := text.int("attn_layer_period"); ok && p > 0 && n > 0 {
		off, _ := text.int("attn_layer_offset")
		c.AttentionLayers = 0
		for i := range n {
			if i%p == off {
				c.AttentionLayers++
			}
		}
		c.MambaLayers = n - c.AttentionLayers
		c.otherLayers(map[string]bool{"mamba": true})
		return true
	}
	if pat := text.str("hybrid_override_pattern"); pat != "" {
		c.AttentionLayers = strings.Count(pat, "*")
		if len(pat) != n {
			c.note("hybrid_override_pattern has %d layers, num_hidden_layers says %d", len(pat), n)
		}
		c.otherLayers(map[string]bool{"mamba/MLP": true})
		return true
	}
	switch t := c.textType(text); t {
	case "mamba", "mamba2", "falcon_mamba", "rwkv", "xlstm":
		c.AttentionLayers = 0
		c.otherLayers(map[string]bool{t: true})
		return true
	}
	return false
}

func (c *Config) otherLayers(kinds map[string]bool) {
	if len(kinds) == 0 {
		return
	}
	var names []string
	for k := range kinds {
		names = append(names, k)
	}
	slices.Sort(names)
	c.note("layers of kind %s keep a fixed-size state per request, not a KV cache per token", strings.Join(names, ", "))
}

// countTypes counts the layers of a layer_types list: attention, sliding,
// chunked (counted as windowed) and state layers; the last
// num_kv_shared_layers keep no cache of their own (vLLM gives a layer
// with kv_sharing_target_layer_name no KV spec).
func (c *Config) countTypes(types []string, window int, text obj, get func(string, ...string) int) {
	if len(types) != c.Layers {
		c.note("layer_types lists %d layers, num_hidden_layers says %d: layer_types used", len(types), c.Layers)
	}
	if s, ok := text.int("num_kv_shared_layers"); ok && s > 0 && s <= len(types) {
		c.KVSharedLayers = s
		types = types[:len(types)-s]
		c.note("the last %d layers reuse earlier layers' KV cache (num_kv_shared_layers): they keep none", s)
	}
	c.AttentionLayers, c.SlidingLayers = 0, 0
	other := map[string]bool{}
	chunked := 0
	for _, t := range types {
		switch t {
		case "full_attention", "attention":
			c.AttentionLayers++
		case "sliding_attention":
			c.AttentionLayers++
			c.SlidingLayers++
		case "chunked_attention":
			// Llama 4's local layers: vLLM keeps one chunk per sequence.
			c.AttentionLayers++
			chunked++
		case "linear_attention", "mamba":
			c.MambaLayers++
			other[t] = true
		default:
			if len(other) < 8 {
				other[trunc(t, 40)] = true
			}
		}
	}
	if chunked > 0 {
		if cs := get("sliding_window", "attention_chunk_size"); cs > 0 && (window == 0 || c.SlidingLayers == 0) {
			window = cs
			c.SlidingLayers += chunked
			c.note("%d chunked-attention layers of %d tokens counted as windowed", chunked, cs)
		}
	}
	c.otherLayers(other)
	c.setWindow(window)
}
