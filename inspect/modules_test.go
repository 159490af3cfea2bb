package inspect

import (
	"context"
	"fmt"
	"io/fs"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
	"github.com/gputaskman/gtm/inspect/modelargs"
	"github.com/gputaskman/gtm/inspect/runtimes"
)

// fakeModules answers a module list per PID and counts the calls.
type fakeModules struct {
	lists map[int][]string
	errs  map[int]error
	calls map[int]int
}

func (f *fakeModules) list(pid int) ([]string, error) {
	f.calls[pid]++
	return f.lists[pid], f.errs[pid]
}

func TestModuleInspectorRuntimes(t *testing.T) {
	fm := &fakeModules{calls: map[int]int{}, lists: map[int][]string{
		6120: {`C:\llama\llama-server.exe`, `C:\Windows\SYSTEM32\ntdll.dll`, `C:\Windows\System32\nvcuda.dll`,
			`C:\llama\ggml-cuda.dll`, `C:\llama\ggml-base.dll`, `C:\llama\llama.dll`, `C:\Windows\System32\nvml.dll`},
		7000: {`C:\Windows\System32\d3d12.dll`, `C:\App\onnxruntime.dll`, `C:\App\DirectML.dll`},
		8000: {`C:\Windows\System32\kernel32.dll`},
	}, errs: map[int]error{
		4:    fmt.Errorf("CreateToolhelp32Snapshot: %w", fs.ErrPermission),
		9000: fmt.Errorf("CreateToolhelp32Snapshot: %w", fs.ErrNotExist),
		9100: fmt.Errorf("CreateToolhelp32Snapshot: Access is odd"),
	}}
	in := NewModuleInspector(fm.list)
	names := func(f Finding) []string {
		var out []string
		for _, r := range f.Runtimes {
			out = append(out, runtimes.Runtime{Name: r.Name, Detail: r.Detail}.String())
		}
		return out
	}
	for _, c := range []struct {
		pid      int
		runtimes []string
		err      string
	}{
		{6120, []string{"CUDA", "ggml/llama.cpp (CUDA)"}, ""},
		{7000, []string{"Direct3D 12", "ONNX Runtime", "DirectML"}, ""},
		{8000, nil, ""},
		{4, nil, "loaded modules are hidden by permissions; run gtm as administrator to see runtimes"},
		{9000, nil, "the process exited before its loaded modules could be read"},
		{9100, nil, "loaded modules could not be read: CreateToolhelp32Snapshot: Access is odd"},
	} {
		f := in.Inspect(Target{PID: c.pid})
		if !reflect.DeepEqual(names(f), c.runtimes) || f.MapsError != c.err {
			t.Errorf("pid %d: runtimes %v error %q; want %v %q", c.pid, names(f), f.MapsError, c.runtimes, c.err)
		}
		// docs/design.md, evidence rule 1: unreadable modules are unknown (nil), readable
		// ones without a runtime are known-empty; models are never claimed.
		if (f.Runtimes == nil) != (c.err != "") || f.Models != nil {
			t.Errorf("pid %d: runtimes %#v models %#v", c.pid, f.Runtimes, f.Models)
		}
	}
}

// Modules are listed on the maps scan's schedule: a new process at once,
// then not again until it is due (VRAM moved, or RescanAfter).
func TestModuleInspectorThrottles(t *testing.T) {
	fm := &fakeModules{calls: map[int]int{}, lists: map[int][]string{1: {"vulkan-1.dll"}, 2: {"nvcuda.dll"}}}
	in := NewModuleInspector(fm.list)
	vram := uint64(1 << 30)
	got := in.Refresh(context.Background(), []Target{{PID: 1, VRAM: &vram}})
	if len(got) != 1 || got[1].Runtimes[0].Name != "Vulkan" || fm.calls[1] != 1 {
		t.Fatalf("first refresh: %+v calls %v", got, fm.calls)
	}
	got = in.Refresh(context.Background(), []Target{{PID: 1, VRAM: &vram}, {PID: 2}})
	if fm.calls[1] != 1 || fm.calls[2] != 1 || len(got) != 2 {
		t.Errorf("second refresh rescanned a known process or missed a new one: calls %v, found %v", fm.calls, got)
	}
	more := vram + RescanVRAMBytes
	in.Refresh(context.Background(), []Target{{PID: 1, VRAM: &more}, {PID: 2}})
	if fm.calls[1] != 2 || fm.calls[2] != 1 {
		t.Errorf("a VRAM change must rescan only that process: calls %v", fm.calls)
	}
	// An exited process is forgotten; if its PID comes back it is new.
	in.Refresh(context.Background(), []Target{{PID: 2}})
	in.Refresh(context.Background(), []Target{{PID: 1, VRAM: &more}, {PID: 2}})
	if fm.calls[1] != 3 {
		t.Errorf("a reappearing PID was not rescanned: calls %v", fm.calls)
	}
}

func TestModuleInspectorBudget(t *testing.T) {
	fm := &fakeModules{calls: map[int]int{}}
	in := NewModuleInspector(fm.list)
	in.Budget = 0 // spent before the first scan
	if got := in.Refresh(context.Background(), []Target{{PID: 1}}); len(got) != 0 || fm.calls[1] != 0 {
		t.Errorf("a spent budget still scanned: %v %v", got, fm.calls)
	}
}

// On Windows the command line is the only model evidence: a llama-server
// named by its Windows path is read with llama.cpp's grammar, the model
// file it names is described from its GGUF header, and the LLM breakdown
// takes -c and -np from it, as on Linux.
func TestModuleInspectorReadsTheCommandLine(t *testing.T) {
	model := filepath.Join(t.TempDir(), "Qwen3-0.6B-Q8_0.gguf")
	if err := ggufgen.Qwen3_0_6B().MustBuild().WriteFile(model); err != nil {
		t.Fatal(err)
	}
	fm := &fakeModules{calls: map[int]int{}, lists: map[int][]string{
		6120: {`C:\llama\llama-server.exe`, `C:\Windows\System32\nvcuda.dll`, `C:\llama\ggml-cuda.dll`, `C:\llama\ggml-base.dll`, `C:\llama\llama.dll`},
		7000: {`C:\Windows\System32\d3d12.dll`},
	}}
	in := NewModuleInspector(fm.list)
	target := Target{PID: 6120, Cmdline: []string{`C:\Program Files\llama.cpp\llama-server.exe`, "-m", model, "-c", "8192", "-np", "2", "-ngl", "99"}}
	f := in.Inspect(target)
	if f.Tool != modelargs.ToolLlamaCpp {
		t.Fatalf("tool %q, want llama.cpp", f.Tool)
	}
	if len(f.Models) != 1 || f.Models[0].Path != model || !reflect.DeepEqual(f.Models[0].Evidence, []string{EvidenceCmdline}) ||
		f.Models[0].Format == nil || *f.Models[0].Format != "gguf" {
		t.Fatalf("models %+v: want the -m file, launch evidence, read as GGUF", f.Models)
	}
	vram := uint64(1 << 30)
	_, llm := in.Enrich(context.Background(), target, f, &vram)
	if llm == nil || llm.NCtx == nil || *llm.NCtx != 8192 || *llm.NCtxSource != "cmdline" ||
		llm.Parallel == nil || *llm.Parallel != 2 || *llm.ParallelSource != "cmdline" {
		t.Fatalf("LLM %+v: want n_ctx 8192 and 2 slots from the command line", llm)
	}

	// A llama-cli is sized with one sequence, whatever the path's separators.
	cli := Target{PID: 6120, Cmdline: []string{`C:\llama\llama-cli.exe`, "-m", model, "-c", "4096"}}
	if _, l := in.Enrich(context.Background(), cli, in.Inspect(cli), &vram); l == nil || l.Parallel == nil || *l.Parallel != 1 {
		t.Errorf("llama-cli: LLM %+v, want one sequence", l)
	}

	// No model named: mapped files are not modules, so models stay unknown.
	g := in.Inspect(Target{PID: 7000, Cmdline: []string{`C:\Games\game.exe`, "-fullscreen"}})
	if g.Models != nil {
		t.Errorf("models %#v: none named on the command line must stay null, not []", g.Models)
	}
	if _, l := in.Enrich(context.Background(), Target{PID: 7000}, g, &vram); l != nil {
		t.Errorf("a game got an LLM block: %+v", l)
	}
}

// Refresh takes the refresh's ctx: once it has ended (gtm is quitting) no
// module list is read, and the process waits as when the budget is spent.
func TestModuleInspectorRefreshStopsWithCtx(t *testing.T) {
	fm := &fakeModules{calls: map[int]int{}, lists: map[int][]string{1: {"nvcuda.dll"}}}
	in := NewModuleInspector(fm.list)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got := in.Refresh(ctx, []Target{{PID: 1}}); len(got) != 0 || fm.calls[1] != 0 {
		t.Errorf("an ended ctx still scanned: %v %v", got, fm.calls)
	}
	if got := in.Refresh(context.Background(), []Target{{PID: 1}}); len(got) != 1 || fm.calls[1] != 1 {
		t.Errorf("the process did not wait for the next refresh: %v %v", got, fm.calls)
	}
}
