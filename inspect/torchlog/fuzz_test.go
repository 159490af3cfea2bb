package torchlog

import (
	"strings"
	"testing"
	"time"
)

// FuzzParse: any bytes, read as any engine's log, parse without panic and
// within the bounds; every figure is in range.
func FuzzParse(f *testing.F) {
	for i, s := range []string{vllmV1TP2, vllmV1Rank, vllmV0, vllmV0TP, sglangTP2, sglangSpec, sglangOld, tgiText, tgiJSON} {
		f.Add(uint8(i%3), []byte(s))
	}
	f.Add(uint8(0), []byte("(VllmWorker rank=99999999999999999999 pid=-1) INFO 13-45 99:99:99 [x.py:1] Model loading took 1e308 GiB and 1 seconds\n"))
	f.Add(uint8(0), []byte("(x pid=1) INFO 02-30 12:00:00.123456789999 [a.py:1] # GPU blocks: 1,,2, # CPU blocks: 99999999999999999999\nMaximum concurrency for 1 tokens per request: NaNx\n"))
	f.Add(uint8(1), []byte("[2025-02-30 25:61:61 TP1 PP9999999999] KV Cache is allocated. #tokens: -1, K size: 1 GB, V size: -1 GB\n[99:99:99] Capture  end. mem usage=.GB\n"))
	f.Add(uint8(2), []byte("{\"timestamp\":\"x\",\"fields\":{\"message\":\"Args {\\n    model_id: \\\"\"}}\n2025-07-04T12:35:05Z  INFO text_generation_launcher: Args {\n    model_id: \"unterminated\n"))
	f.Fuzz(func(t *testing.T, e uint8, data []byte) {
		engine := []string{VLLM, SGLang, TGI}[int(e)%3]
		r := ParseAt(engine, strings.NewReader(string(data)), time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
		if r == nil {
			return
		}
		if r.Engine != engine || len(r.Ranks) > maxRanks || len(r.Notes) > maxNotes || len(r.Model) > maxModel {
			t.Fatalf("bounds: %d ranks, %d notes, model %d bytes", len(r.Ranks), len(r.Notes), len(r.Model))
		}
		for _, p := range []*uint64{r.KVTokens, r.ConcurrencyTokens, r.GPUBlocks, r.CPUBlocks, r.BlockSize} {
			if p != nil && *p > maxTokens {
				t.Fatalf("count %d out of range", *p)
			}
		}
		if c := r.MaxConcurrency; c != nil && (*c < 0 || *c > maxTokens || *c != *c) {
			t.Fatalf("concurrency %v", *c)
		}
		last := 1 << 30
		for _, x := range r.Ranks {
			if len(x.Worker) > maxWorker || x.Rank < -1 || x.PID < 0 {
				t.Fatalf("rank %+v", x)
			}
			if x.Rank >= 0 && last < 0 {
				t.Fatalf("unnamed ranks are not last: %+v", r.Ranks)
			}
			last = x.Rank
			for _, p := range []*uint64{x.Weights, x.KVCache, x.Activations, x.CUDAGraphs, x.NonTorch, x.Recurrent} {
				if p != nil && *p >= maxBytes*maxLabels {
					t.Fatalf("figure %d out of range", *p)
				}
			}
		}
	})
}
