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

// sglangRank is the TP rank a tag names ("TP1", "DP0 TP1 EP1"); an untagged
// line comes from a single-GPU server's one scheduler: rank 0. Past the
// first pipeline stage a TP index alone does not name one GPU: -1.
func sglangRank(tag string) int {
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
// (python/sglang/srt/...):
//
//	server_args.py / entrypoints: "server_args=ServerArgs(model_path='...', ...)"
//	model_executor/model_runner.py: "Load weight begin. avail mem=79.10 GB",
//	  "Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=16.00 GB, mem usage=7.08 GB."
//	  (later "Load weight end. elapsed=23.18 s, type=..., avail mem=..., mem usage=...";
//	  before 0.4.1 no "mem usage"), "Memory pool end. avail mem=2.43 GB"
//	mem_cache/memory_pool.py: "KV Cache is allocated. #tokens: 473854, K size: 2.71 GB, V size: 2.71 GB",
//	  MLA "KV Cache is allocated. #tokens: 383872, KV size: 19.36 GB", older "KV Cache is allocated. K size: ...",
//	  "Mamba Cache is allocated. max_mamba_cache_size: 38, conv_state size: 0.03GB, ssm_state size: 2.74GB"
//	model_executor/cuda_graph_runner.py: "Capture cuda graph end. Time elapsed: 1.01 s. mem usage=0.07 GB. avail mem=76.95 GB."
//	  (later "Capture target decode CUDA graph end. elapsed=12.47 s, mem usage=1.26 GB, avail mem=10.35 GB.")
//	managers/scheduler.py: "max_total_num_tokens=298447, chunked_prefill_size=2048, max_prefill_tokens=16384,
//	  max_running_requests=3730, context_len=40960, available_gpu_mem=2.82 GB"
//	entrypoints/http_server.py: "The server is fired up and ready to roll!"
func (p *parser) sglangMsg(tag, s string, st stamp) {
	if strings.HasPrefix(s, "server_args=ServerArgs(") {
		b := p.marker("server_args", tag, true, st)
		if m := quoted(s, "model_path='", '\''); m != "" {
			b.rep.Model = m
		}
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
		label, rest, _ := strings.Cut(s, "KV Cache is allocated.")
		var kv *uint64
		if strings.Contains(rest, "KV size: ") {
			kv = b.sizeAfter(rest, "KV size: ", "the KV cache's size")
		} else if k, v := b.sizeAfter(rest, "K size: ", "the K cache's size"), b.sizeAfter(rest, "V size: ", "the V cache's size"); k != nil && v != nil {
			sum := *k + *v
			kv = &sum
		}
		if n := b.tokensAfter(rest, "#tokens: ", maxTokens); n != nil {
			b.kvPool, b.hasFigures = n, true
		}
		if kv != nil {
			if a := p.sglangRankAcc(b, tag); a != nil {
				a.kv.set(clip(strings.TrimSpace(label), maxWorker), *kv)
			}
		}
	case strings.HasPrefix(s, "Mamba Cache is allocated."):
		conv := b.sizeAfter(s, "conv_state size: ", "the Mamba conv state's size")
		ssm := b.sizeAfter(s, "ssm_state size: ", "the Mamba SSM state's size")
		if conv != nil && ssm != nil {
			if a := p.sglangRankAcc(b, tag); a != nil {
				sum := *conv + *ssm
				a.recurr = &sum
			}
		}
	case strings.HasPrefix(s, "Capture ") && strings.Contains(s, " end."):
		label, _, _ := strings.Cut(s[len("Capture "):], " end.")
		if n := b.sizeAfter(s, "mem usage=", "the graphs' size"); n != nil {
			if a := p.sglangRankAcc(b, tag); a != nil {
				a.graphs.set(clip(strings.ToLower(label), maxWorker), *n)
			}
		}
	}
}

func (p *parser) sglangRankAcc(b *block, tag string) *rankAcc {
	b.hasFigures = true
	return b.rank(tag, sglangRank(tag), 0)
}
