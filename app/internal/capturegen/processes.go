package capturegen

import (
	"time"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/inspect/runtimes"
	"github.com/gputaskman/gtm/internal/schema"
)

// The processes of the scenario. Their details are what /proc and the
// inspector would give for them on a Debian/Ubuntu desktop where gtm runs
// as the desktop user alice: her own processes are fully visible, bob's
// training job on GPU 1 is not (no exe, cwd or memory maps).

const (
	pidXorg   = 1423
	pidShell  = 2210
	pidChrome = 3391
	pidLlama  = 48211
	pidBob    = 57102
	pidMPV    = 61877
	pidEmbed  = 62410
)

const (
	llamaModelPath = "/home/alice/models/Qwen3-8B-Q4_K_M.gguf"
	llamaLogPath   = "/home/alice/logs/llama-server.log"
	embedModelPath = "/home/alice/.cache/huggingface/hub/models--BAAI--bge-m3/snapshots/5617a9f61b028005a4858fdac845db406aefb181/model.safetensors"
	nvidiaLibs     = "/usr/lib/x86_64-linux-gnu/"
	driverVersion  = ".550.127.05"
)

var llamaArgv = []string{
	"/home/alice/src/llama.cpp/build/bin/llama-server",
	"-m", llamaModelPath, "-c", "16384", "-np", "4", "-ngl", "99",
	"--host", "127.0.0.1", "--port", "8080", "--metrics", "--log-file", llamaLogPath,
}

// proc is one process of the scenario: what /proc says, on which GPU and
// driver lists, and what the inspector finds in its maps.
type proc struct {
	info        backend.ProcessInfo
	device      int
	kinds       []string
	from, until int // seconds; until 0: to the end
	libraries   []string
	mapsHidden  bool
}

func (p *proc) alive(t int) bool { return t >= p.from && (p.until == 0 || t < p.until) }

func (p *proc) runtimes() []schema.Runtime {
	if p.mapsHidden {
		return nil
	}
	out := []schema.Runtime{}
	for _, r := range runtimes.Detect(p.libraries) {
		out = append(out, schema.Runtime{Name: r.Name, Detail: r.Detail, Libraries: r.Libraries})
	}
	return out
}

func str(s string) *string { return &s }

// processes builds the scenario's processes; start is the first
// snapshot's time (start times are before it, or at a process's launch).
func processes(start time.Time) []*proc {
	at := func(t int) *time.Time { v := start.Add(time.Duration(t) * time.Second); return &v }
	ago := func(d time.Duration) *time.Time { v := start.Add(-d); return &v }
	user := func(name string, pid, ppid int, started *time.Time, exe, cwd string, argv ...string) backend.ProcessInfo {
		return backend.ProcessInfo{PID: pid, Exists: true, Name: str(baseName(argv[0])), Exe: str(exe), Cwd: str(cwd),
			Cmdline: argv, User: str(name), StartTime: started, PPID: &ppid}
	}
	gl := func(extra ...string) []string {
		return append([]string{
			nvidiaLibs + "libGLX_nvidia.so.0" + driverVersion, nvidiaLibs + "libGLdispatch.so.0",
			nvidiaLibs + "libnvidia-glcore.so" + driverVersion, nvidiaLibs + "libnvidia-tls.so" + driverVersion,
		}, extra...)
	}
	torch := []string{
		"/home/alice/.venvs/rag/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so",
		"/home/alice/.venvs/rag/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so",
		"/home/alice/.venvs/rag/lib/python3.12/site-packages/torch/lib/libc10_cuda.so",
		"/home/alice/.venvs/rag/lib/python3.12/site-packages/torch/lib/libc10.so",
		"/home/alice/.venvs/rag/lib/python3.12/site-packages/nvidia/cuda_runtime/lib/libcudart.so.12",
		"/home/alice/.venvs/rag/lib/python3.12/site-packages/nvidia/cublas/lib/libcublas.so.12",
		"/home/alice/.venvs/rag/lib/python3.12/site-packages/nvidia/cublas/lib/libcublasLt.so.12",
		"/home/alice/.venvs/rag/lib/python3.12/site-packages/nvidia/cudnn/lib/libcudnn.so.9",
		nvidiaLibs + "libcuda.so.1" + driverVersion,
	}

	xorg := user("alice", pidXorg, 1398, ago(3*time.Hour+12*time.Minute), "/usr/lib/xorg/Xorg", "/",
		"/usr/lib/xorg/Xorg", "vt2", "-displayfd", "3", "-auth", "/run/user/1000/gdm/Xauthority",
		"-nolisten", "tcp", "-background", "none", "-noreset", "-keeptty", "-novtswitch", "-verbose", "3")
	shell := user("alice", pidShell, 1890, ago(3*time.Hour+11*time.Minute), "/usr/bin/gnome-shell", "/home/alice", "/usr/bin/gnome-shell")
	chrome := user("alice", pidChrome, 3350, ago(2*time.Hour+47*time.Minute), "/opt/google/chrome/chrome", "/home/alice",
		"/opt/google/chrome/chrome", "--type=gpu-process", "--crashpad-handler-pid=3362", "--enable-crash-reporter=,stable",
		"--change-stack-guard-on-fork=enable", "--gpu-preferences=WAAAAAAAAAAgAAAEAAAAAAAAAAAAAAAAAABgAAEAAAA4AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
		"--shared-files", "--field-trial-handle=3,i,8417299342261398527,6090911239471513203,262144")
	chrome.Name = str("chrome")
	llama := user("alice", pidLlama, 4120, at(llamaStart), llamaArgv[0], "/home/alice", llamaArgv...)
	mpv := user("alice", pidMPV, 4120, at(mpvStart), "/usr/bin/mpv", "/home/alice",
		"mpv", "--hwdec=nvdec", "/home/alice/Videos/conference-talk-2160p.mkv")
	embed := user("alice", pidEmbed, 4120, at(embedStart), "/usr/bin/python3.12", "/home/alice/work/rag",
		"python3", "embed_corpus.py", "--model", "BAAI/bge-m3", "--batch-size", "64", "data/wiki-2024.jsonl")
	// bob's job: comm, cmdline, status and stat are world-readable; exe,
	// cwd and maps are not.
	bobPPID := 57077
	bob := backend.ProcessInfo{PID: pidBob, Exists: true, Restricted: true, Name: str("python3"),
		Cmdline: []string{"python3", "train.py", "--config", "configs/resnet50-finetune.yaml", "--epochs", "30"},
		User:    str("bob"), StartTime: ago(47 * time.Minute), PPID: &bobPPID}

	return []*proc{
		{info: xorg, device: 0, kinds: []string{"graphics"},
			libraries: gl("/usr/lib/xorg/modules/drivers/nvidia_drv.so", nvidiaLibs+"nvidia/xorg/libglxserver_nvidia.so"+driverVersion, nvidiaLibs+"libGL.so.1")},
		{info: shell, device: 0, kinds: []string{"graphics"},
			libraries: gl(nvidiaLibs+"libEGL_nvidia.so.0"+driverVersion, nvidiaLibs+"libEGL.so.1", nvidiaLibs+"libGLESv2.so.2", nvidiaLibs+"libnvidia-eglcore.so"+driverVersion)},
		{info: chrome, device: 0, kinds: []string{"graphics"},
			libraries: gl("/opt/google/chrome/libEGL.so", "/opt/google/chrome/libGLESv2.so", nvidiaLibs+"libEGL_nvidia.so.0"+driverVersion, nvidiaLibs+"libvulkan.so.1")},
		{info: llama, device: 0, kinds: []string{"compute"}, from: llamaStart,
			libraries: []string{
				"/home/alice/src/llama.cpp/build/bin/libllama.so", "/home/alice/src/llama.cpp/build/bin/libggml.so",
				"/home/alice/src/llama.cpp/build/bin/libggml-base.so", "/home/alice/src/llama.cpp/build/bin/libggml-cpu.so",
				"/home/alice/src/llama.cpp/build/bin/libggml-cuda.so", "/usr/local/cuda-12.6/lib64/libcudart.so.12",
				"/usr/local/cuda-12.6/lib64/libcublas.so.12", "/usr/local/cuda-12.6/lib64/libcublasLt.so.12",
				nvidiaLibs + "libcuda.so.1" + driverVersion,
			}},
		{info: mpv, device: 0, kinds: []string{"compute", "graphics"}, from: mpvStart, until: mpvEnd,
			libraries: gl(nvidiaLibs+"libcuda.so.1"+driverVersion, nvidiaLibs+"libnvcuvid.so.1"+driverVersion, nvidiaLibs+"libEGL_nvidia.so.0"+driverVersion, nvidiaLibs+"libvulkan.so.1")},
		{info: embed, device: 0, kinds: []string{"compute"}, from: embedStart, until: embedEnd, libraries: torch},
		{info: bob, device: 1, kinds: []string{"compute"}, mapsHidden: true},
	}
}

func baseName(p string) string {
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] == '/' {
			return p[i+1:]
		}
	}
	return p
}
