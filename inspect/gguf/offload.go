package gguf

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// placement follows llama.cpp's load_tensors (2026): with n_gpu_layers = g
// the last g layers counting the output layer (index n_layer) go to the
// GPU, i_gpu_start = n_layer + 1 - g, so the output layer is offloaded
// first; the input layer (token embeddings) always stays on the CPU, and
// without a GPU device nothing is offloaded.
type placement struct {
	nLayer int
	start  int // first offloaded layer
	act    int // number of offloaded layers, output included
	cpuMoE int // --n-cpu-moe: expert weights of layers below this stay on the CPU
}

func newPlacement(nLayer uint32, o Options) placement {
	n := int(nLayer)
	g := n + 1
	if o.NGPULayers != nil && *o.NGPULayers >= 0 && *o.NGPULayers < g {
		g = *o.NGPULayers
	}
	p := placement{nLayer: n, start: max(n+1-g, 0), act: g, cpuMoE: o.NCPUMoE}
	if o.NoGPU {
		p.act = 0
	}
	return p
}

// gpu reports whether layer il (n_layer = the output layer) is offloaded.
func (p placement) gpu(il int) bool { return il >= p.start && il-p.start < p.act }

// expertRe is common.h's LLM_FFN_EXPS_REGEX, the tensors --n-cpu-moe keeps
// on the CPU.
var expertRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\.ffn_(up|down|gate|gate_up)_(ch|)exps`) })

// onGPU reports whether tensor name, of layer il, is placed on the GPU.
func (p placement) onGPU(name string, il int) bool {
	if il < 0 || !p.gpu(il) {
		return false
	}
	if il < p.cpuMoE && il < p.nLayer && expertRe().MatchString(name) {
		return false
	}
	return true
}

// tensorLayer maps a tensor to the llama.cpp layer that owns it: -1 for
// the input layer, 0..n-1 for "blk.N.", n for the output layer and
// anything else.
func tensorLayer(name string, nLayer int) int {
	switch {
	case strings.HasPrefix(name, "token_embd.") || strings.HasPrefix(name, "token_types.") ||
		strings.HasPrefix(name, "position_embd.") || strings.HasPrefix(name, "token_embd_norm.") ||
		strings.HasPrefix(name, "per_layer_token_embd."):
		return -1
	case strings.HasPrefix(name, "blk."):
		rest := name[len("blk."):]
		if dot := strings.IndexByte(rest, '.'); dot > 0 {
			if il, err := strconv.Atoi(rest[:dot]); err == nil && il >= 0 && il < nLayer {
				return il
			}
		}
	}
	return nLayer
}

// splitWeights divides the weights between GPU and CPU. A model without
// output.weight ties it to token_embd.weight; llama.cpp then loads that
// tensor a second time on the output layer's device, so the GPU side
// gains a copy (and the two sides sum to more than the file's weights).
//
// With mmap (llama.cpp's default), the CPU's weights are one CPU_Mapped
// buffer over the file range from the first to the end of the last CPU
// tensor: that span is what llama.cpp reports, gaps and all.
func (f *File) splitWeights(p placement, o Options) (gpu, cpu uint64, tiedCopy bool) {
	var tokEmbd uint64
	hasOutput, hasTok := false, false
	first, last := ^uint64(0), uint64(0)
	for i := range f.Tensors {
		t := &f.Tensors[i]
		switch t.Name {
		case "output.weight":
			hasOutput = true
		case "token_embd.weight":
			hasTok, tokEmbd = true, t.Bytes
		}
		if p.onGPU(t.Name, tensorLayer(t.Name, p.nLayer)) {
			gpu += t.Bytes
			continue
		}
		cpu += t.Bytes
		first = min(first, t.Offset)
		last = max(last, t.Offset+t.Bytes)
	}
	if !o.NoMmap && last > first && last-first >= cpu {
		cpu = last - first
	}
	// encoders (bert...) have no output layer to tie
	decoder := f.Causal && f.BlockCount > 0 && !noMemoryArchs[f.Architecture]
	if hasTok && !hasOutput && decoder && p.gpu(p.nLayer) {
		gpu += tokEmbd
		tiedCopy = true
	}
	return gpu, cpu, tiedCopy
}
