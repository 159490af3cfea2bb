package wslmatch

import (
	"os"
	"path/filepath"
	"testing"
)

// Links planted at the hints file or its temporary name are replaced,
// never written through.
func TestHintsSaveReplacesPlantedLinks(t *testing.T) {
	path := filepath.Join(t.TempDir(), "gputaskman", "wsl-foreign.json")
	if err := os.Mkdir(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	victims := t.TempDir()
	for _, name := range []string{"wsl-foreign.json.tmp", "wsl-foreign.json"} {
		victim := filepath.Join(victims, name)
		if err := os.WriteFile(victim, []byte("precious\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(victim, filepath.Join(filepath.Dir(path), name)); err != nil {
			t.Fatal(err)
		}
	}
	h := &Hints{BootID: "boot-1", Sizes: map[uint64]int{800 << 20: 1}, dirty: true}
	if err := h.Save(path); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"wsl-foreign.json.tmp", "wsl-foreign.json"} {
		if b, _ := os.ReadFile(filepath.Join(victims, name)); string(b) != "precious\n" {
			t.Errorf("written through the link %s: %q", name, b)
		}
	}
	if fi, err := os.Lstat(path); err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != 0o600 {
		t.Fatalf("hints file: %v %v", fi, err)
	}
	if got := LoadHints(path, "boot-1"); got.Sizes[800<<20] != 1 {
		t.Errorf("read back %v", got.Sizes)
	}
}

// A cache directory gtm creates is the user's alone.
func TestHintsSaveMakesPrivateDirectory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cache", "gputaskman", "wsl-foreign.json")
	h := &Hints{BootID: "b", Sizes: map[uint64]int{1: 1}, dirty: true}
	if err := h.Save(path); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(filepath.Dir(path)); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("%v %v", fi, err)
	}
}
