//go:build unix

package mapfile

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestMapShowsTheFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "model.gguf")
	if err := os.WriteFile(p, []byte("GGUF and more"), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := Map(p)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Munmap(b)
	if string(b) != "GGUF and more" {
		t.Errorf("mapped %q", b)
	}
}

func TestMapRefusesEmptyAndMissingFiles(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "empty")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{empty, filepath.Join(t.TempDir(), "missing")} {
		if _, err := Map(p); err == nil || !strings.Contains(err.Error(), p) {
			t.Errorf("Map(%s) = %v, want an error naming the file", p, err)
		}
	}
}
