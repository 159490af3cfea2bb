// Package capturegen builds the demo capture (assets/demo/capture.jsonl):
// four minutes of a desktop with two NVIDIA GPUs, built from documented
// counter behaviour because no real GPU was at hand to record one. Every
// snapshot is marked synthetic.
//
// The numbers are invented, the shapes are not: the snapshots come out of
// the real collect.Collector, fed by stand-ins for NVML, /proc, the system
// reader and the inspector, and the llama-server's LLM block is built by
// inspect.BuildLLM from a Qwen3-8B-shaped GGUF header and the buffer sizes
// llama.cpp logs. So process rows, categories, runtimes, evidence and the
// llm block are exactly what gtm produces for such a machine.
//
// What happens:
//   - GPU 0, a GeForce RTX 4090 24 GB: Xorg and gnome-shell (compositor)
//     and Chrome's GPU process throughout. At 15 s a llama-server starts
//     with Qwen3-8B Q4_K_M (-c 16384 -np 4 -ngl 99): its CUDA context, then
//     the 4.4 GiB weights buffer (allocated at once, then uploaded over
//     PCIe for ~3 s while its resident RAM swells with the mapped file),
//     then the 2.25 GiB KV cache, then compute buffers; the API says
//     "loading" until 21 s. From 32 s it answers chat requests: a prefill
//     second at full SM load, then memory-bound decoding at ~130 tokens/s,
//     sometimes two at once. mpv decodes a 4K video on NVDEC from 40 to
//     131 s; a PyTorch embedding job (python3, BAAI/bge-m3) runs from 150
//     to 201 s, its caching allocator growing in steps.
//   - GPU 1, a T1000 8 GB that reports no power readings: another user's
//     training job, whose exe, working directory and memory maps are
//     hidden from gtm (not root).
//   - The machine: 16 logical CPUs, 62.6 GiB RAM, 8 GiB swap.
//
// Gaps are deliberate: CPU loads are null on a process's first snapshot,
// per-process engine samples are null while a process ran no kernel, and
// GPU 0's PCIe counters fail for two seconds.
//
// Regenerate with: go test ./app/internal/capturegen -update
package capturegen

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/inspect"
	"github.com/gputaskman/gtm/inspect/gguf"
	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
	"github.com/gputaskman/gtm/internal/schema"
)

// Start is the first snapshot's time.
var Start = time.Date(2026, 11, 27, 14, 0, 0, 0, time.UTC)

// Version is the tool version written into the capture.
const Version = "0.1.0-demo"

// Generate builds the capture. scratch is a directory for the model
// header the LLM estimates read (a sparse file; nothing else is written).
func Generate(scratch string) ([]*schema.Snapshot, error) {
	headerPath := filepath.Join(scratch, "Qwen3-8B-Q4_K_M.gguf")
	if err := qwen3_8B().MustBuild().WriteFile(headerPath); err != nil {
		return nil, err
	}
	headers := inspect.NewHeaderCache()
	header, err := headers.Get(headerPath)
	if err != nil {
		return nil, fmt.Errorf("the Qwen3-8B header: %w", err)
	}

	s := newState(headers, headerPath, header)
	c := &collect.Collector{
		GPU: s, Procs: s, Evidence: s, System: s, Version: Version,
		Host: backend.Host{OS: "linux", Mode: backend.ModeNative, Hostname: str("workstation"), SharesHostPIDs: true},
		Now:  func() time.Time { return Start.Add(time.Duration(s.t) * time.Second) },
	}
	out := make([]*schema.Snapshot, 0, Seconds)
	for s.t = 0; s.t < Seconds; s.t++ {
		s.step()
		snap := c.Collect(context.Background())
		snap.Synthetic = true
		out = append(out, snap)
	}
	return out, nil
}

// Write generates the capture into w as JSONL.
func Write(w io.Writer) error {
	dir, err := os.MkdirTemp("", "gtm-capturegen-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	snaps, err := Generate(dir)
	if err != nil {
		return err
	}
	cw := capture.NewWriter(w)
	for _, s := range snaps {
		if err := cw.Write(s); err != nil {
			return err
		}
	}
	return nil
}

// qwen3_8B is Qwen3-8B's shape: 36 layers, 4096 wide, 32 query and 8 KV
// heads of 128, a 151,936-token vocabulary, 40,960 trained context, Q4_K
// matrices (file type Q4_K_M).
func qwen3_8B() *ggufgen.Builder {
	return ggufgen.Decoder{
		Arch: "qwen3", Name: "Qwen3 8B",
		Layers: 36, Embd: 4096, FFN: 12288, Heads: 32, KVHeads: 8, HeadDim: 128,
		Vocab: 151936, Context: 40960,
		Weights: gguf.TypeQ4_K, QKNorm: true,
		FileType: 15, // LLAMA_FTYPE_MOSTLY_Q4_K_M
		Tokens:   151936,
	}.Builder()
}
