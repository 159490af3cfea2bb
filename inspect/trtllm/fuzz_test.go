package trtllm_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/trtllm"
)

// FuzzConfig: any bytes give a classified one-line error or an engine
// whose figures are in range.
func FuzzConfig(f *testing.F) {
	c := qwen()
	f.Add(c.JSON())
	f.Add(c.LegacyJSON())
	f.Add([]byte(`{"pretrained_config": {"num_hidden_layers": 1e300, "mapping": {"tp_size": -1}}, "build_config": {"kv_cache_type": "PAGED"}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		e, err := trtllm.ParseConfig(b)
		if err != nil {
			if !errors.Is(err, trtllm.ErrInvalid) && !errors.Is(err, trtllm.ErrNotEngine) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("bad error %q", err)
			}
			return
		}
		for _, v := range []int{e.Layers, e.Heads, e.KVHeads, e.HeadSize, e.Hidden, e.Vocab, e.MaxPositions,
			e.TPSize, e.PPSize, e.MaxBatchSize, e.MaxInputLen, e.MaxNumTokens, e.MaxBeamWidth, e.TokensPerBlock} {
			if v < 0 || v > 1<<31-1 {
				t.Fatalf("out of range %d: %+v", v, e)
			}
		}
		if len(e.Notes) > trtllm.MaxNotes || len(e.Architecture) > 300 || len(e.DType) > 300 {
			t.Fatalf("%+v", e)
		}
		for _, n := range e.Notes {
			if strings.ContainsAny(n, "\n\r") {
				t.Fatalf("multi-line note %q", n)
			}
		}
		if kv, ok := e.KVBytesPerToken(); !ok && kv != 0 {
			t.Fatal("kv without ok")
		}
	})
}
