package inspect

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/procmaps/maptest"
)

// TestHandyAdapterWired: a process named handy gets its selected model and
// logged model events, UTC, never the transcription text.
func TestHandyAdapterWired(t *testing.T) {
	home := t.TempDir()
	dir := filepath.Join(home, ".local/share/com.pais.handy")
	must(t, os.MkdirAll(filepath.Join(dir, "logs"), 0o755))
	for src, dst := range map[string]string{
		"apps/testdata/handy/settings_store.json": filepath.Join(dir, "settings_store.json"),
		"apps/testdata/handy/handy.log":           filepath.Join(dir, "logs/handy.log"),
	} {
		b, err := os.ReadFile(src)
		must(t, err)
		must(t, os.WriteFile(dst, b, 0o644))
	}
	old := userHome
	userHome = func() string { return home }
	defer func() { userHome = old }()
	t.Setenv("XDG_DATA_HOME", "")

	f := New("/proc", nil).Inspect(Target{PID: os.Getpid(), Name: "handy", Start: time.Unix(0, 0)})
	if f.App == nil || f.App.App != "Handy" || f.App.SelectedModel == nil {
		t.Fatalf("app = %+v", f.App)
	}
	if len(f.App.Events) == 0 {
		t.Fatal("no events read")
	}
	for _, e := range f.App.Events {
		if e.Time.Location() != time.UTC {
			t.Errorf("event time not UTC: %v", e.Time)
		}
	}
	// Not Handy: no adapter.
	if g := New("/proc", nil).Inspect(Target{PID: os.Getpid(), Name: "bash"}); g.App != nil {
		t.Errorf("bash got an app adapter: %+v", g.App)
	}
	// The log holds a transcription; none of it may come back.
	js, _ := json.Marshal(f.App)
	if strings.Contains(string(js), "bank PIN") || strings.Contains(string(js), "4711") {
		t.Errorf("transcription text leaked: %s", js)
	}
}

// TestHandyFilesReadAsItsUser: a root gtm inspecting a "handy" process
// that runs as nobody reads Handy's files only if nobody could: here the
// home holding them is closed to it, so nothing is read and a note says
// why.
func TestHandyFilesReadAsItsUser(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: the process runs as nobody")
	}
	home := t.TempDir() // 0700, root's
	dir := filepath.Join(home, ".local/share/com.pais.handy")
	must(t, os.MkdirAll(filepath.Join(dir, "logs"), 0o755))
	b, err := os.ReadFile("apps/testdata/handy/settings_store.json")
	must(t, err)
	must(t, os.WriteFile(filepath.Join(dir, "settings_store.json"), b, 0o644))
	old := userHome
	userHome = func() string { return home }
	defer func() { userHome = old }()
	t.Setenv("XDG_DATA_HOME", "")

	srv := maptest.StartServerAs(t, "handy", &syscall.Credential{Uid: 65534, Gid: 65534})
	f := New("/proc", nil).Inspect(Target{PID: srv.PID, Name: "handy", Start: time.Now()})
	if f.App == nil || f.App.SelectedModel != nil || f.App.SettingsPath != nil {
		t.Fatalf("Handy's settings were read for a user who may not read them: %+v", f.App)
	}
	if !strings.Contains(strings.Join(f.App.Notes, "\n"), "settings file not read: ") {
		t.Errorf("no note says why: %q", f.App.Notes)
	}
	own := New("/proc", nil).Inspect(Target{PID: os.Getpid(), Name: "handy", Start: time.Now()})
	if own.App == nil || own.App.SelectedModel == nil {
		t.Errorf("the owner's own process does not get them: %+v", own.App)
	}
}

// TestJanRecipeWired: Jan's llama-server, known by its folder, gets the
// model Jan's log says it was started for; another llama-server gets no
// app block.
func TestJanRecipeWired(t *testing.T) {
	home := t.TempDir()
	logs := filepath.Join(home, ".local/share/Jan/data/logs")
	must(t, os.MkdirAll(logs, 0o755))
	b, err := os.ReadFile("apps/testdata/jan/app.log")
	must(t, err)
	must(t, os.WriteFile(filepath.Join(logs, "app.log"), b, 0o644))
	noEnv := func(string) string { return "" }
	exe := filepath.Join(home, ".local/share/Jan/data/llamacpp/backends/b6301/linux-cuda/build/bin/llama-server")
	s := appState(nil, Target{PID: 1, Name: "llama-server", Exe: exe, Start: time.Unix(0, 0)}, home, noEnv)
	if s == nil || s.App != "Jan" || s.SelectedModel != nil || len(s.Events) != 6 {
		t.Fatalf("app = %+v", s)
	}
	if last := s.Events[len(s.Events)-1]; last.Kind != "load" || s.Events[4].Model == nil || *s.Events[4].Model != "Qwen3-4B-Q4_K_M" {
		t.Errorf("events %+v", s.Events)
	}
	if js, _ := json.Marshal(s); strings.Contains(string(js), "sk-jan") {
		t.Errorf("the API key on Jan's log line leaked: %s", js)
	}
	if g := appState(nil, Target{PID: 1, Name: "llama-server", Exe: "/usr/bin/llama-server"}, home, noEnv); g != nil {
		t.Errorf("a llama-server outside Jan's folder got Jan's recipe: %+v", g)
	}
}
