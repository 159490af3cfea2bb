package inspect

import (
	"os"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/llamacpplog"
)

func blockOf(t *testing.T, text string) *llamacpplog.Block {
	t.Helper()
	blocks := llamacpplog.Parse(strings.NewReader(text))
	if len(blocks) == 0 {
		t.Fatal("no block")
	}
	return &blocks[len(blocks)-1]
}

const mibF = 1 << 20

func mibOf(v float64) uint64 { return uint64(v*mibF + 0.5) }

// Rule: every buffer line of every device is read and attributed to GPU
// or host memory; nothing is dropped because it is not on a GPU.
func TestLogReadsEveryDeviceBufferLine(t *testing.T) {
	// a CPU-only llama-server: every buffer in host memory
	cpu := blockOf(t, `load_tensors:   CPU_Mapped model buffer size =     3.75 MiB
llama_context: n_seq_max             = 4
llama_context: n_ctx                 = 2048
llama_context: n_ctx_seq             = 512
llama_context: n_batch               = 2048
llama_context: n_ubatch              = 256
llama_context: kv_unified            = false
llama_context:        CPU  output buffer size =     0.01 MiB
llama_kv_cache:        CPU KV buffer size =     6.00 MiB
llama_kv_cache: size =    6.00 MiB (   512 cells,   6 layers,  4/4 seqs), K (f16):    3.00 MiB, V (f16):    3.00 MiB
sched_reserve:        CPU compute buffer size =    10.50 MiB
`)
	lf := factsFromBlock(cpu)
	eq := func(name string, got *uint64, want uint64) {
		t.Helper()
		if got == nil || *got != want {
			t.Errorf("%s = %v, want %d", name, got, want)
		}
	}
	eq("GPU weights", lf.Weights, 0) // the log lists the weights: none on a GPU
	eq("GPU KV", lf.KV, 0)
	eq("GPU compute", lf.Compute, 0)
	eq("GPU output", lf.Output, 0)
	eq("host weights", lf.HostWeights, mibOf(3.75))
	eq("host KV", lf.HostKV, mibOf(6))
	eq("host compute", lf.HostCompute, mibOf(10.5))
	eq("host output", lf.HostOutput, mibOf(0.01))
	eq("n_ctx", lf.NCtx, 2048)
	eq("n_seq_max", lf.NSeqMax, 4)
	eq("n_ubatch", lf.NUbatch, 256)
	if lf.KVUnified == nil || *lf.KVUnified {
		t.Errorf("kv_unified = %v", lf.KVUnified)
	}

	// partial offload on several backends: device buffers add up per
	// kind, host ones (CPU, CPU_Mapped, *_Host) beside them
	mixed := blockOf(t, `load_tensors:        CUDA0 model buffer size =   500.00 MiB
load_tensors:        ROCm0 model buffer size =    50.00 MiB
load_tensors:      Vulkan0 model buffer size =     5.00 MiB
load_tensors:        Metal model buffer size =     0.50 MiB
load_tensors:   CPU_Mapped model buffer size =   300.00 MiB
load_tensors:          CPU model buffer size =    10.00 MiB
llama_context:  CUDA_Host  output buffer size =     1.00 MiB
llama_kv_cache:        CUDA0 KV buffer size =    32.00 MiB
llama_kv_cache:          CPU KV buffer size =     8.00 MiB
llama_memory_recurrent:  CUDA0 RS buffer size =     2.00 MiB
sched_reserve:        CUDA0 compute buffer size =   514.25 MiB
sched_reserve:        ROCm0 compute buffer size =    14.00 MiB
sched_reserve:    CUDA_Host compute buffer size =    17.00 MiB
`)
	lf = factsFromBlock(mixed)
	eq("GPU weights", lf.Weights, mibOf(555.5))
	eq("host weights", lf.HostWeights, mibOf(310))
	eq("GPU KV + state", lf.KV, mibOf(34))
	eq("host KV", lf.HostKV, mibOf(8))
	eq("GPU compute", lf.Compute, mibOf(528.25))
	eq("host compute", lf.HostCompute, mibOf(17))
	eq("GPU output", lf.Output, 0)
	eq("host output", lf.HostOutput, mibOf(1))

	// and the breakdown reports both sides from the log
	l := BuildLLM(LLMInput{Log: lf})
	if l.Weights.Bytes != mibOf(555.5) || l.Weights.Source != "reported" || l.Host == nil ||
		l.Host.Weights.Bytes != mibOf(310) || l.Host.Compute.Bytes != mibOf(17) || l.Host.Output.From != "log" {
		t.Errorf("breakdown %+v host %+v", l.Breakdown, l.Host)
	}
}

// A real CPU-only llama-server log (-lv 4, gemma3 SWA, -c 2048 -np 4):
// two KV caches, the fit pass, timestamps and level letters.
func TestRealCPUServerLog(t *testing.T) {
	src, err := os.ReadFile("llamacpplog/testdata/llama-server-cpu-2026.log")
	if err != nil {
		t.Fatal(err)
	}
	lf := factsFromBlock(blockOf(t, string(src)))
	want := map[string]struct {
		got  *uint64
		want uint64
	}{
		"host weights": {lf.HostWeights, mibOf(3.75)}, "host KV": {lf.HostKV, mibOf(6)},
		"host output": {lf.HostOutput, mibOf(0.01)}, "host compute": {lf.HostCompute, mibOf(5.52)},
		"GPU KV": {lf.KV, 0}, "n_ctx": {lf.NCtx, 2048}, "n_seq_max": {lf.NSeqMax, 4},
	}
	for name, w := range want {
		if w.got == nil || *w.got != w.want {
			t.Errorf("%s = %v, want %d", name, w.got, w.want)
		}
	}
	if lf.KVUnified == nil || *lf.KVUnified {
		t.Errorf("kv_unified %v", lf.KVUnified)
	}
}

// A model split over two GPUs (-ts 1,1): the log's per-device buffers
// become one entry per device; the totals stay the sums.
func TestLogSplitsPerDevice(t *testing.T) {
	lf := factsFromBlock(blockOf(t, `load_tensors: offloaded 37/37 layers to GPU
load_tensors:        CUDA0 model buffer size =  2400.00 MiB
load_tensors:        CUDA1 model buffer size =  2394.15 MiB
load_tensors:   CPU_Mapped model buffer size =   333.84 MiB
llama_context: n_ctx                 = 8192
llama_kv_cache:      CUDA0 KV buffer size =   608.00 MiB
llama_kv_cache:      CUDA1 KV buffer size =   544.00 MiB
sched_reserve:      CUDA0 compute buffer size =   304.00 MiB
sched_reserve:      CUDA1 compute buffer size =   296.00 MiB
sched_reserve:  CUDA_Host compute buffer size =    24.01 MiB
`))
	if len(lf.Devices) != 2 {
		t.Fatalf("devices = %+v, want CUDA0 and CUDA1", lf.Devices)
	}
	d0, d1 := lf.Devices[0], lf.Devices[1]
	if d0.Device != "CUDA0" || d0.GPU == nil || *d0.GPU != 0 || d0.Weights.Bytes != mibOf(2400) || d0.KVCache.Bytes != mibOf(608) || d0.Compute.Bytes != mibOf(304) {
		t.Errorf("CUDA0 = %+v", d0)
	}
	if d1.Device != "CUDA1" || *d1.GPU != 1 || d1.Weights.Bytes != mibOf(2394.15) || d1.KVCache.Bytes != mibOf(544) || d1.Output != nil {
		t.Errorf("CUDA1 = %+v", d1)
	}
	if *lf.Weights != mibOf(4794.15) || *lf.KV != mibOf(1152) {
		t.Errorf("totals weights %d KV %d", *lf.Weights, *lf.KV)
	}
	l := BuildLLM(LLMInput{Log: lf})
	if len(l.Devices) != 2 || l.Devices[1].Weights.Source != "reported" {
		t.Errorf("llm devices = %+v", l.Devices)
	}
	// one GPU: no per-device list (the breakdown says it all)
	if one := factsFromBlock(blockOf(t, "load_tensors:        CUDA0 model buffer size =  2400.00 MiB\n")); one.Devices != nil {
		t.Errorf("one device listed: %+v", one.Devices)
	}
}
