package torchlog

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// SGLang's log lines rebuilt from SGLang's own format strings, not from
// gtm's stand-ins: each format below is the upstream f-string with its
// fields turned into Go verbs, and says where it is. Commits are
// sgl-project/sglang's; paths are under python/sglang/srt/. Releases are
// pinned by the dependency pins each release shipped with (see
// docs/engine-accuracy.md, SGLang): 0.5.8 predates #15426, 0.5.9 predates
// #18651, 0.5.12 was out before #26205.
const (
	// utils/common.py configure_logger: "[%(asctime)s{maybe_ms}{prefix}] %(message)s",
	// datefmt "%Y-%m-%d %H:%M:%S"; maybe_ms ".%(msecs)03d" with SGLANG_LOG_MS
	// (since a2960bdd6, 2025-12-01); the prefix is managers/scheduler.py's
	// " DP{dp} PP{pp} ATTN_CP{cp} MOE_DP{md} TP{tp} EP{ep}", each part only
	// when that size is above 1 (DP when a DP rank is set).
	sgStamp = "[%s%s] %s"

	// entrypoints/engine.py _launch_subprocesses: logger.info(f"{server_args=}")
	// (a dataclass repr; fields abridged here, order kept).
	sgArgs = "server_args=ServerArgs(model_path='%s', tokenizer_path='%s', tokenizer_mode='auto', tp_size=%d, speculative_algorithm=%s)"

	// After 2026-06-08 (not in main of that day; in 0.5.20's logs of
	// 2026-09): logger.info(f"server_args={server_args.resolved_dict()}")
	// in entrypoints/engine.py, a dict's repr, every resolved field.
	sgArgsDict = "server_args={'model_path': '%s', 'tokenizer_path': '%s', 'tokenizer_mode': 'auto', 'tp_size': %d, 'speculative_draft_model_path': 'x/draft', 'speculative_algorithm': %s}"

	// model_executor/model_runner.py load_model.
	sgLoadBegin = "Load weight begin. avail mem=%.2f GB"
	// Before e074d84e5 (2025-03-04, #4077; 0.4.3.post3 has "mem usage"),
	// with memory_pool.py's line of 72c777635 (2025-01-13, 0.4.1.post6) and
	// model_runner.py's capture line of the time: no figure for weights or
	// graphs, no #tokens.
	sgLoadEnd041  = "Load weight end. type=%s, dtype=%s, avail mem=%.2f GB"
	sgKV041       = "KV Cache is allocated. K size: %.2f GB, V size: %.2f GB."
	sgGraphEnd041 = "Capture cuda graph end. Time elapsed: %.2f s. avail mem=%.2f GB"
	// e074d84e5 (2025-03-04, #4077; 0.4.3.post3) to 0.5.8.
	sgLoadEnd08 = "Load weight end. type=%s, dtype=%s, avail mem=%.2f GB, mem usage=%.2f GB."
	// 1b56a886b (2026-01-26, #15426): "elapsed=" first; 0.5.9.
	sgLoadEnd09 = "Load weight end. elapsed=%.2f s, type=%s, dtype=%s, avail mem=%.2f GB, mem usage=%.2f GB."
	// f7897def9 (2026-03-03, #18651): dtype dropped, an optional
	// "quant=…" (ModelConfig.get_quantization_config_log_str); 0.5.10 on.
	sgLoadEnd10      = "Load weight end. elapsed=%.2f s, type=%s, avail mem=%.2f GB, mem usage=%.2f GB."
	sgLoadEnd10Quant = "Load weight end. elapsed=%.2f s, type=%s, quant=%s, fmt=%s, avail mem=%.2f GB, mem usage=%.2f GB."

	// mem_cache/memory_pool.py KVCache._finalize_allocation_log, which
	// MHATokenToKVPool, MLATokenToKVPool and DSATokenToKVPool (NSA) call;
	// the SWA pool's two inner pools and HybridLinearKVPool's full pool are
	// MHA pools and log it too. 0.4.3.post3 to 0.5.12 (e074d84e5;
	// memory_pool.py @000ccdba for MHA; MLA's line since e69a21907,
	// 2025-04-21, 0.4.5.post3; the same text in _finalize_allocation_log
	// until 93fa577bb):
	sgKV   = "KV Cache is allocated. #tokens: %d, K size: %.2f GB, V size: %.2f GB"
	sgKVML = "KV Cache is allocated. #tokens: %d, KV size: %.2f GB"
	// 93fa577bb (2026-05-24, #26205) "dtype: " first; 0.5.13 on.
	sgKV13   = "KV Cache is allocated. dtype: %s, #tokens: %d, K size: %.2f GB, V size: %.2f GB"
	sgKVML13 = "KV Cache is allocated. dtype: %s, #tokens: %d, KV size: %.2f GB"

	// mem_cache/swa_memory_pool.py SWAKVPool.__init__, after both pools.
	sgSWA = "SWAKVPool mem usage: %.2f GB, swa size: %d, full size: %d"

	// mem_cache/memory_pool.py MambaPool.__init__ (max_mamba_cache_size
	// since 868403f64, 2025-10-15); the speculative form adds the
	// intermediate caches. Note the trailing spaces.
	sgMamba     = "Mamba Cache is allocated. max_mamba_cache_size: %d, conv_state size: %.2fGB, ssm_state size: %.2fGB "
	sgMambaSpec = "Mamba Cache is allocated. max_mamba_cache_size: %d, conv_state size: %.2fGB, ssm_state size: %.2fGB intermediate_ssm_state_cache size: %.2fGB intermediate_conv_window_cache size: %.2fGB "

	// model_executor/model_runner_kv_cache_mixin.py init_memory_pool.
	sgPoolEnd = "Memory pool end. avail mem=%.2f GB"

	// model_executor/model_runner.py init_device_graphs ("cuda graph" on
	// CUDA) and speculative/eagle_worker.py (draft) @65d3b47f6 (2026-06-08).
	sgGraphBegin = "Capture cuda graph begin. This can take up to several minutes. avail mem=%.2f GB"
	sgGraphEnd   = "Capture cuda graph end. Time elapsed: %.2f s. mem usage=%.2f GB. avail mem=%.2f GB."
	sgDraftEnd   = "Capture draft cuda graph end. Time elapsed: %.2f s. mem usage=%.2f GB. avail mem=%.2f GB."
	// The 2026-07 form (in SGLang's logs from 2026-07-21 on; its source
	// was not among the files read): one line per captured phase.
	sgPhaseEnd = "Capture target %s CUDA graph end. elapsed=%.2f s, mem usage=%.2f GB, avail mem=%.2f GB."

	// managers/scheduler.py Scheduler.__init__, tp_rank 0 only.
	sgSched = "max_total_num_tokens=%d, chunked_prefill_size=%d, max_prefill_tokens=%d, max_running_requests=%d, context_len=%d, available_gpu_mem=%.2f GB"

	// entrypoints/http_server.py _wait_and_warmup.
	sgReady = "The server is fired up and ready to roll!"
)

// sgLine is one line as configure_logger writes it: stamp, rank prefix
// (" TP1", "" for a single GPU's scheduler and the main process), message.
func sgLine(stamp, prefix, format string, a ...any) string {
	return fmt.Sprintf(sgStamp, stamp, prefix, fmt.Sprintf(format, a...))
}

// sgRanks is each TP rank's copy of a line the scheduler logs on every rank.
func sgRanks(tp int, stamp, format string, a ...any) []string {
	var out []string
	for r := range tp {
		out = append(out, sgLine(stamp, fmt.Sprintf(" TP%d", r), format, a...))
	}
	return out
}

type sgCase struct {
	name   string
	lines  []string
	ranks  []want
	pools  []string // rank 0's pool names
	tokens uint64   // Report.KVTokens
	model  string
}

func (c sgCase) check(t *testing.T) {
	r := ParseAt(SGLang, strings.NewReader(strings.Join(c.lines, "\n")+"\n"), time.Date(2026, 7, 1, 0, 0, 0, 0, time.Local))
	if r == nil {
		t.Fatal("no block")
	}
	checkRanks(t, r.Ranks, c.ranks)
	checkU(t, "KVTokens", r.KVTokens, c.tokens)
	if !r.Ready || r.Model != c.model {
		t.Errorf("ready %v model %q, want ready, %q", r.Ready, r.Model, c.model)
	}
	if len(r.Ranks) > 0 {
		if got := strings.Join(poolNames(r.Ranks[0]), "|"); got != strings.Join(c.pools, "|") {
			t.Errorf("pools %q, want %q", got, strings.Join(c.pools, "|"))
		}
	}
}

// sgDense is Qwen3-8B over two GPUs in one of SGLang's load-line forms.
func sgDense(stamp, load string, loadArgs []any, kv string, kvArgs []any) []string {
	l := []string{sgLine(stamp, "", sgArgs, "Qwen/Qwen3-8B", "Qwen/Qwen3-8B", 2, "None")}
	l = append(l, sgRanks(2, stamp, sgLoadBegin, 78.50)...)
	l = append(l, sgRanks(2, stamp, load, loadArgs...)...)
	l = append(l, sgRanks(2, stamp, kv, kvArgs...)...)
	l = append(l, sgRanks(2, stamp, sgPoolEnd, 5.12)...)
	l = append(l, sgRanks(2, stamp, sgGraphBegin, 5.12)...)
	l = append(l, sgRanks(2, stamp, sgGraphEnd, 8.31, 0.56, 4.56)...)
	l = append(l, sgLine(stamp, " TP0", sgSched, 473854, 8192, 16384, 4096, 40960, 4.56))
	return append(l, sgLine(stamp, "", sgReady))
}

// TestUpstreamSGLangDenseForms: every load-line form SGLang has printed
// since 0.5.0 gives each rank its weights, K+V and graphs, and the
// scheduler's capacity.
func TestUpstreamSGLangDenseForms(t *testing.T) {
	qwen := "Qwen3ForCausalLM"
	ranks := []want{
		{rank: 0, worker: "TP0", weights: gib(7.62), kv: 2 * gib(32.54), graphs: gib(0.56)},
		{rank: 1, worker: "TP1", weights: gib(7.62), kv: 2 * gib(32.54), graphs: gib(0.56)},
	}
	kvOld := []any{473854, 32.54, 32.54}
	kv13 := []any{"torch.bfloat16", 473854, 32.54, 32.54}
	for _, c := range []sgCase{
		{name: "0.5.0-0.5.8", lines: sgDense("2025-12-01 10:00:00", sgLoadEnd08, []any{qwen, "torch.bfloat16", 70.88, 7.62}, sgKV, kvOld)},
		{name: "0.5.9", lines: sgDense("2026-02-20 10:00:00", sgLoadEnd09, []any{23.18, qwen, "torch.bfloat16", 70.88, 7.62}, sgKV, kvOld)},
		{name: "0.5.10-0.5.12", lines: sgDense("2026-04-10 10:00:00", sgLoadEnd10, []any{23.18, qwen, 70.88, 7.62}, sgKV, kvOld)},
		{name: "0.5.10 on, quantized", lines: sgDense("2026-04-10 10:00:00", sgLoadEnd10Quant, []any{23.18, qwen, "fp8", "e4m3", 70.88, 7.62}, sgKV, kvOld)},
		{name: "0.5.13 on", lines: sgDense("2026-06-20 10:00:00", sgLoadEnd10, []any{23.18, qwen, 70.88, 7.62}, sgKV13, kv13)},
		{name: "SGLANG_LOG_MS", lines: sgDense("2026-06-20 10:00:00.125", sgLoadEnd10, []any{23.18, qwen, 70.88, 7.62}, sgKV13, kv13)},
	} {
		c.ranks, c.pools, c.tokens, c.model = ranks, []string{"target"}, 473854, "Qwen/Qwen3-8B"
		t.Run(c.name, c.check)
	}
}

// TestUpstreamSGLangPools: a rank's KV cache is every pool it logged, in
// each form: MLA's one latent buffer (every TP rank holds all of it),
// SWAKVPool's two pools with their summary, a hybrid model's Mamba state
// with the intermediate caches MTP verifies in, an EAGLE draft's pool.
func TestUpstreamSGLangPools(t *testing.T) {
	s := "2026-06-20 10:00:00"
	both := func(w want) []want { w1 := w; w1.rank, w1.worker = 1, "TP1"; w.worker = "TP0"; return []want{w, w1} }
	var mla, mla13, swa, mamba, eagle []string
	// DeepSeek-V2-Lite at TP 2: MLATokenToKVPool.
	for _, l := range []*[]string{&mla, &mla13} {
		*l = append(*l, sgLine(s, "", sgArgs, "deepseek-ai/DeepSeek-V2-Lite", "deepseek-ai/DeepSeek-V2-Lite", 2, "None"))
		*l = append(*l, sgRanks(2, s, sgLoadEnd10, 30.1, "DeepseekV2ForCausalLM", 60.2, 14.51)...)
	}
	mla = append(mla, sgRanks(2, s, sgKVML, 383872, 19.36)...)
	mla13 = append(mla13, sgRanks(2, s, sgKVML13, "torch.bfloat16", 383872, 19.36)...)
	for _, l := range []*[]string{&mla, &mla13} {
		*l = append(*l, sgRanks(2, s, sgGraphEnd, 9.0, 1.62, 40.0)...)
		*l = append(*l, sgLine(s, " TP0", sgSched, 383872, 8192, 16384, 2048, 163840, 40.0), sgLine(s, "", sgReady))
	}
	// Gemma-3-12B at TP 2: SWAKVPool's sliding-window pool, full pool, summary.
	swa = append(swa, sgLine(s, "", sgArgs, "google/gemma-3-12b-it", "google/gemma-3-12b-it", 2, "None"))
	swa = append(swa, sgRanks(2, s, sgLoadEnd10, 28.1, "Gemma3ForConditionalGeneration", 66.3, 11.62)...)
	swa = append(swa, sgRanks(2, s, sgKV13, "torch.bfloat16", 290000, 10.37, 10.37)...)
	swa = append(swa, sgRanks(2, s, sgKV13, "torch.bfloat16", 362000, 2.59, 2.59)...)
	swa = append(swa, sgRanks(2, s, sgSWA, 25.92, 290000, 362000)...)
	swa = append(swa, sgRanks(2, s, sgPhaseEnd, "prefill", 3.83, 0.28, 40.0)...)
	swa = append(swa, sgRanks(2, s, sgPhaseEnd, "decode", 0.80, 0.52, 39.5)...)
	swa = append(swa, sgLine(s, " TP0", sgSched, 362000, 8192, 16384, 2048, 131072, 39.5), sgLine(s, "", sgReady))
	// Qwen3-Next at TP 2 with NEXTN: MambaPool (HybridReqToTokenPool is
	// built before the KV pool), then HybridLinearKVPool's full pool.
	mamba = append(mamba, sgLine(s, "", sgArgs, "Qwen/Qwen3-Next-80B-A3B-Instruct", "Qwen/Qwen3-Next-80B-A3B-Instruct", 2, "'NEXTN'"))
	mamba = append(mamba, sgRanks(2, s, sgLoadEnd10, 55.0, "Qwen3NextForCausalLM", 40.0, 37.5)...)
	mamba = append(mamba, sgRanks(2, s, sgMambaSpec, 96, 0.18, 4.22, 16.88, 0.70)...)
	mamba = append(mamba, sgRanks(2, s, sgKV13, "torch.bfloat16", 535124, 6.12, 6.12)...)
	mamba = append(mamba, sgLine(s, " TP0", sgSched, 535124, 8192, 16384, 48, 262144, 3.0), sgLine(s, "", sgReady))
	// Llama-3.1-8B with an EAGLE draft at TP 2, the 0.5.8 form.
	eagle = append(eagle, sgLine(s, "", sgArgs, "meta-llama/Llama-3.1-8B-Instruct", "meta-llama/Llama-3.1-8B-Instruct", 2, "'EAGLE'"))
	eagle = append(eagle, sgRanks(2, s, sgLoadEnd08, "LlamaForCausalLM", "torch.bfloat16", 70.0, 7.52)...)
	eagle = append(eagle, sgRanks(2, s, sgKV, 450000, 13.73, 13.73)...)
	eagle = append(eagle, sgRanks(2, s, sgLoadEnd08, "LlamaForCausalLMEagle", "torch.bfloat16", 42.0, 0.48)...)
	eagle = append(eagle, sgRanks(2, s, sgKV, 450000, 0.43, 0.43)...)
	eagle = append(eagle, sgRanks(2, s, sgGraphEnd, 8.0, 0.90, 12.0)...)
	eagle = append(eagle, sgRanks(2, s, sgDraftEnd, 4.0, 0.30, 11.7)...)
	eagle = append(eagle, sgLine(s, " TP0", sgSched, 450000, 8192, 16384, 48, 131072, 11.7), sgLine(s, "", sgReady))
	mambaState := gib(0.18) + gib(4.22) + gib(16.88) + gib(0.70)
	for _, c := range []sgCase{
		{name: "MLA", lines: mla, ranks: both(want{weights: gib(14.51), kv: gib(19.36), graphs: gib(1.62)}),
			pools: []string{"target"}, tokens: 383872, model: "deepseek-ai/DeepSeek-V2-Lite"},
		{name: "MLA 0.5.13 on", lines: mla13, ranks: both(want{weights: gib(14.51), kv: gib(19.36), graphs: gib(1.62)}),
			pools: []string{"target"}, tokens: 383872, model: "deepseek-ai/DeepSeek-V2-Lite"},
		{name: "sliding window", lines: swa, ranks: both(want{weights: gib(11.62), kv: 2*gib(10.37) + 2*gib(2.59), graphs: gib(0.28) + gib(0.52)}),
			pools: []string{"target sliding-window", "target full-attention"}, tokens: 362000, model: "google/gemma-3-12b-it"},
		{name: "Mamba with MTP", lines: mamba, ranks: both(want{weights: gib(37.5), kv: mambaState + 2*gib(6.12), recurrent: mambaState}),
			pools: []string{"Mamba state", "target"}, tokens: 535124, model: "Qwen/Qwen3-Next-80B-A3B-Instruct"},
		{name: "EAGLE draft", lines: eagle, ranks: both(want{weights: gib(7.52) + gib(0.48), kv: 2*gib(13.73) + 2*gib(0.43), graphs: gib(0.90) + gib(0.30)}),
			pools: []string{"target", "draft (EAGLE)"}, tokens: 450000, model: "meta-llama/Llama-3.1-8B-Instruct"},
	} {
		t.Run(c.name, c.check)
	}
}

// TestUpstreamSGLangArgsDict: today's SGLang logs its arguments as a dict
// ("server_args={'model_path': ...}"): the line still starts a launch's
// block (a restart's figures replace the last one's), names the model,
// and names a draft's pools by its algorithm.
func TestUpstreamSGLangArgsDict(t *testing.T) {
	s := "2026-09-24 01:50:02"
	launch := func(kGiB float64) []string {
		l := []string{sgLine(s, "", sgArgsDict, "meta-llama/Llama-3.1-8B-Instruct", "meta-llama/Llama-3.1-8B-Instruct", 2, "'EAGLE'")}
		l = append(l, sgRanks(2, s, sgLoadEnd10, 20.1, "LlamaForCausalLM", 70.0, 7.52)...)
		l = append(l, sgRanks(2, s, sgKV13, "torch.bfloat16", 450000, kGiB, kGiB)...)
		l = append(l, sgRanks(2, s, sgLoadEnd10, 2.0, "LlamaForCausalLMEagle", 42.0, 0.48)...)
		l = append(l, sgRanks(2, s, sgKV13, "torch.bfloat16", 450000, 0.43, 0.43)...)
		return append(l, sgLine(s, " TP0", sgSched, 450000, 8192, 16384, 48, 131072, 11.7), sgLine(s, "", sgReady))
	}
	w := want{weights: gib(7.52) + gib(0.48), kv: 2*gib(13.73) + 2*gib(0.43)}
	w1 := w
	w.worker, w1.rank, w1.worker = "TP0", 1, "TP1"
	c := sgCase{lines: append(launch(9.99), launch(13.73)...), ranks: []want{w, w1},
		pools: []string{"target", "draft (EAGLE)"}, tokens: 450000, model: "meta-llama/Llama-3.1-8B-Instruct"}
	c.check(t)
}

// TestUpstreamSGLangEarly: 0.4.1.post6 to 0.4.3.post2 logged the KV pool's
// K and V but neither the weights' nor the graphs' size: those stay
// unknown, and the capacity is the scheduler's.
func TestUpstreamSGLangEarly(t *testing.T) {
	s := "2025-02-01 10:00:00"
	l := []string{sgLine(s, "", sgArgs, "Qwen/Qwen2.5-7B-Instruct", "Qwen/Qwen2.5-7B-Instruct", 2, "None")}
	l = append(l, sgRanks(2, s, sgLoadEnd041, "Qwen2ForCausalLM", "torch.bfloat16", 70.1)...)
	l = append(l, sgRanks(2, s, sgKV041, 28.25, 28.25)...)
	l = append(l, sgRanks(2, s, sgGraphEnd041, 9.0, 12.3)...)
	l = append(l, sgLine(s, " TP0", sgSched, 1058000, 8192, 16384, 4096, 32768, 12.3), sgLine(s, "", sgReady))
	c := sgCase{lines: l, ranks: []want{{worker: "TP0", kv: 2 * gib(28.25)}, {rank: 1, worker: "TP1", kv: 2 * gib(28.25)}},
		pools: []string{"target"}, tokens: 1058000, model: "Qwen/Qwen2.5-7B-Instruct"}
	c.check(t)
}
