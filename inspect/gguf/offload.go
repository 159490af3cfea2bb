package gguf

import (
	"strconv"
	"strings"
)

// placement follows llama.cpp's load_tensors: with n_gpu_layers = g the
// last g repeating layers go to the GPU (i_gpu_start = n_layer - g), the
// output layer (index n_layer) only when g > n_layer, and the input layer
// (token embeddings) always stays on the CPU.
type placement struct {
	nLayer int
	start  int // first offloaded layer
	act    int // number of offloaded layers, output included
}

func newPlacement(nLayer uint32, ngl *int) placement {
	n := int(nLayer)
	g := n + 1
	if ngl != nil && *ngl >= 0 && *ngl < g {
		g = *ngl
	}
	return placement{nLayer: n, start: max(n-g, 0), act: g}
}

// gpu reports whether layer il (n_layer = the output layer) is offloaded.
func (p placement) gpu(il int) bool { return il >= p.start && il-p.start < p.act }

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
func (f *File) splitWeights(p placement) (gpu, cpu uint64, tiedCopy bool) {
	var tokEmbd uint64
	hasOutput, hasTok := false, false
	for i := range f.Tensors {
		t := &f.Tensors[i]
		switch t.Name {
		case "output.weight":
			hasOutput = true
		case "token_embd.weight":
			hasTok, tokEmbd = true, t.Bytes
		}
		il := tensorLayer(t.Name, p.nLayer)
		if il >= 0 && p.gpu(il) {
			gpu += t.Bytes
		} else {
			cpu += t.Bytes
		}
	}
	// encoders (bert...) have no output layer to tie
	decoder := f.Causal && f.BlockCount > 0 && !noMemoryArchs[f.Architecture]
	if hasTok && !hasOutput && decoder && p.gpu(p.nLayer) {
		gpu += tokEmbd
		tiedCopy = true
	}
	return gpu, cpu, tiedCopy
}
