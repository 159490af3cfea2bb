package gguf

import (
	"fmt"
	"strings"
)

// GGMLType is a tensor element type id as stored in a GGUF tensor info
// (ggml's enum ggml_type).
type GGMLType uint32

// The ggml types a GGUF file may hold. Ids 4, 5 (Q4_2, Q4_3), 31-33
// (Q4_0_4_4, Q4_0_4_8, Q4_0_8_8) and 36-38 (IQ4_NL_4_4, IQ4_NL_4_8,
// IQ4_NL_8_8) were removed from ggml and are rejected as unknown.
const (
	TypeF32     GGMLType = 0
	TypeF16     GGMLType = 1
	TypeQ4_0    GGMLType = 2
	TypeQ4_1    GGMLType = 3
	TypeQ5_0    GGMLType = 6
	TypeQ5_1    GGMLType = 7
	TypeQ8_0    GGMLType = 8
	TypeQ8_1    GGMLType = 9
	TypeQ2_K    GGMLType = 10
	TypeQ3_K    GGMLType = 11
	TypeQ4_K    GGMLType = 12
	TypeQ5_K    GGMLType = 13
	TypeQ6_K    GGMLType = 14
	TypeQ8_K    GGMLType = 15
	TypeIQ2_XXS GGMLType = 16
	TypeIQ2_XS  GGMLType = 17
	TypeIQ3_XXS GGMLType = 18
	TypeIQ1_S   GGMLType = 19
	TypeIQ4_NL  GGMLType = 20
	TypeIQ3_S   GGMLType = 21
	TypeIQ2_S   GGMLType = 22
	TypeIQ4_XS  GGMLType = 23
	TypeI8      GGMLType = 24
	TypeI16     GGMLType = 25
	TypeI32     GGMLType = 26
	TypeI64     GGMLType = 27
	TypeF64     GGMLType = 28
	TypeIQ1_M   GGMLType = 29
	TypeBF16    GGMLType = 30
	TypeTQ1_0   GGMLType = 34
	TypeTQ2_0   GGMLType = 35
	TypeMXFP4   GGMLType = 39
	TypeNVFP4   GGMLType = 40
	TypeQ1_0    GGMLType = 41
)

// typeTraits mirrors the blck_size / type_size columns of ggml.c's
// type_traits table: BlockSize elements are stored in TypeSize bytes.
type typeTraits struct {
	name      string
	blockSize uint64
	typeSize  uint64
}

// QK_K (256) is the super-block of the k-quants and i-quants; the byte
// counts are the sizeof of the ggml-common.h block structs.
var ggmlTypes = [...]typeTraits{
	TypeF32:     {"F32", 1, 4},
	TypeF16:     {"F16", 1, 2},
	TypeQ4_0:    {"Q4_0", 32, 18},
	TypeQ4_1:    {"Q4_1", 32, 20},
	TypeQ5_0:    {"Q5_0", 32, 22},
	TypeQ5_1:    {"Q5_1", 32, 24},
	TypeQ8_0:    {"Q8_0", 32, 34},
	TypeQ8_1:    {"Q8_1", 32, 36},
	TypeQ2_K:    {"Q2_K", 256, 84},
	TypeQ3_K:    {"Q3_K", 256, 110},
	TypeQ4_K:    {"Q4_K", 256, 144},
	TypeQ5_K:    {"Q5_K", 256, 176},
	TypeQ6_K:    {"Q6_K", 256, 210},
	TypeQ8_K:    {"Q8_K", 256, 292},
	TypeIQ2_XXS: {"IQ2_XXS", 256, 66},
	TypeIQ2_XS:  {"IQ2_XS", 256, 74},
	TypeIQ3_XXS: {"IQ3_XXS", 256, 98},
	TypeIQ1_S:   {"IQ1_S", 256, 50},
	TypeIQ4_NL:  {"IQ4_NL", 32, 18},
	TypeIQ3_S:   {"IQ3_S", 256, 110},
	TypeIQ2_S:   {"IQ2_S", 256, 82},
	TypeIQ4_XS:  {"IQ4_XS", 256, 136},
	TypeI8:      {"I8", 1, 1},
	TypeI16:     {"I16", 1, 2},
	TypeI32:     {"I32", 1, 4},
	TypeI64:     {"I64", 1, 8},
	TypeF64:     {"F64", 1, 8},
	TypeIQ1_M:   {"IQ1_M", 256, 56},
	TypeBF16:    {"BF16", 1, 2},
	TypeTQ1_0:   {"TQ1_0", 256, 54},
	TypeTQ2_0:   {"TQ2_0", 256, 66},
	TypeMXFP4:   {"MXFP4", 32, 17},
	TypeNVFP4:   {"NVFP4", 64, 36},
	TypeQ1_0:    {"Q1_0", 128, 18},
}

// removedTypes names the ids ggml dropped, so an error can say what the
// file was written for instead of printing a bare number.
var removedTypes = map[GGMLType]string{
	4:  "Q4_2",
	5:  "Q4_3",
	31: "Q4_0_4_4",
	32: "Q4_0_4_8",
	33: "Q4_0_8_8",
	36: "IQ4_NL_4_4",
	37: "IQ4_NL_4_8",
	38: "IQ4_NL_8_8",
}

func (t GGMLType) traits() (typeTraits, bool) {
	if int(t) >= len(ggmlTypes) || ggmlTypes[t].blockSize == 0 {
		return typeTraits{}, false
	}
	return ggmlTypes[t], true
}

// Known reports whether t is a ggml type this package can size.
func (t GGMLType) Known() bool {
	_, ok := t.traits()
	return ok
}

// BlockSize is the number of elements in one block of t (1 for plain
// types, 32 or 256 for most quantized ones); 0 for an unknown type.
func (t GGMLType) BlockSize() uint64 {
	tr, _ := t.traits()
	return tr.blockSize
}

// TypeSize is the number of bytes one block of t takes; 0 for an unknown
// type.
func (t GGMLType) TypeSize() uint64 {
	tr, _ := t.traits()
	return tr.typeSize
}

// String gives ggml's upper-case name ("Q4_K"), or a description of an
// unknown id.
func (t GGMLType) String() string {
	if tr, ok := t.traits(); ok {
		return tr.name
	}
	if name, ok := removedTypes[t]; ok {
		return fmt.Sprintf("type %d (removed %s)", uint32(t), name)
	}
	return fmt.Sprintf("type %d (unknown)", uint32(t))
}

// RowBytes is the size of n consecutive elements of type t. n must be a
// multiple of the block size; ok is false otherwise or for an unknown type.
func (t GGMLType) RowBytes(n uint64) (bytes uint64, ok bool) {
	tr, known := t.traits()
	if !known || n%tr.blockSize != 0 {
		return 0, false
	}
	blocks := n / tr.blockSize
	if blocks != 0 && tr.typeSize > ^uint64(0)/blocks {
		return 0, false
	}
	return blocks * tr.typeSize, true
}

// cacheTypes are the values llama.cpp accepts for --cache-type-k/-v.
var cacheTypes = map[string]GGMLType{
	"f32":    TypeF32,
	"f16":    TypeF16,
	"bf16":   TypeBF16,
	"q8_0":   TypeQ8_0,
	"q4_0":   TypeQ4_0,
	"q4_1":   TypeQ4_1,
	"iq4_nl": TypeIQ4_NL,
	"q5_0":   TypeQ5_0,
	"q5_1":   TypeQ5_1,
}

// ParseCacheType maps a llama.cpp KV cache type name (f32, f16, bf16,
// q8_0, q4_0, q4_1, iq4_nl, q5_0, q5_1; case-insensitive) to its ggml
// type. The empty string means f16, llama.cpp's default.
func ParseCacheType(s string) (GGMLType, error) {
	if s == "" {
		return TypeF16, nil
	}
	if t, ok := cacheTypes[strings.ToLower(s)]; ok {
		return t, nil
	}
	return 0, fmt.Errorf("gguf: unknown KV cache type %q (want f32, f16, bf16, q8_0, q4_0, q4_1, iq4_nl, q5_0 or q5_1)", s)
}
