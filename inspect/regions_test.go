package inspect_test

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/backend/darwin"
	"github.com/gputaskman/gtm/inspect"
	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
	"github.com/gputaskman/gtm/inspect/procmaps"
	"github.com/gputaskman/gtm/inspect/runtimes"
	"github.com/gputaskman/gtm/inspect/stores"
	"github.com/gputaskman/gtm/internal/safefile"
	"github.com/gputaskman/gtm/internal/schema"
)

// macProcess is a process on a Mac as the region walk sees it: recorded
// proc_pidinfo answers, and its start time.
type macProcess struct {
	answers [][]byte
	start   time.Time
}

type fakeMac map[int]*macProcess

func (m fakeMac) scan(pid int) (*procmaps.Maps, error) {
	p, ok := m[pid]
	if !ok {
		return nil, procmaps.WalkError(pid, false, false)
	}
	return procmaps.WalkRegions(pid, procmaps.ReplayRegions(p.answers), 0)
}

func (m fakeMac) started(pid int) (time.Time, bool) {
	p, ok := m[pid]
	if !ok {
		return time.Time{}, false
	}
	return p.start, true
}

func (m fakeMac) inspector() *inspect.Inspector {
	return inspect.NewRegionInspector(inspect.RegionConfig{Scan: m.scan, Started: m.started, Skip: darwin.WhyNotOpen}, nil)
}

// regions lays paths out one after another from 4 GiB, one region each
// ("" is an anonymous region), with a made-up device and an inode per
// path.
func regions(paths ...string) [][]byte {
	var out [][]byte
	addr := uint64(1 << 32)
	for i, p := range paths {
		r := procmaps.RegionInfo{Address: addr, Size: 1 << 20, Protection: 1 | 4, ShareMode: 1, Path: p}
		if p != "" {
			r.Dev, r.Inode = 1<<24|14, uint64(1000+i)
		}
		out = append(out, procmaps.EncodeRegionPathInfo(r))
		addr += 1 << 20
	}
	return out
}

func writeGGUF(t *testing.T, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := ggufgen.Qwen3_0_6B().MustBuild().WriteFile(path); err != nil {
		t.Fatal(err)
	}
}

func runtimeNames(f inspect.Finding) []string {
	var out []string
	for _, r := range f.Runtimes {
		out = append(out, r.Name)
	}
	return out
}

// Rules (README, macOS): runtimes and model files come from the region
// walk's mapped files (libggml*.dylib, libllama*.dylib, the Metal driver
// bundle, a mapped .gguf), so a Mac row gets runtimes, models and a
// category; other apps' sandbox containers are skipped without opening
// them: a model mapped from one is listed by its name, its header unread.
func TestRegionInspectorMacLlamaServer(t *testing.T) {
	home := t.TempDir()
	model := filepath.Join(home, "models", "qwen3-0.6b-q8_0.gguf")
	contained := filepath.Join(home, "Library", "Containers", "com.example.notes", "Data", "embed.gguf")
	writeGGUF(t, model)
	writeGGUF(t, contained) // readable: only the rule keeps gtm out
	start := time.Unix(1_700_000_000, 0)
	mac := fakeMac{42: {start: start, answers: regions(
		"/opt/homebrew/Cellar/llama.cpp/5400/bin/llama-server",
		"",
		"/opt/homebrew/Cellar/llama.cpp/5400/lib/libggml-metal.0.dylib",
		"/opt/homebrew/Cellar/llama.cpp/5400/lib/libllama.dylib",
		"/System/Library/Extensions/AGXMetalG16G_B0.bundle/Contents/MacOS/AGXMetalG16G_B0",
		model,
		contained,
		"/usr/lib/dyld",
	)}}
	in := mac.inspector()
	tg := inspect.Target{PID: 42, Start: start, Name: "llama-server", Exe: "/opt/homebrew/Cellar/llama.cpp/5400/bin/llama-server",
		Cmdline: []string{"llama-server", "-m", contained}}
	f := in.Inspect(tg)
	if f.MapsError != "" {
		t.Fatal(f.MapsError)
	}
	if got := runtimeNames(f); !slices.Equal(got, []string{runtimes.GGML, runtimes.Metal}) {
		t.Fatalf("runtimes %q", got)
	}
	if f.Runtimes[0].Detail != "Metal" {
		t.Errorf("ggml detail %q, want Metal", f.Runtimes[0].Detail)
	}
	if len(f.Models) != 2 {
		t.Fatalf("models %+v", f.Models)
	}
	byPath := map[string]schema.Model{}
	for _, m := range f.Models {
		byPath[m.Path] = m
	}
	m := byPath[model]
	if m.Format == nil || *m.Format != "gguf" || m.Kind == nil || m.Architecture == nil || *m.Architecture != "qwen3" ||
		!slices.Equal(m.Evidence, []string{inspect.EvidenceMapped}) || m.HeaderError != nil {
		t.Errorf("mapped model: %+v", m)
	}
	c := byPath[contained]
	if c.Format == nil || *c.Format != "gguf" {
		t.Errorf("contained model's format by name: %+v", c.Format)
	}
	if c.Kind != nil || c.Architecture != nil || c.Weights != nil {
		t.Errorf("the contained model's header was read: %+v", c)
	}
	if c.HeaderError == nil || !strings.Contains(*c.HeaderError, "not opened: inside an app's sandbox container") {
		t.Errorf("contained model's header error %v", c.HeaderError)
	}
	// mapped and on the command line: one model, both kinds of evidence
	if !slices.Equal(c.Evidence, []string{inspect.EvidenceMapped, inspect.EvidenceCmdline}) || !c.Confirmed {
		t.Errorf("contained model's evidence %q (confirmed %v)", c.Evidence, c.Confirmed)
	}
	kinds := []string{}
	if m.Kind != nil {
		kinds = append(kinds, *m.Kind)
	}
	cat := inspect.Categorize(inspect.CategoryInput{Name: tg.Name, Exe: tg.Exe, Runtimes: runtimeNames(f), ModelKinds: kinds})
	if cat != schema.CategoryAI {
		t.Errorf("category %q, want AI", cat)
	}
}

// Rule: a PID reused during a walk never lends the new process's files
// to the old row; a process gone or hidden says so instead of "nothing".
func TestRegionInspectorPIDReuseAndErrors(t *testing.T) {
	old := time.Unix(1_700_000_000, 0)
	mac := fakeMac{7: {start: old.Add(time.Hour), answers: regions("/venv/torch/lib/libtorch_cpu.dylib")}}
	in := mac.inspector()

	f := in.Inspect(inspect.Target{PID: 7, Start: old})
	if f.Runtimes != nil || !strings.Contains(f.MapsError, "exited") {
		t.Fatalf("reused PID: %+v", f)
	}
	f = in.Inspect(inspect.Target{PID: 7, Start: old.Add(time.Hour)})
	if got := runtimeNames(f); !slices.Equal(got, []string{runtimes.PyTorch}) {
		t.Fatalf("the new process: %+v", f)
	}
	f = in.Inspect(inspect.Target{PID: 7}) // start unknown: not checked
	if f.MapsError != "" {
		t.Fatalf("unknown start: %+v", f)
	}
	if f := in.Inspect(inspect.Target{PID: 8, Start: old}); !strings.Contains(f.MapsError, "exited") {
		t.Fatalf("gone: %+v", f)
	}
	hidden := inspect.NewRegionInspector(inspect.RegionConfig{
		Scan: func(pid int) (*procmaps.Maps, error) { return nil, procmaps.WalkError(pid, true, false) },
	}, nil)
	if f := hidden.Inspect(inspect.Target{PID: 9}); !strings.Contains(f.MapsError, "permissions") || f.Runtimes != nil {
		t.Fatalf("another user's: %+v", f)
	}

	// Through the schedule: the row of the old process keeps nothing of
	// the new one's.
	found := in.Refresh(context.Background(), []inspect.Target{{PID: 7, Start: old}})
	if got, ok := found[7]; !ok || got.Runtimes != nil {
		t.Fatalf("refresh of the reused PID: %+v", found)
	}
}

func TestStartGuarded(t *testing.T) {
	start := time.Unix(100, 0)
	maps := &procmaps.Maps{PID: 3}
	scan := func(int) (*procmaps.Maps, error) { return maps, nil }
	same := func(int) (time.Time, bool) { return start, true }
	later := func(int) (time.Time, bool) { return start.Add(time.Second), true }
	gone := func(int) (time.Time, bool) { return time.Time{}, false }
	if m, err := inspect.StartGuarded(scan, same)(inspect.Target{PID: 3, Start: start}); m != maps || err != nil {
		t.Errorf("same start: %v, %v", m, err)
	}
	for name, started := range map[string]func(int) (time.Time, bool){"reused": later, "gone": gone} {
		if m, err := inspect.StartGuarded(scan, started)(inspect.Target{PID: 3, Start: start}); m != nil || !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s: %v, %v", name, m, err)
		}
	}
	if m, err := inspect.StartGuarded(scan, later)(inspect.Target{PID: 3}); m != maps || err != nil {
		t.Errorf("unknown start: %v, %v", m, err)
	}
}

// Rule: the installed-models look-up never walks a folder inside another
// app's sandbox container; the same layout elsewhere is walked.
func TestRegionInspectorInstalledSkipsContainers(t *testing.T) {
	home := t.TempDir()
	for dir, inContainer := range map[string]bool{
		filepath.Join(home, "Library", "Containers", "com.example.ai", "Data", "app"): true,
		filepath.Join(home, "Apps", "ai"):                                             false,
	} {
		writeGGUF(t, filepath.Join(dir, "models", "tiny.gguf"))
		exe := filepath.Join(dir, "bin", "ai")
		mac := fakeMac{5: {start: time.Unix(1, 0), answers: regions(exe, "/opt/ai/libonnxruntime.1.20.1.dylib")}}
		f := mac.inspector().Inspect(inspect.Target{PID: 5, Start: time.Unix(1, 0), Exe: exe})
		if got := len(f.Models); inContainer && got != 0 || !inContainer && got != 1 {
			t.Errorf("%s: models %+v", dir, f.Models)
		}
		if !inContainer && (len(f.Models) != 1 || !f.Models[0].Candidate) {
			t.Errorf("%s: the installed model is not a candidate: %+v", dir, f.Models)
		}
	}
}

// Rule: a root gtm is no deputy. With the process's credentials, a file
// it maps or names is read only if its user could read it; when its user
// cannot be learned, nothing is read.
func TestRegionInspectorReadsWithTheProcesssRights(t *testing.T) {
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for d := filepath.Dir(dir); d != "/"; d = filepath.Dir(d) {
		if fi, err := os.Stat(d); err != nil || fi.Mode().Perm()&0o001 == 0 {
			t.Skipf("%s is not searchable by other users", d)
		}
	}
	private := filepath.Join(dir, "private.gguf")
	writeGGUF(t, private)
	if err := os.Chmod(private, 0o600); err != nil {
		t.Fatal(err)
	}
	mac := fakeMac{11: {start: time.Unix(1, 0), answers: regions("/opt/llama/libllama.dylib", private)}}
	for name, cred := range map[string]func(int) (safefile.Cred, error){
		"another user": func(int) (safefile.Cred, error) {
			return safefile.Cred{UID: uint32(os.Getuid()) + 1000, GID: uint32(os.Getgid()) + 1000}, nil
		},
		"unknown user": func(int) (safefile.Cred, error) { return safefile.Cred{}, errors.New("gone") },
	} {
		in := inspect.NewRegionInspector(inspect.RegionConfig{Scan: mac.scan, Started: mac.started, Skip: darwin.WhyNotOpen, Cred: cred}, nil)
		f := in.Inspect(inspect.Target{PID: 11, Start: time.Unix(1, 0), Cmdline: []string{"llama-server", "-m", private}})
		for _, m := range f.Models {
			if m.Kind != nil || m.Architecture != nil || m.Weights != nil {
				t.Errorf("%s: the header of a file its user may not read was read: %+v", name, m)
			}
		}
		if name == "another user" {
			if len(f.Models) != 1 || f.Models[0].HeaderError == nil || !strings.Contains(*f.Models[0].HeaderError, "may not read it") {
				t.Errorf("%s: models %+v", name, f.Models)
			}
		}
	}
	// gtm's own rights (not root): the same file is read
	f := mac.inspector().Inspect(inspect.Target{PID: 11, Start: time.Unix(1, 0)})
	if len(f.Models) != 1 || f.Models[0].Kind == nil {
		t.Fatalf("with gtm's rights: %+v", f.Models)
	}
}

// Rule (README cost table): the macOS region walk follows the memory-map
// scan's policy: a new process is walked, an unchanged one is not walked
// again on the next refresh, a 64 MiB VRAM change walks it again, and a
// new process with a reused PID is walked afresh.
func TestRegionInspectorFollowsTheScanSchedule(t *testing.T) {
	start := time.Unix(1, 0)
	mac := fakeMac{3: {start: start, answers: regions("/opt/llama/libllama.dylib")}}
	walks := 0
	in := inspect.NewRegionInspector(inspect.RegionConfig{
		Scan:    func(pid int) (*procmaps.Maps, error) { walks++; return mac.scan(pid) },
		Started: mac.started,
	}, nil)
	vram := uint64(1 << 30)
	tg := inspect.Target{PID: 3, Start: start, VRAM: &vram}
	for i := range 3 {
		if f := in.Refresh(context.Background(), []inspect.Target{tg}); len(f[3].Runtimes) != 1 {
			t.Fatalf("refresh %d: %+v", i, f)
		}
	}
	if walks != 1 {
		t.Fatalf("%d walks in three refreshes of an unchanged process, want 1", walks)
	}
	more := vram + 64<<20
	tg.VRAM = &more
	in.Refresh(context.Background(), []inspect.Target{tg})
	if walks != 2 {
		t.Fatalf("%d walks after a 64 MiB VRAM change, want 2", walks)
	}
	mac[3].start = start.Add(time.Minute) // the PID now names another process
	in.Refresh(context.Background(), []inspect.Target{{PID: 3, Start: start.Add(time.Minute), VRAM: &more}})
	if walks != 3 {
		t.Fatalf("%d walks after PID reuse, want 3", walks)
	}
}

// Rule: a model path inside another app's sandbox container is not even
// resolved for a store name (resolving symbolic links stats every folder
// on the way); the same file reached from outside is named.
func TestRegionInspectorDoesNotResolveContainerPaths(t *testing.T) {
	home := t.TempDir()
	repo := filepath.Join(home, ".lmstudio", "models", "lmstudio-community", "Qwen3-0.6B-GGUF")
	model := filepath.Join(repo, "Qwen3-0.6B-Q8_0.gguf")
	writeGGUF(t, model)
	data := filepath.Join(home, "Library", "Containers", "com.example.notes", "Data")
	if err := os.MkdirAll(data, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(repo, filepath.Join(data, "models")); err != nil {
		t.Fatal(err)
	}
	viaContainer := filepath.Join(data, "models", "Qwen3-0.6B-Q8_0.gguf")
	st := stores.New(stores.Config{Home: home})
	for path, named := range map[string]bool{viaContainer: false, model: true} {
		mac := fakeMac{4: {start: time.Unix(1, 0), answers: regions(path)}}
		in := inspect.NewRegionInspector(inspect.RegionConfig{Scan: mac.scan, Started: mac.started, Skip: darwin.WhyNotOpen}, st)
		f := in.Inspect(inspect.Target{PID: 4, Start: time.Unix(1, 0)})
		if len(f.Models) != 1 {
			t.Fatalf("%s: models %+v", path, f.Models)
		}
		if got := f.Models[0].Name != nil; got != named {
			t.Errorf("%s: named %v (%v), want %v", path, got, f.Models[0].Name, named)
		}
	}
}
