package torchlog

import (
	"strconv"
	"strings"
)

// sglang reads one line of an SGLang log. Its shape (srt/utils
// configure_logger: format "[%(asctime)s{prefix}] %(message)s", datefmt
// "%Y-%m-%d %H:%M:%S"; the prefix is the scheduler's rank tags, built in
// srt/managers/scheduler.py):
//
//	[2025-05-08 12:34:56 TP0] message
//	[2025-11-04 05:27:13 DP0 TP0 EP0] message
//	[2026-02-04 11:30:29] message                  (single GPU, newer builds)
//
// Some builds print the time alone ("[20:52:05] message").
func (p *parser) sglang(raw []byte, _ int64) {
	s, st := clean(raw)
	tag := ""
	if strings.HasPrefix(s, "[") {
		var c stamp
		end, ok := 0, false
		if c, end, ok = dateTime(s, 1); !ok {
			if c, end, ok = clock(s, 1); ok {
				c.kind = stampTimeOnly
			}
		}
		if ok {
			if j := strings.IndexByte(s[end:min(len(s), end+maxWorker)], ']'); j >= 0 {
				tag = strings.TrimSpace(s[end : end+j])
				s = strings.TrimPrefix(s[end+j+1:], " ")
				if st.kind == stampNone { // a docker stamp, when there is one, is UTC and dated
					st = c
				}
			}
		}
	}
	p.sglangMsg(tag, s, st)
}

// SGLangRank is the rank an SGLang scheduler's log prefix names (its
// process title carries the same parts joined by "_"): the TP rank, or
// the pipeline stage of a server with no TP; -1 past the first stage of
// a TP server, where a TP index alone names no GPU, and when it names
// neither. An empty prefix (a single GPU's scheduler) is rank 0.
func SGLangRank(tag string) int {
	if tag == "" {
		return 0
	}
	tp, pp := -1, -1
	for _, f := range strings.Fields(tag) {
		var dst *int
		switch {
		case strings.HasPrefix(f, "TP"):
			dst = &tp
		case strings.HasPrefix(f, "PP"):
			dst = &pp
		default:
			continue
		}
		n, err := strconv.Atoi(f[2:])
		if err != nil || n < 0 || n >= maxRanks*1024 {
			return -1
		}
		*dst = n
	}
	switch {
	case tp >= 0 && pp <= 0:
		return tp
	case pp >= 0 && tp < 0:
		return pp
	}
	return -1
}

// sglangMsg reads one SGLang message. Formats, by source file
// (python/sglang/srt/...; SGLang's repository is read file by file here,
// so places are a function at a commit, not a line):
//
//	entrypoints/engine.py: "server_args=ServerArgs(model_path='...', ..., speculative_algorithm='EAGLE', ...)", today
//	  "server_args={'model_path': '...', ..., 'speculative_algorithm': 'EAGLE', ...}" (sglangArgs)
//	model_executor/model_runner.py load_model: "Load weight begin. avail mem=79.10 GB",
//	  "Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=16.00 GB, mem usage=7.08 GB."
//	  (0.4.3.post3 to 0.5.8, e074d84e5; before it no "mem usage"; 0.5.9 "Load weight end. elapsed=23.18 s, type=...,
//	  dtype=..., avail mem=..., mem usage=..." (1b56a886b, #15426); 0.5.10 on drop ", dtype=" and may add
//	  ", quant=fp8, fmt=e4m3" before "avail mem" (f7897def9, #18651)), "Memory pool end. avail mem=2.43 GB"
//	  (model_runner_kv_cache_mixin.py init_memory_pool)
//	mem_cache/memory_pool.py MHATokenToKVPool, MLATokenToKVPool and DSATokenToKVPool (NSA), once per pool
//	  (KVCache._finalize_allocation_log in 2026):
//	  "KV Cache is allocated. #tokens: 473854, K size: 2.71 GB, V size: 2.71 GB" (memory_pool.py @000ccdba),
//	  MLA "KV Cache is allocated. #tokens: 383872, KV size: 19.36 GB", 0.4.1.post6-0.4.3.post2 "KV Cache is allocated. K size: ...",
//	  0.5.13 on "KV Cache is allocated. dtype: torch.bfloat16, #tokens: 473854, K size: ..., V size: ..." and
//	  "... dtype: torch.bfloat16, #tokens: N, KV size: ..." (93fa577bb, #26205, 2026-05-24)
//	mem_cache/swa_memory_pool.py SWAKVPool (@00381c02): its sliding-window pool, then its full-attention pool, each
//	  log the line above, then "SWAKVPool mem usage: 3.18 GB, swa size: 29664, full size: 37081"
//	mem_cache/memory_pool.py MambaPool: "Mamba Cache is allocated. max_mamba_cache_size: 38, conv_state size: 0.03GB,
//	  ssm_state size: 2.74GB " and, for speculative decoding, "... ssm_state size: 2.74GB intermediate_ssm_state_cache
//	  size: 9.57GB intermediate_conv_window_cache size: 0.10GB " (no "max_mamba_cache_size" before 868403f64,
//	  2025-10-15)
//	model_executor/model_runner.py (cuda_graph_runner.py before 7577f0e40, 2025-09-07): "Capture cuda graph end.
//	  Time elapsed: 1.01 s. mem usage=0.07 GB. avail mem=76.95 GB.", speculative/eagle_worker.py "Capture draft
//	  cuda graph end. ..."; SGLang's logs from 2026-07 on show one line per phase, "Capture target decode CUDA
//	  graph end. elapsed=12.47 s, mem usage=1.26 GB, avail mem=10.35 GB." (its source was not among the files read)
//	managers/scheduler.py: "max_total_num_tokens=298447, chunked_prefill_size=2048, max_prefill_tokens=16384,
//	  max_running_requests=3730, context_len=40960, available_gpu_mem=2.82 GB"
//	entrypoints/http_server.py: "The server is fired up and ready to roll!"
//
// A rank often allocates several pools: a sliding-window model's two, a
// speculative draft model's own (the draft worker is built after the
// target's, so its pools come later), a hybrid model's Mamba state. Each
// is counted; Rank.KVPools says which is which.
func (p *parser) sglangMsg(tag, s string, st stamp) {
	if args, ok := sglangArgs(s); ok {
		b := p.marker("server_args", tag, true, st)
		if m := args("model_path"); m != "" {
			b.rep.Model = m
		}
		b.speculative = clip(args("speculative_algorithm"), maxWorker)
		return
	}
	b := p.cur()
	b.touch(st)
	switch {
	case strings.HasPrefix(s, "The server is fired up and ready to roll"):
		b.rep.Ready = true
	case strings.HasPrefix(s, "max_total_num_tokens="):
		if n := b.tokensAfter(s, "max_total_num_tokens=", maxTokens); n != nil {
			b.rep.KVTokens, b.hasFigures = n, true
		}
	case strings.HasPrefix(s, "Load weight end."):
		if n := b.sizeAfter(s, "mem usage=", "the weights' size"); n != nil {
			if a := p.sglangRankAcc(b, tag); a != nil {
				typ, _ := after(s, "type=")
				typ, _, _ = strings.Cut(typ, ",")
				a.weights.set(clip(typ, maxWorker), *n)
			}
		}
	case strings.Contains(s, "KV Cache is allocated."):
		_, rest, _ := strings.Cut(s, "KV Cache is allocated.")
		p.sglangKV(b, tag, rest)
	case strings.HasPrefix(s, "SWAKVPool mem usage:"):
		p.sglangSWA(b, tag, s)
	case strings.HasPrefix(s, "Mamba Cache is allocated."):
		p.sglangMamba(b, tag, s)
	case strings.HasPrefix(s, "Capture ") && strings.Contains(s, " end."):
		label, _, _ := strings.Cut(s[len("Capture "):], " end.")
		if n := b.sizeAfter(s, "mem usage=", "the graphs' size"); n != nil {
			if a := p.sglangRankAcc(b, tag); a != nil {
				a.graphs.set(clip(strings.ToLower(label), maxWorker), *n)
			}
		}
	}
}

// sglangArgs reads the launch's "server_args=" line: a dataclass repr,
// "server_args=ServerArgs(model_path='...', ...)" (entrypoints/engine.py
// logger.info(f"{server_args=}"), to 2026-06 at least), or a dict's,
// "server_args={'model_path': '...', ...}" (the same place's
// logger.info(f"server_args={server_args.resolved_dict()}"), in logs of
// 0.5.20 on). It returns a reader of a quoted string field ("" when the
// field is absent or None).
func sglangArgs(s string) (func(field string) string, bool) {
	switch {
	case strings.HasPrefix(s, "server_args=ServerArgs("):
		return func(f string) string { return quoted(s, f+"='", '\'') }, true
	case strings.HasPrefix(s, "server_args={"):
		return func(f string) string { return quoted(s, "'"+f+"': '", '\'') }, true
	}
	return nil, false
}

func (p *parser) sglangRankAcc(b *block, tag string) *rankAcc {
	b.hasFigures = true
	return b.rank(tag, SGLangRank(tag), 0)
}

// sglangKV reads one pool's "KV Cache is allocated." line (rest is what
// follows it): K+V or MLA's KV size, and its #tokens.
func (p *parser) sglangKV(b *block, tag, rest string) {
	var kv *uint64
	if strings.Contains(rest, "KV size: ") {
		kv = b.sizeAfter(rest, "KV size: ", "the KV cache's size")
	} else if k, v := b.sizeAfter(rest, "K size: ", "the K cache's size"), b.sizeAfter(rest, "V size: ", "the V cache's size"); k != nil && v != nil {
		sum := *k + *v
		kv = &sum
	}
	tokens := b.tokensAfter(rest, "#tokens: ", maxTokens)
	if tokens != nil {
		b.hasFigures = true
	}
	if kv == nil {
		return
	}
	a := p.sglangRankAcc(b, tag)
	if a == nil {
		return
	}
	// The first model's first pool is the target's: its #tokens is the
	// server's capacity when the scheduler's line is missing.
	if a.groups == 0 && tokens != nil && b.kvPool == nil {
		b.kvPool = tokens
	}
	b.addPool(a, KVPool{Name: b.modelName(a.groups), Bytes: *kv, Tokens: tokens})
	a.groups++
}

// sglangSWA reads SWAKVPool's summary. The two pools it names, just
// logged, become one model's sliding-window and full-attention pools; a
// summary without them (a build whose inner pools log nothing) is a pool
// of its own. The full pool's size is the server's capacity.
func (p *parser) sglangSWA(b *block, tag, s string) {
	swa := b.tokensAfter(s, "swa size: ", maxTokens)
	full := b.tokensAfter(s, "full size: ", maxTokens)
	a := p.sglangRankAcc(b, tag)
	if a == nil || swa == nil || full == nil {
		return
	}
	n := len(a.pools)
	if n >= 2 && a.groups >= 2 && eqTokens(a.pools[n-2].Tokens, *swa) && eqTokens(a.pools[n-1].Tokens, *full) {
		a.groups--
		model := b.modelName(a.groups - 1)
		a.pools[n-2].Name, a.pools[n-1].Name = model+" sliding-window", model+" full-attention"
		if a.groups == 1 {
			b.kvPool = full
		}
		return
	}
	if size := b.sizeAfter(s, "SWAKVPool mem usage: ", "the SWA pool's size"); size != nil {
		if a.groups == 0 {
			b.kvPool = full
		}
		b.addPool(a, KVPool{Name: b.modelName(a.groups) + " sliding-window and full-attention", Bytes: *size, Tokens: full})
		a.groups++
	}
}

// sglangMamba reads MambaPool's line: its conv and SSM state, and the
// intermediate caches speculative decoding verifies drafts in.
func (p *parser) sglangMamba(b *block, tag, s string) {
	conv := b.sizeAfter(s, "conv_state size: ", "the Mamba conv state's size")
	ssm := b.sizeAfter(s, "ssm_state size: ", "the Mamba SSM state's size")
	if conv == nil || ssm == nil {
		return
	}
	sum := *conv + *ssm
	for _, k := range []string{"intermediate_ssm_state_cache size: ", "intermediate_conv_window_cache size: "} {
		if v := b.sizeAfter(s, k, "a Mamba intermediate cache's size"); v != nil {
			sum += *v
		}
	}
	a := p.sglangRankAcc(b, tag)
	if a == nil {
		return
	}
	if a.recurr != nil {
		sum += *a.recurr // a draft model's own Mamba pool
	}
	a.recurr = &sum
	a.kv.set("mamba", sum)
	for i := range a.pools {
		if a.pools[i].Name == mambaPool {
			a.pools[i].Bytes = sum
			return
		}
	}
	a.pools = append(a.pools, KVPool{Name: mambaPool, Bytes: sum})
}

const mambaPool = "Mamba state"

// addPool counts one KV pool in a's KV cache.
func (b *block) addPool(a *rankAcc, pool KVPool) {
	if len(a.pools) >= maxLabels-1 { // one label is kept for the Mamba state
		b.note("more KV pools were logged than are kept; the rest are left out")
		return
	}
	a.pools = append(a.pools, pool)
	a.kv.set("pool "+strconv.Itoa(len(a.pools)), pool.Bytes)
}

// modelName names the model whose pools are the i-th seen on a rank.
func (b *block) modelName(i int) string {
	switch {
	case i == 0:
		return "target"
	case b.speculative != "":
		return "draft (" + b.speculative + ")"
	}
	return "model " + strconv.Itoa(i+1)
}

func eqTokens(p *uint64, v uint64) bool { return p != nil && *p == v }
