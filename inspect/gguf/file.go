package gguf

// Bounds that keep a hostile or damaged header from costing more than
// about 20 MiB (accounted in gtm's parse budget, inspect/parsebudget) or
// milliseconds. Real files sit far inside them: the largest real headers
// (256k-token vocabularies with merges) are ~20 MiB on disk, of which the
// token lists are counted, not kept; models have at most a few thousand
// tensors (llama.cpp fuses a MoE's experts: DeepSeek-V3 has ~1,100,
// diffusion checkpoints ~2,500) and ~100 metadata keys.
const (
	// MaxHeaderBytes bounds the metadata + tensor-info region; a header
	// running past it is refused with ErrTooLarge.
	MaxHeaderBytes = 128 << 20
	// MaxKVCount bounds the number of metadata entries.
	MaxKVCount = 1 << 14
	// MaxKeyLen bounds a metadata key (real keys are under 64 bytes).
	MaxKeyLen = 1024
	// MaxTensors bounds the tensor count: ~10× the largest real files. At
	// the longest names a tensor keeps ~400 bytes: 13 MiB in all.
	MaxTensors = 1 << 15
	// MaxTensorNameLen bounds a tensor name. llama.cpp's ggml refuses
	// names of 64 bytes or more (GGML_MAX_NAME), but stable-diffusion.cpp
	// builds ggml with 128 and writes such names, so diffusion checkpoints
	// need more room.
	MaxTensorNameLen = 255
	// MaxDims is GGML_MAX_DIMS.
	MaxDims = 4
	// MaxArrayDepth bounds arrays of arrays (ggml itself reads none).
	MaxArrayDepth = 3
	// MaxKeptArray: arrays longer than this (token lists, merges) are
	// counted and skipped, not kept.
	MaxKeptArray = 4096
	// MaxKeptString: longer strings are counted and skipped.
	MaxKeptString = 1 << 20
	// MaxRetainedBytes bounds all kept strings and array elements
	// together; past it further values are dropped (counted, not kept).
	// Real files keep well under 1 MiB (chat templates, per-layer arrays).
	MaxRetainedBytes = 4 << 20
	// MaxLayers bounds block_count (llama.cpp's own limit is 512); a
	// per-layer array must be kept whole, so it is also MaxKeptArray.
	MaxLayers = MaxKeptArray
)

// DefaultAlignment is the data alignment when general.alignment is absent.
const DefaultAlignment = 32

// File is what a GGUF header says: format facts, the model's
// hyper-parameters as llama.cpp reads them, and the tensor table. It never
// holds tensor data.
type File struct {
	Version    uint32 // 2 or 3
	Alignment  uint64 // general.alignment, default 32
	FileSize   int64
	DataOffset int64 // start of the tensor data section

	Architecture string // general.architecture
	Name         string // general.name
	GeneralType  string // general.type: "model", "mmproj", "adapter"...
	// FileType is general.file_type (llama.cpp's llama_ftype), -1 when
	// absent.
	FileType int64
	// Quantization is the label of FileType ("Q4_K_M"), or, when the file
	// does not say, the name of the tensor type holding the most bytes
	// (QuantizationGuessed is then true).
	Quantization        string
	QuantizationGuessed bool

	Kind       Kind
	KindReason string // the evidence for Kind, one line

	BlockCount        uint32      // {arch}.block_count
	ContextLength     uint64      // {arch}.context_length (trained context)
	EmbeddingLength   uint64      // {arch}.embedding_length
	FeedForwardLength LayerValues // {arch}.feed_forward_length
	HeadCount         LayerValues // {arch}.attention.head_count
	// HeadCountKV is {arch}.attention.head_count_kv, per layer when the
	// file stores an array (0 marks a layer without attention).
	HeadCountKV LayerValues
	KeyLength   uint32 // {arch}.attention.key_length; 0: embedding/heads
	ValueLength uint32 // {arch}.attention.value_length; 0: embedding/heads
	// KeyLengthSWA and ValueLengthSWA are the head sizes of sliding-window
	// layers where they differ ({arch}.attention.key_length_swa).
	KeyLengthSWA       uint32
	ValueLengthSWA     uint32
	RopeDimensionCount uint32 // {arch}.rope.dimension_count

	SlidingWindow    uint32 // {arch}.attention.sliding_window (n_swa)
	HasSlidingWindow bool
	// SlidingWindowPattern is {arch}.attention.sliding_window_pattern:
	// a period (llama.cpp's set_swa_pattern) or one flag per layer.
	SlidingWindowPattern SWAPattern
	// SharedKVLayers is {arch}.attention.shared_kv_layers: the last
	// layers reuse earlier layers' KV and hold none of their own.
	SharedKVLayers    uint32
	HasSharedKVLayers bool
	// FullAttentionInterval is {arch}.full_attention_interval of hybrid
	// models (every n-th layer attends, the rest are recurrent).
	FullAttentionInterval uint32

	PoolingType int64 // {arch}.pooling_type, -1 when absent
	Causal      bool  // {arch}.attention.causal; true when absent
	HasCausal   bool

	DecisionKey  string // the first key ending in ".decision.type"
	DecisionType string // its value
	HasSTT       bool   // some key starts with "stt."

	// VocabSize is the length of tokenizer.ggml.tokens, else
	// {arch}.vocab_size.
	VocabSize uint64

	MLA             MLA
	SSM             SSM
	RWKV            RWKV
	ShortConvLCache uint32 // {arch}.shortconv.l_cache (LFM2)

	ParamCount  uint64 // sum of tensor elements
	TensorBytes uint64 // sum of tensor sizes: the weights, exactly
	Tensors     []Tensor

	meta  []KV
	index map[string]int
}

// Tensor is one tensor info. Dims are in ggml order: Dims[0] is the
// contiguous row length.
type Tensor struct {
	Name     string
	Dims     []uint64
	Type     GGMLType
	Offset   uint64 // from the start of the data section (File.DataOffset)
	Elements uint64
	Bytes    uint64
}

// LayerValues is a per-layer hyper-parameter. The file may store one
// value for every layer (length 1) or one per layer.
type LayerValues []uint32

// At is the value for layer il; 0 when unset.
func (v LayerValues) At(il int) uint32 {
	switch {
	case len(v) == 1:
		return v[0]
	case il >= 0 && il < len(v):
		return v[il]
	}
	return 0
}

// PerLayer reports whether the file stored one value per layer.
func (v LayerValues) PerLayer() bool { return len(v) > 1 }

// SWAPattern says which layers use sliding-window attention when a file
// spells it out. Period n follows llama.cpp's set_swa_pattern: of every n
// layers the first n-1 are SWA and the last is full. Layers, when set,
// flags each layer.
type SWAPattern struct {
	Period uint32
	Layers []bool
}

// Set reports whether the file carried a pattern.
func (p SWAPattern) Set() bool { return p.Period != 0 || p.Layers != nil }

// MLA holds multi-head latent attention sizes (DeepSeek-V2/V3 family).
type MLA struct {
	KVLoraRank  uint32 // {arch}.attention.kv_lora_rank
	KeyLength   uint32 // {arch}.attention.key_length_mla
	ValueLength uint32 // {arch}.attention.value_length_mla
}

// SSM holds state-space (Mamba) sizes.
type SSM struct {
	ConvKernel   uint32 // {arch}.ssm.conv_kernel
	InnerSize    uint32 // {arch}.ssm.inner_size
	StateSize    uint32 // {arch}.ssm.state_size
	GroupCount   uint32 // {arch}.ssm.group_count
	TimeStepRank uint32 // {arch}.ssm.time_step_rank
}

// RWKV holds RWKV sizes.
type RWKV struct {
	HeadSize        uint32 // {arch}.wkv.head_size
	TokenShiftCount uint32 // {arch}.token_shift_count, default 2
}

// Meta returns a metadata value by key.
func (f *File) Meta(key string) (Value, bool) {
	i, ok := f.index[key]
	if !ok {
		return Value{}, false
	}
	return f.meta[i].Value, true
}

// Metadata lists every entry in file order. The slice is shared; do not
// modify it.
func (f *File) Metadata() []KV { return f.meta }

// MetaString returns a string value by key.
func (f *File) MetaString(key string) (string, bool) {
	v, ok := f.Meta(key)
	if !ok {
		return "", false
	}
	return v.Str()
}

// MetaUint returns a non-negative integer value by key.
func (f *File) MetaUint(key string) (uint64, bool) {
	v, ok := f.Meta(key)
	if !ok {
		return 0, false
	}
	return v.Uint()
}

// archKey is "{arch}.suffix".
func (f *File) archKey(suffix string) string { return f.Architecture + "." + suffix }
