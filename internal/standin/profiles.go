package standin

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The profiles below build the process trees of real inference servers.
// Every string is taken from the project named next to it; the numbers
// come from the options and are tied together by the arithmetic in each
// options type's methods, so a test can assert what gtm should find.

// gib is 2^30: vLLM's GiB_bytes and SGLang's GB (1024*1024*1024, though
// SGLang prints "GB").
const gib = 1 << 30

// Model is the model a stand-in serves. The zero Model (no ID) means
// Qwen/Qwen3-8B: its config.json (36 layers, 8 KV heads of 128, bfloat16,
// max_position_embeddings 40960) and parameter count.
type Model struct {
	ID           string // "Qwen/Qwen3-8B"
	Architecture string // "Qwen3ForCausalLM"
	ModelType    string // "qwen3"
	Layers       int    // 36
	KVHeads      int    // 8
	HeadDim      int    // 128
	DTypeBytes   int    // 2 (bfloat16)
	MaxModelLen  int    // 40960
	Params       int64  // 8190735360
}

func (m Model) withDefaults() Model {
	d := Model{ID: "Qwen/Qwen3-8B", Architecture: "Qwen3ForCausalLM", ModelType: "qwen3",
		Layers: 36, KVHeads: 8, HeadDim: 128, DTypeBytes: 2, MaxModelLen: 40960, Params: 8190735360}
	if m.ID == "" {
		return d
	}
	return m
}

// KVBytesPerToken is the KV cache one token takes on one of tp ranks,
// estimated: K and V, every layer, the rank's share of the KV heads (at
// least one: past as many ranks as KV heads, vLLM and SGLang replicate
// them). Never 0, so the token counts below never divide by zero.
func (m Model) KVBytesPerToken(tp int) int64 {
	m = m.withDefaults()
	b := 2 * int64(m.Layers) * int64(max(m.KVHeads/max(tp, 1), 1)) * int64(m.HeadDim) * int64(m.DTypeBytes)
	return max(b, 1)
}

// WeightBytesPerRank is the weights one of tp ranks holds, estimated as
// parameters × bytes per parameter / tp.
func (m Model) WeightBytesPerRank(tp int) int64 {
	m = m.withDefaults()
	return m.Params * int64(m.DTypeBytes) / int64(max(tp, 1))
}

// Libs are fake runtime libraries, laid out as a CUDA PyTorch wheel's
// venv has them; gtm recognises runtimes by these names when mapped.
type Libs struct {
	CUDART    string // nvidia/cuda_runtime/lib/libcudart.so.12
	Torch     string // torch/lib/libtorch.so
	TorchCUDA string // torch/lib/libtorch_cuda.so
	C10CUDA   string // torch/lib/libc10_cuda.so
}

// all are the library paths that are set.
func (l Libs) all() []string {
	var out []string
	for _, p := range []string{l.CUDART, l.Torch, l.TorchCUDA, l.C10CUDA} {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// FakeLibs creates small fake libraries under a fresh t.TempDir().
func FakeLibs(t testing.TB) Libs {
	t.Helper()
	sp := "venv/lib/python3.12/site-packages/"
	return Libs{
		CUDART:    FakeFile(t, sp+"nvidia/cuda_runtime/lib/libcudart.so.12", 8192),
		Torch:     FakeFile(t, sp+"torch/lib/libtorch.so", 8192),
		TorchCUDA: FakeFile(t, sp+"torch/lib/libtorch_cuda.so", 8192),
		C10CUDA:   FakeFile(t, sp+"torch/lib/libc10_cuda.so", 8192),
	}
}

// FakeFile creates rel (it may hold folders) under a fresh t.TempDir(),
// size non-zero bytes long, and returns its path.
func FakeFile(t testing.TB, rel string, size int) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatalf("standin: %v", err)
	}
	if err := os.WriteFile(p, []byte(strings.Repeat("\x5a", size)), 0o644); err != nil {
		t.Fatalf("standin: %v", err)
	}
	return p
}

// spawnArgv is what Python's multiprocessing "spawn" start method execs a
// child with (Lib/multiprocessing/spawn.py get_command_line), which
// setproctitle then overwrites.
func spawnArgv(python string, trackerFD, pipe int) []string {
	return []string{python, "-c",
		fmt.Sprintf("from multiprocessing.spawn import spawn_main; spawn_main(tracker_fd=%d, pipe_handle=%d)", trackerFD, pipe),
		"--multiprocessing-fork"}
}

const python = "/usr/bin/python3"

// ---------------------------------------------------------------- ComfyUI

// ComfyUIOptions describe `python main.py --listen 127.0.0.1 --port P`.
type ComfyUIOptions struct {
	Dir        string // the ComfyUI folder (holding main.py); see ComfyUIDir
	Checkpoint string // a .safetensors file, mapped and named by the running prompt
	Libs       Libs
	// /system_stats, bytes (reported by torch in the real one)
	VRAMTotal, VRAMFree, TorchVRAMTotal, TorchVRAMFree int64
}

func (o ComfyUIOptions) withDefaults() ComfyUIOptions {
	if o.VRAMTotal == 0 {
		o.VRAMTotal = 150754820096 // an H200: 143771 MiB
	}
	if o.VRAMFree == 0 {
		o.VRAMFree = 140000000000
	}
	if o.TorchVRAMTotal == 0 {
		o.TorchVRAMTotal = 7516192768
	}
	if o.TorchVRAMFree == 0 {
		o.TorchVRAMFree = 536870912
	}
	return o
}

// ComfyUIDir creates a ComfyUI folder with an empty main.py.
func ComfyUIDir(t testing.TB) string {
	t.Helper()
	return filepath.Dir(FakeFile(t, "ComfyUI/main.py", 1))
}

// ComfyUI is a ComfyUI server running a prompt whose CheckpointLoaderSimple
// node loads o.Checkpoint.
func ComfyUI(o ComfyUIOptions) Spec {
	o = o.withDefaults()
	ckpt := filepath.Base(o.Checkpoint)
	// server.py system_stats
	stats := fmt.Sprintf(`{"system":{"os":"posix","ram_total":2151587135488,"ram_free":2000000000000,"comfyui_version":"0.3.66","required_frontend_version":"1.28.7","python_version":"3.12.3 (main, Aug 14 2025, 17:47:21) [GCC 13.3.0]","pytorch_version":"2.8.0+cu128","embedded_python":false,"argv":["main.py","--listen","127.0.0.1","--port","{port}"]},"devices":[{"name":"cuda:0 NVIDIA H200 : cudaMallocAsync","type":"cuda","index":0,"vram_total":%d,"vram_free":%d,"torch_vram_total":%d,"torch_vram_free":%d}]}`,
		o.VRAMTotal, o.VRAMFree, o.TorchVRAMTotal, o.TorchVRAMFree)
	// server.py get_queue: items are (number, prompt_id, prompt, extra_data,
	// outputs_to_execute) as post_prompt queues them; nodes.py
	// CheckpointLoaderSimple's input is ckpt_name.
	queue := fmt.Sprintf(`{"queue_running":[[3,"5f0c2a8e-9d1b-4c7e-8a43-2b6f1e9d7c10",{"4":{"inputs":{"ckpt_name":%q},"class_type":"CheckpointLoaderSimple","_meta":{"title":"Load Checkpoint"}},"6":{"inputs":{"text":"a photo of a cat","clip":["4",1]},"class_type":"CLIPTextEncode","_meta":{"title":"CLIP Text Encode (Prompt)"}},"9":{"inputs":{"filename_prefix":"ComfyUI","images":["8",0]},"class_type":"SaveImage","_meta":{"title":"Save Image"}}},{"client_id":"0d4c1f2e"},["9"]]],"queue_pending":[]}`, ckpt)
	routes := map[string]Route{}
	// server.py add_routes: every route also under /api
	for _, p := range []string{"/system_stats", "/queue"} {
		body := stats
		if p == "/queue" {
			body = queue
		}
		routes[p] = Route{Body: body}
		routes["/api"+p] = Route{Body: body}
	}
	var m []string
	m = append(m, o.Libs.all()...)
	if o.Checkpoint != "" {
		m = append(m, o.Checkpoint)
	}
	return Spec{
		Argv:   []string{python, "main.py", "--listen", "127.0.0.1", "--port", "{port}"},
		Comm:   "python3",
		Dir:    o.Dir,
		Routes: routes,
		Map:    m,
		Log: []string{
			// comfy/model_management.py and main.py start-up lines
			fmt.Sprintf("Total VRAM %.0f MB, total RAM 2051915 MB", float64(o.VRAMTotal)/(1<<20)),
			"pytorch version: 2.8.0+cu128",
			"Set vram state to: NORMAL_VRAM",
			"Device: cuda:0 NVIDIA H200 : cudaMallocAsync",
			// server.py start_multi_address ("Starting server\n" ends in a blank line)
			"Starting server",
			"",
			"To see the GUI go to: http://127.0.0.1:{port}",
			// server.py post_prompt
			"got prompt",
		},
	}
}

// ---------------------------------------------------------------- PyTorch

// TorchJobOptions describe a plain `python train.py` using CUDA PyTorch.
type TorchJobOptions struct {
	Dir   string // working directory
	Model string // a model.safetensors file, mapped
	Libs  Libs
}

// TorchJob is a PyTorch/transformers job: it maps torch's CUDA libraries
// and a safetensors model, and listens on nothing.
func TorchJob(o TorchJobOptions) Spec {
	m := o.Libs.all()
	if o.Model != "" {
		m = append(m, o.Model)
	}
	return Spec{Argv: []string{python, "train.py"}, Comm: "python3", Dir: o.Dir, Map: m}
}

// ---------------------------------------------------------------- helpers

// commas writes n with thousands separators, as Python's f"{n:,}".
func commas(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// pyFloat writes v as Python's repr(float) does for these values:
// shortest round-trip digits, always with a decimal point.
func pyFloat(v float64) string {
	s := fmt.Sprint(v)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	return s
}

// trimFloat writes a fraction as a command line names it (0.9).
func trimFloat(v float64) string { return fmt.Sprint(v) }
