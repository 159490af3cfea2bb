package gguf

import (
	"math"
	"strings"
)

// derive fills the File's named fields from the metadata. A known key with
// the wrong type is an error, as it is for llama.cpp's loader: a value we
// cannot read is not silently treated as absent.
func (f *File) derive() error {
	if err := f.deriveGeneral(); err != nil {
		return err
	}
	if f.Architecture != "" { // the other keys are named after it
		if err := f.deriveSizes(); err != nil {
			return err
		}
		if err := f.deriveAttention(); err != nil {
			return err
		}
	}
	f.deriveMarkers()
	if err := f.deriveVocab(); err != nil {
		return err
	}
	f.quantization()
	return nil
}

// deriveGeneral reads the general.* keys.
func (f *File) deriveGeneral() error {
	var err error
	if f.Architecture, err = f.strKey("general.architecture"); err != nil {
		return err
	}
	if f.Name, err = f.strKey("general.name"); err != nil {
		return err
	}
	if f.GeneralType, err = f.strKey("general.type"); err != nil {
		return err
	}
	if v, ok, err := f.uintKey("general.file_type", math.MaxUint32); err != nil {
		return err
	} else if ok {
		f.FileType = int64(v)
	}
	return nil
}

// deriveSizes reads the architecture's scalar sizes (absent ones stay 0)
// and bounds the layer count.
func (f *File) deriveSizes() error {
	var err error
	u32 := func(dst *uint32, suffix string) {
		if err != nil {
			return
		}
		var v uint64
		v, _, err = f.uintKey(f.archKey(suffix), math.MaxUint32)
		*dst = uint32(v)
	}
	u64 := func(dst *uint64, suffix string) {
		if err != nil {
			return
		}
		*dst, _, err = f.uintKey(f.archKey(suffix), math.MaxUint64)
	}
	u32(&f.BlockCount, "block_count")
	u64(&f.ContextLength, "context_length")
	u64(&f.EmbeddingLength, "embedding_length")
	u32(&f.KeyLength, "attention.key_length")
	u32(&f.ValueLength, "attention.value_length")
	u32(&f.KeyLengthSWA, "attention.key_length_swa")
	u32(&f.ValueLengthSWA, "attention.value_length_swa")
	u32(&f.RopeDimensionCount, "rope.dimension_count")
	u32(&f.SlidingWindow, "attention.sliding_window")
	u32(&f.SharedKVLayers, "attention.shared_kv_layers")
	u32(&f.FullAttentionInterval, "full_attention_interval")
	u32(&f.MLA.KVLoraRank, "attention.kv_lora_rank")
	u32(&f.MLA.KeyLength, "attention.key_length_mla")
	u32(&f.MLA.ValueLength, "attention.value_length_mla")
	u32(&f.SSM.ConvKernel, "ssm.conv_kernel")
	u32(&f.SSM.InnerSize, "ssm.inner_size")
	u32(&f.SSM.StateSize, "ssm.state_size")
	u32(&f.SSM.GroupCount, "ssm.group_count")
	u32(&f.SSM.TimeStepRank, "ssm.time_step_rank")
	u32(&f.RWKV.HeadSize, "wkv.head_size")
	u32(&f.RWKV.TokenShiftCount, "token_shift_count")
	u32(&f.ShortConvLCache, "shortconv.l_cache")
	if err != nil {
		return err
	}
	if f.BlockCount > MaxLayers {
		return newErr(ErrTooLarge, "%s = %d (limit %d)", f.archKey("block_count"), f.BlockCount, MaxLayers)
	}
	if f.RWKV.HeadSize != 0 && f.RWKV.TokenShiftCount == 0 {
		f.RWKV.TokenShiftCount = 2 // llama.cpp's default
	}
	return nil
}

// deriveAttention reads the per-layer and attention keys: head counts,
// sliding window, pooling, causality.
func (f *File) deriveAttention() error {
	var err error
	_, f.HasSlidingWindow = f.Meta(f.archKey("attention.sliding_window"))
	_, f.HasSharedKVLayers = f.Meta(f.archKey("attention.shared_kv_layers"))
	if f.FeedForwardLength, err = f.layerKey(f.archKey("feed_forward_length")); err != nil {
		return err
	}
	if f.HeadCount, err = f.layerKey(f.archKey("attention.head_count")); err != nil {
		return err
	}
	if f.HeadCountKV, err = f.layerKey(f.archKey("attention.head_count_kv")); err != nil {
		return err
	}
	if f.SlidingWindowPattern, err = f.patternKey(f.archKey("attention.sliding_window_pattern")); err != nil {
		return err
	}
	if v, ok := f.Meta(f.archKey("pooling_type")); ok {
		p, isInt := v.Int()
		if !isInt {
			return newErr(ErrInvalid, "%s has type %s, want an integer", f.archKey("pooling_type"), v.Type())
		}
		f.PoolingType = p
	}
	if v, ok := f.Meta(f.archKey("attention.causal")); ok {
		b, isBool := v.Bool()
		if !isBool {
			return newErr(ErrInvalid, "%s has type %s, want bool", f.archKey("attention.causal"), v.Type())
		}
		f.Causal, f.HasCausal = b, true
	}
	return nil
}

// deriveMarkers notes keys that mark a model's kind whatever its
// architecture: a decision head, speech-to-text.
func (f *File) deriveMarkers() {
	for _, kv := range f.meta {
		if f.DecisionKey == "" && (kv.Key == "decision.type" || strings.HasSuffix(kv.Key, ".decision.type")) {
			f.DecisionKey = kv.Key
			if s, ok := kv.Value.Str(); ok {
				f.DecisionType = s
			} else {
				f.DecisionType = kv.Value.String()
			}
		}
		if strings.HasPrefix(kv.Key, "stt.") {
			f.HasSTT = true
		}
	}
}

// deriveVocab counts the tokenizer's tokens, else reads <arch>.vocab_size.
func (f *File) deriveVocab() error {
	if v, ok := f.Meta("tokenizer.ggml.tokens"); ok && v.Type() == ValueArray {
		f.VocabSize = v.Len()
		return nil
	}
	if f.Architecture == "" {
		return nil
	}
	var err error
	f.VocabSize, _, err = f.uintKey(f.archKey("vocab_size"), math.MaxUint64)
	return err
}

func (f *File) quantization() {
	if f.FileType >= 0 {
		if name := FileTypeName(uint32(f.FileType)); name != "" {
			f.Quantization = name
			return
		}
	}
	if t, ok := dominantType(f.Tensors); ok {
		f.Quantization, f.QuantizationGuessed = t.String(), true
	}
}

func (f *File) strKey(key string) (string, error) {
	v, ok := f.Meta(key)
	if !ok {
		return "", nil
	}
	if v.Type() != ValueString {
		return "", newErr(ErrInvalid, "%s has type %s, want string", key, v.Type())
	}
	s, _ := v.Str() // "" if too long to keep
	return s, nil
}

func (f *File) uintKey(key string, max uint64) (uint64, bool, error) {
	v, ok := f.Meta(key)
	if !ok {
		return 0, false, nil
	}
	u, isUint := v.Uint()
	if !isUint {
		return 0, false, newErr(ErrInvalid, "%s is %s %s, want a non-negative integer", key, v.Type(), v)
	}
	if u > max {
		return 0, false, newErr(ErrInvalid, "%s = %d is out of range", key, u)
	}
	return u, true, nil
}

// layerKey reads a scalar or per-layer array of uint32, as llama.cpp's
// get_key_or_arr does: an array must hold exactly block_count entries.
func (f *File) layerKey(key string) (LayerValues, error) {
	v, ok := f.Meta(key)
	if !ok {
		return nil, nil
	}
	if v.Type() != ValueArray {
		u, isUint := v.Uint()
		if !isUint || u > math.MaxUint32 {
			return nil, newErr(ErrInvalid, "%s is %s %s, want a uint32 or an array of them", key, v.Type(), v)
		}
		return LayerValues{uint32(u)}, nil
	}
	elems, err := f.layerArray(key, v)
	if err != nil {
		return nil, err
	}
	out := make(LayerValues, len(elems))
	for i, e := range elems {
		u, isUint := e.Uint()
		if !isUint || u > math.MaxUint32 {
			return nil, newErr(ErrInvalid, "%s[%d] is %s %s, want a uint32", key, i, e.Type(), e)
		}
		out[i] = uint32(u)
	}
	return out, nil
}

func (f *File) layerArray(key string, v Value) ([]Value, error) {
	elems, kept := v.Elems()
	if !kept {
		return nil, newErr(ErrInvalid, "%s: array of %d %s is too long for a per-layer value", key, v.Len(), v.ElemType())
	}
	if uint64(len(elems)) != uint64(f.BlockCount) || len(elems) == 0 {
		return nil, newErr(ErrInvalid, "%s has %d entries, want one per layer (block_count %d)", key, len(elems), f.BlockCount)
	}
	return elems, nil
}

// patternKey reads sliding_window_pattern: a period, or one bool (or
// integer, non-zero = SWA) per layer.
func (f *File) patternKey(key string) (SWAPattern, error) {
	v, ok := f.Meta(key)
	if !ok {
		return SWAPattern{}, nil
	}
	if v.Type() != ValueArray {
		u, isUint := v.Uint()
		if !isUint || u > math.MaxUint32 {
			return SWAPattern{}, newErr(ErrInvalid, "%s is %s %s, want a period or one flag per layer", key, v.Type(), v)
		}
		return SWAPattern{Period: uint32(u)}, nil
	}
	elems, err := f.layerArray(key, v)
	if err != nil {
		return SWAPattern{}, err
	}
	layers := make([]bool, len(elems))
	for i, e := range elems {
		if b, isBool := e.Bool(); isBool {
			layers[i] = b
		} else if u, isUint := e.Uint(); isUint {
			layers[i] = u != 0
		} else {
			return SWAPattern{}, newErr(ErrInvalid, "%s[%d] is %s, want bool", key, i, e.Type())
		}
	}
	return SWAPattern{Layers: layers}, nil
}
