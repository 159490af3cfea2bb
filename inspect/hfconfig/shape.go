package hfconfig

// globalShape reads Gemma 4's full-attention shape: global_head_dim for
// its full-attention layers and, when attention_k_eq_v, their own KV
// heads, num_global_key_value_heads (transformers, models/gemma4/
// modeling_gemma4.py Gemma4TextAttention: head_dim = global_head_dim for
// a full layer; num_kv_heads = num_global_key_value_heads if use_k_eq_v
// else num_key_value_heads). vLLM's gemma4.py builds the same attention
// shapes; its K=V layers are counted here as caching K and V both.
func (c *Config) globalShape(text obj, get func(string, ...string) int) {
	if hd := get("head_dim", "global_head_dim"); hd > 0 && hd != c.HeadDim {
		c.GlobalHeadDim = hd
	}
	if kEqV, _ := text.bool("attention_k_eq_v"); kEqV {
		if h := get("kv_heads", "num_global_key_value_heads"); h > 0 && h != c.KVHeads {
			c.GlobalKVHeads = h
		}
	}
}

// mambaShape reads the state shape of the layers that keep one, as vLLM
// shapes it (vllm/model_executor/layers/mamba/mamba_utils.py
// MambaStateShapeCalculator):
//   - Jamba (mamba1_state_shape, from vllm/model_executor/models/jamba.py:
//     intermediate = mamba_expand × hidden_size): conv (intermediate,
//     mamba_d_conv−1), SSM (intermediate, mamba_d_state);
//   - Qwen3-Next's gated delta net (gated_delta_net_state_shape): conv
//     (2·key heads·key dim + value heads·value dim, conv kernel−1), SSM
//     (value heads, key dim, value dim).
func (c *Config) mambaShape(text obj, get func(string, ...string) int) {
	if c.MambaLayers == 0 {
		return
	}
	if nv := get("state", "linear_num_value_heads"); nv > 0 {
		nk, dk, dv := get("state", "linear_num_key_heads"), get("state", "linear_key_head_dim"), get("state", "linear_value_head_dim")
		k := get("state", "linear_conv_kernel_dim")
		if nk > 0 && dk > 0 && dv > 0 && k > 1 {
			c.Mamba = &MambaShape{ConvDim: 2*nk*dk + nv*dv, ConvWidth: k - 1, SSMSplit: nv, SSMRest: dk * dv}
		}
		return
	}
	if e, ok := text.int("mamba_expand"); ok && e > 0 && e <= 16 {
		st, k := get("state", "mamba_d_state"), get("state", "mamba_d_conv")
		if inter := e * c.Hidden; inter > 0 && st > 0 && k > 1 {
			c.Mamba = &MambaShape{ConvDim: inter, ConvWidth: k - 1, SSMSplit: inter, SSMRest: st}
		}
	}
}

// FullLayers is how many layers attend over the whole context (full or
// MLA attention): the attention layers less the windowed ones.
func (c *Config) FullLayers() int {
	return max(0, c.AttentionLayers-c.SlidingLayers)
}
