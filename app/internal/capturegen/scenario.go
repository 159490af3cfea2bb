package capturegen

import (
	"math"
	"math/rand/v2"
)

// The scenario, second by second. Everything is derived from t (seconds
// since the first snapshot) and a fixed-seed random source, so the
// capture is the same on every run.

const (
	// Seconds is the capture's length: one snapshot a second.
	Seconds = 240

	mib = 1 << 20
	gib = 1 << 30
)

// Process lifetimes, in seconds from the start ([from, until)).
const (
	llamaStart = 15 // llama-server launched (CUDA context created)
	llamaAlloc = 16 // weights buffer allocated; upload over PCIe until llamaCtx
	llamaCtx   = 19 // llama_context: KV cache allocated
	llamaComp  = 20 // compute buffers reserved; warm-up run
	llamaReady = 21 // HTTP API answers "ok"
	mpvStart   = 40
	mpvEnd     = 131
	embedStart = 150
	embedEnd   = 201
)

// llama-server's buffers as llama.cpp logs them for Qwen3-8B Q4_K_M with
// -c 16384 -np 4 -ngl 99 on one CUDA device (f16 KV: 36 layers × 8 KV
// heads × 128 × 2 (K and V) × 2 bytes = 144 KiB per cell).
const (
	llamaCUDAContext  = 284 * mib                // cuInit + first allocation, as NVML counts it
	llamaWeightsGPU   = 445535 * mib / 100       // "CUDA0 model buffer size = 4455.35 MiB"
	llamaWeightsHost  = 33384 * mib / 100        // "CPU_Mapped model buffer size = 333.84 MiB" (token embeddings)
	llamaKV           = 16384 * 144 * 1024       // "CUDA0 KV buffer size = 2304.00 MiB"
	llamaComputeGPU   = 30475 * mib / 100        // "CUDA0 compute buffer size = 304.75 MiB"
	llamaComputeHost  = 4001 * mib / 100         // "CUDA_Host compute buffer size = 40.01 MiB"
	llamaOutputHost   = 232 * mib / 100          // "CUDA_Host output buffer size = 2.32 MiB"
	llamaCuBLAS       = 64 * mib                 // cuBLAS workspace at the first real request
	llamaFileBytes    = 5_027_783_488            // the GGUF on disk
	gpu0NonProcess    = 318 * mib                // used memory no process list accounts for
	gpu1NonProcess    = 206 * mib                //
	memTotal          = 65_690_832 * 1024        // /proc/meminfo MemTotal
	swapTotal         = 8 * gib                  //
	baseMemUsed       = 11*gib + 700*mib         // desktop, services, other programs
	uploadBytesPerSec = llamaFileBytes * 10 / 31 // cold page cache: the upload takes ~3 s
)

// request is one chat completion llama-server answers: a prefill second
// at full SM load, then decoding, memory-bound.
type request struct {
	start, prefill, decode int // seconds
	tokensPerSec           float64
}

func (r request) prefilling(t int) bool { return t >= r.start && t < r.start+r.prefill }
func (r request) decoding(t int) bool {
	return t >= r.start+r.prefill && t < r.start+r.prefill+r.decode
}

// world holds the scenario's precomputed schedule and its slow state
// (temperatures lag behind power).
type world struct {
	rng      *rand.Rand
	requests []request
	temp     [2]float64
}

func newWorld() *world {
	w := &world{rng: rand.New(rand.NewPCG(2026, 11)), temp: [2]float64{38, 41}}
	// Requests from t=32 to the end: a single user chatting, sometimes a
	// second client (an editor plugin) overlapping.
	t := 32
	for t < Seconds-6 {
		r := request{start: t, prefill: 1, decode: 4 + w.rng.IntN(14), tokensPerSec: 124 + 10*w.rng.Float64()}
		w.requests = append(w.requests, r)
		if w.rng.IntN(10) < 3 {
			o := request{start: t + 2 + w.rng.IntN(3), prefill: 1, decode: 3 + w.rng.IntN(8), tokensPerSec: 118 + 10*w.rng.Float64()}
			w.requests = append(w.requests, o)
		}
		t = r.start + r.prefill + r.decode + 2 + w.rng.IntN(11)
	}
	return w
}

// llamaLoad is what llama-server does in second t.
type llamaLoad struct {
	running            bool
	prefill, decode    int // requests in each phase
	tokensPerSec       float64
	firstRequestServed bool
}

func (w *world) llama(t int) llamaLoad {
	l := llamaLoad{running: t >= llamaStart}
	for _, r := range w.requests {
		if r.start <= t {
			l.firstRequestServed = true
		}
		switch {
		case r.prefilling(t):
			l.prefill++
		case r.decoding(t):
			l.decode++
			l.tokensPerSec += r.tokensPerSec * (1 - 0.06*float64(l.decode-1))
		}
	}
	return l
}

// jitter returns v ± spread, deterministic per call order.
func (w *world) jitter(v, spread float64) float64 { return v + spread*(2*w.rng.Float64()-1) }

// pct rounds a utilization to NVML's whole percent, within 0–100.
func pct(v float64) float64 { return math.Max(0, math.Min(100, math.Round(v))) }

// round1 rounds to one decimal.
func round1(v float64) float64 { return math.Round(v*10) / 10 }

// lag moves a temperature towards its target with a ~20 s time constant.
func lag(cur, target float64) float64 { return cur + (target-cur)*0.05 }
