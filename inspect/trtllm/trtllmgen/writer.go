// Package trtllmgen writes TensorRT-LLM engine directories for tests: a
// config.json with NVIDIA/TensorRT-LLM's key names (EngineConfig.to_dict
// in tensorrt_llm/builder.py, PretrainedConfig.to_dict, PluginConfig's
// to_dict) or the examples' older builder_config layout, and
// rank<N>.engine files of given sizes left sparse on disk.
package trtllmgen

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// Config is the engine to describe.
type Config struct {
	Version          string
	Architecture     string // "LlamaForCausalLM"; legacy: the model name ("llama")
	DType            string
	Layers           int
	Heads            int
	KVHeads          int
	HeadSize         int
	Hidden           int
	Vocab            int
	MaxPositions     int
	TP, PP           int
	QuantAlgo        string // "" writes null
	KVCacheQuantAlgo string
	MaxBatchSize     int
	MaxInputLen      int
	MaxSeqLen        int // legacy: written as max_output_len = MaxSeqLen - MaxInputLen
	MaxNumTokens     int
	MaxBeamWidth     int
	PagedKV          bool
	TokensPerBlock   int
	// RankBytes are the engine files' sizes, rank 0 first.
	RankBytes []int64
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// JSON is config.json as trtllm-build writes it (a subset of its keys:
// the ones gtm reads, and a few it must skip).
func (c Config) JSON() []byte {
	cfg := map[string]any{
		"version": c.Version,
		"pretrained_config": map[string]any{
			"architecture":            c.Architecture,
			"dtype":                   c.DType,
			"vocab_size":              c.Vocab,
			"hidden_size":             c.Hidden,
			"num_hidden_layers":       c.Layers,
			"num_attention_heads":     c.Heads,
			"hidden_act":              "silu",
			"logits_dtype":            "float32",
			"norm_epsilon":            1e-06,
			"position_embedding_type": "rope_gpt_neox",
			"max_position_embeddings": c.MaxPositions,
			"num_key_value_heads":     c.KVHeads,
			"intermediate_size":       c.Hidden * 4,
			"mapping": map[string]any{
				"world_size": c.TP * c.PP, "gpus_per_node": 8, "cp_size": 1,
				"tp_size": c.TP, "pp_size": c.PP, "moe_tp_size": c.TP, "moe_ep_size": 1,
			},
			"quantization": map[string]any{
				"quant_algo": nullable(c.QuantAlgo), "kv_cache_quant_algo": nullable(c.KVCacheQuantAlgo),
				"group_size": 128, "has_zero_point": false,
			},
			"head_size":    c.HeadSize,
			"qk_layernorm": false,
			"rotary_base":  1000000.0,
		},
		"build_config": map[string]any{
			"max_input_len":  c.MaxInputLen,
			"max_seq_len":    c.MaxSeqLen,
			"opt_batch_size": 8,
			"max_batch_size": c.MaxBatchSize,
			"max_beam_width": c.MaxBeamWidth,
			"max_num_tokens": c.MaxNumTokens,
			"opt_num_tokens": nil,
			"kv_cache_type":  map[bool]string{true: "PAGED", false: "CONTINUOUS"}[c.PagedKV],
			"plugin_config": map[string]any{
				"dtype": c.DType, "gpt_attention_plugin": "auto", "paged_kv_cache": c.PagedKV,
				"tokens_per_block": c.TokensPerBlock, "remove_input_padding": true, "context_fmha": true,
			},
			"lora_config":          map[string]any{"lora_dir": []string{}, "max_lora_rank": 64},
			"auto_parallel_config": map[string]any{"world_size": 1},
		},
	}
	b, _ := json.MarshalIndent(cfg, "", "    ")
	return b
}

// LegacyJSON is config.json as the examples' build.py wrote it
// (Builder.save_config of BuilderConfig.to_dict).
func (c Config) LegacyJSON() []byte {
	cfg := map[string]any{
		"builder_config": map[string]any{
			"name": c.Architecture, "precision": c.DType, "tensor_parallel": c.TP, "pipeline_parallel": c.PP,
			"num_layers": c.Layers, "num_heads": c.Heads, "num_kv_heads": c.KVHeads, "hidden_size": c.Hidden,
			"vocab_size": c.Vocab, "max_position_embeddings": c.MaxPositions, "max_batch_size": c.MaxBatchSize,
			"max_input_len": c.MaxInputLen, "max_output_len": c.MaxSeqLen - c.MaxInputLen,
			"max_num_tokens": c.MaxNumTokens, "max_beam_width": c.MaxBeamWidth, "quant_mode": 0,
			"multi_query_mode": false, "int8": false, "use_refit": false,
		},
		"plugin_config": map[string]any{
			"gpt_attention_plugin": c.DType, "paged_kv_cache": c.PagedKV, "tokens_per_block": c.TokensPerBlock,
			"remove_input_padding": true,
		},
	}
	b, _ := json.MarshalIndent(cfg, "", "    ")
	return b
}

// EngineName is rank r's engine file name: rank<r>.engine, or for the
// legacy layout the examples' get_engine_name.
func (c Config) EngineName(legacy bool, r int) string {
	if !legacy {
		return fmt.Sprintf("rank%d.engine", r)
	}
	if c.PP <= 1 {
		return fmt.Sprintf("%s_%s_tp%d_rank%d.engine", c.Architecture, c.DType, c.TP, r)
	}
	return fmt.Sprintf("%s_%s_tp%d_pp%d_rank%d.engine", c.Architecture, c.DType, c.TP, c.PP, r)
}

// WriteDir writes config.json and the engine files into dir.
func (c Config) WriteDir(dir string, legacy bool) error {
	cfg := c.JSON()
	if legacy {
		cfg = c.LegacyJSON()
	}
	if err := os.WriteFile(filepath.Join(dir, "config.json"), cfg, 0o644); err != nil {
		return err
	}
	for r, n := range c.RankBytes {
		f, err := os.Create(filepath.Join(dir, c.EngineName(legacy, r)))
		if err != nil {
			return err
		}
		err = f.Truncate(n) // sparse: the size is what matters
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
	}
	return nil
}
