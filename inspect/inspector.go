package inspect

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/gputaskman/gtm/inspect/formats"
	"github.com/gputaskman/gtm/inspect/gguf"
	"github.com/gputaskman/gtm/inspect/hfconfig"
	"github.com/gputaskman/gtm/inspect/hfmodel"
	"github.com/gputaskman/gtm/inspect/llamaopts"
	"github.com/gputaskman/gtm/inspect/modelargs"
	"github.com/gputaskman/gtm/inspect/procmaps"
	"github.com/gputaskman/gtm/inspect/runtimes"
	"github.com/gputaskman/gtm/inspect/servers"
	"github.com/gputaskman/gtm/inspect/stores"
	"github.com/gputaskman/gtm/internal/procroot"
	"github.com/gputaskman/gtm/internal/safefile"
	"github.com/gputaskman/gtm/internal/schema"
)

// Target is a process to inspect, with what the OS already told us.
type Target struct {
	PID     int
	Start   time.Time // zero when unknown
	Name    string
	Exe     string
	PPID    int
	Cmdline []string
	Cwd     string
	VRAM    *uint64 // measured, for scan priority; nil when unknown
}

// Inspector finds runtimes and model files in processes, within the cost
// policy (Scheduler): scans are cached per process and throttled, GGUF
// headers are cached per file version, stores re-read at most every 60 s.
type Inspector struct {
	ProcRoot string
	Stores   *stores.Stores // nil: no friendly names
	Headers  *HeaderCache
	Budget   time.Duration // scanning allowed per Refresh; ScanBudget by default
	// Live probes local servers and reads buffer logs; nil turns that off.
	Live *Live
	// Opens is the file-open trace (--trace-opens); nil when not traced.
	Opens OpenTrace
	// ScanMaps lists the files a process maps; nil reads
	// <ProcRoot>/<pid>/maps. macOS sets it to a region walk.
	ScanMaps func(t Target) (*procmaps.Maps, error)
	// AccessFor is how the files a process names are read; nil is
	// safefile.ForProcess under ProcRoot (the process's rights, learned
	// from /proc). macOS, without /proc, sets it.
	AccessFor func(t Target) *safefile.Access
	// Untrusted, when set, says why ProcRoot is not trusted: it is not a
	// procfs mount, so its processes are data only (names, command lines,
	// maps as text). No file they name or map is opened, no server of
	// theirs probed, no key sent, no log read. New sets it from the
	// mount; TrustProcRoot clears it for a tree trusted on purpose.
	Untrusted string

	mu        sync.Mutex
	sched     *Scheduler
	found     map[Key]Finding
	installed installedCache
	hf        formats.HFCache
	files     formats.FileCache
	vram      vramHistory
}

// New returns an inspector reading processes under procRoot.
func New(procRoot string, st *stores.Stores) *Inspector {
	return &Inspector{ProcRoot: procRoot, Stores: st, Headers: NewHeaderCache(), Budget: ScanBudget,
		Untrusted: procroot.Untrusted(procRoot), sched: NewScheduler(), found: map[Key]Finding{}}
}

// TrustProcRoot trusts ProcRoot (and Live's) even when it is not procfs:
// for test fixtures and --trust-proc-root, never by default.
func (in *Inspector) TrustProcRoot() {
	in.Untrusted = ""
	if in.Live != nil {
		in.Live.Untrusted = ""
	}
}

// Refresh scans the targets that are due, most VRAM first, until the budget
// is spent or ctx ends (gtm is quitting), and returns the newest finding of
// every target that has one. Targets not scanned yet are absent: not
// inspected, rather than "nothing found"; they wait, as when the budget is
// spent.
func (in *Inspector) Refresh(ctx context.Context, targets []Target) map[int]Finding {
	in.mu.Lock()
	defer in.mu.Unlock()
	in.vram.record(targets, time.Now())
	keep, out := refreshDue(ctx, in.sched, in.found, in.Budget, targets, in.Inspect)
	if in.Live != nil {
		in.Live.Forget(keep)
		in.Live.CountWorkers(targets)
	}
	return out
}

// Inspect scans one process now, whatever the policy says.
//
// Files the process names or maps are read only as its user could read
// them (safefile.Access): a root gtm is no deputy for another user.
func (in *Inspector) Inspect(t Target) Finding {
	var f Finding
	models := newModelSet()
	acc := in.access(t)

	maps, err := in.scanMaps(t)
	switch {
	case errors.Is(err, fs.ErrPermission):
		f.MapsError = "memory maps are hidden by permissions; run as root (or as the process's owner) to see runtimes and mapped models"
	case errors.Is(err, fs.ErrNotExist):
		f.MapsError = "the process exited before its memory maps could be read"
	case err != nil:
		f.MapsError = "memory maps could not be read: " + err.Error()
	default:
		f.Runtimes = []schema.Runtime{}
		for _, r := range runtimes.FromMaps(maps) {
			f.Runtimes = append(f.Runtimes, schema.Runtime{Name: r.Name, Detail: r.Detail, Libraries: r.Libraries})
		}
		for _, e := range maps.Files() {
			if format := mappedModelFormat(acc, e); format != "" {
				key := fileKeyFromMap(e)
				if acc.Skipped(e.Path) != "" {
					key = "path:" + filepath.Clean(e.Path) // as the command line's copy is keyed
				}
				models.add(e.Path, key, "model", EvidenceMapped, format, e.Deleted)
			}
		}
	}

	args := modelargs.Parse(t.Cmdline, t.Cwd)
	if args.Tool == modelargs.ToolGeneric && hasRuntime(f.Runtimes, "ggml/llama.cpp") && modelargs.HasLlamaCppFlags(t.Cmdline) {
		// ggml libraries and llama.cpp's own flags: a renamed llama.cpp
		args = modelargs.ParseAs(t.Cmdline, t.Cwd, modelargs.ToolLlamaCpp)
	}
	f.Tool, f.Settings = args.Tool, args.Settings
	f.App = appState(acc, t, userHome(), os.Getenv)
	addCmdlineModels(acc, models, args)
	if sa, ok := servedArgs(in.ProcRoot, t); ok {
		// vllm serve Qwen/Qwen3-8B: an HF id in the hub cache, or a folder
		f.Served, f.TP = sa.ServedArgs(t.Cmdline)
		if in.Untrusted == "" {
			if dir := resolveServed(in.ProcRoot, acc, t, f.Served); dir != "" {
				models.addNamed(dir, fileKeyFromPath(acc, dir), EvidenceCmdline, f.Served)
			}
		}
	}

	if len(models.list) == 0 && hasAIRuntime(f.Runtimes) && t.Exe != "" {
		for _, p := range in.installed.models(t.Exe, time.Now(), acc.Skipped) {
			if _, err := acc.Stat(p); err != nil {
				continue // not a file the process's user can reach
			}
			models.add(p, fileKeyFromPath(acc, p), "model", EvidenceInstalled, "", false)
		}
	}

	f.Models = make([]schema.Model, 0, len(models.list))
	for _, m := range models.list {
		f.Models = append(f.Models, in.describe(acc, m))
	}
	if in.Untrusted != "" {
		f.Notes = []string{procroot.Note}
	}
	return f
}

// addCmdlineModels adds the model files a command line names.
func addCmdlineModels(acc *safefile.Access, models *modelSet, args modelargs.Result) {
	for _, a := range args.Models {
		if a.Kind == modelargs.KindRepo || a.Path == "" {
			continue
		}
		if a.Kind == modelargs.KindFileOrRepo {
			if _, err := acc.Stat(a.Path); err != nil {
				continue // a hub repository name, not a file here
			}
		}
		models.add(a.Path, fileKeyFromPath(acc, a.Path), string(a.Role), EvidenceCmdline, "", false)
	}
}

// access is how files t names are read: with its user's rights.
func (in *Inspector) access(t Target) *safefile.Access {
	if in.Untrusted != "" {
		// Its status may claim uid 0 and its root link "/": read nothing.
		return safefile.Untrusted(procroot.Note)
	}
	if in.AccessFor != nil {
		return in.AccessFor(t)
	}
	return safefile.ForProcess(in.ProcRoot, t.PID)
}

func (in *Inspector) scanMaps(t Target) (*procmaps.Maps, error) {
	if in.ScanMaps != nil {
		return in.ScanMaps(t)
	}
	return procmaps.Scan(in.ProcRoot, t.PID)
}

// Enrich adds what is live about a process to its (possibly cached)
// finding: the server API's state and the model files it reports (api
// evidence), the buffer log, and the LLM breakdown against the VRAM
// measured now. The LLM block is nil when the process holds no LLM
// evidence. Server probes end when ctx does, and are charged to the probe
// budget ctx carries (WithProbeBudget), so many slow servers cannot make
// one refresh slow.
func (in *Inspector) Enrich(ctx context.Context, t Target, f Finding, measured *uint64) (Finding, *schema.LLM) {
	var api *APIFacts
	var log *LogFacts
	var eng *EngineFacts
	var notes []string
	acc := in.access(t)
	if in.Live != nil && in.Untrusted == "" { // an untrusted tree's ports and keys are not its processes'
		if n := KeyFileNote(acc, f); n != "" {
			notes = append(notes, n)
		}
		var paths, failed []string
		api, paths, failed = in.Live.Gather(ctx, t, f)
		if len(failed) > 0 { // no API block to carry them: the process's own notes
			f.Notes = append(slices.Clip(f.Notes), failed...)
		}
		if api != nil {
			notes = append(notes, api.Notes...)
		}
		if api != nil && servers.IsLlamaCpp(api.Server) && f.Tool != modelargs.ToolLlamaCpp {
			f = in.asLlamaCpp(acc, t, f) // its API says what it is, whatever its name
		}
		f.ListenPorts = in.Live.Ports(t)
		if len(paths) > 0 {
			var apiNotes []string
			f, apiNotes = in.withAPIEvidence(acc, f, paths, t.Cwd)
			notes = append(notes, apiNotes...)
		}
		if api != nil && len(api.OutputModalities) > 0 {
			f = withOutputModalities(f, api.OutputModalities)
		}
		srv, _ := recognise(in.ProcRoot, t)
		if api != nil && srv == nil {
			srv = api.Server // named by its API: a renamed server
		}
		if eng = in.Live.EngineLog(t, srv); eng == nil {
			log = in.Live.Log(t, f, f.Tool == modelargs.ToolLlamaCpp)
		}
	}
	var hf *HFFacts
	tp := 0
	if in.Untrusted == "" {
		f = in.withOpened(acc, t, f, &in.vram)
		f, hf, tp = in.servedModel(acc, t, f, api)
	}
	preset := llamaopts.Server
	if isLlamaCLI(t.Cmdline) {
		preset = llamaopts.CLI
	}
	l := BuildLLM(LLMInput{MeasuredVRAM: measured, Models: f.Models, Headers: in.Headers, Access: acc, Settings: f.Settings,
		Preset: preset, LlamaCpp: f.Tool == modelargs.ToolLlamaCpp || api != nil && servers.IsLlamaCpp(api.Server),
		Runtimes: f.Runtimes, API: api, Log: log, Engine: eng, HF: hf, TP: tp, Notes: notes})
	if l != nil {
		in.placeInServer(l, t)
		if l.TensorParallel == nil && tp > 0 {
			l.TensorParallel = &tp
		}
		if l.ModelID == nil && hf != nil && hf.ID != "" {
			l.ModelID, l.ModelIDSource = ptrTo(hf.ID), ptrTo("cmdline")
		}
	}
	return f, l
}

// servedModel finds the safetensors model a server whose command line
// names it (servers.ServedArgs) serves, for t and for each of its
// workers: the one its API names (api evidence), else the one its command
// line names (the API process's or launcher's, for a worker: cmdline
// evidence), as t's user could read it. It returns f with that model among its models, the model's facts
// for the estimates, and the tensor-parallel size the command line gives.
func (in *Inspector) servedModel(acc *safefile.Access, t Target, f Finding, api *APIFacts) (Finding, *HFFacts, int) {
	srv, role := recognise(in.ProcRoot, t)
	if srv == nil {
		return f, in.jobModel(acc, f), 0
	}
	sa, ok := srv.(servers.ServedArgs)
	if !ok {
		return f, nil, 0
	}
	id, tp := f.Served, f.TP
	if role == servers.Worker {
		// the API process's or the launcher's command line names it
		var anc []procEntry
		if in.Live != nil {
			anc, _ = in.Live.ancestry(t, srv)
			if owner := in.Live.Owner(t); owner > 0 && !slices.ContainsFunc(anc, func(e procEntry) bool { return e.pid == owner }) {
				if e, ok := readProc(in.ProcRoot, owner); ok {
					anc = append([]procEntry{e}, anc...)
				}
			}
		}
		for _, e := range anc {
			if m, n := sa.ServedArgs(e.argv); m != "" {
				id, tp = m, n
				break
			}
		}
	}
	evidence := EvidenceCmdline
	if api != nil && api.ModelRoot != "" {
		id, evidence = api.ModelRoot, EvidenceAPI
	}
	dir := resolveServed(in.ProcRoot, acc, t, id)
	if dir == "" {
		return f, nil, tp
	}
	f = withServedModel(in, acc, f, dir, id, evidence)
	hm, err := in.hf.Open(acc, dir)
	if err != nil {
		return f, nil, tp
	}
	return f, hfFacts(id, hm), tp
}

// jobModel is the language model a PyTorch job without a server holds:
// the safetensors files it maps or names (not candidates), added up per
// folder (a sharded model maps each shard), when their config.json says
// it is a language model; nil otherwise.
func (in *Inspector) jobModel(acc *safefile.Access, f Finding) *HFFacts {
	if !hasRuntime(f.Runtimes, "PyTorch") {
		return nil
	}
	var out *HFFacts
	dir := ""
	for _, m := range f.Models {
		if m.Candidate || m.Format == nil || *m.Format != formats.Safetensors {
			continue
		}
		hm, err := in.hf.Open(acc, m.Path)
		if err != nil || hm.Kind != hfconfig.KindLLM {
			continue
		}
		switch {
		case out == nil:
			out, dir = hfFacts(filepath.Base(hm.Dir), hm), hm.Dir
		case hm.Dir == dir && hm.Dir != filepath.Clean(m.Path):
			out.WeightBytes += hm.WeightBytes // another shard of the same model
		}
	}
	return out
}

// withServedModel returns f with the served model folder among its
// models, with evidence added when it is there already.
func withServedModel(in *Inspector, acc *safefile.Access, f Finding, dir, id, evidence string) Finding {
	out := f
	out.Models = append([]schema.Model(nil), f.Models...)
	for i := range out.Models {
		m := &out.Models[i]
		if filepath.Clean(m.Path) != dir {
			continue
		}
		if !slices.Contains(m.Evidence, evidence) {
			m.Evidence = SortEvidence(append(append([]string(nil), m.Evidence...), evidence))
			m.Confirmed, m.Candidate = Confirmed(m.Evidence), OnlyInstalled(m.Evidence)
		}
		return out
	}
	e := &modelEntry{path: dir, role: "model", format: formats.Safetensors, evidence: []string{evidence}, name: id}
	out.Models = append(out.Models, in.describe(acc, e))
	return out
}

// servedArgs is the ServedArgs of t's server when t serves its API or
// launches it: a worker's command line names no model.
func servedArgs(procRoot string, t Target) (servers.ServedArgs, bool) {
	srv, role := recognise(procRoot, t)
	if role == servers.Worker {
		return nil, false
	}
	sa, ok := srv.(servers.ServedArgs)
	return sa, ok
}

// placeInServer says how the process takes part in its server: its
// role, its rank, and for a worker the API process found for it (even
// when that API did not answer).
func (in *Inspector) placeInServer(l *schema.LLM, t Target) {
	srv, role := recognise(in.ProcRoot, t)
	if srv == nil {
		return
	}
	if l.Server == nil {
		l.Server = ptrTo(srv.Name())
	}
	switch role {
	case servers.Worker:
		l.Role = ptrTo("worker")
		if l.APIPID == nil && in.Live != nil {
			if owner := in.Live.Owner(t); owner > 0 && owner != t.PID {
				l.APIPID = ptrTo(owner)
			}
		}
		if r, ok := rankOf(srv, t); ok && l.Rank == nil {
			l.Rank = ptrTo(r)
		}
	case servers.API:
		l.Role = ptrTo("api")
	}
}

// asLlamaCpp reads a process's command line again with llama.cpp's
// grammar, once other evidence says it is llama.cpp: its settings
// (--log-file, -c, -np...) and the model files its flags name.
func (in *Inspector) asLlamaCpp(acc *safefile.Access, t Target, f Finding) Finding {
	args := modelargs.ParseAs(t.Cmdline, t.Cwd, modelargs.ToolLlamaCpp)
	out := f
	out.Tool, out.Settings = args.Tool, args.Settings
	set := newModelSet()
	for _, m := range f.Models {
		key := fileKeyFromPath(acc, m.Path)
		set.byKey[key] = &modelEntry{path: m.Path, role: m.Role, evidence: append([]string(nil), m.Evidence...)}
		set.list = append(set.list, set.byKey[key])
	}
	known := len(set.list)
	for _, a := range args.Models {
		if a.Kind != modelargs.KindFile || a.Path == "" {
			continue
		}
		if _, ok := set.byKey[fileKeyFromPath(acc, a.Path)]; ok {
			continue // already known: keep its evidence as it was
		}
		set.add(a.Path, fileKeyFromPath(acc, a.Path), string(a.Role), EvidenceCmdline, "", false)
	}
	out.Models = append([]schema.Model(nil), f.Models...)
	for _, e := range set.list[known:] {
		out.Models = append(out.Models, in.describe(acc, e))
	}
	return out
}

// isLlamaCLI: llama.cpp's single-sequence programs, which run with
// common_params' defaults rather than llama-server's.
func isLlamaCLI(argv []string) bool {
	if len(argv) == 0 {
		return false
	}
	name := strings.ToLower(argv[0])
	name = strings.TrimSuffix(name[strings.LastIndexAny(name, `/\`)+1:], ".exe") // a Windows path too
	switch name {
	case "llama-cli", "llama-run", "llama-simple", "llama-completion", "main":
		return true
	}
	return false
}

// withAPIEvidence returns f with api evidence on the files the server's
// API names. A relative path is the server's own: it is resolved against
// the process's working directory, so it meets the file the process maps.
// A file the API names that nothing else showed becomes a model only if
// it is a readable regular GGUF file; anything else is evidence text
// (a note), never parsed and never counted.
func (in *Inspector) withAPIEvidence(acc *safefile.Access, f Finding, paths []string, cwd string) (Finding, []string) {
	var notes []string
	set := newModelSet()
	for _, m := range f.Models {
		key := fileKeyFromPath(acc, m.Path)
		set.byKey[key] = &modelEntry{path: m.Path, role: m.Role, evidence: append([]string(nil), m.Evidence...)}
		set.list = append(set.list, set.byKey[key])
	}
	for _, raw := range paths {
		p := resolveAgainst(raw, cwd)
		if p == "" {
			notes = append(notes, fmt.Sprintf("the API reports model %q, a relative path with no known working directory: not matched", raw))
			continue
		}
		key := fileKeyFromPath(acc, p)
		if _, known := set.byKey[key]; !known && !isRegularGGUF(acc, p) {
			notes = append(notes, fmt.Sprintf("the API reports model %q, which is not a readable GGUF file here: evidence text only", raw))
			continue
		}
		set.add(p, key, "model", EvidenceAPI, "", false)
	}
	out := f
	out.Models = make([]schema.Model, 0, len(set.list))
	for i, e := range set.list {
		if i < len(f.Models) {
			m := f.Models[i]
			m.Evidence = SortEvidence(e.evidence)
			m.Confirmed, m.Candidate = Confirmed(m.Evidence), OnlyInstalled(m.Evidence)
			out.Models = append(out.Models, m)
			continue
		}
		out.Models = append(out.Models, in.describe(acc, e))
	}
	return out, notes
}

// withOutputModalities marks the models the API reports loaded with what
// the API says they output.
func withOutputModalities(f Finding, mods []string) Finding {
	out := f
	out.Models = append([]schema.Model(nil), f.Models...)
	for i := range out.Models {
		for _, e := range out.Models[i].Evidence {
			if e == EvidenceAPI {
				out.Models[i].OutputModalities = append([]string(nil), mods...)
			}
		}
	}
	return out
}

// isRegularGGUF: a regular file whose first bytes are GGUF's magic, read
// without blocking.
func isRegularGGUF(acc *safefile.Access, p string) bool {
	f, err := formats.Of(acc, p)
	return err == nil && f == formats.GGUF
}

func hasAIRuntime(rs []schema.Runtime) bool {
	for _, r := range rs {
		if aiRuntimes[r.Name] {
			return true
		}
	}
	return false
}

// mappedModelFormat decides whether a mapped file is a model. Files with a
// model extension, and large extensionless files (Ollama and Hugging Face
// blobs), get their magic bytes read; device nodes and other special files
// are never opened.
func mappedModelFormat(acc *safefile.Access, e procmaps.Entry) string {
	if strings.HasPrefix(e.Path, "/dev/") || strings.HasPrefix(e.Path, "/proc/") || strings.HasPrefix(e.Path, "/sys/") {
		return ""
	}
	ext := strings.ToLower(filepath.Ext(e.Path))
	blobLike := ext == "" || strings.HasPrefix(filepath.Base(e.Path), "sha256")
	if !formats.IsModelExt(ext) && !blobLike {
		return ""
	}
	if acc.Skipped(e.Path) != "" {
		// Never opened (another app's sandbox container): a model only if
		// its name says so unambiguously (.gguf, .safetensors, ...).
		return formats.ByName(e.Path)
	}
	if e.Deleted {
		if formats.IsModelExt(ext) {
			return strings.TrimPrefix(ext, ".")
		}
		return ""
	}
	fi, err := acc.Stat(e.Path)
	if err != nil || !fi.Mode().IsRegular() || (blobLike && fi.Size() < 1<<20) {
		return ""
	}
	format, _ := formats.Of(acc, e.Path)
	return format
}

// describe fills a model's name, format and header facts.
func (in *Inspector) describe(acc *safefile.Access, m *modelEntry) schema.Model {
	out := schema.Model{
		Path:      m.path,
		Role:      m.role,
		Evidence:  SortEvidence(m.evidence),
		Deleted:   m.deleted,
		Confirmed: Confirmed(m.evidence),
		Candidate: OnlyInstalled(m.evidence),
	}
	format := m.format
	var denied error
	if format == "" && !m.deleted {
		format, denied = formats.Of(acc, m.path)
	}
	if format != "" {
		out.Format = &format
	}
	if denied != nil {
		msg := denied.Error() // "... not read: the process's user (uid N) may not read it"
		out.HeaderError = &msg
	}
	var storeName string
	if in.Stores != nil && acc.Skipped(m.path) == "" { // Lookup resolves symbolic links: it stats
		if n, ok := in.Stores.Lookup(m.path); ok {
			name, store := n.Model, string(n.Store)
			out.Name, out.Store = &name, &store
			storeName = n.Model
		}
	}
	if m.name != "" && out.Name == nil && hfmodel.IsHubID(m.name) {
		name, store := m.name, "huggingface" // the hub id the server was given
		out.Name, out.Store = &name, &store
		storeName = m.name
	}
	if hint, label := gguf.KindHint(m.path, storeName); hint != "" {
		out.KindHint, out.KindLabel = &hint, &label
	}
	if !m.deleted && denied == nil {
		in.describeHeader(acc, &out, m.path, format)
	}
	return out
}

// modelEntry gathers the evidence for one file while a process is scanned.
type modelEntry struct {
	path     string
	role     string
	format   string
	deleted  bool
	evidence []string
	name     string // what a server's command line or API calls it (an HF id)
}

// addNamed adds a safetensors model folder a server names, with the name
// it gave (an HF id, or the path as written).
func (s *modelSet) addNamed(dir, key, evidence, name string) {
	s.add(dir, key, "model", evidence, formats.Safetensors, false)
	if e := s.byKey[key]; e != nil && e.name == "" {
		e.name = name
	}
}

// modelSet merges evidence for the same file however its path is spelled:
// by device and inode where known, by cleaned path otherwise.
type modelSet struct {
	byKey map[string]*modelEntry
	list  []*modelEntry
}

func newModelSet() *modelSet { return &modelSet{byKey: map[string]*modelEntry{}} }

func (s *modelSet) add(path, key, role, evidence, format string, deleted bool) {
	if e, ok := s.byKey[key]; ok {
		e.evidence = append(e.evidence, evidence)
		if e.role == "model" && role != "model" && role != "positional" {
			e.role = role // the command line says what the file is for
		}
		if e.format == "" {
			e.format = format
		}
		return
	}
	if role == "positional" {
		role = "model"
	}
	e := &modelEntry{path: path, role: role, format: format, deleted: deleted, evidence: []string{evidence}}
	s.byKey[key] = e
	s.list = append(s.list, e)
}

func fileKeyFromMap(e procmaps.Entry) string {
	if e.Inode != 0 {
		return inodeKey(uint64(e.Dev.Major)<<32|uint64(e.Dev.Minor), e.Inode)
	}
	return "path:" + filepath.Clean(e.Path)
}

func fileKeyFromPath(acc *safefile.Access, p string) string {
	if fi, err := acc.Stat(p); err == nil {
		if dev, ino, ok := inode(fi); ok {
			return inodeKey(devMajorMinor(dev), ino)
		}
	}
	return "path:" + filepath.Clean(p)
}

func inodeKey(dev, ino uint64) string {
	return "inode:" + strings.Join([]string{uitoa(dev), uitoa(ino)}, ":")
}

func uitoa(v uint64) string {
	if v == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for v > 0 {
		i--
		b[i] = byte('0' + v%10)
		v /= 10
	}
	return string(b[i:])
}

// systemBinDirs hold shared interpreters and tools (python3, node), not an
// app's own install folder: their neighbours say nothing about its models.
var systemBinDirs = map[string]bool{
	"/bin": true, "/sbin": true, "/usr/bin": true, "/usr/sbin": true, "/usr/local/bin": true,
	"/usr/local/sbin": true, "/usr/libexec": true, "/opt/homebrew/bin": true,
}

// installedCache remembers each install folder's model files for a minute,
// like the model stores, so rescans of a process do not walk it again.
type installedCache struct {
	mu      sync.Mutex
	entries map[string]installedEntry
}

type installedEntry struct {
	at    time.Time
	paths []string
}

func (c *installedCache) models(exe string, now time.Time, skipped func(string) string) []string {
	dir := filepath.Dir(exe)
	if systemBinDirs[dir] {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[dir]; ok && now.Sub(e.at) < time.Minute {
		return e.paths
	}
	if c.entries == nil || len(c.entries) > 256 {
		c.entries = map[string]installedEntry{}
	}
	paths := installedModels(dir, skipped)
	c.entries[dir] = installedEntry{at: now, paths: paths}
	return paths
}

// installedModels lists model files in a program's own folders: its
// directory and a models/ folder beside or above it. Bounded: few levels,
// few entries, few results. Such files are candidates, never load evidence.
// A folder skipped says is not walked at all.
func installedModels(dir string, skipped func(string) string) []string {
	roots := []string{dir, filepath.Join(dir, "models"), filepath.Join(filepath.Dir(dir), "models")}
	const maxVisited, maxFound, maxDepth = 2000, 20, 2
	var found []string
	seen := map[string]bool{}
	visited := 0
	for _, root := range roots {
		if skipped(root) != "" {
			continue
		}
		rootDepth := strings.Count(filepath.Clean(root), string(filepath.Separator))
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			visited++
			if visited > maxVisited || len(found) >= maxFound {
				return filepath.SkipAll
			}
			if d.IsDir() {
				if strings.Count(filepath.Clean(p), string(filepath.Separator))-rootDepth >= maxDepth {
					return filepath.SkipDir
				}
				return nil
			}
			if d.Type().IsRegular() && formats.IsModelExt(strings.ToLower(filepath.Ext(p))) && !seen[p] {
				seen[p] = true
				found = append(found, p)
			}
			return nil
		})
	}
	sort.Strings(found)
	return found
}
