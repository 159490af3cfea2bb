package apps

import (
	"github.com/gputaskman/gtm/internal/safefile"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestTauriLog(t *testing.T) {
	for _, c := range []struct {
		line, msg string
		ok        bool
	}{
		{"[2025-06-01][10:00:02][handy_app_lib::managers::transcription][DEBUG] Starting to load model: small\n", "Starting to load model: small", true},
		{"[2025-06-01][10:00:02][INFO][handy_app_lib] Model unloaded via tray.\r\n", "Model unloaded via tray.", true},
		{"[2025-06-01][10:00:02][webview][INFO] ", "", true},
		{"[2025-06-01][10:00:02][x][INFO]no space", "", false},
		{"[2025-06-01][10:00:02][x] one bracket only", "", false},
		{"[2025-13-01][10:00:02][x][INFO] bad month", "", false},
		{"[2025-06-01][25:00:02][x][INFO] bad hour", "", false},
		{"[2025-06-01] [10:00:02][x][INFO] spaced", "", false},
		{"continuation of a multi-line message", "", false},
		{"", "", false},
	} {
		ts, msg, ok := TauriLog([]byte(c.line))
		if ok != c.ok || string(msg) != c.msg {
			t.Errorf("%q: %q %v", c.line, msg, ok)
		}
		if ok && (ts.Location() != time.UTC || ts.Format(time.DateTime) != "2025-06-01 10:00:02") {
			t.Errorf("%q: time %v", c.line, ts)
		}
	}
}

func TestExpand(t *testing.T) {
	env := func(k string) string { return map[string]string{"A": "/a/", "W": `C:\w`}[k] }
	for _, c := range []struct {
		in, goos string
		want     []string
	}{
		{"~/x", "linux", []string{"/home/u/x"}},
		{"$A/x", "linux", []string{"/a/x"}},
		{"${A}/x", "darwin", []string{"/a/x"}},
		{"$MISSING/x", "linux", nil},
		{"%W%/x/y", "windows", []string{`C:\w\x\y`}},
		{"relative/x", "linux", nil},
		{"%MISSING%/x", "windows", nil},
	} {
		got := Candidates([]Path{{Path: c.in}}, c.goos, "/home/u", env)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%s on %s: %q, want %q", c.in, c.goos, got, c.want)
		}
	}
}

func testAdapter(dir string) *Adapter {
	return &Adapter{
		Name:          "test",
		ProcNames:     []string{"Tester"},
		SettingsPaths: []Path{{Path: dir + "/settings.json"}},
		SelectedModel: []string{"settings", "selected_model"},
		LogPaths:      []Path{{Path: dir + "/app.log"}},
		LogFormat:     TauriLog,
		Events: []EventPattern{{Kind: EventLoad, Expr: `^loaded (?P<model>\S+)$`},
			{Kind: EventPreview, Expr: `^preview$`}},
	}
}

func TestSettings(t *testing.T) {
	dir := filepath.ToSlash(t.TempDir())
	a := testAdapter(dir)
	p := filepath.Join(dir, "settings.json")
	for _, c := range []struct{ content, want string }{
		{`{"settings":{"selected_model":"whisper-small","api_key":"secret"}}`, "whisper-small"},
		{`{"settings":{"selected_model":""}}`, ""},
		{`{"settings":{"selected_model":"two words"}}`, ""},
		{`{"settings":{"selected_model":42}}`, ""},
		{`{"settings":[1,2]}`, ""},
		{`{"other":{}}`, ""},
		{`not json`, ""},
	} {
		if err := os.WriteFile(p, []byte(c.content), 0o644); err != nil {
			t.Fatal(err)
		}
		got, _ := selectedAt(a, p)
		if got != c.want {
			t.Errorf("%s: %q", c.content, got)
		}
	}
	big := make([]byte, maxSettings+1)
	os.WriteFile(p, big, 0o644)
	if got, err := selectedAt(a, p); got != "" || err == nil {
		t.Error("oversized settings read")
	}
}

func TestReadAndCache(t *testing.T) {
	dir := filepath.ToSlash(t.TempDir())
	a := testAdapter(dir)
	logPath := filepath.Join(dir, "app.log")
	os.WriteFile(filepath.Join(dir, "settings.json"), []byte(`{"settings":{"selected_model":"m1"}}`), 0o644)
	os.WriteFile(logPath, []byte("[2025-01-01][09:00:00][a][INFO] loaded m0\n[2025-01-01][10:00:00][a][INFO] loaded m1\n[2025-01-01][10:00:01][a][INFO] preview\n"), 0o644)
	mt := time.Date(2025, 1, 1, 10, 0, 2, 0, time.UTC)
	os.Chtimes(logPath, mt, mt)

	f, err := a.read("linux", nil, "/nonexistent", nil, time.Date(2025, 1, 1, 10, 0, 0, 0, time.UTC))
	if err != nil || f.SelectedModel != "m1" || len(f.Events) != 3 || f.Events[0].Fresh || !f.Events[1].Fresh || !f.Fresh {
		t.Fatalf("%+v %v", f, err)
	}
	if e, ok := f.Latest(); !ok || e.Kind != EventPreview {
		t.Errorf("latest %+v", e)
	}
	// Unchanged file: the cached events come back.
	calls := 0
	load := func(f *os.File, _ os.FileInfo) (any, error) { f.Close(); calls++; return "v", nil }
	own := func(p string) (*os.File, fs.FileInfo, error) { return safefile.Open(p, 0) }
	cache.get("probe", logPath, own, load)
	cache.get("probe", logPath, own, load)
	if calls != 1 {
		t.Errorf("loaded %d times", calls)
	}
	os.Chtimes(logPath, mt.Add(time.Second), mt.Add(time.Second))
	cache.get("probe", logPath, own, load)
	if calls != 2 {
		t.Error("a changed file was not reloaded")
	}
	// Fresh flags follow since on a cached parse.
	f, _ = a.read("linux", nil, "", nil, time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC))
	if f.Fresh {
		t.Error("since ignored on a cached parse")
	}
	// Bounded entries.
	for i := range 3 * cache.max {
		cache.get(strings.Repeat("k", i+1), logPath, own, load)
	}
	if len(cache.m) > cache.max {
		t.Errorf("%d cache entries", len(cache.m))
	}
}

func TestRingBounded(t *testing.T) {
	a := testAdapter("/x")
	var sb strings.Builder
	for range 3 * MaxEvents {
		sb.WriteString("[2025-01-01][10:00:00][a][INFO] loaded m\n")
	}
	sb.WriteString("[2025-01-01][10:00:01][a][INFO] loaded last\n")
	ev := a.ParseLog(strings.NewReader(sb.String()))
	if len(ev) != MaxEvents || ev[len(ev)-1].Model != "last" {
		t.Errorf("%d events, last %+v", len(ev), ev[len(ev)-1])
	}
}

// A setting that is a model file's path gives its file name, on any OS.
func TestModelFromPath(t *testing.T) {
	dir := filepath.ToSlash(t.TempDir())
	a := testAdapter(dir)
	a.SelectedModel, a.ModelFromPath = []string{"model.path"}, true
	p := filepath.Join(dir, "settings.json")
	for content, want := range map[string]string{
		`{"model.path": "/home/u/models/ggml-small.bin"}`:            "ggml-small.bin",
		`{"model.path": "C:\\Users\\u\\AppData\\ggml-large-v3.bin"}`: "ggml-large-v3.bin",
		`{"model.path": "/home/u/models/"}`:                          "",
		`{"model.path": "/home/u/my models/two words.bin"}`:          "",
	} {
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if got, _ := selectedAt(a, p); got != want {
			t.Errorf("%s: %q, want %q", content, got, want)
		}
	}
}

// exe_contains narrows a generic name to one app's copy, whichever
// slashes the path has.
func TestMatchExeContains(t *testing.T) {
	a, err := ParseRecipe([]byte(`{"name": "x", "process_names": ["llama-server"], "exe_contains": ["\\Backends\\"],
		"settings": {"paths": [{"path": "/s"}], "model_key": ["m"]}}`))
	if err != nil {
		t.Fatal(err)
	}
	if !a.Match("llama-server", `C:\App\backends\llama-server.exe`) || !a.Match("", "/app/backends/llama-server") ||
		a.Match("llama-server", "/usr/bin/llama-server") || a.Match("llama-server", "") {
		t.Error("exe_contains")
	}
}

func TestMatch(t *testing.T) {
	a := testAdapter("/x")
	if !a.Match("tester", "") || !a.Match("", `C:\Apps\Tester.EXE`) || a.Match("tester2", "/bin/tester2") || a.Match("", "") {
		t.Error("Match")
	}
}

func selectedAt(a *Adapter, p string) (string, error) {
	f, _, err := safefile.Open(p, 0)
	if err != nil {
		return "", err
	}
	defer f.Close()
	return a.selected(f, p)
}
