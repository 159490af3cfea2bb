package llamacpplog

import (
	"math"
	"os"
	"strings"
	"testing"
)

func mib(v float64) uint64 { return uint64(math.Round(v * (1 << 20))) }

func parseFile(t *testing.T, name string) []Block {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return Parse(f)
}

func parseString(s string) []Block { return Parse(strings.NewReader(s)) }

func TestFixtures(t *testing.T) {
	type want struct {
		blocks                     int
		path, fileType, params     string
		weightsDev, weightsHost    uint64 // device-side and host-side weights
		kv, computeDev, output     uint64
		kvCells, kvLayers, kvSeqs  int
		kvTypeK                    string
		nCtx, nCtxSeq, nBatch      int
		flash                      string
		ready                      bool
		devBackend, hostWeightsBuf string
	}
	tests := map[string]want{
		"llama-server-b8xxx.log": {blocks: 1, path: "/models/Qwen3-0.6B-Q8_0.gguf", fileType: "Q8_0", params: "596.05 M",
			weightsDev: mib(604.15), weightsHost: mib(157.65), kv: mib(896), computeDev: mib(298.75), output: mib(0.58),
			kvCells: 8192, kvLayers: 28, kvSeqs: 1, kvTypeK: "f16", nCtx: 8192, nCtxSeq: 8192, nBatch: 2048, flash: "auto",
			ready: true, devBackend: "CUDA0", hostWeightsBuf: "CPU_Mapped"},
		"llama-2025-kv_cache_unified.log": {blocks: 1, path: "/srv/models/Qwen3-0.6B-Q8_0.gguf", fileType: "Q8_0", params: "596.05 M",
			weightsDev: mib(604.15), weightsHost: mib(157.65), kv: mib(896), computeDev: mib(298.75), output: mib(0.58),
			kvCells: 8192, kvLayers: 28, kvSeqs: 1, kvTypeK: "f16", nCtx: 8192, nCtxSeq: 8192, nBatch: 2048, flash: "0",
			devBackend: "Vulkan0", hostWeightsBuf: "CPU_Mapped"},
		"llama-2024-llm_load_tensors.log": {blocks: 1, path: "models/qwen-0.6b-q8_0.gguf", fileType: "Q8_0", params: "596.05 M",
			weightsDev: mib(604.15), weightsHost: mib(157.65), kv: mib(896), computeDev: mib(298.50), output: mib(0.58),
			kvTypeK: "f16", nCtx: 8192, nBatch: 2048, flash: "0", devBackend: "CUDA0", hostWeightsBuf: "CPU"},
	}
	for name, w := range tests {
		t.Run(name, func(t *testing.T) {
			bs := parseFile(t, name)
			if len(bs) != w.blocks {
				t.Fatalf("%d blocks, want %d", len(bs), w.blocks)
			}
			b := &bs[len(bs)-1]
			check := func(what string, got, want any) {
				t.Helper()
				if got != want {
					t.Errorf("%s = %v, want %v", what, got, want)
				}
			}
			check("model path", b.ModelPath, w.path)
			check("file type", b.FileType, w.fileType)
			check("params", b.Params, w.params)
			check("file size", b.FileBytes, mib(604.15))
			check("device weights", b.Sum(KindWeights, w.devBackend), w.weightsDev)
			check("host weights", b.Sum(KindWeights, w.hostWeightsBuf), w.weightsHost)
			check("kv", b.Sum(KindKV, ""), w.kv)
			check("device compute", b.Sum(KindCompute, w.devBackend), w.computeDev)
			check("output", b.Sum(KindOutput, ""), w.output)
			check("n_ctx", b.Context.NCtx, w.nCtx)
			check("n_ctx_seq", b.Context.NCtxSeq, w.nCtxSeq)
			check("n_batch", b.Context.NBatch, w.nBatch)
			check("flash_attn", b.Context.FlashAttn, w.flash)
			check("ready", b.Ready, w.ready)
			if len(b.KV) != 1 {
				t.Fatalf("KV summaries %+v", b.KV)
			}
			kv := b.KV[0]
			check("kv bytes", kv.Bytes, mib(896))
			check("kv K", kv.KBytes, mib(448))
			check("kv V", kv.VBytes, mib(448))
			check("kv cells", kv.Cells, w.kvCells)
			check("kv layers", kv.Layers, w.kvLayers)
			check("kv seqs", kv.SeqMax, w.kvSeqs)
			check("kv type", kv.TypeK+"/"+kv.TypeV, w.kvTypeK+"/"+w.kvTypeK)
			tot := b.Totals()
			check("totals source", tot.Source, "llama.cpp")
			check("totals device", tot.Device, w.weightsDev+w.kv+w.computeDev)
			check("totals host", tot.Host, w.weightsHost+w.output+mib(20.01))
			check("totals weights", tot.ByKind[KindWeights], w.weightsDev+w.weightsHost)
		})
	}
}

func TestISWA(t *testing.T) {
	bs := parseFile(t, "gemma3-iswa.log")
	if len(bs) != 1 {
		t.Fatalf("%d blocks", len(bs))
	}
	b := bs[0]
	if got := b.Sum(KindKV, "CUDA0"); got != mib(32)+mib(22) {
		t.Errorf("KV on CUDA0 = %d, want both caches' buffers", got)
	}
	if len(b.KV) != 2 || b.KV[0].SWA != "non-swa" || b.KV[1].SWA != "swa" || b.KV[1].Cells != 1024 || b.KV[0].Layers != 4 {
		t.Errorf("KV summaries %+v", b.KV)
	}
}

func TestOllamaServerLog(t *testing.T) {
	bs := parseFile(t, "ollama-server.log")
	if len(bs) != 2 {
		t.Fatalf("%d blocks, want 2 (the tokenizer-only load dropped)", len(bs))
	}
	old, cur := bs[0], bs[1]
	if !strings.Contains(old.ModelPath, "sha256-74701a8c") || old.Sum(KindWeights, "CUDA0") != mib(1252.41) || !old.Ready {
		t.Errorf("first block %+v", old)
	}
	if !strings.Contains(cur.ModelPath, "sha256-a1ca7fd2") || cur.ModelName != "Qwen3 0.6B" {
		t.Errorf("second block path %q name %q", cur.ModelPath, cur.ModelName)
	}
	if cur.Sum(KindWeights, "CUDA0") != mib(604.15) || cur.Sum(KindKV, "") != mib(896) || cur.Sum(KindCompute, "CUDA0") != mib(298.75) {
		t.Errorf("second block buffers %+v", cur.Buffers)
	}
	if cur.First.Format("15:04:05.000") != "14:30:05.100" || cur.Last.Format("15:04:05.000") != "14:30:06.620" {
		t.Errorf("second block times %v .. %v", cur.First, cur.Last)
	}
	if cur.Session == old.Session {
		t.Error("two runner processes share a session")
	}
}

func TestOllamaEngineSummary(t *testing.T) {
	bs := parseFile(t, "ollama-engine.log")
	if len(bs) != 1 {
		t.Fatalf("%d blocks (a discovery runner without --model must not make one)", len(bs))
	}
	b := bs[0]
	tot := b.Totals()
	if tot.Source != SourceOllama {
		t.Errorf("source %q", tot.Source)
	}
	// HumanBytes2 rounds to 0.1 MiB; the summary is logged twice and the last one wins.
	if got := b.Sum(KindCompute, "CUDA0"); got != mib(298.8) {
		t.Errorf("compute %d, want the second summary's 298.8 MiB", got)
	}
	if b.Sum(KindWeights, "CUDA0") != mib(604.2) || b.Sum(KindWeights, "CPU") != mib(157.6) || b.Sum(KindKV, "CUDA0") != mib(896) {
		t.Errorf("buffers %+v", b.Buffers)
	}
	if b.OllamaTotal != uint64(math.Round(1.9*(1<<30))) || !b.Ready || b.ModelPath != "/var/lib/ollama/blobs/sha256-3f2b" {
		t.Errorf("block %+v", b)
	}
	if _, off := b.First.Zone(); off != 2*3600 {
		t.Errorf("time zone lost: %v", b.First)
	}
}

func TestOllamaSummaryYieldsToLlamaLines(t *testing.T) {
	log := `time=2025-01-01T00:00:00Z level=INFO msg="starting llama server" cmd="ollama runner --model /m.gguf"
time=2025-01-01T00:00:01Z level=INFO msg="model weights" device=CUDA0 size="1.0 GiB"
load_tensors:        CUDA0 model buffer size =   900.00 MiB
`
	b := parseString(log)[0]
	if b.Totals().Source != "llama.cpp" || b.Sum(KindWeights, "CUDA0") != mib(900) {
		t.Errorf("Reported %+v", b.Reported())
	}
	if len(b.Buffers) != 2 {
		t.Errorf("both kept in Buffers: %+v", b.Buffers)
	}
}

func TestTimestampedRestarts(t *testing.T) {
	bs := parseFile(t, "llama-log-timestamps.log")
	if len(bs) != 2 {
		t.Fatalf("%d blocks", len(bs))
	}
	if bs[0].Session == bs[1].Session {
		t.Error("the elapsed stamp went back but no new session began")
	}
	b := bs[1]
	if b.ModelPath != "/models/Qwen3-0.6B-Q8_0.gguf" || b.Sum(KindWeights, "CUDA0") != mib(604.15) || b.Sum(KindKV, "") != mib(896) {
		t.Errorf("second run %+v", b)
	}
	if !b.HasElapsed || b.FirstElapsed.String() != "950µs" || b.LastElapsed.String() != "800.12ms" {
		t.Errorf("elapsed %v .. %v", b.FirstElapsed, b.LastElapsed)
	}
	if bs[0].Sum(KindWeights, "CUDA0") != mib(4095.05) {
		t.Error("ANSI-coloured line not read")
	}
}

func TestReplaceAndAdd(t *testing.T) {
	b := parseString(`llama_model_loader: loaded meta data with 1 key-value pairs and 2 tensors from /m/a-00001-of-00002.gguf (version GGUF V3 (latest))
load_tensors:   CPU_Mapped model buffer size =   100.00 MiB
load_tensors:   CPU_Mapped model buffer size =    50.00 MiB
llama_context:      CUDA0 compute buffer size =   300.00 MiB
llama_context:      CUDA0 compute buffer size =   310.00 MiB
`)[0]
	if b.Sum(KindWeights, "CPU_Mapped") != mib(150) {
		t.Error("split-file weights not added up")
	}
	if b.Sum(KindCompute, "CUDA0") != mib(310) {
		t.Error("a re-reserved compute buffer was added, not replaced")
	}
}

func TestImplicitBlocks(t *testing.T) {
	bs := parseString(`load_tensors:        CUDA0 model buffer size =   100.00 MiB
llama_kv_cache:      CUDA0 KV buffer size =   10.00 MiB
load_tensors:        CUDA0 model buffer size =   200.00 MiB
load_tensors:        CUDA1 model buffer size =   201.00 MiB
llama_memory_recurrent:      CUDA1 RS buffer size =     2.25 MiB
llama_adapter:      CUDA1 LoRA buffer size =     8.00 MiB
`)
	if len(bs) != 2 {
		t.Fatalf("%d blocks, want a new one at the weights after the KV cache", len(bs))
	}
	b := bs[1]
	if b.Sum(KindWeights, "") != mib(401) || b.Sum(KindRecurrent, "CUDA1") != mib(2.25) || b.Sum(KindAdapter, "") != mib(8) {
		t.Errorf("second block %+v", b.Buffers)
	}
	if b.Offset != int64(len("load_tensors:        CUDA0 model buffer size =   100.00 MiB\nllama_kv_cache:      CUDA0 KV buffer size =   10.00 MiB\n")) {
		t.Errorf("offset %d", b.Offset)
	}
	if i := b.Buffers[1].DeviceIndex; i == nil || *i != 1 {
		t.Error("CUDA1 has no device index 1")
	}
}

func TestNotAllocations(t *testing.T) {
	bs := parseString(`~llama_context:      CUDA0 compute buffer size is 97.1250 MiB, matches expectation of 97.1250 MiB
~llama_context:  MTL0 compute buffer size of 97.1250 MiB, does not match expectation of 1 MiB
ggml_backend: copy buffer size: 128 MB
ggml_opencl: device max image buffer size (pixels): 16384
llama_kv_cache:      CUDA0 KV buffer size =    64.00 MiB (projected)
llama_kv_cache: [fp8]      CUDA0 KV buffer size =    64.00 MiB
llama_kv_cache: size =    0.00 MiB (524288 cells,   0 layers,  1/1 seqs), K (f16):    0.00 MiB, V (f16):    0.00 MiB
load_tensors:        CUDA0 model buffer size =   12.5 MB
llama_context: n_ctx_per_seq (8192) < n_ctx_train (40960) -- the full capacity of the model will not be utilized
`)
	if len(bs) != 0 {
		t.Errorf("read allocations from non-allocation lines: %+v", bs)
	}
}

func TestKVSummaryForms(t *testing.T) {
	for _, l := range []string{
		"llama_kv_cache: size =  896.00 MiB (  8192 cells,  28 layers,  1/1 seqs), K (f16):  448.00 MiB, V (f16):  448.00 MiB",
		"llama_kv_cache_unified: size =  896.00 MiB (  8192 cells,  28 layers,  1/ 1 seqs), K (f16):  448.00 MiB, V (f16):  448.00 MiB",
		"llama_kv_cache_unified: size =  896.00 MiB (  8192 cells,  28 layers,  1 seqs), K (f16):  448.00 MiB, V (f16):  448.00 MiB",
		"llama_kv_cache_unified: KV self size  =  896.00 MiB, K (f16):  448.00 MiB, V (f16):  448.00 MiB",
		"llama_new_context_with_model: KV self size  =  896.00 MiB, K (f16):  448.00 MiB, V (f16):  448.00 MiB",
	} {
		bs := parseString(l + "\n")
		if len(bs) != 1 || len(bs[0].KV) != 1 {
			t.Errorf("%q: %+v", l, bs)
			continue
		}
		kv := bs[0].KV[0]
		if kv.Bytes != mib(896) || kv.KBytes != mib(448) || kv.TypeV != "f16" {
			t.Errorf("%q: %+v", l, kv)
		}
		if strings.Contains(l, "cells") && (kv.Cells != 8192 || kv.Layers != 28 || kv.SeqMax != 1) {
			t.Errorf("%q: %+v", l, kv)
		}
	}
}

func TestUnitsAndLevels(t *testing.T) {
	b := parseString("I load_tensors:        CUDA0 model buffer size =  2.50 GiB\r\n" +
		"W llama_context:  CUDA_Host  output buffer size =   512.00 KiB\r\n" +
		"2025-03-04T05:06:07.123456789Z llama_context:      CUDA0 compute buffer size =   100.00 MiB\n")[0]
	if b.Sum(KindWeights, "") != 5<<29 || b.Sum(KindOutput, "") != 512<<10 {
		t.Errorf("units: %+v", b.Buffers)
	}
	if b.First.IsZero() || b.First.Nanosecond() != 123456789 {
		t.Errorf("RFC 3339 prefix: %v", b.First)
	}
}

func TestRPCBackend(t *testing.T) {
	b := parseString("load_tensors: RPC[10.0.0.2:50052] model buffer size =  1.50 GiB\n")[0]
	x := b.Buffers[0]
	if x.Backend != "RPC[10.0.0.2:50052]" || !x.Device || x.Bytes != 3<<29 {
		t.Errorf("%+v", x)
	}
}

func TestLongLineSkipped(t *testing.T) {
	long := strings.Repeat("x", MaxLine+100)
	log := "load_tensors:        CUDA0 model buffer size =   100.00 MiB\n" + long + "\n" +
		"llama_kv_cache:      CUDA0 KV buffer size =   10.00 MiB\n"
	p := &parser{}
	skipped := scanLines(strings.NewReader(log), 0, false, false, p.line)
	bs := p.finish()
	if skipped != 1 || len(bs) != 1 || bs[0].Sum(KindKV, "") != mib(10) {
		t.Errorf("skipped %d, blocks %+v", skipped, bs)
	}
}

func TestBlocksBounded(t *testing.T) {
	var sb strings.Builder
	for i := 0; i < 3*maxBlocks; i++ {
		sb.WriteString("llama_model_loader: loaded meta data with 1 key-value pairs and 1 tensors from /m/x.gguf (version GGUF V3 (latest))\n")
		sb.WriteString("load_tensors:        CUDA0 model buffer size =   1.00 MiB\nllama_context: n_ctx = 512\n")
		for j := 0; j < 2*maxBuffers; j++ {
			sb.WriteString("llama_kv_cache:      CUDA0 KV buffer size =   1.00 MiB\n")
		}
	}
	bs := parseString(sb.String())
	if len(bs) != maxBlocks {
		t.Fatalf("%d blocks kept", len(bs))
	}
	if len(bs[0].Buffers) != maxBuffers {
		t.Errorf("%d buffers kept", len(bs[0].Buffers))
	}
	if last := bs[len(bs)-1]; last.Offset < int64(sb.Len())/2 {
		t.Error("the oldest blocks were kept, not the newest")
	}
}

func TestClassify(t *testing.T) {
	idx := func(n int) *int { return &n }
	for _, c := range []struct {
		name      string
		dev, host bool
		index     *int
	}{
		{"CUDA0", true, false, idx(0)}, {"CUDA12", true, false, idx(12)}, {"CUDA_Host", false, true, nil},
		{"CPU", false, true, nil}, {"CPU_Mapped", false, true, nil}, {"CPU_REPACK", false, true, nil},
		{"Vulkan0", true, false, idx(0)}, {"Vulkan_Host", false, true, nil}, {"ROCm1", true, false, idx(1)},
		{"ROCm_Host", false, true, nil}, {"Metal", true, false, nil}, {"MTL0", true, false, idx(0)},
		{"SYCL0", true, false, idx(0)}, {"CANN0", true, false, idx(0)}, {"OpenCL", true, false, nil},
		{"RPC[192.168.1.2:50052]", true, false, nil}, {"CUDA_Split", true, false, nil}, {"BLAS", false, true, nil},
		{"CUDAx", false, false, nil}, {"CUDA-1", false, false, nil}, {"Mystery9", false, false, nil}, {"", false, false, nil},
	} {
		dev, host, i := Classify(c.name)
		if dev != c.dev || host != c.host || (i == nil) != (c.index == nil) || i != nil && *i != *c.index {
			t.Errorf("Classify(%q) = %v %v %v", c.name, dev, host, i)
		}
	}
}
