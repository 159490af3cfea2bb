package gguf_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/gguf"
	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
)

func estimate(t *testing.T, f *gguf.File, o gguf.Options) gguf.Estimate {
	t.Helper()
	e, err := f.Estimate(o)
	if err != nil {
		t.Fatalf("Estimate(%+v): %v", o, err)
	}
	return e
}

func hasNote(e gguf.Estimate, frag string) bool {
	for _, n := range e.Notes {
		if strings.Contains(n, frag) {
			return true
		}
	}
	return false
}

func mibs(b uint64) string { return fmt.Sprintf("%.2f MiB", float64(b)/mib) }

// The required check: Qwen3-0.6B Q8_0, n_ctx 8192, f16 cache.
func TestEstimateQwen3(t *testing.T) {
	f := parse(t, ggufgen.Qwen3_0_6B())
	e := estimate(t, f, gguf.Options{NCtx: 8192})
	if e.Weights != 633_495_552 || mibs(e.Weights) != "604.15 MiB" {
		t.Errorf("weights %d (%s), want 633,495,552 (604.15 MiB)", e.Weights, mibs(e.Weights))
	}
	if e.KV != 939_524_096 || mibs(e.KV) != "896.00 MiB" {
		t.Errorf("KV %d (%s), want 939,524,096 (896.00 MiB)", e.KV, mibs(e.KV))
	}
	if e.KVFull != e.KV || e.KVCells != 8192 || e.KVLayers != 28 || e.SWALayers != 0 || e.SWACells != 0 {
		t.Errorf("full %d cells %d layers %d swa %d/%d", e.KVFull, e.KVCells, e.KVLayers, e.SWALayers, e.SWACells)
	}
	if e.NCtx != 8192 || e.Parallel != 1 || e.NUbatch != 512 || e.CacheTypeK != gguf.TypeF16 {
		t.Errorf("options used: %+v", e)
	}
	// all layers offloaded: token_embd stays on the CPU and its tied
	// output copy goes to the GPU, so the GPU holds the whole model
	if e.WeightsGPU != 633_495_552 || e.WeightsCPU != 165_306_368 || e.GPU != e.WeightsGPU+e.KV {
		t.Errorf("GPU %d CPU %d (weights %d/%d)", e.GPU, e.CPU, e.WeightsGPU, e.WeightsCPU)
	}
	if e.Total() != 633_495_552+939_524_096 {
		t.Errorf("Total %d", e.Total())
	}
}

func TestEstimateCacheTypes(t *testing.T) {
	f := parse(t, ggufgen.Qwen3_0_6B())
	// 28 layers × 8192 cells × (K row + V row), rows of 8 heads × 128
	cases := []struct {
		k, v string
		want uint64
	}{
		{"f16", "f16", 28 * 8192 * (2048 + 2048)},
		{"", "", 28 * 8192 * (2048 + 2048)},
		{"bf16", "bf16", 28 * 8192 * (2048 + 2048)},
		{"f32", "f32", 28 * 8192 * (4096 + 4096)},
		{"q8_0", "q8_0", 28 * 8192 * (1088 + 1088)}, // 34 bytes per 32: 499,122,176
		{"q4_0", "f16", 28 * 8192 * (576 + 2048)},
		{"q4_1", "q4_1", 28 * 8192 * (640 + 640)},
		{"iq4_nl", "iq4_nl", 28 * 8192 * (576 + 576)},
		{"q5_0", "q5_1", 28 * 8192 * (704 + 768)},
	}
	for _, c := range cases {
		e := estimate(t, f, gguf.Options{NCtx: 8192, CacheTypeK: c.k, CacheTypeV: c.v})
		if e.KV != c.want {
			t.Errorf("%s/%s: KV %d, want %d", c.k, c.v, e.KV, c.want)
		}
	}
	if e := estimate(t, f, gguf.Options{NCtx: 8192, CacheTypeK: "q8_0", CacheTypeV: "q8_0"}); e.KV != 499_122_176 {
		t.Errorf("q8_0 KV %d", e.KV)
	}
	if _, err := f.Estimate(gguf.Options{CacheTypeK: "q4_k"}); err == nil {
		t.Error("q4_k accepted")
	}
	if _, err := f.Estimate(gguf.Options{NCtx: -1}); err == nil {
		t.Error("negative n_ctx accepted")
	}
	// a 16-wide head cannot be cached in 32-element q8_0 blocks
	if _, err := parse(t, ggufgen.Tiny()).Estimate(gguf.Options{CacheTypeK: "q8_0"}); err == nil {
		t.Error("q8_0 cache of a 16-wide K row accepted")
	}
}

func TestEstimateCells(t *testing.T) {
	f := parse(t, ggufgen.Qwen3_0_6B())
	const row = 28 * 4096 // bytes per cell, all layers, f16
	cases := []struct {
		name  string
		o     gguf.Options
		cells uint64
	}{
		{"trained context", gguf.Options{}, 40960},
		{"padded to 256", gguf.Options{NCtx: 1000}, 1024},
		// unified: n_ctx is shared by all sequences, not multiplied
		{"4 slots unified", gguf.Options{NCtx: 8192, Parallel: 4}, 8192},
		{"4 slots split", gguf.Options{NCtx: 8192, Parallel: 4, KVSplit: true}, 8192},
		// split: pad(8192/3, 256) = 2816 per stream
		{"3 slots split", gguf.Options{NCtx: 8192, Parallel: 3, KVSplit: true}, 3 * 2816},
	}
	for _, c := range cases {
		e := estimate(t, f, c.o)
		if e.KVCells != c.cells || e.KV != c.cells*row {
			t.Errorf("%s: cells %d KV %d, want %d cells", c.name, e.KVCells, e.KV, c.cells)
		}
	}
}

// Gemma-3-270M-like: 18 layers, n_swa 512, pattern 6 (15 SWA + 3 full),
// one KV head of 256.
func TestEstimateGemma3SWA(t *testing.T) {
	f := parse(t, ggufgen.Gemma3_270M())
	e := estimate(t, f, gguf.Options{NCtx: 4096})
	// upper bound: 18 × 4096 × (256+256) × 2 bytes = 72 MiB
	if e.KVFull != 75_497_472 || mibs(e.KVFull) != "72.00 MiB" {
		t.Errorf("full-context KV %d (%s), want 75,497,472 (72 MiB)", e.KVFull, mibs(e.KVFull))
	}
	if e.KV >= e.KVFull {
		t.Errorf("SWA KV %d not below the full-context %d", e.KV, e.KVFull)
	}
	// one slot: SWA layers keep pad(512 + 512, 256) = 1024 cells:
	// 3×4096 + 15×1024 cells × 1 KiB = 27 MiB
	if e.SWALayers != 15 || e.SWACells != 1024 || e.KV != 28_311_552 {
		t.Errorf("1 slot: %d SWA layers, %d cells, KV %d (%s), want 15, 1024, 27 MiB", e.SWALayers, e.SWACells, e.KV, mibs(e.KV))
	}
	if !hasNote(e, "sliding-window attention (n_swa 512) on 15 of 18 layers") {
		t.Errorf("notes %q", e.Notes)
	}
	// llama-server's default 4 slots (unified): pad(512·4 + 512) = 2560
	// cells, 49.5 MiB: what the real llama.cpp log printed at 4096 ctx
	e4 := estimate(t, f, gguf.Options{NCtx: 4096, Parallel: 4})
	if e4.SWACells != 2560 || e4.KV != 51_904_512 || mibs(e4.KV) != "49.50 MiB" {
		t.Errorf("4 slots: SWA cells %d, KV %d (%s), want 2560, 49.50 MiB", e4.SWACells, e4.KV, mibs(e4.KV))
	}
	if e := estimate(t, f, gguf.Options{NCtx: 4096, SWAFull: true}); e.KV != e.KVFull || e.SWACells != 4096 {
		t.Errorf("swa_full: KV %d, want %d", e.KV, e.KVFull)
	}
	// split streams: each slot pads its 1024 cells, the window does not shrink them
	if e := estimate(t, f, gguf.Options{NCtx: 4096, Parallel: 4, KVSplit: true}); e.KV != e.KVFull {
		t.Errorf("split 4 slots: KV %d, want %d", e.KV, e.KVFull)
	}
	if e := estimate(t, f, gguf.Options{NCtx: 4096, NUbatch: 2048}); e.SWACells != 2560 {
		t.Errorf("n_ubatch 2048: SWA cells %d, want 2560", e.SWACells)
	}
}

// meta builds a header of metadata only (no tensors): enough to estimate.
func meta(arch string, layers uint32, kv map[string]ggufgen.Value) *ggufgen.Builder {
	b := ggufgen.New()
	b.Set("general.architecture", ggufgen.String(arch))
	b.Set(arch+".block_count", ggufgen.Uint32(layers))
	b.Set(arch+".context_length", ggufgen.Uint32(131072))
	for k, v := range kv {
		b.Set(arch+"."+k, v)
	}
	return b
}

// archCase is a model's metadata, the options it is estimated with, and
// the KV cache, sliding-window layers, recurrent state and note expected.
type archCase struct {
	name      string
	b         *ggufgen.Builder
	o         gguf.Options
	kv        uint64
	swaLayers int
	state     uint64
	note      string
}

// checkArchCases estimates each case and checks it.
func checkArchCases(t *testing.T, cases []archCase) {
	t.Helper()
	for _, c := range cases {
		f := parse(t, c.b)
		e := estimate(t, f, c.o)
		if e.KV != c.kv || e.SWALayers != c.swaLayers || e.RecurrentState != c.state {
			t.Errorf("%s: KV %d (want %d), SWA layers %d (want %d), state %d (want %d); notes %q",
				c.name, e.KV, c.kv, e.SWALayers, c.swaLayers, e.RecurrentState, c.state, e.Notes)
		}
		if e.KV > e.KVFull {
			t.Errorf("%s: KV %d above the full-context bound %d", c.name, e.KV, e.KVFull)
		}
		if c.note != "" && !hasNote(e, c.note) {
			t.Errorf("%s: no note with %q in %q", c.name, c.note, e.Notes)
		}
	}
}

// TestEstimateAttentionWindows: sliding-window and chunked attention by
// architecture, explicit patterns, and per-layer KV heads.
func TestEstimateAttentionWindows(t *testing.T) {
	u := ggufgen.Uint32
	checkArchCases(t, []archCase{
		{"gemma3n: 20 KV layers", meta("gemma3n", 30, map[string]ggufgen.Value{
			"embedding_length": u(2048), "attention.head_count": u(8), "attention.head_count_kv": u(2),
			"attention.key_length": u(256), "attention.value_length": u(256), "attention.sliding_window": u(512)}),
			gguf.Options{NCtx: 4096}, 4*4096*2048 + 16*1024*2048, 16, 0, "last 10 layers"},
		{"gpt-oss: pattern 2", meta("gpt-oss", 24, map[string]ggufgen.Value{
			"embedding_length": u(2880), "attention.head_count": u(64), "attention.head_count_kv": u(8),
			"attention.key_length": u(64), "attention.value_length": u(64), "attention.sliding_window": u(128)}),
			gguf.Options{NCtx: 8192}, 12*8192*2048 + 12*768*2048, 12, 0, "n_swa 128"},
		{"llama4: chunked 8192", meta("llama4", 8, map[string]ggufgen.Value{
			"embedding_length": u(5120), "attention.head_count": u(40), "attention.head_count_kv": u(8),
			"attention.key_length": u(128), "attention.value_length": u(128)}),
			gguf.Options{NCtx: 32768}, 2*32768*4096 + 6*8704*4096, 6, 0, "chunked attention (n_swa 8192)"},
		{"llama4: sliding_window 0", meta("llama4", 8, map[string]ggufgen.Value{
			"embedding_length": u(5120), "attention.head_count": u(40), "attention.head_count_kv": u(8),
			"attention.sliding_window": u(0)}),
			gguf.Options{NCtx: 32768}, 8 * 32768 * 4096, 0, 0, ""},
		{"cohere2: pattern 4", meta("cohere2", 8, map[string]ggufgen.Value{
			"embedding_length": u(4096), "attention.head_count": u(32), "attention.head_count_kv": u(8),
			"attention.sliding_window": u(4096)}),
			gguf.Options{NCtx: 16384}, 2*16384*4096 + 6*4608*4096, 6, 0, ""},
		{"gemma2: default window 4096", meta("gemma2", 4, map[string]ggufgen.Value{
			"embedding_length": u(2304), "attention.head_count": u(8), "attention.head_count_kv": u(4),
			"attention.key_length": u(256), "attention.value_length": u(256)}),
			gguf.Options{NCtx: 8192}, 2*8192*4096 + 2*4608*4096, 2, 0, "n_swa 4096"},
		{"explicit pattern on any arch", meta("llama", 2, map[string]ggufgen.Value{
			"embedding_length": u(32), "attention.head_count": u(2), "attention.head_count_kv": u(1),
			"attention.sliding_window": u(256), "attention.sliding_window_pattern": ggufgen.Bools(true, false)}),
			gguf.Options{NCtx: 4096}, 64 * (768 + 4096), 1, 0, ""},
		{"sliding_window alone is not SWA", meta("llama", 2, map[string]ggufgen.Value{
			"embedding_length": u(32), "attention.head_count": u(2), "attention.head_count_kv": u(1),
			"attention.sliding_window": u(256)}),
			gguf.Options{NCtx: 4096}, 2 * 4096 * 64, 0, 0, ""},
		{"per-layer kv heads", meta("llama", 2, map[string]ggufgen.Value{
			"embedding_length": u(32), "attention.head_count": u(2), "attention.head_count_kv": ggufgen.Uint32s(2, 1)}),
			gguf.Options{NCtx: 4096}, 4096 * (128 + 64), 0, 0, ""},
		{"layer without attention", meta("llama", 2, map[string]ggufgen.Value{
			"embedding_length": u(32), "attention.head_count": u(2), "attention.head_count_kv": ggufgen.Uint32s(1, 0)}),
			gguf.Options{NCtx: 4096}, 4096 * 64, 0, 0, ""},
	})
}

// TestEstimateArchitectures: MLA, recurrent and hybrid models, and models
// that hold no KV cache.
func TestEstimateArchitectures(t *testing.T) {
	u := ggufgen.Uint32
	checkArchCases(t, []archCase{
		{"MLA: latent K, no V", meta("deepseek2", 4, map[string]ggufgen.Value{
			"embedding_length": u(7168), "attention.head_count": u(128), "attention.head_count_kv": u(1),
			"attention.key_length": u(576), "attention.value_length": u(512),
			"attention.key_length_mla": u(192), "attention.value_length_mla": u(128),
			"attention.kv_lora_rank": u(512), "rope.dimension_count": u(64)}),
			gguf.Options{NCtx: 4096}, 4 * 4096 * 576 * 2, 0, 0, "MLA"},
		{"MLA without key_length", meta("deepseek2", 4, map[string]ggufgen.Value{
			"embedding_length": u(7168), "attention.head_count": u(128), "attention.head_count_kv": u(1),
			"attention.key_length_mla": u(192), "attention.value_length_mla": u(128),
			"attention.kv_lora_rank": u(512), "rope.dimension_count": u(64)}),
			gguf.Options{NCtx: 4096}, 4 * 4096 * 576 * 2, 0, 0, "MLA"},
		{"old MLA conversion: full K and V", meta("deepseek2", 4, map[string]ggufgen.Value{
			"embedding_length": u(7168), "attention.head_count": u(128), "attention.head_count_kv": u(128),
			"attention.key_length": u(192), "attention.value_length": u(128), "attention.kv_lora_rank": u(512)}),
			gguf.Options{NCtx: 4096}, 4 * 4096 * (192 + 128) * 128 * 2, 0, 0, "old conversion"},
		{"mamba", ggufgen.Mamba(), gguf.Options{NCtx: 4096}, 0, 0, 2_801_664, "recurrent state"},
		{"mamba, 4 sequences", ggufgen.Mamba(), gguf.Options{NCtx: 4096, Parallel: 4}, 0, 0, 4 * 2_801_664, "4 sequence(s)"},
		{"jamba hybrid", meta("jamba", 4, map[string]ggufgen.Value{
			"embedding_length": u(4096), "attention.head_count": u(32), "attention.head_count_kv": ggufgen.Uint32s(0, 0, 0, 8),
			"attention.key_length": u(128), "attention.value_length": u(128),
			"ssm.conv_kernel": u(4), "ssm.inner_size": u(8192), "ssm.state_size": u(16)}),
			gguf.Options{NCtx: 4096}, 4096 * 4096, 0, 3 * (3*8192 + 16*8192) * 4, "3 layers"},
		{"qwen35 hybrid: every 4th layer attends", meta("qwen35", 8, map[string]ggufgen.Value{
			"embedding_length": u(2048), "attention.head_count": u(16), "attention.head_count_kv": u(2),
			"attention.key_length": u(256), "attention.value_length": u(256), "full_attention_interval": u(4),
			"ssm.conv_kernel": u(4), "ssm.inner_size": u(4096), "ssm.state_size": u(128), "ssm.group_count": u(16)}),
			gguf.Options{NCtx: 4096}, 2 * 4096 * 2048, 0, 6 * (3*(4096+2*16*128) + 128*4096) * 4, "6 layers"},
		{"rwkv7", meta("rwkv7", 24, map[string]ggufgen.Value{
			"embedding_length": u(2048), "wkv.head_size": u(64)}),
			gguf.Options{NCtx: 4096}, 0, 0, 24 * (2*2048 + 2048*64) * 4, "recurrent state"},
		{"bert: no KV", ggufgen.Embedding(), gguf.Options{NCtx: 512}, 0, 0, 0, "non-causal encoder: no KV cache"},
		{"decision encoder: no KV", ggufgen.Decision("qwen35", "openjev"), gguf.Options{}, 0, 0, 0, "non-causal encoder"},
		{"causal bert-like arch without memory", ggufgen.Embedding().Delete("bert.attention.causal"), gguf.Options{}, 0, 0, 0, "runs without a KV cache"},
		{"vision projector", ggufgen.VisionProjector(), gguf.Options{}, 0, 0, 0, "weights only"},
		{"diffusion", ggufgen.Diffusion(), gguf.Options{}, 0, 0, 0, "weights only"},
	})
}

func TestEstimateGPULayers(t *testing.T) {
	f := parse(t, ggufgen.Qwen3_0_6B())
	const layer = 16_720_896 // one block's weights
	const tok = 165_306_368  // token_embd.weight
	const kvLayer = 8192 * 4096
	ngl := func(n int) *int { return &n }
	cases := []struct {
		ngl           *int
		wGPU, wCPU    uint64
		kvGPU, kvCPUs uint64
	}{
		{nil, 633_495_552, tok, 28 * kvLayer, 0},
		{ngl(-1), 633_495_552, tok, 28 * kvLayer, 0},
		{ngl(29), 633_495_552, tok, 28 * kvLayer, 0},
		// llama.cpp offloads the output layer (norm + tied copy) first:
		// -ngl 28 leaves layer 0 on the CPU
		{ngl(28), 27*layer + 4096 + tok, tok + layer, 27 * kvLayer, kvLayer},
		{ngl(14), 13*layer + 4096 + tok, tok + 15*layer, 13 * kvLayer, 15 * kvLayer},
		{ngl(1), 4096 + tok, tok + 28*layer, 0, 28 * kvLayer},
		{ngl(0), 0, 633_495_552, 0, 28 * kvLayer},
	}
	for _, c := range cases {
		e := estimate(t, f, gguf.Options{NCtx: 8192, NGPULayers: c.ngl})
		if e.WeightsGPU != c.wGPU || e.WeightsCPU != c.wCPU || e.GPU != c.wGPU+c.kvGPU || e.CPU != c.wCPU+c.kvCPUs {
			t.Errorf("ngl %v: weights %d/%d, totals %d/%d", c.ngl, e.WeightsGPU, e.WeightsCPU, e.GPU, e.CPU)
		}
	}
}
