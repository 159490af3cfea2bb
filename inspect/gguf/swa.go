package gguf

// swaRule is how llama.cpp's llama-model.cpp (load_hparams) marks an
// architecture's sliding-window layers: hparams.set_swa_pattern(period),
// i.e. of every period layers the first period-1 are SWA and the last is
// full attention.
type swaRule struct {
	period      uint32
	defaultNSWA uint32 // n_swa when the file has no sliding_window key
	chunked     bool   // llama4's chunked attention (same cache sizing)
}

// swaArchs lists the architectures llama.cpp gives an interleaved-SWA
// cache. A file's own sliding_window_pattern key overrides the period, and
// makes any other architecture SWA as well (gemma4 carries one per layer).
var swaArchs = map[string]swaRule{
	"gemma2":          {period: 2, defaultNSWA: 4096},
	"gemma3":          {period: 6},
	"gemma3n":         {period: 5},
	"gemma-embedding": {period: 6},
	"cohere2":         {period: 4},
	"gpt-oss":         {period: 2},
	"llama4":          {period: 4, defaultNSWA: 8192, chunked: true},
}

// swaLayout says which layers are SWA and their window.
type swaLayout struct {
	layers  []bool // nil: no SWA
	nSWA    uint32
	chunked bool
}

func (l swaLayout) is(il int) bool { return l.layers != nil && l.layers[il] }

// swa decides the SWA layers as llama.cpp does for this file.
func (f *File) swa() swaLayout {
	n := int(f.BlockCount)
	rule, known := swaArchs[f.Architecture]
	pattern := f.SlidingWindowPattern
	if !known && !pattern.Set() {
		return swaLayout{}
	}
	nSWA := rule.defaultNSWA
	if f.HasSlidingWindow {
		nSWA = f.SlidingWindow
	}
	if f.Architecture == "llama4" {
		// llama4 uses chunked attention of 8192 unless the file sets
		// sliding_window to 0 (then no SWA at all).
		if f.HasSlidingWindow && f.SlidingWindow == 0 {
			return swaLayout{}
		}
		nSWA = 8192
	}
	if nSWA == 0 || n == 0 {
		return swaLayout{}
	}
	layers := make([]bool, n)
	switch {
	case pattern.Layers != nil:
		copy(layers, pattern.Layers)
	default:
		period := rule.period
		if pattern.Period != 0 {
			period = pattern.Period
		}
		for il := range layers {
			layers[il] = period == 0 || uint32(il)%period < period-1
		}
	}
	return swaLayout{layers: layers, nSWA: nSWA, chunked: rule.chunked}
}
