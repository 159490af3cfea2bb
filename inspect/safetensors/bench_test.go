package safetensors_test

import (
	"bytes"
	"testing"

	"github.com/gputaskman/gtm/inspect/hfmodel/hfgen"
	"github.com/gputaskman/gtm/inspect/safetensors"
)

// BenchmarkParse1000 parses a header of about 1,000 tensors (a 110-layer
// Llama-style decoder), the size of a large shard's.
func BenchmarkParse1000(b *testing.B) {
	ts := hfgen.DecoderTensors(hfgen.Decoder{Layers: 111, Hidden: 4096, Heads: 32, KVHeads: 8, Intermediate: 14336, Vocab: 128256})
	head, data := hfgen.Header(map[string]string{"format": "pt"}, ts)
	r := bytes.NewReader(head)
	size := int64(len(head)) + int64(data)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := safetensors.Parse(r, size); err != nil {
			b.Fatal(err)
		}
	}
}
