package apps_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/apps"
)

func TestBuiltinRecipesLoad(t *testing.T) {
	all, errs := apps.Builtin()
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var names []string
	for _, a := range all {
		names = append(names, a.Name)
	}
	if strings.Join(names, ",") != "Handy,Jan,Vibe" {
		t.Errorf("built-in recipes %v", names)
	}
}

// copyTo writes the fixture from into dir/name.
func copyTo(t *testing.T, from, dir, name string, mtime time.Time) string {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(p, mtime, mtime); err != nil {
		t.Fatal(err)
	}
	return p
}

// Jan's log names the model a llama-server was started for (its -a
// argument) and when it was ready; Jan keeps no selected model in a file.
func TestJanRecipe(t *testing.T) {
	jan := recipe(t, "Jan")
	home := t.TempDir()
	env := map[string]string{"XDG_DATA_HOME": filepath.Join(home, "xdg"), "APPDATA": filepath.Join(home, "AppData", "Roaming")}
	cs := apps.Candidates(jan.LogPaths, goos(), home, func(k string) string { return env[k] })
	if len(cs) == 0 {
		t.Fatal("no log path")
	}
	dir := filepath.Dir(cs[0])
	copyTo(t, "testdata/jan/app.log", dir, "app.log", at("2025-09-02T09:12:33Z"))
	f, err := jan.Read(home, func(k string) string { return env[k] }, at("2025-09-02T09:00:00Z"))
	if err != nil {
		t.Fatal(err)
	}
	assertPrivate(t, f)
	if s := strings.Join([]string{f.SelectedModel, f.SettingsPath}, ""); s != "" || len(f.Notes) != 0 {
		t.Errorf("Jan has no settings to read: %+v", f)
	}
	want := []struct {
		kind  apps.EventKind
		model string
		fresh bool
	}{
		{apps.EventLoadStart, "Qwen3-4B-Q4_K_M", false}, {apps.EventLoad, "", false},
		{apps.EventLoadStart, "gemma-3-12b-it-Q4_K_M", true}, {apps.EventLoadFailed, "", true},
		{apps.EventLoadStart, "Qwen3-4B-Q4_K_M", true}, {apps.EventLoad, "", true},
	}
	if len(f.Events) != len(want) {
		t.Fatalf("events %+v", f.Events)
	}
	for i, w := range want {
		if e := f.Events[i]; e.Kind != w.kind || e.Model != w.model || e.Fresh != w.fresh {
			t.Errorf("event %d = %+v, want %+v", i, e, w)
		}
	}
	for _, c := range []struct {
		proc, exe string
		want      bool
	}{
		{"llama-server", "/home/u/.local/share/Jan/data/llamacpp/backends/b6301/linux-avx2-cuda-cu12.0-x64/build/bin/llama-server", true},
		{"llama-server.exe", `C:\Users\u\AppData\Roaming\Jan\data\llamacpp\backends\b6301\win-cuda\build\bin\llama-server.exe`, true},
		{"llama-server", "/usr/local/bin/llama-server", false}, // not Jan's: the llama.cpp reader's
		{"jan", "/usr/bin/jan", false},
	} {
		if got := apps.Detect(c.proc, c.exe) == jan; got != c.want {
			t.Errorf("Detect(%q, %q) = %v", c.proc, c.exe, got)
		}
	}
}

// Vibe's settings name the model file the sona sidecar loads; the id is
// the file's name, not its path.
func TestVibeRecipe(t *testing.T) {
	vibe := recipe(t, "Vibe")
	home := t.TempDir()
	env := map[string]string{"APPDATA": filepath.Join(home, "AppData", "Roaming")}
	cs := apps.Candidates(vibe.SettingsPaths, goos(), home, func(k string) string { return env[k] })
	if len(cs) == 0 {
		t.Fatal("no settings path")
	}
	copyTo(t, "testdata/vibe/app_config.json", filepath.Dir(cs[0]), "app_config.json", time.Now())
	f, err := vibe.Read(home, func(k string) string { return env[k] }, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	assertPrivate(t, f)
	if f.SelectedModel != "ggml-medium.bin" || len(f.Events) != 0 || f.LogPath != "" {
		t.Errorf("%+v", f)
	}
	got := apps.Candidates(vibe.SettingsPaths, "windows", `C:\Users\a`, func(k string) string {
		return map[string]string{"APPDATA": `C:\Users\a\AppData\Roaming`}[k]
	})
	if len(got) != 1 || got[0] != `C:\Users\a\AppData\Roaming\github.com.thewh1teagle.vibe\app_config.json` {
		t.Errorf("windows: %q", got)
	}
	for _, exe := range []string{"/usr/bin/vibe", "/usr/lib/vibe/sona", `C:\Program Files\vibe\sona.exe`} {
		if apps.Detect("", exe) != vibe {
			t.Errorf("%s is not Vibe", exe)
		}
	}
}
