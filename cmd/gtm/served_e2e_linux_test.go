package main

// End-to-end tests of PyTorch inference servers: stand-in vLLM, SGLang,
// TGI and ComfyUI process trees (internal/standin: the real argv, titles,
// process tree, endpoints and load-log lines) on the stand-in NVIDIA
// driver, which gives their GPU workers the VRAM.

import (
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/backend/nvml/fakenvml"
	"github.com/gputaskman/gtm/inspect/hfmodel/hfgen"
	"github.com/gputaskman/gtm/internal/schema"
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

func wantPart(t *testing.T, what string, p *schema.Part, bytes uint64, source string) {
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
	hub, snapDir, params, weightBytes := qwen3Hub(t)
	spec := standin.VLLM(o)
	spec.Env = append(spec.Env, "HF_HUB_CACHE="+hub)
	api := standin.Start(t, spec, logPath)
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
		checkVLLMWorker(t, row, rank, api.PID, o)
		checkServedHubModel(t, row, rank, snapDir, params, weightBytes)
	}
	checkServedVLLM(t, snap, used, api.PID, w0.PID, w1.PID)
	checkVLLMText(t, m, w1.PID)
}

// checkVLLMWorker checks a worker's LLM block: its place in the server,
// the parts its log reported, and the API's live figures.
func checkVLLMWorker(t *testing.T, row *schema.Process, rank, apiPID int, o standin.VLLMOptions) {
	t.Helper()
	l := row.LLM
	if s := strOf(l.Server); s != "vllm" || strOf(l.Role) != "worker" || l.APIPID == nil || *l.APIPID != apiPID || l.Rank == nil || *l.Rank != rank {
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
	if l.TensorParallel == nil || *l.TensorParallel != 2 {
		t.Errorf("tensor parallel %v, want 2 from the API process's command line", l.TensorParallel)
	}
}

// checkServedHubModel: the model the API serves, found in the hub cache
// the server's environment names: exact sums of its safetensors headers.
func checkServedHubModel(t *testing.T, row *schema.Process, rank int, snapDir string, params, weightBytes uint64) {
	t.Helper()
	var hm *schema.Model
	for i := range row.Models {
		if row.Models[i].Path == snapDir {
			hm = &row.Models[i]
		}
	}
	if hm == nil {
		t.Fatalf("worker %d: the served model %s is not among its models: %+v", rank, snapDir, row.Models)
	}
	if strOf(hm.Name) != "Qwen/Qwen3-8B" || strOf(hm.Store) != "huggingface" || strOf(hm.Format) != "safetensors" ||
		strings.Join(hm.Evidence, ",") != "api" || strOf(hm.Kind) != "llm" || strOf(hm.Architecture) != "Qwen3ForCausalLM" {
		t.Errorf("served model = %+v", hm)
	}
	if hm.Parameters == nil || *hm.Parameters != params || hm.Weights == nil || hm.Weights.Bytes != weightBytes || hm.Weights.From != "safetensors" {
		t.Errorf("served model parameters %v weights %+v, want %d and %d", hm.Parameters, hm.Weights, params, weightBytes)
	}
}

// checkServedVLLM: one served model, the API process (no GPU) and its
// workers by rank, over both GPUs; its VRAM is the two measured rows, and
// the device's measured total holds the measured rows only.
func checkServedVLLM(t *testing.T, snap *schema.Snapshot, used uint64, apiPID, w0PID, w1PID int) {
	t.Helper()
	if len(snap.ServedModels) != 1 {
		t.Fatalf("served models = %+v, want the one vLLM model", snap.ServedModels)
	}
	g := snap.ServedModels[0]
	if g.Server != "vllm" || strOf(g.Model) != "Qwen/Qwen3-8B" || g.APIPID == nil || *g.APIPID != apiPID {
		t.Errorf("served model = %+v", g)
	}
	if len(g.Processes) != 3 || g.Processes[0].PID != apiPID || g.Processes[0].DeviceIndex != nil ||
		g.Processes[1].PID != w0PID || g.Processes[2].PID != w1PID {
		t.Errorf("processes = %+v, want the API (no GPU) and the workers by rank", g.Processes)
	}
	if len(g.Devices) != 2 || g.VRAMBytes == nil || *g.VRAMBytes != 2*used-1<<30 {
		t.Errorf("devices %v vram %v, want both GPUs and the two measured rows", g.Devices, g.VRAMBytes)
	}
	if total, _ := snap.MeasuredVRAM(0); total != used {
		t.Errorf("GPU 0 measured total %d, want %d", total, used)
	}
}

// checkVLLMText: the text names the model and the workers, and gtm
// inspect of one worker shows its parts with their provenance.
func checkVLLMText(t *testing.T, m *fakeMachine, workerPID int) {
	t.Helper()
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
	// gtm inspect of one worker: its parts with their provenance
	_, insp, _ := m.run("inspect", strconv.Itoa(workerPID))
	for _, want := range []string{"CUDA graphs      573.44 MiB  · reported (log)", "KV capacity        1456352 tokens  · from api",
		"Model              Qwen/Qwen3-8B  · from api", "Model · Qwen/Qwen3-8B\n    Evidence         api · not confirmed (one source)\n"} {
		if !strings.Contains(insp, want) {
			t.Errorf("gtm inspect lacks %q:\n%s", want, insp)
		}
	}
}

// qwen3Hub writes Qwen/Qwen3-8B into a hub cache as huggingface_hub
// lays it out (four shards and an index, blobs behind links): its
// config.json and safetensors headers, the weights sparse.
func qwen3Hub(t *testing.T) (hub, snap string, params, weightBytes uint64) {
	t.Helper()
	hub = filepath.Join(t.TempDir(), "hub")
	snap, err := hfgen.HubSnapshot(hub, "Qwen/Qwen3-8B", "b968826d9c46dd6066d109eabc6255188de91218", true)
	must(t, err)
	tensors := hfgen.DecoderTensors(hfgen.Decoder{Layers: 36, Hidden: 4096, Heads: 32, KVHeads: 8, HeadDim: 128, Intermediate: 12288, Vocab: 151936})
	_, err = hfgen.WriteModel(snap, hfgen.Model{Shards: 4, Tensors: tensors, Config: map[string]any{
		"architectures": []string{"Qwen3ForCausalLM"}, "model_type": "qwen3", "num_hidden_layers": 36, "hidden_size": 4096,
		"num_attention_heads": 32, "num_key_value_heads": 8, "head_dim": 128, "intermediate_size": 12288, "vocab_size": 151936,
		"max_position_embeddings": 40960, "torch_dtype": "bfloat16"}})
	must(t, err)
	must(t, hfgen.LinkBlobs(snap))
	params, weightBytes = hfgen.Sum(tensors)
	return hub, snap, params, weightBytes
}

func strOf(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

var _ = schema.ServedModel{}

// SGLang over two GPUs: `python3 -m sglang.launch_server --model-path
// Qwen/Qwen3-8B --tp 2` and its sglang::scheduler_TPn processes, which
// hold the VRAM; the detokenizer holds none. Each scheduler gets its
// rank's weights, KV pool (K + V) and CUDA graphs from the log.
func TestServedSGLangTensorParallel(t *testing.T) {
	needBinary(t)
	o := standin.SGLangOptions{TP: 2, Libs: standin.FakeLibs(t), Running: 2, Queued: 5, TokenUsage: 0.25}
	api := standin.Start(t, standin.SGLang(o), filepath.Join(t.TempDir(), "sglang.log"))
	var sched []*standin.Proc
	for _, c := range api.Children {
		if strings.HasPrefix(c.Spec.Argv[0], "sglang::scheduler") {
			sched = append(sched, c)
		}
	}
	if len(sched) != 2 {
		t.Fatalf("schedulers = %d", len(sched))
	}
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{
		h200(0, fakenvml.Process{PID: sched[0].PID, UsedMemory: 125 << 30}),
		h200(1, fakenvml.Process{PID: sched[1].PID, UsedMemory: 125 << 30}),
	}})
	snap := m.json()
	for rank, s := range sched {
		row := findRow(snap, s.PID, rank)
		if row == nil || row.LLM == nil {
			t.Fatalf("scheduler %d: no llm block: %+v", rank, row)
		}
		l := row.LLM
		if strOf(l.Server) != "sglang" || strOf(l.Role) != "worker" || l.APIPID == nil || *l.APIPID != api.PID || l.Rank == nil || *l.Rank != rank {
			t.Errorf("scheduler %d: server %s role %s api %v rank %v", rank, strOf(l.Server), strOf(l.Role), l.APIPID, l.Rank)
		}
		wantPart(t, "weights", l.Weights, gibBytes(o.WeightsGiB(), 2), "reported")
		wantPart(t, "kv_cache", l.KVCache, 2*gibBytes(o.KSizeGiB(), 2), "reported")
		wantPart(t, "cuda_graphs", l.CUDAGraphs, gibBytes(0.56, 2), "reported")
		if l.KVCapacityTokens == nil || int64(*l.KVCapacityTokens) != o.KVTokens() {
			t.Errorf("kv capacity %v, want %d", l.KVCapacityTokens, o.KVTokens())
		}
		if l.RequestsWaiting == nil || *l.RequestsWaiting != 5 || l.KVUsagePercent == nil || *l.KVUsagePercent != 25 {
			t.Errorf("waiting %v kv usage %v", fp(l.RequestsWaiting), fp(l.KVUsagePercent))
		}
		if l.TokensPerSecond == nil || *l.TokensPerSecond != 42.5 || strOf(l.ModelID) != "Qwen/Qwen3-8B" {
			t.Errorf("tokens/s %v model %s", fp(l.TokensPerSecond), strOf(l.ModelID))
		}
	}
	if len(snap.ServedModels) != 1 || len(snap.ServedModels[0].Processes) != 3 || len(snap.ServedModels[0].Devices) != 2 {
		t.Errorf("served models = %+v", snap.ServedModels)
	}
}

// TGI over two shards: text-generation-launcher starts the router (the
// API) and the Python shards (the VRAM) side by side; a shard's API is
// its launcher's router. TGI logs no bytes, only the KV capacity.
func TestServedTGIShards(t *testing.T) {
	needBinary(t)
	o := standin.TGIOptions{Shards: 2, Libs: standin.FakeLibs(t), QueueSize: 4}
	hub, _, _, weightBytes := qwen3Hub(t)
	spec := standin.TGI(o)
	spec.Env = append(spec.Env, "HF_HUB_CACHE="+hub)
	launcher := standin.Start(t, spec, filepath.Join(t.TempDir(), "tgi.log"))
	var router *standin.Proc
	var shards []*standin.Proc
	for _, c := range launcher.Children {
		if c.Port != 0 {
			router = c
		} else {
			shards = append(shards, c)
		}
	}
	if router == nil || len(shards) != 2 {
		t.Fatalf("tree: router %v shards %d", router, len(shards))
	}
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{
		h200(0, fakenvml.Process{PID: shards[0].PID, UsedMemory: 70 << 30}),
		h200(1, fakenvml.Process{PID: shards[1].PID, UsedMemory: 70 << 30}),
	}})
	snap := m.json()
	for i, s := range shards {
		row := findRow(snap, s.PID, i)
		if row == nil || row.LLM == nil {
			t.Fatalf("shard %d: no llm block: %+v", i, row)
		}
		l := row.LLM
		if strOf(l.Server) != "tgi" || strOf(l.Role) != "worker" || l.APIPID == nil || *l.APIPID != router.PID {
			t.Errorf("shard %d: server %s role %s api %v (router %d)", i, strOf(l.Server), strOf(l.Role), l.APIPID, router.PID)
		}
		if l.KVCapacityTokens == nil || int64(*l.KVCapacityTokens) != o.MaxBatchTotalTokens() {
			t.Errorf("kv capacity %v, want %d", l.KVCapacityTokens, o.MaxBatchTotalTokens())
		}
		if l.RequestsWaiting == nil || *l.RequestsWaiting != 4 || strOf(l.ModelID) != "Qwen/Qwen3-8B" {
			t.Errorf("queue %v model %s", l.RequestsWaiting, strOf(l.ModelID))
		}
		// TGI logs no bytes: each shard's share is estimated from the
		// model's safetensors headers and config.json
		wantPart(t, "weights", l.Weights, weightBytes/2, "estimated")
		wantPart(t, "kv_cache", l.KVCache, uint64(o.MaxBatchTotalTokens())*147456/2, "estimated")
		if l.Weights != nil && l.Weights.From != "safetensors" || l.TensorParallel == nil || *l.TensorParallel != 2 {
			t.Errorf("weights from %+v, tensor parallel %v", l.Weights, l.TensorParallel)
		}
	}
	if len(snap.ServedModels) != 1 || *snap.ServedModels[0].APIPID != router.PID || len(snap.ServedModels[0].Processes) != 3 {
		t.Errorf("served models = %+v", snap.ServedModels)
	}
}

// ComfyUI: `python main.py` in a ComfyUI folder; its /system_stats says
// what PyTorch holds, its /queue which checkpoint the running prompt uses.
func TestServedComfyUI(t *testing.T) {
	needBinary(t)
	comfy := standin.ComfyUIDir(t)
	ckpt := filepath.Join(comfy, "models", "checkpoints", "sd_xl_base_1.0.safetensors")
	must(t, os.MkdirAll(filepath.Dir(ckpt), 0o755))
	ckptTensors := []hfgen.Tensor{hfgen.T("model.diffusion_model.input_blocks.0.0.weight", "F16", 320, 4, 3, 3),
		hfgen.T("first_stage_model.decoder.conv_in.weight", "F32", 512, 4, 3, 3)}
	must(t, hfgen.WriteSafetensors(ckpt, nil, ckptTensors))
	ckptParams, ckptBytes := hfgen.Sum(ckptTensors)
	o := standin.ComfyUIOptions{Dir: comfy, Libs: standin.FakeLibs(t), Checkpoint: ckpt}
	p := standin.Start(t, standin.ComfyUI(o), filepath.Join(t.TempDir(), "comfy.log"))
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{h200(0, fakenvml.Process{PID: p.PID, UsedMemory: 8 << 30})}})
	snap := m.json()
	row := findRow(snap, p.PID, 0)
	if row == nil || row.LLM == nil {
		t.Fatalf("no server block: %+v", row)
	}
	l := row.LLM
	if strOf(l.Server) != "comfyui" || strOf(l.Role) != "api" {
		t.Errorf("server %s role %s", strOf(l.Server), strOf(l.Role))
	}
	if len(l.TorchReserved) != 1 || l.TorchReserved[0].Bytes != 7516192768 || l.TorchReserved[0].Index == nil || *l.TorchReserved[0].Index != 0 {
		t.Errorf("torch reserved = %+v", l.TorchReserved)
	}
	if len(l.APIModels) != 1 || l.APIModels[0] != "sd_xl_base_1.0.safetensors" {
		t.Errorf("prompt models = %v", l.APIModels)
	}
	if l.RequestsProcessing == nil || *l.RequestsProcessing != 1 || l.RequestsWaiting == nil || *l.RequestsWaiting != 0 {
		t.Errorf("queue running %v pending %v", l.RequestsProcessing, l.RequestsWaiting)
	}
	// the checkpoint it maps, described from its header
	if len(row.Models) != 1 || row.Models[0].Path != ckpt || strOf(row.Models[0].Format) != "safetensors" ||
		row.Models[0].Parameters == nil || *row.Models[0].Parameters != ckptParams || row.Models[0].Weights == nil || row.Models[0].Weights.Bytes != ckptBytes {
		t.Errorf("models = %+v", row.Models)
	}
}

// A plain PyTorch job (`python train.py`): no server to ask; libtorch
// mapped names the runtime, and the safetensors language model it maps
// gives its identity and an estimate of its weights beside the measured
// VRAM.
func TestTorchJobIdentity(t *testing.T) {
	needBinary(t)
	dir := filepath.Join(t.TempDir(), "llama-1b")
	tensors := hfgen.DecoderTensors(hfgen.Decoder{Layers: 16, Hidden: 2048, Heads: 32, KVHeads: 8, HeadDim: 64, Intermediate: 8192, Vocab: 128256})
	_, err := hfgen.WriteModel(dir, hfgen.Model{Tensors: tensors, Config: map[string]any{"architectures": []string{"LlamaForCausalLM"},
		"model_type": "llama", "num_hidden_layers": 16, "hidden_size": 2048, "num_attention_heads": 32, "num_key_value_heads": 8,
		"head_dim": 64, "max_position_embeddings": 131072, "torch_dtype": "bfloat16"}})
	must(t, err)
	params, weightBytes := hfgen.Sum(tensors)
	p := standin.Start(t, standin.TorchJob(standin.TorchJobOptions{Dir: dir, Libs: standin.FakeLibs(t), Model: filepath.Join(dir, "model.safetensors")}),
		filepath.Join(t.TempDir(), "train.log"))
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{h200(0, fakenvml.Process{PID: p.PID, UsedMemory: 6 << 30})}})
	snap := m.json()
	row := findRow(snap, p.PID, 0)
	if row == nil {
		t.Fatal("no row")
	}
	runtimes := map[string]bool{}
	for _, r := range row.Runtimes {
		runtimes[r.Name] = true
	}
	if !runtimes["PyTorch"] || !runtimes["CUDA"] {
		t.Errorf("runtimes = %+v", row.Runtimes)
	}
	if len(row.Models) != 1 || strOf(row.Models[0].Architecture) != "LlamaForCausalLM" || strOf(row.Models[0].Kind) != "llm" ||
		*row.Models[0].Parameters != params || strings.Join(row.Models[0].Evidence, ",") != "mapped" {
		t.Fatalf("models = %+v", row.Models)
	}
	if row.LLM == nil || row.LLM.Server != nil {
		t.Fatalf("llm = %+v, want a block without a server", row.LLM)
	}
	wantPart(t, "weights", row.LLM.Weights, weightBytes, "estimated")
	if row.LLM.KVCache != nil || row.LLM.Other == nil || row.LLM.Other.Bytes == nil || *row.LLM.Other.Bytes != 6<<30-weightBytes {
		t.Errorf("kv %+v other %+v: no KV figure without a server, the rest is other", row.LLM.KVCache, row.LLM.Other)
	}
}

func fp(v *float64) any {
	if v == nil {
		return nil
	}
	return *v
}
