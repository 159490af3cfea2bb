package gguf

import (
	"fmt"
	"math/bits"
)

// Options are the llama.cpp context settings that size its memory, as
// llama_context sees them (after a program such as llama-server resolved
// its own defaults: see package llamaopts).
type Options struct {
	NCtx       int    // context size (-c); 0: the trained context
	Parallel   int    // sequences / server slots (n_seq_max, -np); 0: 1
	NBatch     int    // logical batch (-b); 0: 2048
	NUbatch    int    // physical batch (-ub); 0: 512
	CacheTypeK string // -ctk: f32, f16 (default), bf16, q8_0, q4_0, q4_1, iq4_nl, q5_0, q5_1
	CacheTypeV string // -ctv, same values
	SWAFull    bool   // --swa-full: SWA layers get the full context
	// KVSplit gives each sequence its own KV stream (kv_unified off). The
	// zero value is one unified cache shared by all sequences.
	KVSplit bool
	// NGPULayers is -ngl: nil or negative offloads every layer (llama.cpp's
	// default); 0 keeps everything on the CPU.
	NGPULayers *int
	// NoGPU is a llama.cpp without a GPU device (a CPU build, --device
	// none): every layer, its KV cache included, stays on the CPU.
	NoGPU bool
	// NoKVOffload is -nkvo: the KV cache stays on the CPU.
	NoKVOffload bool
	// NCPUMoE is --n-cpu-moe: the MoE expert weights of the first N layers
	// stay on the CPU.
	NCPUMoE int
	// NoMmap loads the weights into allocated buffers instead of mapping
	// the file (--no-mmap, --load-mode none).
	NoMmap bool
	// Embeddings is --embedding: the output buffer holds embeddings too.
	Embeddings bool
}

// Estimate is what llama.cpp will allocate for a model: weights, KV cache
// (or recurrent state) and the output buffer, and how they split between
// GPU and CPU. It leaves out compute buffers, which depend on the
// backend's graph allocator.
type Estimate struct {
	NCtx       uint64 // context asked for, before padding
	NCtxAlloc  uint64 // llama_context's n_ctx: padded, a whole number of streams
	NCtxSeq    uint64 // cells per stream (n_ctx_seq)
	Streams    uint64 // KV streams: 1 unified, else Parallel
	Parallel   uint64
	NBatch     uint64
	NUbatch    uint64
	CacheTypeK GGMLType
	CacheTypeV GGMLType

	Weights uint64 // exact tensor bytes (File.TensorBytes)
	// WeightsGPU are the offloaded layers' tensors, plus a tied output
	// copy. WeightsCPU is what the CPU holds: with mmap, the span of the
	// file that the CPU tensors cover (llama.cpp maps that range as one
	// CPU_Mapped buffer, gaps included); without, their bytes.
	WeightsGPU uint64
	WeightsCPU uint64

	KVLayers  int    // layers holding a KV cache
	KVCells   uint64 // cells of a full-attention layer, all streams, padded
	SWALayers int    // sliding-window layers among KVLayers
	SWACells  uint64 // cells of a SWA layer, all streams, padded (0: no SWA)
	KV        uint64 // KV cache bytes for these options (SWA applied)
	KVGPU     uint64 // KV cache and recurrent state of offloaded layers
	KVCPU     uint64 // and of the rest
	// KVFull is the upper bound: every KV layer at KVCells, no SWA
	// reduction.
	KVFull uint64

	RecurrentLayers int
	// RecurrentState is the fixed state of recurrent layers: per
	// sequence, times Parallel, never scaled by the context.
	RecurrentState uint64

	// Output is the output buffer (logits, and embeddings with
	// --embedding, for Parallel sequences), always in host memory.
	Output uint64

	GPU   uint64 // weights, KV and state placed on the GPU
	CPU   uint64 // and on the CPU (output buffer not included)
	Notes []string
}

// Total is weights plus KV cache plus recurrent state.
func (e Estimate) Total() uint64 { return e.Weights + e.KV + e.RecurrentState }

// noMemoryArchs are architectures llama.cpp runs with no KV cache at all
// (llama_model::create_memory returns nullptr).
var noMemoryArchs = map[string]bool{
	"bert": true, "jina-bert-v2": true, "jina-bert-v3": true, "nomic-bert": true,
	"nomic-bert-moe": true, "neo-bert": true, "wavtokenizer-dec": true, "modern-bert": true,
	"gemma-embedding": true, "dream": true, "llada": true, "llada-moe": true, "rnd1": true,
}

const (
	ctxPad          = 256 // llama_context pads n_ctx (and n_ctx_seq) to 256
	swaPad          = 256 // llama_kv_cache_iswa pads the SWA cache to 256
	defaultNBatch   = 2048
	defaultNUbatch  = 512
	gemma3nKVLayers = 20 // gemma3n: only the first 20 layers own a KV cache
	maxCtx          = 1 << 40
)

// Estimate sizes the model as llama.cpp would load it with o.
//
// The rules follow llama_context and llama_kv_cache (llama.cpp 2026):
// n_batch = min(n_ctx, -b) and n_ubatch = min(n_batch, -ub) (causal
// models); n_ctx is padded to 256. A unified cache is one stream of n_ctx
// cells shared by all sequences; a split cache (kv_unified off) is
// Parallel streams of n_ctx_seq = pad(n_ctx/Parallel, 256) cells. SWA
// layers hold pad(min(n_ctx_seq, n_swa·Parallel + n_ubatch), 256) cells
// (unified) or pad(min(n_ctx_seq, n_swa + n_ubatch), 256) per stream.
func (f *File) Estimate(o Options) (Estimate, error) {
	var e Estimate
	var err error
	if e.CacheTypeK, err = ParseCacheType(o.CacheTypeK); err != nil {
		return e, err
	}
	if e.CacheTypeV, err = ParseCacheType(o.CacheTypeV); err != nil {
		return e, err
	}
	if o.NCtx < 0 || o.Parallel < 0 || o.NBatch < 0 || o.NUbatch < 0 || o.NCPUMoE < 0 {
		return e, fmt.Errorf("gguf: estimate: negative option (n_ctx %d, parallel %d, n_batch %d, n_ubatch %d)", o.NCtx, o.Parallel, o.NBatch, o.NUbatch)
	}
	e.NCtx = f.ContextLength
	if o.NCtx > 0 {
		e.NCtx = uint64(o.NCtx)
	}
	e.Parallel = max(uint64(o.Parallel), 1)
	e.NBatch, e.NUbatch = uint64(o.NBatch), uint64(o.NUbatch)
	if e.NBatch == 0 {
		e.NBatch = defaultNBatch
	}
	if e.NUbatch == 0 {
		e.NUbatch = defaultNUbatch
	}
	if e.NCtx > 0 && f.Causal {
		e.NBatch = min(e.NBatch, e.NCtx) // with causal attention the batch is limited by the context
	}
	e.NUbatch = min(e.NUbatch, e.NBatch)

	place := newPlacement(f.BlockCount, o)
	e.Weights = f.TensorBytes
	var tied bool
	e.WeightsGPU, e.WeightsCPU, tied = f.splitWeights(place, o)
	e.GPU, e.CPU = e.WeightsGPU, e.WeightsCPU
	if o.NoGPU {
		e.note("no GPU device (CPU build or --device none): weights and KV cache stay in host memory")
	} else if e.WeightsCPU > 0 && f.BlockCount > 0 {
		e.note("token embeddings stay on the CPU: llama.cpp never offloads the input layer")
	}
	if tied {
		e.note("tied embeddings: token_embd.weight is loaded a second time for the output layer")
	}
	e.Output = f.outputBytes(e.Parallel, o.Embeddings)

	if err := f.estimateMemory(&e, o, place); err != nil {
		return e, err
	}
	return e, nil
}

// outputBytes is llama_context::output_reserve(n_seq_max): float logits
// for every vocabulary entry (and the embedding with --embedding), per
// sequence. Zero when the vocabulary size is unknown.
func (f *File) outputBytes(nseq uint64, embeddings bool) uint64 {
	var c checked
	n := f.VocabSize
	if embeddings {
		n = c.add(n, f.EmbeddingLength)
	}
	b := c.mul(c.mul(n, nseq), 4)
	if c.overflow {
		return 0
	}
	return b
}

func (e *Estimate) note(format string, args ...any) {
	e.Notes = append(e.Notes, fmt.Sprintf(format, args...))
}

// estimateMemory adds the KV cache or recurrent state.
func (f *File) estimateMemory(e *Estimate, o Options, place placement) error {
	if !f.hasMemory(e) {
		return nil
	}
	swa := f.swa()
	full, swaCells, err := cells(e, o, swa)
	if err != nil {
		return err
	}
	e.KVCells = full
	if swa.layers != nil {
		e.SWACells = swaCells
	}
	mla := f.isMLA()
	if err := f.addLayerMemory(e, o, place, swa, full, swaCells, mla); err != nil {
		return err
	}
	if e.KVLayers == 0 {
		e.KVCells, e.SWACells = 0, 0
	}
	f.memoryNotes(e, o, swa, full, swaCells, mla)
	return nil
}

// hasMemory says whether the model keeps a KV cache or state to estimate,
// with a note on e when it does not (or when what sizes it is missing).
func (f *File) hasMemory(e *Estimate) bool {
	switch f.Kind {
	case KindVisionProjector, KindDiffusion, KindSpeech, KindUnknown:
		e.note("%s: weights only, no llama.cpp KV cache to estimate", f.Kind)
		return false
	}
	switch {
	case !f.Causal:
		e.note("non-causal encoder: no KV cache")
	case noMemoryArchs[f.Architecture]:
		e.note("%s runs without a KV cache in llama.cpp", f.Architecture)
	case f.BlockCount == 0:
		e.note("no block_count: KV cache not estimated")
	case e.NCtx == 0:
		e.note("no context length: KV cache not estimated")
	default:
		return true
	}
	return false
}

// addLayerMemory adds each layer's KV cache (full or SWA cells) and
// recurrent state, on the GPU or the CPU with its layer.
func (f *File) addLayerMemory(e *Estimate, o Options, place placement, swa swaLayout, full, swaCells uint64, mla bool) error {
	plan := f.plan()
	var c checked
	for il := 0; il < int(f.BlockCount); il++ {
		var layerBytes uint64
		if plan.attention[il] {
			k, v := f.kvWidths(&c, il, swa.is(il), mla)
			kb, okK := e.CacheTypeK.RowBytes(k)
			vb, okV := e.CacheTypeV.RowBytes(v)
			if !okK || !okV {
				return fmt.Errorf("gguf: estimate: layer %d K width %d / V width %d is not a multiple of the %s / %s block size", il, k, v, e.CacheTypeK, e.CacheTypeV)
			}
			row := c.add(kb, vb)
			layerCells := full
			if swa.is(il) {
				layerCells = swaCells
				e.SWALayers++
			}
			layerBytes = c.mul(layerCells, row)
			e.KV = c.add(e.KV, layerBytes)
			e.KVFull = c.add(e.KVFull, c.mul(full, row))
			e.KVLayers++
		}
		if plan.recurrent != nil && plan.recurrent[il] {
			row, ok := f.stateRowBytes()
			if !ok {
				c.overflow = true
			}
			s := c.mul(row, e.Parallel) // max(1, n_seq_max) rows
			e.RecurrentState = c.add(e.RecurrentState, s)
			e.RecurrentLayers++
			layerBytes = c.add(layerBytes, s)
		}
		// the KV cache and state live with their layer (offload_kqv),
		// unless -nkvo keeps them on the CPU
		if place.gpu(il) && !o.NoKVOffload {
			e.GPU = c.add(e.GPU, layerBytes)
			e.KVGPU = c.add(e.KVGPU, layerBytes)
		} else {
			e.CPU = c.add(e.CPU, layerBytes)
			e.KVCPU = c.add(e.KVCPU, layerBytes)
		}
	}
	if c.overflow {
		return fmt.Errorf("gguf: estimate: KV size overflows (header values out of range)")
	}
	return nil
}

// memoryNotes explains the KV cache's shape: recurrent state, SWA, MLA,
// layers sharing KV.
func (f *File) memoryNotes(e *Estimate, o Options, swa swaLayout, full, swaCells uint64, mla bool) {
	if e.RecurrentLayers > 0 {
		e.note("recurrent state, not a KV cache: %d layers, %d sequence(s), f32, fixed size whatever the context", e.RecurrentLayers, e.Parallel)
	}
	if e.SWALayers > 0 {
		kind := "sliding-window"
		if swa.chunked {
			kind = "chunked"
		}
		if o.SWAFull {
			e.note("%s attention (n_swa %d) on %d of %d layers, --swa-full: every layer keeps the full context", kind, swa.nSWA, e.SWALayers, f.BlockCount)
		} else {
			per := ""
			if e.Streams > 1 {
				per = " per stream"
			}
			e.note("%s attention (n_swa %d) on %d of %d layers: they keep %d cells%s instead of %d", kind, swa.nSWA, e.SWALayers, f.BlockCount,
				swaCells/e.Streams, per, full/e.Streams)
		}
	}
	if mla {
		e.note("MLA: the K cache holds the compressed latent (kv_lora_rank + rope dims) and there is no V cache")
	} else if f.MLA.KVLoraRank > 0 {
		e.note("MLA model without key_length_mla (old conversion): llama.cpp caches full per-head K and V")
	}
	if limit := f.kvLayerLimit(); limit < int(f.BlockCount) {
		e.note("the last %d layers reuse earlier layers' KV and hold none", int(f.BlockCount)-limit)
	}
}

// cells gives the padded cell counts of a full and of a SWA layer, summed
// over streams, and sets e's context sizes.
func cells(e *Estimate, o Options, swa swaLayout) (full, swaCells uint64, err error) {
	if e.NCtx > maxCtx {
		return 0, 0, fmt.Errorf("gguf: estimate: n_ctx %d is out of range", e.NCtx)
	}
	nctx := pad(e.NCtx, ctxPad)
	nseq := e.Parallel
	streams, perStream := uint64(1), nctx
	if o.KVSplit && nseq > 1 {
		streams = nseq
		perStream = pad(nctx/nseq, ctxPad)
		if perStream == 0 {
			return 0, 0, fmt.Errorf("gguf: estimate: n_ctx %d is too small for %d sequences", e.NCtx, nseq)
		}
	}
	var c checked
	full = c.mul(perStream, streams)
	e.NCtxAlloc, e.NCtxSeq, e.Streams = full, perStream, streams
	if swa.layers != nil {
		window := uint64(swa.nSWA)
		if streams == 1 {
			window = c.mul(window, nseq)
		}
		s := pad(min(perStream, c.add(window, e.NUbatch)), swaPad)
		if o.SWAFull {
			s = perStream
		}
		swaCells = c.mul(s, streams)
	}
	if c.overflow {
		return 0, 0, fmt.Errorf("gguf: estimate: cell count overflows")
	}
	return full, swaCells, nil
}

// kvHeads is n_head_kv(il); llama.cpp defaults it to n_head.
func (f *File) kvHeads(il int) uint32 {
	if f.HeadCountKV != nil {
		return f.HeadCountKV.At(il)
	}
	return f.HeadCount.At(il)
}

// kvLayerLimit is how many leading layers own a KV cache
// (hparams.n_layer_kv_from_start); later layers share earlier ones'.
func (f *File) kvLayerLimit() int {
	n := int(f.BlockCount)
	switch {
	case f.HasSharedKVLayers:
		return max(n-int(f.SharedKVLayers), 0)
	case f.Architecture == "gemma3n":
		return min(n, gemma3nKVLayers)
	}
	return n
}

// isMLA is hparams.is_mla(): the file carries the MLA head sizes, so
// llama.cpp caches the latent and allocates no V cache.
func (f *File) isMLA() bool { return f.MLA.KeyLength != 0 && f.MLA.ValueLength != 0 }

// kvWidths are n_embd_k_gqa(il) and n_embd_v_gqa(il): the K and V row
// widths of one cell.
func (f *File) kvWidths(c *checked, il int, swa, mla bool) (k, v uint64) {
	heads := uint64(f.kvHeads(il))
	headK, headV := uint64(f.KeyLength), uint64(f.ValueLength)
	if nh := uint64(f.HeadCount.At(0)); nh > 0 {
		if headK == 0 {
			headK = f.EmbeddingLength / nh
		}
		if headV == 0 {
			headV = f.EmbeddingLength / nh
		}
	}
	if swa && f.KeyLengthSWA != 0 {
		headK = uint64(f.KeyLengthSWA)
	}
	if swa && f.ValueLengthSWA != 0 {
		headV = uint64(f.ValueLengthSWA)
	}
	if mla {
		if f.KeyLength == 0 {
			headK = uint64(f.MLA.KVLoraRank) + uint64(f.RopeDimensionCount)
		}
		return c.mul(headK, heads), 0
	}
	return c.mul(headK, heads), c.mul(headV, heads)
}

func pad(n, to uint64) uint64 {
	if r := n % to; r != 0 {
		return n + to - r
	}
	return n
}

// checked is uint64 arithmetic that remembers an overflow.
type checked struct{ overflow bool }

func (c *checked) mul(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi != 0 {
		c.overflow = true
	}
	return lo
}

func (c *checked) add(a, b uint64) uint64 {
	s, carry := bits.Add64(a, b, 0)
	if carry != 0 {
		c.overflow = true
	}
	return s
}
