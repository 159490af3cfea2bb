package main

// End-to-end tests of PyTorch inference servers: stand-in vLLM, SGLang,
// TGI and ComfyUI process trees (internal/standin: the real argv, titles,
// process tree, endpoints and load-log lines) on the stand-in NVIDIA
// driver, which gives their GPU workers the VRAM.

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/app/snapshot"
	"github.com/gputaskman/gtm/backend/nvml/fakenvml"
	"github.com/gputaskman/gtm/inspect"
	"github.com/gputaskman/gtm/internal/standin"
)

// h200 is a 141 GiB GPU at index i holding procs.
func h200(i int, procs ...fakenvml.Process) fakenvml.GPU {
	g := h100(procs...)
	g.Name, g.MemoryTotal, g.MemoryUsed = "NVIDIA H200", 141<<30, 120<<30
	g.UUID = "GPU-2000000" + string(rune('0'+i)) + "-2222-3333-4444-555555555555"
	g.PCIBusID = "00000000:" + string(rune('1'+i)) + "A:00.0"
	return g
}

// gibBytes is a figure printed with prec decimals in GiB, as bytes.
func gibBytes(v float64, prec int) uint64 {
	p := math.Pow(10, float64(prec))
	return uint64(math.Round(math.Round(v*p) / p * (1 << 30)))
}

func wantPart(t *testing.T, what string, p *inspect.Part, bytes uint64, source string) {
	t.Helper()
	if p == nil {
		t.Errorf("%s = null, want %d %s", what, bytes, source)
		return
	}
	d := int64(p.Bytes) - int64(bytes)
	if d < -(1<<20) || d > 1<<20 || p.Source != source {
		t.Errorf("%s = %d %s (%s), want %d %s", what, p.Bytes, p.Source, p.From, bytes, source)
	}
}

// A vLLM model over two GPUs: `vllm serve Qwen/Qwen3-8B
// --tensor-parallel-size 2`, its VLLM::EngineCore, and one
// VLLM::Worker_TPn per GPU holding the VRAM. gtm shows one model across
// three processes (the API and two workers) and two devices; each worker
// names the model and its server, with its own GPU's parts from the log.
func TestServedVLLMTensorParallel(t *testing.T) {
	needBinary(t)
	o := standin.VLLMOptions{TP: 2, Libs: standin.FakeLibs(t), Running: 3, Waiting: 1, GenerationTokens: 4321,
		PrefixQueries: 1000, PrefixHits: 250}
	logPath := filepath.Join(t.TempDir(), "vllm.log")
	api := standin.Start(t, standin.VLLM(o), logPath)
	engine := api.Children[0]
	w0, w1 := engine.Children[0], engine.Children[1]
	used := uint64(112 << 30)
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{
		h200(0, fakenvml.Process{PID: w0.PID, UsedMemory: used}),
		h200(1, fakenvml.Process{PID: w1.PID, UsedMemory: used - 1<<30}),
	}})
	snap := m.json()

	for rank, w := range []*standin.Proc{w0, w1} {
		row := findRow(snap, w.PID, rank)
		if row == nil || row.LLM == nil {
			t.Fatalf("worker %d (PID %d): no row or no llm block: %+v", rank, w.PID, row)
		}
		l := row.LLM
		if s := strOf(l.Server); s != "vllm" || strOf(l.Role) != "worker" || l.APIPID == nil || *l.APIPID != api.PID || l.Rank == nil || *l.Rank != rank {
			t.Errorf("worker %d: server %s role %s api_pid %v rank %v", rank, s, strOf(l.Role), l.APIPID, l.Rank)
		}
		if strOf(l.ModelID) != "Qwen/Qwen3-8B" || strOf(l.ModelIDSource) != "api" {
			t.Errorf("worker %d: model %s from %s", rank, strOf(l.ModelID), strOf(l.ModelIDSource))
		}
		wantPart(t, "weights", l.Weights, gibBytes(o.WeightsGiB(), 4), "reported")
		wantPart(t, "kv_cache", l.KVCache, gibBytes(100, 2), "reported")
		wantPart(t, "cuda_graphs", l.CUDAGraphs, gibBytes(0.56, 2), "reported")
		if l.KVCapacityTokens == nil || int64(*l.KVCapacityTokens) != o.KVTokens() {
			t.Errorf("kv capacity = %v, want %d", l.KVCapacityTokens, o.KVTokens())
		}
		if l.RequestsProcessing == nil || *l.RequestsProcessing != 3 || l.RequestsWaiting == nil || *l.RequestsWaiting != 1 {
			t.Errorf("requests running %v waiting %v", l.RequestsProcessing, l.RequestsWaiting)
		}
		if l.KVUsagePercent == nil || math.Abs(*l.KVUsagePercent-1.23) > 1e-9 || l.PrefixCacheHitPercent == nil || *l.PrefixCacheHitPercent != 25 {
			t.Errorf("kv usage %v prefix hits %v", l.KVUsagePercent, l.PrefixCacheHitPercent)
		}
		if l.MemoryFraction == nil || *l.MemoryFraction != 0.9 {
			t.Errorf("memory fraction %v", l.MemoryFraction)
		}
		if l.Other == nil || l.Other.Bytes == nil || l.Other.Source != "inferred" {
			t.Errorf("other = %+v, want the measured rest, inferred", l.Other)
		}
		if !strings.Contains(strOf(l.LogPath), "vllm.log") {
			t.Errorf("log path %s", strOf(l.LogPath))
		}
	}
	if len(snap.ServedModels) != 1 {
		t.Fatalf("served models = %+v, want the one vLLM model", snap.ServedModels)
	}
	g := snap.ServedModels[0]
	if g.Server != "vllm" || strOf(g.Model) != "Qwen/Qwen3-8B" || g.APIPID == nil || *g.APIPID != api.PID {
		t.Errorf("served model = %+v", g)
	}
	if len(g.Processes) != 3 || g.Processes[0].PID != api.PID || g.Processes[0].DeviceIndex != nil ||
		g.Processes[1].PID != w0.PID || g.Processes[2].PID != w1.PID {
		t.Errorf("processes = %+v, want the API (no GPU) and the workers by rank", g.Processes)
	}
	if len(g.Devices) != 2 || g.VRAMBytes == nil || *g.VRAMBytes != 2*used-1<<30 {
		t.Errorf("devices %v vram %v, want both GPUs and the two measured rows", g.Devices, g.VRAMBytes)
	}
	// the device's measured total holds the measured rows only
	if total, _ := snap.MeasuredVRAM(0); total != used {
		t.Errorf("GPU 0 measured total %d, want %d", total, used)
	}

	// the text names the model and the workers
	if testing.Verbose() {
		_, js, _ := m.run("--json")
		t.Log(js)
	}
	_, once, _ := m.run("--once")
	for _, want := range []string{"Served models", "vllm Qwen/Qwen3-8B", "worker rank 1 of API PID", "Qwen/Qwen3-8B · vllm worker 1"} {
		if !strings.Contains(once, want) {
			t.Errorf("--once lacks %q:\n%s", want, once)
		}
	}
}

func strOf(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

var _ = snapshot.ServedModel{}
