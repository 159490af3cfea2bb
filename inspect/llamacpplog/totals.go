package llamacpplog

// Reported returns the buffers that speak for the block: llama.cpp's own
// lines when it logged any, otherwise Ollama's memory summary.
func (b *Block) Reported() []Buffer {
	var own, ollama []Buffer
	for _, x := range b.Buffers {
		if x.Source == SourceOllama {
			ollama = append(ollama, x)
		} else {
			own = append(own, x)
		}
	}
	if len(own) > 0 {
		return own
	}
	return ollama
}

// Sum adds the reported bytes of one kind ("" for every kind) on one
// backend ("" for every backend): Sum(KindWeights, "CUDA0") is the
// model's weights on the first CUDA device.
func (b *Block) Sum(kind Kind, backend string) uint64 {
	var n uint64
	for _, x := range b.Reported() {
		if (kind == "" || x.Kind == kind) && (backend == "" || x.Backend == backend) {
			n += x.Bytes
		}
	}
	return n
}

// Totals are a block's reported bytes added up.
type Totals struct {
	ByKind    map[Kind]uint64
	ByBackend map[string]uint64
	Device    uint64 // on accelerators
	Host      uint64 // host memory, pinned or mapped
	Unknown   uint64 // backends Classify does not know
	Source    string // "llama.cpp" or SourceOllama
}

// Totals adds up the block's reported buffers per kind, per backend and
// per memory side.
func (b *Block) Totals() Totals {
	t := Totals{ByKind: map[Kind]uint64{}, ByBackend: map[string]uint64{}}
	rep := b.Reported()
	for _, x := range rep {
		t.ByKind[x.Kind] += x.Bytes
		t.ByBackend[x.Backend] += x.Bytes
		switch {
		case x.Device:
			t.Device += x.Bytes
		case x.Host:
			t.Host += x.Bytes
		default:
			t.Unknown += x.Bytes
		}
	}
	if len(rep) > 0 {
		t.Source = "llama.cpp"
		if rep[0].Source == SourceOllama {
			t.Source = SourceOllama
		}
	}
	return t
}
