package safetensors

// dtypeBits is the width of one element of each dtype safetensors knows, in
// bits, as its Dtype::bitsize gives it (huggingface/safetensors,
// safetensors/src/tensor.rs). F4 and the F6 types are narrower than a byte:
// a tensor of them must fill whole bytes.
var dtypeBits = map[string]uint64{
	"BOOL":        8,
	"F4":          4,
	"F6_E2M3":     6,
	"F6_E3M2":     6,
	"U8":          8,
	"I8":          8,
	"F8_E5M2":     8,
	"F8_E4M3":     8,
	"F8_E8M0":     8,
	"F8_E4M3FNUZ": 8,
	"F8_E5M2FNUZ": 8,
	"I16":         16,
	"U16":         16,
	"F16":         16,
	"BF16":        16,
	"I32":         32,
	"U32":         32,
	"F32":         32,
	"C64":         64,
	"F64":         64,
	"I64":         64,
	"U64":         64,
}

// DTypeBits returns the width in bits of one element of a safetensors
// dtype name ("BF16", "F8_E4M3", "F4"…), and false for a name safetensors
// does not define.
func DTypeBits(name string) (uint64, bool) {
	b, ok := dtypeBits[name]
	return b, ok
}
