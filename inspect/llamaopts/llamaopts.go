// Package llamaopts turns the settings a llama.cpp program was started
// with into the context options llama.cpp itself ends up using, applying
// the program's own defaults: llama-server's automatic slots and unified
// KV cache, llama-cli's single sequence. gtm model and the live LLM
// breakdown both size memory through it, so they agree.
package llamaopts

import (
	"github.com/gputaskman/gtm/inspect/gguf"
	"github.com/gputaskman/gtm/inspect/modelargs"
)

// Preset is the program whose defaults apply.
type Preset string

const (
	// Server is llama-server: -np auto (4 slots, unified KV cache).
	Server Preset = "server"
	// CLI is llama-cli and the other common_params programs: one
	// sequence, split (per-sequence) KV cache.
	CLI Preset = "cli"
)

// Defaults shared by every llama.cpp program (common.h).
const (
	DefaultBatch     = 2048
	DefaultUBatch    = 512
	ServerAutoSlots  = 4 // llama-server's n_parallel when -np is auto (-1)
	defaultCacheType = "f16"
)

// Resolved is what the program runs with, and how each value was decided.
type Resolved struct {
	Options gguf.Options
	// AutoSlots: -np was not given (or -1) and the server chose its slots.
	AutoSlots bool
	// CtxFromModel: no -c (or -c 0): the model's trained context.
	CtxFromModel bool
	// GPULayersAuto: -ngl auto (llama-server's default): llama.cpp fits
	// layers to free GPU memory; the estimate assumes they all fit.
	GPULayersAuto bool
}

// Resolve applies p's defaults to s, following llama.cpp's
// common/arg.cpp, tools/server/server.cpp and llama_context.
func Resolve(s modelargs.Settings, p Preset) Resolved {
	var r Resolved
	o := &r.Options
	o.CacheTypeK, o.CacheTypeV = defaultCacheType, defaultCacheType
	if s.CacheTypeK != nil {
		o.CacheTypeK = *s.CacheTypeK
	}
	if s.CacheTypeV != nil {
		o.CacheTypeV = *s.CacheTypeV
	}

	// Slots and the unified cache: common_params' kv_unified is off unless
	// -kvu; llama-server turns an auto slot count into 4 slots sharing one
	// unified cache, whatever -no-kvu said.
	unified := s.KVUnified != nil && *s.KVUnified
	parallel := 1
	switch {
	case s.Parallel != nil && *s.Parallel > 0:
		parallel = *s.Parallel
	case p == Server:
		parallel, unified, r.AutoSlots = ServerAutoSlots, true, true
	}
	o.Parallel, o.KVSplit = parallel, !unified

	// Context: -c, else --kv-unified-per-slot × slots (server), else the
	// trained context (0 here). -c 0 asks for the trained context.
	switch {
	case s.CtxSize != nil && *s.CtxSize > 0:
		o.NCtx = *s.CtxSize
	case s.CtxSize == nil && p == Server && s.KVUnifiedPerSlot != nil && *s.KVUnifiedPerSlot > 0:
		o.NCtx = parallel * *s.KVUnifiedPerSlot
	default:
		r.CtxFromModel = true
	}

	o.NBatch, o.NUbatch = DefaultBatch, DefaultUBatch
	if s.BatchSize != nil && *s.BatchSize > 0 {
		o.NBatch = *s.BatchSize
	}
	if s.UBatchSize != nil {
		o.NUbatch = *s.UBatchSize
		if o.NUbatch == 0 {
			o.NUbatch = o.NBatch // llama_context: 0 means n_batch
		}
	}
	if s.Embeddings != nil && *s.Embeddings {
		o.Embeddings = true
		if p == Server && o.NBatch > o.NUbatch {
			o.NBatch = o.NUbatch // embeddings need the whole batch in one ubatch
		}
	}

	if s.SWAFull != nil {
		o.SWAFull = *s.SWAFull
	}
	if s.NoKVOffload != nil {
		o.NoKVOffload = *s.NoKVOffload
	}
	if s.NCPUMoE != nil {
		o.NCPUMoE = *s.NCPUMoE
	}
	if s.Mmap != nil {
		o.NoMmap = !*s.Mmap
	}
	if s.Devices != nil && *s.Devices == "none" {
		o.NoGPU = true
	}
	switch g := s.GPULayers; {
	case g == nil, g.Mode == "auto", g.Mode == "" && g.Count == -1:
		r.GPULayersAuto = true
	case g.Mode == "" && g.Count >= 0:
		n := g.Count
		o.NGPULayers = &n
	}
	return r
}
