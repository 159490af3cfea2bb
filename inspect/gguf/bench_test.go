package gguf_test

import (
	"testing"

	"github.com/gputaskman/gtm/inspect/gguf"
	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
)

// BenchmarkParse1000Tensors parses a llama-style header with 1,000 tensor
// infos from memory (budget: well under 2 ms).
func BenchmarkParse1000Tensors(b *testing.B) {
	im := ggufgen.ManyTensors(1000).MustBuild()
	r := im.ReaderAt()
	b.SetBytes(int64(len(im.Header)))
	b.ReportAllocs()
	for b.Loop() {
		f, err := gguf.Parse(r, im.Size)
		if err != nil || len(f.Tensors) != 1000 {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseQwen3 includes a 151,936-entry token list to skip.
func BenchmarkParseQwen3(b *testing.B) {
	im := ggufgen.Qwen3_0_6B().MustBuild()
	r := im.ReaderAt()
	b.SetBytes(int64(len(im.Header)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := gguf.Parse(r, im.Size); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEstimateQwen3(b *testing.B) {
	f := parse(b, ggufgen.Qwen3_0_6B())
	b.ReportAllocs()
	for b.Loop() {
		if _, err := f.Estimate(gguf.Options{NCtx: 8192}); err != nil {
			b.Fatal(err)
		}
	}
}
