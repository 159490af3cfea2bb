package gguf

// ftypeGuessed is LLAMA_FTYPE_GUESSED: llama.cpp ORs it in when it had to
// guess the file type; the low bits still carry the type.
const ftypeGuessed = 1024

// ftypeNames maps llama.cpp's enum llama_ftype (general.file_type) to the
// labels llama-quantize uses. Gaps (4-6, 33-35) are removed types.
var ftypeNames = map[uint32]string{
	0:  "F32",
	1:  "F16",
	2:  "Q4_0",
	3:  "Q4_1",
	7:  "Q8_0",
	8:  "Q5_0",
	9:  "Q5_1",
	10: "Q2_K",
	11: "Q3_K_S",
	12: "Q3_K_M",
	13: "Q3_K_L",
	14: "Q4_K_S",
	15: "Q4_K_M",
	16: "Q5_K_S",
	17: "Q5_K_M",
	18: "Q6_K",
	19: "IQ2_XXS",
	20: "IQ2_XS",
	21: "Q2_K_S",
	22: "IQ3_XS",
	23: "IQ3_XXS",
	24: "IQ1_S",
	25: "IQ4_NL",
	26: "IQ3_S",
	27: "IQ3_M",
	28: "IQ2_S",
	29: "IQ2_M",
	30: "IQ4_XS",
	31: "IQ1_M",
	32: "BF16",
	36: "TQ1_0",
	37: "TQ2_0",
	38: "MXFP4", // LLAMA_FTYPE_MOSTLY_MXFP4_MOE: MXFP4 experts, the rest Q8_0/F32
	39: "NVFP4",
	40: "Q1_0",
}

// FileTypeName gives the quantization label of a general.file_type value
// ("Q4_K_M"), or "" when llama.cpp has no name for it.
func FileTypeName(ftype uint32) string {
	return ftypeNames[ftype&^ftypeGuessed]
}

// dominantType is the tensor type holding the most bytes: the label to
// show when a file does not say its file type.
func dominantType(tensors []Tensor) (GGMLType, bool) {
	var bytes [len(ggmlTypes)]uint64
	for i := range tensors {
		t := tensors[i].Type
		if int(t) < len(bytes) {
			bytes[t] += tensors[i].Bytes
		}
	}
	best, found := GGMLType(0), false
	for t, b := range bytes {
		if b > 0 && (!found || b > bytes[best]) {
			best, found = GGMLType(t), true
		}
	}
	return best, found
}
