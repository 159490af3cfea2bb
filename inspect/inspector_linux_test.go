package inspect

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
	"github.com/gputaskman/gtm/inspect/procmaps/maptest"
	"github.com/gputaskman/gtm/inspect/stores"
	"github.com/gputaskman/gtm/internal/standin"
)

func TestMain(m *testing.M) {
	standin.MaybeRun()
	maptest.MaybeRunChild()
	os.Exit(m.Run())
}

const qwenDigest = "sha256:1111111111111111111111111111111111111111111111111111111111111111"

// ollamaStore writes a fake Ollama store holding the Qwen3-0.6B header as
// the blob of qwen3:0.6b, and returns the store root and the blob path.
func ollamaStore(t *testing.T) (root, blob string) {
	t.Helper()
	root = t.TempDir()
	blob = filepath.Join(root, "blobs", "sha256-"+strings.TrimPrefix(qwenDigest, "sha256:"))
	must(t, os.MkdirAll(filepath.Dir(blob), 0o755))
	must(t, ggufgen.Qwen3_0_6B().MustBuild().WriteFile(blob))
	manifest := map[string]any{
		"schemaVersion": 2,
		"mediaType":     "application/vnd.docker.distribution.manifest.v2+json",
		"config":        map[string]any{"mediaType": "application/vnd.docker.container.image.v1+json", "digest": "sha256:" + strings.Repeat("2", 64), "size": 1},
		"layers": []any{map[string]any{
			"mediaType": "application/vnd.ollama.image.model", "digest": qwenDigest, "size": 639446688,
		}},
	}
	b, _ := json.Marshal(manifest)
	dir := filepath.Join(root, "manifests", "registry.ollama.ai", "library", "qwen3")
	must(t, os.MkdirAll(dir, 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "0.6b"), b, 0o644))
	return root, blob
}

// TestInspectRealProcess: a real child process maps a GGUF from a fake
// Ollama store and libraries named like llama.cpp's CUDA build; the
// inspector reads its real /proc/<pid>/maps.
func TestInspectRealProcess(t *testing.T) {
	root, blob := ollamaStore(t)
	ggmlCUDA := maptest.TempFile(t, "libggml-cuda.so", 4096)
	cudart := maptest.TempFile(t, "libcudart.so.12", 4096)
	pid := maptest.StartNamedMapper(t, "llama-server", blob, blob, ggmlCUDA, cudart)

	in := New("/proc", stores.New(stores.Config{OllamaRoots: []string{root}}))
	f := in.Inspect(Target{PID: pid, Name: "llama-server", Cmdline: []string{"llama-server", "-m", blob, "-c", "8192"}, Cwd: "/"})
	if f.MapsError != "" {
		t.Fatal(f.MapsError)
	}
	names := []string{}
	for _, r := range f.Runtimes {
		names = append(names, r.Name)
	}
	if got := strings.Join(names, ","); !strings.Contains(got, "CUDA") || !strings.Contains(got, "ggml/llama.cpp") {
		t.Errorf("runtimes = %s", got)
	}
	if len(f.Models) != 1 {
		t.Fatalf("models = %+v (mapped twice and named on the command line: one file)", f.Models)
	}
	m := f.Models[0]
	if strings.Join(m.Evidence, "+") != "mapped+cmdline" || !m.Confirmed || m.Candidate {
		t.Errorf("evidence = %v confirmed %v", m.Evidence, m.Confirmed)
	}
	if m.Name == nil || *m.Name != "qwen3:0.6b" || *m.Store != "ollama" {
		t.Errorf("name = %v", m.Name)
	}
	if *m.Kind != "llm" || *m.Architecture != "qwen3" || *m.Quantization != "Q8_0" || *m.Layers != 28 {
		t.Errorf("header = kind %v arch %v quant %v layers %v", *m.Kind, *m.Architecture, *m.Quantization, *m.Layers)
	}
	if m.Weights == nil || m.Weights.Bytes != 633495552 || m.Weights.Source != "estimated" || m.Weights.From != "gguf" {
		t.Errorf("weights = %+v", m.Weights)
	}
}

func TestInspectRelativeCmdlineAndHint(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "models", "Laya-Q4_K_M.gguf")
	must(t, os.MkdirAll(filepath.Dir(path), 0o755))
	must(t, ggufgen.Tiny().MustBuild().WriteFile(path))
	in := New("/proc", nil)
	// The process is not mapping it (pid of a process without the file):
	// only the command line names it, relative to its cwd.
	f := in.Inspect(Target{PID: os.Getpid(), Cmdline: []string{"llama-server", "--model", "models/Laya-Q4_K_M.gguf"}, Cwd: dir})
	if len(f.Models) != 1 {
		t.Fatalf("models = %+v", f.Models)
	}
	m := f.Models[0]
	if m.Path != path || strings.Join(m.Evidence, "+") != "cmdline" || m.Confirmed {
		t.Errorf("model = %+v", m)
	}
	if m.KindHint == nil || *m.KindHint != "decision" || !strings.Contains(*m.KindLabel, "likely decision model") {
		t.Errorf("hint = %v %v", m.KindHint, m.KindLabel)
	}
	if m.Kind == nil || *m.Kind == "decision" {
		t.Errorf("a hint must not change the header kind: %v", m.Kind)
	}
}

func TestInspectCorruptGGUFIsAHeaderError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "broken.gguf")
	must(t, os.WriteFile(path, []byte("GGUF\x03\x00\x00\x00garbage"), 0o644))
	f := New("/proc", nil).Inspect(Target{PID: os.Getpid(), Cmdline: []string{"llama-cli", "-m", path}})
	if len(f.Models) != 1 || f.Models[0].HeaderError == nil || f.Models[0].Kind != nil {
		t.Errorf("corrupt model = %+v", f.Models)
	}
}

func TestInspectVanishedProcess(t *testing.T) {
	f := New("/proc", nil).Inspect(Target{PID: 1 << 30})
	if f.MapsError == "" || f.Runtimes != nil {
		t.Errorf("vanished = %+v", f)
	}
}

func TestRefreshBudgetAndCache(t *testing.T) {
	in := New("/proc", nil)
	me := Target{PID: os.Getpid(), Start: time.Unix(1, 0)}
	got := in.Refresh(context.Background(), []Target{me})
	if _, ok := got[me.PID]; !ok {
		t.Fatal("first refresh must scan a new process")
	}
	// Nothing changed: the cached finding comes back without a scan.
	in.Budget = 0
	if _, ok := in.Refresh(context.Background(), []Target{me})[me.PID]; !ok {
		t.Error("cached finding lost")
	}
	// With no budget, a new process waits (absent: not inspected yet).
	other := Target{PID: 1, Start: time.Unix(2, 0)}
	if _, ok := in.Refresh(context.Background(), []Target{me, other})[1]; ok {
		t.Error("a zero budget must not scan")
	}
	// An exited process is forgotten.
	in.Refresh(context.Background(), nil)
	if len(in.found) != 0 {
		t.Errorf("kept %d findings for exited processes", len(in.found))
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestInspectDuringSwapToFIFO: a model path swapped between a GGUF file
// and a FIFO while the process is inspected again and again. No
// inspection waits on the FIFO (it used to, about one in ten).
func TestInspectDuringSwapToFIFO(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.gguf")
	reg, fifo := filepath.Join(dir, "reg"), filepath.Join(dir, "fifo")
	img := ggufgen.Tiny().MustBuild()
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			default:
			}
			img.WriteFile(reg)
			os.Rename(reg, path)
			syscall.Mkfifo(fifo, 0o644)
			os.Rename(fifo, path)
		}
	}()
	defer func() { close(stop); <-done }()
	in := New("/proc", nil)
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		for range 100 {
			in.Headers = NewHeaderCache()
			in.Inspect(Target{PID: os.Getpid(), Cmdline: []string{"llama-cli", "-m", path}})
		}
	}()
	select {
	case <-finished:
	case <-time.After(20 * time.Second):
		t.Fatal("an inspection hangs on a model path swapped for a FIFO")
	}
}
