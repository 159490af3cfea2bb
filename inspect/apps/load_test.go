package apps_test

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/apps"
)

const goodRecipe = `{"name": "Whisper Box", "process_names": ["whisperbox"],
 "settings": {"paths": [{"path": "~/.config/whisperbox/settings.json"}], "model_key": ["model"]}}`

func TestParseRecipeErrors(t *testing.T) {
	for _, c := range []struct{ recipe, want string }{
		{`{"name": "x", "process_names": ["x"], "log": {"paths": [{"path": "/l"}], "format": "tauri",
		  "events": [{"kind": "load", "pattern": "^(?=look)ahead"}]}}`, "log.events[0].pattern: not RE2: invalid or unsupported Perl syntax"},
		{`{"name": "x", "process_names": ["x"], "log": {"paths": [{"path": "/l"}], "format": "tauri",
		  "events": [{"kind": "load", "pattern": "(\\w)\\1"}]}}`, "log.events[0].pattern: not RE2: invalid escape sequence"},
		{`{"name": "x", "process_names": ["x"], "log": {"paths": [{"path": "/l"}], "format": "tauri",
		  "events": [{"kind": "load", "pattern": "^(?P<name>\\S+)$"}]}}`, `log.events[0].pattern: group "name": the only named group is "model"`},
		{`{"name": "x", "process_names": ["x"], "log": {"paths": [{"path": "/l"}], "format": "tauri",
		  "events": [{"kind": "loaded", "pattern": "x"}]}}`, `log.events[0].kind: "loaded" is not an event kind`},
		{`{"name": "x", "process_names": ["x"], "log": {"paths": [{"path": "/l"}], "format": "syslog",
		  "events": [{"kind": "load", "pattern": "x"}]}}`, `log.format: "syslog" is not a known log format`},
		{`{"name": "x", "process_names": ["x"], "settings": {"paths": [{"path": "relative/s.json"}], "model_key": ["m"]}}`,
			`settings.paths[0].path: "relative/s.json" does not start with`},
		{`{"name": "x", "process_names": ["x"], "settings": {"paths": [{"path": "~/../../etc/s.json"}], "model_key": ["m"]}}`, "has a .. component"},
		{`{"name": "x", "process_names": ["x"], "settings": {"paths": [{"os": "plan9", "path": "/s"}], "model_key": ["m"]}}`, `settings.paths[0].os: "plan9"`},
		{`{"name": "x", "process_names": ["x"], "settings": {"paths": [{"path": "/s"}], "model_key": []}}`, "settings.model_key: want 1 to 8 keys"},
		{`{"name": "x", "process_names": ["x"], "settings": {"paths": [{"path": "/s"}], "model_key": ["m"], "model_value": "path"}}`, `settings.model_value: "path"`},
		{`{"name": "x", "process_names": []}`, "process_names: empty"},
		{`{"name": "x", "process_names": ["x"]}`, "neither settings nor log"},
		{`{"name": "", "process_names": ["x"]}`, "name: empty"},
		{`{"name": "x", "process_name": ["x"]}`, `unknown field "process_name"`},
		{"{\"name\": \"x\",\n \"process_names\": [\"x\"],\n}", "line 3: invalid character '}'"},
		{`{"name": 7}`, "line 1: name: a number, want string"},
		{goodRecipe + goodRecipe, "more than one JSON value"},
		{`{"name": "x", "process_names": ["x"], "log": {"paths": [{"path": "/l"}], "format": "tauri",
		  "events": [{"kind": "load", "pattern": "a\nb("}]}}`, `not RE2: missing closing ): "a\nb("`},
		{`{"name": "x", "sources": ["` + strings.Repeat("s", apps.MaxRecipeSize) + `"]}`, "larger than 64 KiB"},
	} {
		a, err := apps.ParseRecipe([]byte(c.recipe))
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.ContainsAny(err.Error(), "\r\n") || a != nil {
			t.Errorf("%.60s: %v, want %q on one line", c.recipe, err, c.want)
		}
	}
	if a, err := apps.ParseRecipe([]byte(goodRecipe)); err != nil || a.Name != "Whisper Box" || !a.Match("whisperbox", "") {
		t.Errorf("good recipe: %v", err)
	}
}

// A broken recipe in the user's folder is reported, one line naming the
// file, and skipped: the folder's other recipes and the built-in ones
// keep working. A user recipe named like a built-in one replaces it.
func TestLoadDir(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string, mode os.FileMode) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(filepath.Join(dir, name), mode); err != nil {
			t.Fatal(err)
		}
	}
	write("a-broken.json", `{"name": "Broken", "process_names": ["broken"], "log": {"paths": [{"path": "/l"}], "format": "tauri", "events": [{"kind": "load", "pattern": "("}]}}`, 0o644)
	write("b-good.json", goodRecipe, 0o644)
	write("c-handy.json", `{"name": "handy", "process_names": ["handy-dev"], "settings": {"paths": [{"path": "/s"}], "model_key": ["m"]}}`, 0o644)
	write("d-dup.json", goodRecipe, 0o644)
	write("notes.txt", "not a recipe", 0o644)
	write("e-huge.json", goodRecipe+strings.Repeat(" ", apps.MaxRecipeSize), 0o644)
	wantErrs := []string{"a-broken.json: log.events[0].pattern: not RE2", `d-dup.json: name "Whisper Box" is already taken`,
		"e-huge.json: file too large: 65"}
	if runtime.GOOS != "windows" {
		write("f-open.json", goodRecipe, 0o666)
		if err := os.Symlink(filepath.Join(dir, "b-good.json"), filepath.Join(dir, "g-link.json")); err != nil {
			t.Fatal(err)
		}
		wantErrs = append(wantErrs, "f-open.json: writable by group or others", "g-link.json: a symbolic link, not read")
	}
	t.Cleanup(func() { apps.LoadDir(t.TempDir()) })
	errs := apps.LoadDir(dir)
	if len(errs) != len(wantErrs) {
		t.Fatalf("errors %v, want %q", errs, wantErrs)
	}
	for i, w := range wantErrs {
		file := w[:strings.Index(w, ":")]
		if s := errs[i].Error(); !strings.HasPrefix(s, "app recipe "+filepath.Join(dir, file)+": ") || !strings.Contains(s, w) ||
			strings.Count(s, file) != 1 || strings.Contains(s, "\n") {
			t.Errorf("error %q, want %q", s, w)
		}
	}
	if a := apps.Detect("whisperbox", ""); a == nil || a.Name != "Whisper Box" {
		t.Errorf("the good user recipe is not used: %v", a)
	}
	if a := apps.Detect("broken", ""); a != nil {
		t.Error("a broken recipe is used")
	}
	if a := apps.Detect("handy-dev", ""); a == nil || apps.Detect("handy", "") != nil {
		t.Error("a user recipe named handy does not replace the built-in one")
	}
	if a := apps.Detect("sona", ""); a == nil || a.Name != "Vibe" {
		t.Error("the other built-in recipes stopped working")
	}
	// Reloading replaces the user's recipes; a missing folder is no error.
	if errs := apps.LoadDir(filepath.Join(dir, "missing")); len(errs) != 0 || apps.Detect("whisperbox", "") != nil || apps.Detect("handy", "") == nil {
		t.Errorf("reload: %v", errs)
	}
}

// The README's example recipe loads, and its error example is what gtm
// says.
func TestREADMEExample(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	start := strings.Index(s, "```json\n{\n  \"name\": \"Whisper Box\"")
	if start < 0 {
		t.Fatal("no example recipe in README.md")
	}
	block := s[start+len("```json\n"):]
	block = block[:strings.Index(block, "```")]
	a, err := apps.ParseRecipe([]byte(block))
	if err != nil || !a.Match("whisperbox", "") || len(a.Events) != 2 {
		t.Fatalf("README example: %v", err)
	}
	_, err = apps.ParseRecipe([]byte(`{"name": "x", "process_names": ["x"], "log": {"paths": [{"path": "/l"}], "format": "tauri",
	  "events": [{"kind": "load", "pattern": "x"}, {"kind": "load", "pattern": "y"}, {"kind": "load", "pattern": "(?=x)"}]}}`))
	if want := `log.events[2].pattern: not RE2: invalid or unsupported Perl syntax: "(?="`; err == nil || !strings.Contains(s, err.Error()) || err.Error() != want {
		t.Errorf("error %v, README shows %q", err, want)
	}
}

// FuzzParseRecipe: any bytes give an adapter or a one-line error, never a
// panic, and an adapter's patterns are all compiled.
func FuzzParseRecipe(f *testing.F) {
	for _, n := range []string{"recipes/handy.json", "recipes/jan.json", "recipes/vibe.json"} {
		data, err := os.ReadFile(n)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(goodRecipe))
	f.Add([]byte(`{"name": "x", "process_names": ["x"], "log": {"paths": [{"path": "/l"}], "format": "tauri", "events": [{"kind": "load", "pattern": "a\nb("}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := apps.ParseRecipe(data)
		if err != nil {
			if a != nil || strings.ContainsAny(err.Error(), "\r\n") {
				t.Fatalf("%v / %v", a, err)
			}
			return
		}
		if a.Name == "" || len(a.ProcNames) == 0 || a.LogFormat == nil && len(a.Events) > 0 {
			t.Fatalf("incomplete adapter %+v", a)
		}
		a.ParseLog(strings.NewReader("[2025-06-01][10:00:02][x][INFO] Starting to load model: m\n"))
	})
}
