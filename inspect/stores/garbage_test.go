package stores

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A store full of junk is skipped piece by piece: the good model in it, and
// the other stores, are still named.
func TestGarbageStore(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "ollama")
	lib := filepath.Join(dir, "manifests", "registry.ollama.ai", "library")
	good := hexOf("good")
	writeFile(t, filepath.Join(dir, "blobs", "sha256-"+good), "GGUF")
	writeFile(t, filepath.Join(lib, "qwen3", "8b"), manifestJSON([2]string{mtModel, "sha256:" + good}))
	symlinks := writeJunkManifests(t, base, dir, good)

	// A second Ollama root whose manifests "folder" is a file.
	broken := filepath.Join(base, "broken")
	writeFile(t, filepath.Join(broken, "manifests"), "not a folder")

	// LM Studio and Hugging Face folders with loops and dangling links.
	home := filepath.Join(base, "home")
	lm, snap := writeTangledFolders(t, home, symlinks)

	s := New(Config{Home: home, OllamaRoots: []string{dir, broken}})
	if n, ok := s.Lookup(filepath.Join(dir, "blobs", "sha256-"+good)); !ok || n.Model != "qwen3:8b" {
		t.Errorf("good model among junk: %+v %v", n, ok)
	}
	if _, ok := s.Lookup(filepath.Join(base, "secret")); ok {
		t.Error("a file outside the store was named")
	}
	if n, ok := s.Lookup(filepath.Join(lm, "pub", "repo", "ok.gguf")); !ok || n.Store != LMStudio {
		t.Errorf("LM Studio beside a broken Ollama: %+v %v", n, ok)
	}
	if n, ok := s.Lookup(filepath.Join(snap, "real.gguf")); !ok || n.Store != HuggingFace {
		t.Errorf("Hugging Face beside a broken Ollama: %+v %v", n, ok)
	}
	blobs := filepath.Join(dir, "blobs") + string(filepath.Separator)
	for _, f := range s.Installed() {
		if f.Store == Ollama && !strings.HasPrefix(f.Path, blobs) {
			t.Errorf("listed outside blobs/: %s", f.Path)
		}
	}
	if got := len(s.Installed()); got != 3 {
		t.Errorf("Installed %d, want 3: %+v", got, s.Installed())
	}
	w := strings.Join(s.Warnings(), "\n")
	for _, want := range []string{"notjson", "huge", "escape", "not a folder"} {
		if !strings.Contains(w, want) {
			t.Errorf("no warning about %s in:\n%s", want, w)
		}
	}
}

// writeJunkManifests fills the Ollama store dir, whose good model's digest
// is good, with manifests that are broken, hostile (digests that climb out
// to base/secret) or looping. It says whether symbolic links could be made.
func writeJunkManifests(t *testing.T, base, dir, good string) (symlinks bool) {
	t.Helper()
	lib := filepath.Join(dir, "manifests", "registry.ollama.ai", "library")
	// A file the traversal digests would reach if they were obeyed.
	writeFile(t, filepath.Join(base, "secret"), "GGUF")
	bad := map[string]string{
		"notjson":  "this is not json",
		"empty":    "",
		"null":     "null",
		"array":    "[]",
		"nolayers": "{}",
		"badtype":  `{"layers":"nope"}`,
		"junk":     `{"layers":[1,"x",null,{"mediaType":7}]}`,
		"nodigest": `{"layers":[{"mediaType":"application/vnd.ollama.image.model"}]}`,
		"deep":     strings.Repeat("[", 100000),
		"huge":     `{"layers":[]}` + strings.Repeat(" ", maxFileRead),
		"escape": manifestJSON(
			[2]string{mtModel, "../../secret"},
			[2]string{mtModel, "sha256:../../secret"},
			[2]string{mtModel, "sha256-../../../secret"},
			[2]string{mtModel, "sha256:" + good + "/../../../secret"},
			[2]string{mtModel, "sha256:" + strings.Repeat("g", 64)},
			[2]string{mtModel, "sha256:" + good[:63]},
		),
		// A digest whose "blob" is a folder.
		"dirblob": manifestJSON([2]string{mtModel, "sha256:" + hexOf("dir")}),
	}
	for name, data := range bad {
		writeFile(t, filepath.Join(lib, name, "latest"), data)
	}
	if err := os.MkdirAll(filepath.Join(dir, "blobs", "sha256-"+hexOf("dir")), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(lib, ".DS_Store"), "junk")
	writeFile(t, filepath.Join(lib, "too", "deep", "for", "a", "name"), "{}")
	if err := os.MkdirAll(filepath.Join(lib, "loop"), 0o755); err != nil {
		t.Fatal(err)
	}
	return os.Symlink("b", filepath.Join(lib, "loop", "a")) == nil &&
		os.Symlink("a", filepath.Join(lib, "loop", "b")) == nil &&
		os.Symlink(filepath.Join(dir, "manifests"), filepath.Join(lib, "cycle")) == nil
}

// writeTangledFolders makes LM Studio and Hugging Face folders under home,
// one good model in each, with loops and dangling links where symbolic
// links can be made, and returns the LM Studio models folder and the
// Hugging Face snapshot.
func writeTangledFolders(t *testing.T, home string, symlinks bool) (lm, snap string) {
	t.Helper()
	lm = filepath.Join(home, ".lmstudio", "models")
	writeFile(t, filepath.Join(lm, "pub", "repo", "ok.gguf"), "GGUF")
	hub := filepath.Join(home, ".cache", "huggingface", "hub")
	snap = filepath.Join(hub, "models--org--name", "snapshots", "r")
	writeFile(t, filepath.Join(snap, "real.gguf"), "GGUF")
	if symlinks {
		os.Symlink(lm, filepath.Join(lm, "loop"))
		os.Symlink(filepath.Join(lm, "pub", "repo"), filepath.Join(lm, "pub", "repo", "self"))
		os.Symlink("missing-blob", filepath.Join(snap, "dangling.gguf"))
		os.Symlink(snap, filepath.Join(snap, "cycle"))
		writeFile(t, filepath.Join(home, ".lmstudio", "settings.json"), `{"downloadsFolder": 5}`)
	}
	return lm, snap
}
