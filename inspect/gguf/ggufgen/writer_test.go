package ggufgen_test

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/gputaskman/gtm/inspect/gguf"
	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
)

func TestRoundTrip(t *testing.T) {
	b := ggufgen.New()
	b.Set("general.architecture", ggufgen.String("llama"))
	b.Set("general.name", ggufgen.String("first"))
	b.Set("general.name", ggufgen.String("second")) // replaced in place
	b.Set("gone", ggufgen.Uint8(1)).Delete("gone")
	b.Set("general.alignment", ggufgen.Uint32(64))
	b.Tensor("a", gguf.TypeF32, 3)
	b.Tensor("b", gguf.TypeQ4_K, 256, 2)
	im, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	f, err := gguf.Parse(im.ReaderAt(), im.Size)
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != "second" || len(f.Metadata()) != 3 {
		t.Errorf("name %q, %d keys", f.Name, len(f.Metadata()))
	}
	// a: 12 bytes padded to 64; b: 2 × 144 bytes
	if f.Tensors[1].Offset != 64 || f.Tensors[1].Bytes != 288 || im.Size != f.DataOffset+64+320 {
		t.Errorf("layout: %+v, size %d, data at %d", f.Tensors, im.Size, f.DataOffset)
	}

	path := filepath.Join(t.TempDir(), "m.gguf")
	if err := im.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(path); err != nil || st.Size() != im.Size {
		t.Errorf("file size %v, %v", st, err)
	}
	if got := im.Bytes(); int64(len(got)) != im.Size || string(got[:4]) != "GGUF" {
		t.Error("Bytes")
	}
	buf := make([]byte, 8)
	if n, err := im.ReaderAt().ReadAt(buf, im.Size-4); n != 4 || err != io.EOF {
		t.Errorf("ReadAt at the end: %d, %v", n, err)
	}
}

func TestBuildErrors(t *testing.T) {
	if _, err := ggufgen.New().Tensor("x", 99, 32).Build(); err == nil {
		t.Error("unknown type built")
	}
	if _, err := ggufgen.New().Tensor("x", gguf.TypeQ8_0, 33).Build(); err == nil {
		t.Error("partial block built")
	}
	mixed := ggufgen.Array(gguf.ValueUint32, ggufgen.Uint32(1), ggufgen.String("x"))
	if _, err := ggufgen.New().Set("k", mixed).Build(); err == nil {
		t.Error("mixed array built")
	}
}

func TestModelsParse(t *testing.T) {
	for name, b := range map[string]*ggufgen.Builder{
		"qwen3": ggufgen.Qwen3_0_6B(), "gemma3": ggufgen.Gemma3_270M(), "tiny": ggufgen.Tiny(),
		"embedding": ggufgen.Embedding(), "reranker": ggufgen.Reranker(), "decision": ggufgen.Decision("qwen35", "openjev"),
		"speech": ggufgen.Speech(), "clip": ggufgen.VisionProjector(), "diffusion": ggufgen.Diffusion(),
		"mamba": ggufgen.Mamba(), "many": ggufgen.ManyTensors(100),
	} {
		im := b.MustBuild()
		if _, err := gguf.Parse(im.ReaderAt(), im.Size); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
