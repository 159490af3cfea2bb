package hfconfig_test

import (
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/hfconfig"
)

// FuzzParse feeds arbitrary bytes to Parse and ParsePipeline: no panics,
// one-line errors, and vLLM's layout stays ordered (a longer request
// never reserves less).
func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"architectures":["Gemma3ForConditionalGeneration"],"text_config":{"num_hidden_layers":6,"num_attention_heads":4,"num_key_value_heads":2,"head_dim":8,"sliding_window":16,"sliding_window_pattern":3}}`))
	f.Add([]byte(`{"num_hidden_layers":4,"kv_lora_rank":16,"qk_rope_head_dim":4,"layer_types":["full_attention","linear_attention","sliding_attention","chunked_attention"],"attention_chunk_size":8,"sliding_window":4}`))
	f.Add([]byte(`{"num_hidden_layers":8,"num_attention_heads":4,"hidden_size":32,"use_sliding_window":true,"sliding_window":4,"max_window_layers":2}`))
	f.Add([]byte(`{"num_hidden_layers":8,"hidden_size":64,"num_attention_heads":4,"num_key_value_heads":2,"head_dim":16,"full_attention_interval":4,"linear_num_key_heads":2,"linear_num_value_heads":4,"linear_key_head_dim":8,"linear_value_head_dim":8,"linear_conv_kernel_dim":4,"torch_dtype":"bfloat16"}`))
	f.Add([]byte(`{"num_hidden_layers":8,"hidden_size":64,"num_attention_heads":4,"num_key_value_heads":2,"attn_layer_period":4,"attn_layer_offset":1,"mamba_expand":2,"mamba_d_state":4,"mamba_d_conv":4,"torch_dtype":"float16"}`))
	f.Add([]byte(`{"_class_name":"FluxPipeline","transformer":["diffusers","FluxTransformer2DModel"]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		if p, err := hfconfig.ParsePipeline(b); err != nil {
			if p != nil || strings.Contains(err.Error(), "\n") {
				t.Fatalf("bad pipeline error %q", err)
			}
		}
		c, err := hfconfig.Parse(b)
		if err != nil {
			if c != nil || strings.Contains(err.Error(), "\n") {
				t.Fatalf("bad error %q", err)
			}
			return
		}
		if c.SlidingLayers > c.AttentionLayers || (c.SlidingLayers > 0) != (c.SlidingWindow > 0) {
			t.Fatalf("sliding %d of %d", c.SlidingLayers, c.AttentionLayers)
		}
		_ = c.KVBytesPerToken(2)
		for _, tp := range []int{1, 3} {
			l, err := c.VLLMLayout(hfconfig.VLLMOptions{KVCacheDType: "bfloat16", TP: tp})
			if err != nil {
				if strings.Contains(err.Error(), "\n") {
					t.Fatalf("bad layout error %q", err)
				}
				continue
			}
			// A longer request never reserves less; a block holds a token.
			if l.RequestBytes(100, 2048) > l.RequestBytes(100000, 2048) || l.BlockBytes() == 0 || l.MinBlockSize() < 1 {
				t.Fatalf("layout %+v", l)
			}
			_ = l.Fit(1<<30, 8192, 2048)
			_ = l.RankBytes(1<<20, 2.5, 8192, 2048)
		}
	})
}
