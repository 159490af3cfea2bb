package inspect

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The installed-models walk does not enter a folder Skip names (on macOS,
// another app's sandbox container, where listing it may wait for a
// privacy prompt); other folders are walked as before.
func TestInstalledModelsSkipsFolders(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "app", "bin")
	if err := os.MkdirAll(filepath.Join(dir, "models"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "models", "m.gguf"), []byte("GGUF"), 0o644); err != nil {
		t.Fatal(err)
	}
	none := func(string) string { return "" }
	if got := installedModels(dir, none); len(got) != 1 {
		t.Fatalf("not skipped: %q", got)
	}
	var asked []string
	all := func(p string) string { asked = append(asked, p); return "skipped" }
	if got := installedModels(dir, all); len(got) != 0 {
		t.Fatalf("skipped, yet found %q", got)
	}
	if len(asked) != 3 || !strings.HasSuffix(asked[2], filepath.Join("app", "models")) {
		t.Fatalf("roots asked: %q", asked)
	}
}
