package gguf_test

import (
	"testing"

	"github.com/gputaskman/gtm/inspect/gguf"
)

func TestTypeTable(t *testing.T) {
	// block size and bytes per block, as in ggml.c type_traits
	cases := []struct {
		t           gguf.GGMLType
		id          uint32
		name        string
		block, size uint64
	}{
		{gguf.TypeF32, 0, "F32", 1, 4},
		{gguf.TypeF16, 1, "F16", 1, 2},
		{gguf.TypeQ4_0, 2, "Q4_0", 32, 18},
		{gguf.TypeQ4_1, 3, "Q4_1", 32, 20},
		{gguf.TypeQ5_0, 6, "Q5_0", 32, 22},
		{gguf.TypeQ5_1, 7, "Q5_1", 32, 24},
		{gguf.TypeQ8_0, 8, "Q8_0", 32, 34},
		{gguf.TypeQ8_1, 9, "Q8_1", 32, 36},
		{gguf.TypeQ2_K, 10, "Q2_K", 256, 84},
		{gguf.TypeQ3_K, 11, "Q3_K", 256, 110},
		{gguf.TypeQ4_K, 12, "Q4_K", 256, 144},
		{gguf.TypeQ5_K, 13, "Q5_K", 256, 176},
		{gguf.TypeQ6_K, 14, "Q6_K", 256, 210},
		{gguf.TypeQ8_K, 15, "Q8_K", 256, 292},
		{gguf.TypeIQ2_XXS, 16, "IQ2_XXS", 256, 66},
		{gguf.TypeIQ2_XS, 17, "IQ2_XS", 256, 74},
		{gguf.TypeIQ3_XXS, 18, "IQ3_XXS", 256, 98},
		{gguf.TypeIQ1_S, 19, "IQ1_S", 256, 50},
		{gguf.TypeIQ4_NL, 20, "IQ4_NL", 32, 18},
		{gguf.TypeIQ3_S, 21, "IQ3_S", 256, 110},
		{gguf.TypeIQ2_S, 22, "IQ2_S", 256, 82},
		{gguf.TypeIQ4_XS, 23, "IQ4_XS", 256, 136},
		{gguf.TypeI8, 24, "I8", 1, 1},
		{gguf.TypeI16, 25, "I16", 1, 2},
		{gguf.TypeI32, 26, "I32", 1, 4},
		{gguf.TypeI64, 27, "I64", 1, 8},
		{gguf.TypeF64, 28, "F64", 1, 8},
		{gguf.TypeIQ1_M, 29, "IQ1_M", 256, 56},
		{gguf.TypeBF16, 30, "BF16", 1, 2},
		{gguf.TypeTQ1_0, 34, "TQ1_0", 256, 54},
		{gguf.TypeTQ2_0, 35, "TQ2_0", 256, 66},
		{gguf.TypeMXFP4, 39, "MXFP4", 32, 17},
		{gguf.TypeNVFP4, 40, "NVFP4", 64, 36},
		{gguf.TypeQ1_0, 41, "Q1_0", 128, 18},
	}
	for _, c := range cases {
		if uint32(c.t) != c.id || c.t.String() != c.name || c.t.BlockSize() != c.block || c.t.TypeSize() != c.size || !c.t.Known() {
			t.Errorf("%s: id %d block %d size %d", c.t, uint32(c.t), c.t.BlockSize(), c.t.TypeSize())
		}
	}
	for _, id := range []uint32{4, 5, 31, 32, 33, 36, 37, 38, 42, 1000} {
		if gguf.GGMLType(id).Known() {
			t.Errorf("type %d should be unknown", id)
		}
	}
	if n, ok := gguf.TypeQ8_0.RowBytes(1024); !ok || n != 1088 {
		t.Errorf("Q8_0 row of 1024 = %d", n)
	}
	if _, ok := gguf.TypeQ4_K.RowBytes(100); ok {
		t.Error("Q4_K row of 100 accepted")
	}
}

func TestParseCacheType(t *testing.T) {
	want := map[string]gguf.GGMLType{
		"": gguf.TypeF16, "f32": gguf.TypeF32, "F16": gguf.TypeF16, "bf16": gguf.TypeBF16,
		"q8_0": gguf.TypeQ8_0, "q4_0": gguf.TypeQ4_0, "q4_1": gguf.TypeQ4_1,
		"iq4_nl": gguf.TypeIQ4_NL, "q5_0": gguf.TypeQ5_0, "q5_1": gguf.TypeQ5_1,
	}
	for s, w := range want {
		if got, err := gguf.ParseCacheType(s); err != nil || got != w {
			t.Errorf("ParseCacheType(%q) = %v, %v", s, got, err)
		}
	}
	if _, err := gguf.ParseCacheType("q4_k"); err == nil {
		t.Error("q4_k accepted as a cache type")
	}
}
