package gguf_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/gputaskman/gtm/inspect/gguf"
	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
)

func TestParseQwen3(t *testing.T) {
	f := parse(t, ggufgen.Qwen3_0_6B())
	checks := []struct {
		name      string
		got, want any
	}{
		{"Version", f.Version, uint32(3)},
		{"Alignment", f.Alignment, uint64(32)},
		{"Architecture", f.Architecture, "qwen3"},
		{"Name", f.Name, "Qwen3 0.6B"},
		{"FileType", f.FileType, int64(7)},
		{"Quantization", f.Quantization, "Q8_0"},
		{"QuantizationGuessed", f.QuantizationGuessed, false},
		{"Kind", f.Kind, gguf.KindLLM},
		{"BlockCount", f.BlockCount, uint32(28)},
		{"ContextLength", f.ContextLength, uint64(40960)},
		{"EmbeddingLength", f.EmbeddingLength, uint64(1024)},
		{"HeadCount", f.HeadCount.At(0), uint32(16)},
		{"HeadCountKV", f.HeadCountKV.At(27), uint32(8)},
		{"HeadCountKV per layer", f.HeadCountKV.PerLayer(), false},
		{"KeyLength", f.KeyLength, uint32(128)},
		{"ValueLength", f.ValueLength, uint32(128)},
		{"FeedForwardLength", f.FeedForwardLength.At(3), uint32(3072)},
		{"Causal", f.Causal, true},
		{"PoolingType", f.PoolingType, int64(-1)},
		{"VocabSize", f.VocabSize, uint64(151936)},
		{"tensors", len(f.Tensors), 1 + 28*11 + 1},
		{"TensorBytes", f.TensorBytes, uint64(633_495_552)},
		{"ParamCount", f.ParamCount, uint64(155_582_464 + 28*(15_728_640+2304) + 1024)},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}

	// the token list is counted, not kept
	tok, ok := f.Meta("tokenizer.ggml.tokens")
	if !ok || !tok.Dropped() || tok.Len() != 151936 || tok.ElemType() != gguf.ValueString {
		t.Errorf("tokenizer.ggml.tokens = %v (dropped %v)", tok, tok.Dropped())
	}
	if s, ok := f.MetaString("tokenizer.ggml.model"); !ok || s != "gpt2" {
		t.Errorf("tokenizer.ggml.model = %q, %v", s, ok)
	}
	if n, ok := f.MetaUint("qwen3.block_count"); !ok || n != 28 {
		t.Errorf("MetaUint(block_count) = %d, %v", n, ok)
	}
	if _, ok := f.Meta("no.such.key"); ok {
		t.Error("Meta found a missing key")
	}

	tensor := func(name string) gguf.Tensor {
		i := slices.IndexFunc(f.Tensors, func(t gguf.Tensor) bool { return t.Name == name })
		if i < 0 {
			t.Fatalf("no tensor %s", name)
		}
		return f.Tensors[i]
	}
	emb := tensor("token_embd.weight")
	if emb.Type != gguf.TypeQ8_0 || !slices.Equal(emb.Dims, []uint64{1024, 151936}) ||
		emb.Offset != 0 || emb.Bytes != 165_306_368 || emb.Elements != 155_582_464 {
		t.Errorf("token_embd.weight = %+v", emb)
	}
	qn := tensor("blk.27.attn_q_norm.weight")
	if qn.Type != gguf.TypeF32 || qn.Bytes != 512 || qn.Offset%32 != 0 {
		t.Errorf("blk.27.attn_q_norm.weight = %+v", qn)
	}
	if i := slices.IndexFunc(f.Tensors, func(t gguf.Tensor) bool { return t.Name == "output.weight" }); i >= 0 {
		t.Error("Qwen3-0.6B ties embeddings: no output.weight expected")
	}
	last := f.Tensors[len(f.Tensors)-1]
	if end := f.DataOffset + int64(last.Offset+last.Bytes); end > f.FileSize {
		t.Errorf("last tensor ends at %d past file size %d", end, f.FileSize)
	}
}

func TestParseFileSparse(t *testing.T) {
	path := filepath.Join(t.TempDir(), "Qwen3-0.6B-Q8_0.gguf")
	im := ggufgen.Qwen3_0_6B().MustBuild()
	if err := im.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	f, err := gguf.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if f.FileSize != im.Size || f.TensorBytes != 633_495_552 {
		t.Errorf("size %d tensor bytes %d", f.FileSize, f.TensorBytes)
	}
	if _, err := gguf.ParseFile(filepath.Join(t.TempDir(), "missing.gguf")); err == nil {
		t.Error("ParseFile of a missing file succeeded")
	}
	if _, err := gguf.ParseFile(t.TempDir()); err == nil {
		t.Error("ParseFile of a directory succeeded")
	}
}

func TestParseVersion2AndAlignment(t *testing.T) {
	b := ggufgen.Tiny()
	b.Version = 2
	b.Set("general.alignment", ggufgen.Uint32(64))
	f := parse(t, b)
	if f.Version != 2 || f.Alignment != 64 || f.DataOffset%64 != 0 {
		t.Errorf("version %d alignment %d data offset %d", f.Version, f.Alignment, f.DataOffset)
	}
	for _, tn := range f.Tensors {
		if tn.Offset%64 != 0 {
			t.Errorf("%s offset %d not 64-aligned", tn.Name, tn.Offset)
		}
	}
}

func TestPerLayerValues(t *testing.T) {
	b := ggufgen.Tiny()
	b.Set("llama.attention.head_count_kv", ggufgen.Uint32s(2, 0))
	b.Set("llama.feed_forward_length", ggufgen.Int32s(128, 256))
	b.Set("llama.attention.sliding_window_pattern", ggufgen.Bools(true, false))
	f := parse(t, b)
	if !f.HeadCountKV.PerLayer() || f.HeadCountKV.At(0) != 2 || f.HeadCountKV.At(1) != 0 || f.HeadCountKV.At(2) != 0 {
		t.Errorf("HeadCountKV = %v", f.HeadCountKV)
	}
	if f.FeedForwardLength.At(1) != 256 {
		t.Errorf("FeedForwardLength = %v", f.FeedForwardLength)
	}
	if !slices.Equal(f.SlidingWindowPattern.Layers, []bool{true, false}) {
		t.Errorf("SlidingWindowPattern = %+v", f.SlidingWindowPattern)
	}

	b.Set("llama.attention.sliding_window_pattern", ggufgen.Uint32(6))
	if p := parse(t, b).SlidingWindowPattern; p.Period != 6 || p.Layers != nil {
		t.Errorf("scalar pattern = %+v", p)
	}
}

func TestQuantizationLabel(t *testing.T) {
	cases := []struct {
		ftype int
		want  string
		guess bool
	}{
		{15, "Q4_K_M", false},
		{1, "F16", false},
		{32, "BF16", false},
		{38, "MXFP4", false},
		{7 | 1024, "Q8_0", false}, // LLAMA_FTYPE_GUESSED bit
		{-1, "Q8_0", true},        // absent: the type with most bytes
		{99, "Q8_0", true},        // unknown: same
	}
	for _, c := range cases {
		b := ggufgen.Tiny()
		if c.ftype < 0 {
			b.Delete("general.file_type")
		} else {
			b.Set("general.file_type", ggufgen.Uint32(uint32(c.ftype)))
		}
		f := parse(t, b)
		if f.Quantization != c.want || f.QuantizationGuessed != c.guess {
			t.Errorf("file_type %d: %q guessed %v, want %q %v", c.ftype, f.Quantization, f.QuantizationGuessed, c.want, c.guess)
		}
	}
	if got := gguf.FileTypeName(14); got != "Q4_K_S" {
		t.Errorf("FileTypeName(14) = %q", got)
	}
}

func TestMetadataValues(t *testing.T) {
	b := ggufgen.Tiny()
	b.Set("x.u8", ggufgen.Uint8(200))
	b.Set("x.i8", ggufgen.Int8(-5))
	b.Set("x.u16", ggufgen.Uint16(65000))
	b.Set("x.i16", ggufgen.Int16(-300))
	b.Set("x.i64", ggufgen.Int64(-1))
	b.Set("x.u64", ggufgen.Uint64(1<<63))
	b.Set("x.f32", ggufgen.Float32(0.5))
	b.Set("x.f64", ggufgen.Float64(2.25))
	b.Set("x.bool", ggufgen.Bool(true))
	b.Set("x.strs", ggufgen.Strings("a", "b"))
	b.Set("x.nested", ggufgen.Array(gguf.ValueArray, ggufgen.Uint32s(1, 2), ggufgen.Uint32s(3)))
	f := parse(t, b)
	get := func(k string) gguf.Value {
		v, ok := f.Meta(k)
		if !ok {
			t.Fatalf("missing %s", k)
		}
		return v
	}
	if u, ok := get("x.u8").Uint(); !ok || u != 200 {
		t.Errorf("u8 = %d", u)
	}
	if i, ok := get("x.i8").Int(); !ok || i != -5 {
		t.Errorf("i8 = %d", i)
	}
	if _, ok := get("x.i8").Uint(); ok {
		t.Error("negative i8 read as Uint")
	}
	if u, _ := get("x.u16").Uint(); u != 65000 {
		t.Errorf("u16 = %d", u)
	}
	if i, _ := get("x.i16").Int(); i != -300 {
		t.Errorf("i16 = %d", i)
	}
	if i, _ := get("x.i64").Int(); i != -1 {
		t.Errorf("i64 = %d", i)
	}
	if _, ok := get("x.u64").Int(); ok {
		t.Error("2^63 read as Int")
	}
	if v, _ := get("x.f32").Float(); v != 0.5 {
		t.Errorf("f32 = %v", v)
	}
	if v, _ := get("x.f64").Float(); v != 2.25 {
		t.Errorf("f64 = %v", v)
	}
	if v, ok := get("x.bool").Bool(); !ok || !v {
		t.Error("bool")
	}
	if el, ok := get("x.strs").Elems(); !ok || len(el) != 2 || el[1].String() != `"b"` {
		t.Errorf("strings = %v", el)
	}
	n := get("x.nested")
	if !n.Dropped() || n.Len() != 2 || n.String() != "[2 × array]" {
		t.Errorf("nested = %v", n)
	}
	if got := len(f.Metadata()); got < 15 {
		t.Errorf("Metadata has %d entries", got)
	}
}

func TestDiffusionLongTensorNames(t *testing.T) {
	// stable-diffusion.cpp writes names longer than llama.cpp's 63 bytes
	b := ggufgen.New()
	name := "model.diffusion_model.input_blocks.1.1.transformer_blocks.0.attn1.to_k.weight"
	b.Tensor(name, gguf.TypeF16, 320, 320)
	f := parse(t, b)
	if f.Kind != gguf.KindDiffusion || f.Tensors[0].Name != name {
		t.Errorf("kind %s (%s)", f.Kind, f.KindReason)
	}
}
