package inspect

import (
	"context"
	"errors"
	"io/fs"
	"sync"
	"time"

	"github.com/gputaskman/gtm/inspect/llamaopts"
	"github.com/gputaskman/gtm/inspect/modelargs"
	"github.com/gputaskman/gtm/inspect/runtimes"
	"github.com/gputaskman/gtm/internal/safefile"
	"github.com/gputaskman/gtm/internal/schema"
)

// ModuleLister lists the paths of the modules (DLLs) a process has
// loaded. Errors wrapping fs.ErrPermission or fs.ErrNotExist say the
// modules are hidden or the process is gone.
type ModuleLister func(pid int) ([]string, error)

// ModuleInspector finds runtimes from a process's loaded modules, where
// there are no memory maps to read (Windows). It scans on the maps scan's
// schedule (Scheduler: new processes, a VRAM change, or every
// RescanAfter) within Budget per refresh. Mapped files are not among the
// modules, so the only models it sees are those the command line names
// (launch evidence), read as on Linux: the program (llama-server.exe,
// ollama.exe runner...), its settings, and the model files' GGUF headers
// for the LLM breakdown, and, with Opens (--trace-opens), the model files
// a process opened, as on Linux. Files are read with gtm's own rights:
// Windows has no /proc to learn the process's from.
type ModuleInspector struct {
	List   ModuleLister
	Budget time.Duration
	// Headers caches the GGUF headers of the model files command lines
	// name; nil reads no headers.
	Headers *HeaderCache
	// Opens is the file-open trace (--trace-opens); nil when not traced.
	Opens OpenTrace

	mu    sync.Mutex
	sched *Scheduler
	found map[Key]Finding
	vram  vramHistory // confirms an open by the opener's VRAM rising
}

// NewModuleInspector returns an inspector reading modules through list.
func NewModuleInspector(list ModuleLister) *ModuleInspector {
	return &ModuleInspector{List: list, Budget: ScanBudget, Headers: NewHeaderCache(), sched: NewScheduler(), found: map[Key]Finding{}}
}

// Refresh scans the targets that are due, most VRAM first, until the
// budget is spent or ctx ends, and returns the newest finding of every
// target that has one; targets not scanned yet are absent.
func (m *ModuleInspector) Refresh(ctx context.Context, targets []Target) map[int]Finding {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.vram.record(targets, time.Now())
	_, out := refreshDue(ctx, m.sched, m.found, m.Budget, targets, m.Inspect)
	return out
}

// Inspect lists one process's modules now, whatever the schedule says.
func (m *ModuleInspector) Inspect(t Target) Finding {
	paths, err := m.List(t.PID)
	var f Finding
	switch {
	case errors.Is(err, fs.ErrPermission):
		f.MapsError = "loaded modules are hidden by permissions; run gtm as administrator to see runtimes"
	case errors.Is(err, fs.ErrNotExist):
		f.MapsError = "the process exited before its loaded modules could be read"
	case err != nil:
		f.MapsError = "loaded modules could not be read: " + err.Error()
	default:
		f.Runtimes = []schema.Runtime{}
		for _, r := range runtimes.Detect(paths) {
			f.Runtimes = append(f.Runtimes, schema.Runtime{Name: r.Name, Detail: r.Detail, Libraries: r.Libraries})
		}
	}

	args := modelargs.Parse(t.Cmdline, t.Cwd)
	if args.Tool == modelargs.ToolGeneric && hasRuntime(f.Runtimes, "ggml/llama.cpp") && modelargs.HasLlamaCppFlags(t.Cmdline) {
		args = modelargs.ParseAs(t.Cmdline, t.Cwd, modelargs.ToolLlamaCpp) // a renamed llama.cpp
	}
	f.Tool, f.Settings = args.Tool, args.Settings
	acc := moduleAccess()
	models := newModelSet()
	addCmdlineModels(acc, models, args)
	// None named is not "none loaded": a model the process mapped is not
	// among its modules, so Models stays unknown (nil) then.
	files := &Inspector{Headers: m.Headers, Opens: m.Opens}
	for _, e := range models.list {
		f.Models = append(f.Models, files.describe(acc, e))
	}
	return files.withOpened(acc, t, f, &m.vram)
}

// moduleAccess reads the files a command line names with gtm's own rights.
func moduleAccess() *safefile.Access { return &safefile.Access{} }

// Enrich builds the LLM breakdown from what the command line said (the
// model files' headers, -c, -np, cache types) against the VRAM measured
// now; there is no server to ask or log to read, so ctx is not used.
func (m *ModuleInspector) Enrich(_ context.Context, t Target, f Finding, measured *uint64) (Finding, *schema.LLM) {
	preset := llamaopts.Server
	if isLlamaCLI(t.Cmdline) {
		preset = llamaopts.CLI
	}
	return f, BuildLLM(LLMInput{MeasuredVRAM: measured, Models: f.Models, Headers: m.Headers, Access: moduleAccess(),
		Settings: f.Settings, Preset: preset, LlamaCpp: f.Tool == modelargs.ToolLlamaCpp, Runtimes: f.Runtimes})
}
