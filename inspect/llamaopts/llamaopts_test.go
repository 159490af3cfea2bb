package llamaopts_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/gguf"
	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
	"github.com/gputaskman/gtm/inspect/llamaopts"
	"github.com/gputaskman/gtm/inspect/modelargs"
)

const mib = 1 << 20

func parse(t *testing.T, b *ggufgen.Builder) *gguf.File {
	t.Helper()
	im := b.MustBuild()
	f, err := gguf.Parse(bytes.NewReader(im.Header), im.Size)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// estimate sizes f as llama-server started with args would.
func estimate(t *testing.T, f *gguf.File, args string) gguf.Estimate {
	t.Helper()
	argv := append([]string{"llama-server", "-m", "m.gguf"}, strings.Fields(args)...)
	r := modelargs.Parse(argv, "/srv")
	if len(r.Warnings) > 0 {
		t.Fatalf("%s: %v", args, r.Warnings)
	}
	e, err := f.Estimate(llamaopts.Resolve(r.Settings, llamaopts.Server).Options)
	if err != nil {
		t.Fatalf("%s: %v", args, err)
	}
	return e
}

// Rule: an explicit -np N splits the cache into N streams of
// pad(n_ctx/N, 256) cells; auto slots or -kvu keep one unified stream.
func TestKVSplitStreamsWithExplicitParallel(t *testing.T) {
	mha := parse(t, ggufgen.LlamaMHA()) // 4 layers × 2 × 256 × f16: 4 KiB per cell
	cases := []struct {
		args           string
		streams, cells uint64
		kvMiB          float64
	}{
		{"-c 512 -np 4", 4, 1024, 4},             // 4 streams × pad(128) = 256
		{"-c 512", 1, 512, 2},                    // auto: 4 slots, unified
		{"-c 512 -np 4 -kvu", 1, 512, 2},         // unified on request
		{"-c 512 -np 4 --kv-unified", 1, 512, 2}, // long spelling
		{"-c 512 -no-kvu", 1, 512, 2},            // auto slots force unified anyway
		{"-c 1000 -np 3", 3, 1536, 6},            // pad(1024/3) = 512 per stream
		{"-c 512 -np 1", 1, 512, 2},
		{"-np 2 --kv-unified-per-slot 1024", 2, 2048, 8}, // no -c: 2 × 1024
		{"-np 4 -c 2048 --no-kv-unified", 4, 2048, 8},
	}
	for _, c := range cases {
		e := estimate(t, mha, c.args)
		if e.Streams != c.streams || e.KVCells != c.cells || e.KV != uint64(c.kvMiB*mib) {
			t.Errorf("%s: %d streams, %d cells, KV %.2f MiB; want %d, %d, %.2f", c.args, e.Streams, e.KVCells, float64(e.KV)/mib, c.streams, c.cells, c.kvMiB)
		}
	}

	// SWA layers: per stream pad(min(n_ctx_seq, n_swa + n_ubatch)) when
	// split, pad(min(n_ctx, n_swa·slots + n_ubatch)) when unified.
	swa := parse(t, ggufgen.Gemma3SWA()) // n_swa 256, 5 SWA + 1 full layer, 512 B per cell per layer
	for _, c := range []struct {
		args               string
		fullCells, swaCell uint64
	}{
		{"-c 2048 -np 4", 2048, 4 * 512}, // 512 per stream; min(512, 768) = 512
		{"-c 2048", 2048, 1536},          // unified: min(2048, 1024+512)
		{"-c 8192 -np 4", 8192, 4 * 768}, // min(2048, 768) = 768 per stream
		{"-c 8192 -np 4 --swa-full", 8192, 8192},
	} {
		e := estimate(t, swa, c.args)
		if e.KVCells != c.fullCells || e.SWACells != c.swaCell || e.KV != (c.fullCells+5*c.swaCell)*512 {
			t.Errorf("%s: cells %d/%d KV %d", c.args, e.KVCells, e.SWACells, e.KV)
		}
	}
}

// Rule: llama.cpp uses n_ubatch = min(n_batch, n_ubatch), and the batch
// is capped by the context.
func TestBatchCapsUbatch(t *testing.T) {
	swa := parse(t, ggufgen.Gemma3SWA())
	e := estimate(t, swa, "-c 8192 -b 256")
	// unified 4 slots: SWA pad(min(8192, 256·4 + 256)) = 1280
	if e.NBatch != 256 || e.NUbatch != 256 || e.SWACells != 1280 {
		t.Errorf("-b 256: n_batch %d n_ubatch %d SWA cells %d", e.NBatch, e.NUbatch, e.SWACells)
	}
	e = estimate(t, swa, "-c 8192 -b 256 -ub 1024")
	if e.NUbatch != 256 {
		t.Errorf("-b 256 -ub 1024: n_ubatch %d", e.NUbatch)
	}
	e = estimate(t, swa, "-c 300 -np 1")
	if e.NBatch != 300 || e.NUbatch != 300 {
		t.Errorf("-c 300: n_batch %d n_ubatch %d, want both 300", e.NBatch, e.NUbatch)
	}
	e = estimate(t, swa, "-c 8192 -ub 0 -b 1024")
	if e.NUbatch != 1024 {
		t.Errorf("-ub 0: n_ubatch %d, want n_batch", e.NUbatch)
	}
}

// Rule: llama-server's defaults, and llama-cli's.
func TestModelDefaultsAreLlamaServers(t *testing.T) {
	r := llamaopts.Resolve(modelargs.Settings{}, llamaopts.Server)
	o := r.Options
	if o.Parallel != 4 || o.KVSplit || o.NBatch != 2048 || o.NUbatch != 512 || !r.AutoSlots || !r.CtxFromModel || !r.GPULayersAuto {
		t.Errorf("server defaults: %+v", r)
	}
	r = llamaopts.Resolve(modelargs.Settings{}, llamaopts.CLI)
	if r.Options.Parallel != 1 || !r.Options.KVSplit || r.AutoSlots {
		t.Errorf("cli defaults: %+v", r)
	}
}

// Rule: -dev none (as a CPU build) keeps everything on the CPU, token
// embeddings included; -ngl counts the output layer first.
func TestCPUOnlyWeightsIncludeTokenEmbeddings(t *testing.T) {
	f := parse(t, ggufgen.Qwen3GQA())
	for _, args := range []string{"-c 512 -dev none", "-c 512 -ngl 0"} {
		e := estimate(t, f, args)
		if e.WeightsGPU != 0 || e.WeightsCPU != f.TensorBytes || e.KVGPU != 0 || e.KVCPU != e.KV || e.GPU != 0 {
			t.Errorf("%s: weights %d/%d of %d, KV %d/%d", args, e.WeightsGPU, e.WeightsCPU, f.TensorBytes, e.KVGPU, e.KVCPU)
		}
	}
	var tok uint64
	for _, x := range f.Tensors {
		if x.Name == "token_embd.weight" {
			tok = x.Bytes
		}
	}
	e := estimate(t, f, "-c 512")
	if e.WeightsCPU != tok || e.WeightsGPU != f.TensorBytes || e.KVCPU != 0 {
		t.Errorf("all offloaded: CPU %d (token_embd %d), GPU %d (tied copy: %d)", e.WeightsCPU, tok, e.WeightsGPU, f.TensorBytes)
	}
	// -ngl 1: only the output layer (norm and the tied token_embd copy)
	e = estimate(t, f, "-c 512 -ngl 1")
	if e.WeightsGPU != tok+256*4 || e.KVGPU != 0 {
		t.Errorf("-ngl 1: GPU weights %d, KV %d", e.WeightsGPU, e.KVGPU)
	}
	// -nkvo: weights offloaded, KV on the CPU
	e = estimate(t, f, "-c 512 -nkvo")
	if e.KVGPU != 0 || e.KVCPU != e.KV || e.WeightsGPU == 0 {
		t.Errorf("-nkvo: KV %d/%d", e.KVGPU, e.KVCPU)
	}
}

// The output buffer holds float logits for the vocabulary, per sequence.
func TestOutputBufferPerSequence(t *testing.T) {
	f := parse(t, ggufgen.LlamaMHA()) // 32,000 tokens
	if e := estimate(t, f, "-c 512"); e.Output != 4*32000*4 {
		t.Errorf("4 auto slots: output %d", e.Output)
	}
	if e := estimate(t, f, "-c 512 -np 1 --embedding"); e.Output != (32000+256)*4 {
		t.Errorf("1 slot with embeddings: output %d", e.Output)
	}
}

// --n-cpu-moe N keeps the expert tensors of the first N layers on the CPU.
func TestNCPUMoEKeepsExpertsOnCPU(t *testing.T) {
	b := ggufgen.LlamaMHA()
	for il := 0; il < 4; il++ {
		b.Tensor(fmt.Sprintf("blk.%d.ffn_up_exps.weight", il), gguf.TypeQ8_0, 256, 512, 4)
	}
	f := parse(t, b)
	var exps uint64
	for _, x := range f.Tensors {
		if strings.HasSuffix(x.Name, "ffn_up_exps.weight") {
			exps = x.Bytes // each the same size
		}
	}
	all := estimate(t, f, "-c 512 --no-mmap")
	two := estimate(t, f, "-c 512 --no-mmap --n-cpu-moe 2")
	if two.WeightsGPU != all.WeightsGPU-2*exps || two.WeightsCPU != all.WeightsCPU+2*exps {
		t.Errorf("--n-cpu-moe 2: GPU %d (all %d), CPU %d (all %d), experts %d", two.WeightsGPU, all.WeightsGPU, two.WeightsCPU, all.WeightsCPU, exps)
	}
	if e := estimate(t, f, "-c 512 --no-mmap -cmoe"); e.WeightsGPU != all.WeightsGPU-4*exps {
		t.Errorf("--cpu-moe: GPU %d", e.WeightsGPU)
	}
}
