package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/apps"
)

// gtm names a broken recipe in the user's folder on stderr, one line, and
// uses the others.
func TestLoadAppRecipes(t *testing.T) {
	cfg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfg)
	dir := filepath.Join(cfg, "gtm", "apps")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string]string{
		"broken.json": `{"name": "Broken", "process_names": ["broken"]}`,
		"good.json":   `{"name": "Good", "process_names": ["goodapp"], "settings": {"paths": [{"path": "~/good.json"}], "model_key": ["model"]}}`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { apps.LoadDir(t.TempDir()) })
	var stderr bytes.Buffer
	loadAppRecipes(&stderr, "gtm")
	want := "gtm: app recipe " + filepath.Join(dir, "broken.json") + ": neither settings nor log: nothing to read\n"
	if stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
	if a := apps.Detect("goodapp", ""); a == nil || a.Name != "Good" || apps.Detect("handy", "") == nil {
		t.Error("the good and built-in recipes are not used")
	}
	if strings.Count(stderr.String(), "\n") != 1 {
		t.Error("more than one line")
	}
}
