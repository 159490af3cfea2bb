package safetensors_test

import (
	"bytes"
	"fmt"
	"io"
	"testing"

	"github.com/gputaskman/gtm/inspect/hfmodel/hfgen"
	"github.com/gputaskman/gtm/inspect/safetensors"
)

// BenchmarkParse1000 parses a header of about 1,000 tensors (a 110-layer
// Llama-style decoder), the size of a large shard's.
func BenchmarkParse1000(b *testing.B) {
	ts := hfgen.DecoderTensors(hfgen.Decoder{Layers: 111, Hidden: 4096, Heads: 32, KVHeads: 8, Intermediate: 14336, Vocab: 128256})
	benchParse(b, map[string]string{"format": "pt"}, ts)
}

// BenchmarkParse10000 parses a header of 10,000 MoE expert tensors (a
// whole mid-size MoE model in one file).
func BenchmarkParse10000(b *testing.B) {
	var ts []hfgen.Tensor
	for i := range 10_000 {
		ts = append(ts, hfgen.T(fmt.Sprintf("model.layers.%d.mlp.experts.%d.down_proj.weight", i/128, i%128), "BF16", 2048, 768))
	}
	benchParse(b, map[string]string{"format": "pt"}, ts)
}

func benchParse(b *testing.B, meta map[string]string, ts []hfgen.Tensor) {
	head, data := hfgen.Header(meta, ts)
	r := bytes.NewReader(head)
	size := int64(len(head)) + int64(data)
	b.SetBytes(int64(len(head)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := safetensors.Parse(r, size); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseHostile parses the dearest header the limits allow:
// MaxTensors tensors of no data, ~15 MB of JSON.
func BenchmarkParseHostile(b *testing.B) {
	h := hfgen.Hostile{N: safetensors.MaxTensors}
	var buf bytes.Buffer
	buf.ReadFrom(io.NewSectionReader(h, 0, h.Size()))
	r := bytes.NewReader(buf.Bytes())
	b.SetBytes(h.HeaderBytes())
	b.ReportAllocs()
	for b.Loop() {
		if _, err := safetensors.Parse(r, h.Size()); err != nil {
			b.Fatal(err)
		}
	}
}
