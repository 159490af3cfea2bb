package torchlog

import (
	"strings"
	"testing"
	"time"
)

// Logs of SGLang allocating more than one pool per rank. Message formats
// are SGLang's (see sglangMsg); the numbers are made up.

// sglangSWA is a sliding-window model (Gemma-3-style) over two GPUs, in
// the 2026 format ("dtype:" on the KV line, "elapsed=" on the load line):
// SWAKVPool builds its sliding-window pool, then its full-attention pool,
// each logging "KV Cache is allocated", then its summary
// (mem_cache/swa_memory_pool.py).
var sglangSWA = strings.Join([]string{
	"[2026-05-02 10:00:00] server_args=ServerArgs(model_path='google/gemma-3-12b-it', tp_size=2, speculative_algorithm=None)",
	"[2026-05-02 10:00:30 TP0] Load weight end. elapsed=28.10 s, type=Gemma3ForConditionalGeneration, avail mem=66.30 GB, mem usage=11.62 GB.",
	"[2026-05-02 10:00:30 TP1] Load weight end. elapsed=28.20 s, type=Gemma3ForConditionalGeneration, avail mem=66.31 GB, mem usage=11.62 GB.",
	"[2026-05-02 10:00:31 TP0] KV Cache is allocated. dtype: torch.bfloat16, #tokens: 290000, K size: 10.37 GB, V size: 10.37 GB",
	"[2026-05-02 10:00:31 TP0] KV Cache is allocated. dtype: torch.bfloat16, #tokens: 362000, K size: 2.59 GB, V size: 2.59 GB",
	"[2026-05-02 10:00:31 TP0] SWAKVPool mem usage: 25.92 GB, swa size: 290000, full size: 362000",
	"[2026-05-02 10:00:31 TP1] KV Cache is allocated. dtype: torch.bfloat16, #tokens: 290000, K size: 10.37 GB, V size: 10.37 GB",
	"[2026-05-02 10:00:31 TP1] KV Cache is allocated. dtype: torch.bfloat16, #tokens: 362000, K size: 2.59 GB, V size: 2.59 GB",
	"[2026-05-02 10:00:31 TP1] SWAKVPool mem usage: 25.92 GB, swa size: 290000, full size: 362000",
	"[2026-05-02 10:00:50 TP0] Capture cuda graph end. Time elapsed: 12.00 s. mem usage=0.80 GB. avail mem=39.50 GB.",
	"[2026-05-02 10:00:50 TP1] Capture cuda graph end. Time elapsed: 12.00 s. mem usage=0.80 GB. avail mem=39.51 GB.",
	"[2026-05-02 10:01:00] The server is fired up and ready to roll!",
	"",
}, "\n")

// sglangEAGLE is a target model with an EAGLE draft over two GPUs in the
// 2025 format ("dtype=" on the load line, none on the KV line): the draft
// worker, built after the target's, allocates a pool of its own.
var sglangEAGLE = strings.Join([]string{
	"[2025-09-01 08:00:00] server_args=ServerArgs(model_path='meta-llama/Llama-3.1-8B-Instruct', tp_size=2, speculative_algorithm='EAGLE', speculative_draft_model_path='yuhuili/EAGLE-LLaMA3.1-Instruct-8B')",
	"[2025-09-01 08:00:20 TP0] Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=70.00 GB, mem usage=7.52 GB.",
	"[2025-09-01 08:00:20 TP1] Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=70.00 GB, mem usage=7.52 GB.",
	"[2025-09-01 08:00:21 TP0] KV Cache is allocated. #tokens: 450000, K size: 13.73 GB, V size: 13.73 GB",
	"[2025-09-01 08:00:21 TP1] KV Cache is allocated. #tokens: 450000, K size: 13.73 GB, V size: 13.73 GB",
	"[2025-09-01 08:00:30 TP0] Load weight end. type=LlamaForCausalLMEagle, dtype=torch.bfloat16, avail mem=42.00 GB, mem usage=0.48 GB.",
	"[2025-09-01 08:00:30 TP1] Load weight end. type=LlamaForCausalLMEagle, dtype=torch.bfloat16, avail mem=42.00 GB, mem usage=0.48 GB.",
	"[2025-09-01 08:00:31 TP0] KV Cache is allocated. #tokens: 450000, K size: 0.43 GB, V size: 0.43 GB",
	"[2025-09-01 08:00:31 TP1] KV Cache is allocated. #tokens: 450000, K size: 0.43 GB, V size: 0.43 GB",
	"[2025-09-01 08:00:40 TP0] max_total_num_tokens=450000, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=48, context_len=131072, available_gpu_mem=12.00 GB",
	"[2025-09-01 08:00:45] The server is fired up and ready to roll!",
	"",
}, "\n")

// sglangMamba is a hybrid linear-attention model (Qwen3-Next-style) with
// MTP speculative decoding: MambaPool logs its state and the intermediate
// caches drafts are verified in; the attention layers' pool follows.
var sglangMamba = strings.Join([]string{
	"[2026-03-10 04:00:00] server_args=ServerArgs(model_path='Qwen/Qwen3-Next-80B-A3B-Instruct', tp_size=1, speculative_algorithm='NEXTN')",
	"[2026-03-10 04:01:00] Load weight end. elapsed=55.00 s, type=Qwen3NextForCausalLM, avail mem=60.00 GB, mem usage=75.00 GB.",
	"[2026-03-10 04:01:02] Mamba Cache is allocated. max_mamba_cache_size: 96, conv_state size: 0.35GB, ssm_state size: 8.44GB intermediate_ssm_state_cache size: 33.75GB intermediate_conv_window_cache size: 1.41GB ",
	"[2026-03-10 04:01:02] KV Cache is allocated. dtype: torch.bfloat16, #tokens: 535124, K size: 6.12 GB, V size: 6.12 GB",
	"[2026-03-10 04:01:40] The server is fired up and ready to roll!",
	"",
}, "\n")

func poolNames(r Rank) []string {
	var n []string
	for _, p := range r.KVPools {
		n = append(n, p.Name)
	}
	return n
}

// TestParseSGLangSlidingWindowPools: both pools of SWAKVPool count, once
// each (not a third time for the summary), and the full pool's size is
// the capacity when the scheduler's line is missing.
func TestParseSGLangSlidingWindowPools(t *testing.T) {
	r := ParseAt(SGLang, strings.NewReader(sglangSWA), time.Time{})
	if r == nil || !r.Ready {
		t.Fatalf("report %+v", r)
	}
	kv := 2*gib(10.37) + 2*gib(2.59)
	checkRanks(t, r.Ranks, []want{
		{rank: 0, worker: "TP0", weights: gib(11.62), kv: kv, graphs: gib(0.80)},
		{rank: 1, worker: "TP1", weights: gib(11.62), kv: kv, graphs: gib(0.80)},
	})
	checkU(t, "KVTokens (the full pool's size)", r.KVTokens, 362000)
	for _, x := range r.Ranks {
		if got := strings.Join(poolNames(x), "|"); got != "target sliding-window|target full-attention" {
			t.Errorf("rank %d pools %q", x.Rank, got)
		}
		if len(x.KVPools) == 2 && (x.KVPools[0].Bytes != 2*gib(10.37) || *x.KVPools[0].Tokens != 290000) {
			t.Errorf("sliding pool %+v", x.KVPools[0])
		}
	}
	if len(r.Notes) != 1 || !strings.Contains(r.Notes[0], "2 pools") {
		t.Errorf("notes %q", r.Notes)
	}
	// A summary whose pools logged nothing is a pool of its own.
	alone := "[2026-05-02 10:00:31 TP0] SWAKVPool mem usage: 25.92 GB, swa size: 290000, full size: 362000\n"
	if r = ParseAt(SGLang, strings.NewReader(alone), time.Time{}); r == nil {
		t.Fatal("a lone SWAKVPool summary: no block")
	}
	checkRanks(t, r.Ranks, []want{{rank: 0, worker: "TP0", kv: gib(25.92)}})
	checkU(t, "KVTokens", r.KVTokens, 362000)
}

// TestParseSGLangDraftPool: the EAGLE draft's pool adds to the target's.
func TestParseSGLangDraftPool(t *testing.T) {
	r := ParseAt(SGLang, strings.NewReader(sglangEAGLE), time.Time{})
	kv := 2*gib(13.73) + 2*gib(0.43)
	w := gib(7.52) + gib(0.48)
	checkRanks(t, r.Ranks, []want{{rank: 0, worker: "TP0", weights: w, kv: kv}, {rank: 1, worker: "TP1", weights: w, kv: kv}})
	checkU(t, "KVTokens", r.KVTokens, 450000)
	if got := strings.Join(poolNames(r.Ranks[0]), "|"); got != "target|draft (EAGLE)" {
		t.Errorf("pools %q", got)
	}
	if !r.Ready || r.Model != "meta-llama/Llama-3.1-8B-Instruct" {
		t.Errorf("ready %v model %q", r.Ready, r.Model)
	}
	// Without the scheduler's line the capacity is the target pool's.
	noSched := strings.Replace(sglangEAGLE, "max_total_num_tokens=450000", "max_total_num_tokens=x", 1)
	noSched = strings.Replace(noSched, "TP0] KV Cache is allocated. #tokens: 450000, K size: 0.43", "TP0] KV Cache is allocated. #tokens: 9, K size: 0.43", 1)
	checkU(t, "KVTokens from the target's pool", ParseAt(SGLang, strings.NewReader(noSched), time.Time{}).KVTokens, 450000)
}

// TestParseSGLangMambaIntermediate: the Mamba state counts with its
// intermediate caches, in Recurrent and in the KV cache.
func TestParseSGLangMambaIntermediate(t *testing.T) {
	r := ParseAt(SGLang, strings.NewReader(sglangMamba), time.Time{})
	mamba := gib(0.35) + gib(8.44) + gib(33.75) + gib(1.41)
	checkRanks(t, r.Ranks, []want{{rank: 0, weights: gib(75.00), kv: mamba + 2*gib(6.12), recurrent: mamba}})
	if got := strings.Join(poolNames(r.Ranks[0]), "|"); got != "Mamba state|target" {
		t.Errorf("pools %q", got)
	}
	checkU(t, "KVTokens", r.KVTokens, 535124)
	// The older pool's commas between the figures read the same.
	old := "[2025-10-01 00:00:00] Mamba Cache is allocated. max_mamba_cache_size: 96, conv_state size: 0.35GB, ssm_state size: 8.44GB, intermediate_ssm_state_cache size: 33.75GB, intermediate_conv_window_cache size: 1.41GB\n"
	r = ParseAt(SGLang, strings.NewReader(old), time.Time{})
	checkRanks(t, r.Ranks, []want{{rank: 0, kv: mamba, recurrent: mamba}})
}
