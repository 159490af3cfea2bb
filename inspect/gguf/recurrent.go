package gguf

// Recurrent (state-space and RWKV) layers hold a fixed state per sequence
// instead of a KV cache: llama_memory_recurrent, sized by
// llama_hparams::n_embd_r (conv / token-shift state) and n_embd_s (SSM /
// WKV state), both f32, one row per sequence (max(1, n_seq_max)).

// pureRecurrent are architectures whose every layer is recurrent.
var pureRecurrent = map[string]bool{
	"mamba": true, "mamba2": true, "rwkv6": true, "rwkv6qwen2": true, "rwkv7": true, "arwkv7": true,
}

// hasState reports whether the file describes a recurrent state at all.
func (f *File) hasState() bool {
	return f.SSM.ConvKernel > 0 || f.SSM.StateSize > 0 || f.RWKV.HeadSize > 0 || f.ShortConvLCache > 0
}

// layerPlan says, per layer, whether it holds recurrent state and whether
// it holds a KV cache, following llama.cpp's hybrid-memory layer filters.
type layerPlan struct {
	recurrent []bool // nil: none
	attention []bool
}

func (f *File) plan() layerPlan {
	n := int(f.BlockCount)
	p := layerPlan{attention: make([]bool, n)}
	kvLimit := f.kvLayerLimit()
	for il := range p.attention {
		p.attention[il] = il < kvLimit && f.kvHeads(il) > 0
	}
	if !pureRecurrent[f.Architecture] && !f.hasState() {
		return p
	}
	p.recurrent = make([]bool, n)
	switch {
	case pureRecurrent[f.Architecture]:
		for il := range p.recurrent {
			p.recurrent[il], p.attention[il] = true, false
		}
	case f.Architecture == "falcon-h1":
		// every layer runs attention and a Mamba2 mixer side by side
		for il := range p.recurrent {
			p.recurrent[il] = true
		}
	case f.FullAttentionInterval > 0:
		// qwen3next / qwen35: every interval-th layer attends
		for il := range p.recurrent {
			rec := uint32(il+1)%f.FullAttentionInterval != 0
			p.recurrent[il] = rec
			p.attention[il] = p.attention[il] && !rec
		}
	default:
		// jamba, granitehybrid, lfm2, nemotron_h...: a layer without KV
		// heads is recurrent (nemotron_h: unless it is an MLP layer)
		nemotron := f.Architecture == "nemotron_h" || f.Architecture == "nemotron_h_moe"
		for il := range p.recurrent {
			rec := f.kvHeads(il) == 0
			if nemotron && f.FeedForwardLength.At(il) != 0 {
				rec = false
			}
			p.recurrent[il] = rec
			p.attention[il] = p.attention[il] && !rec
		}
	}
	return p
}

// stateRowBytes is (n_embd_r + n_embd_s) × 4 bytes: one sequence's state
// in one recurrent layer. ok is false if a hostile header overflows it.
func (f *File) stateRowBytes() (uint64, bool) {
	var c checked
	embd := f.EmbeddingLength
	var r, s uint64
	switch {
	case f.RWKV.HeadSize != 0:
		r = c.mul(uint64(f.RWKV.TokenShiftCount), embd)
		s = c.mul(embd, uint64(f.RWKV.HeadSize))
	case f.ShortConvLCache != 0:
		r = c.mul(embd, uint64(f.ShortConvLCache-1))
	default:
		if f.SSM.ConvKernel > 0 {
			groups := c.mul(2*uint64(f.SSM.GroupCount), uint64(f.SSM.StateSize))
			r = c.mul(uint64(f.SSM.ConvKernel-1), c.add(uint64(f.SSM.InnerSize), groups))
		}
		s = c.mul(uint64(f.SSM.StateSize), uint64(f.SSM.InnerSize))
	}
	return c.mul(c.add(r, s), 4), !c.overflow
}
