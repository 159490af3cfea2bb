package actions

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type fakeOpener struct{ opened []string }

func (f *fakeOpener) Open(dir string) error {
	f.opened = append(f.opened, dir)
	return nil
}

func TestOpenFolder(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "model.gguf")
	if err := os.WriteFile(file, []byte("GGUF"), 0o644); err != nil {
		t.Fatal(err)
	}
	o := &fakeOpener{}
	s := &System{Opener: o}
	if err := s.OpenFolder(dir); err != nil {
		t.Fatal(err)
	}
	if err := s.OpenFolder(file); err == nil || !strings.Contains(err.Error(), "not a folder") {
		t.Errorf("a file: %v", err)
	}
	if err := s.OpenFolder(filepath.Join(dir, "gone")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing folder: %v", err)
	}
	if len(o.opened) != 1 || o.opened[0] != dir {
		t.Errorf("opened %v", o.opened)
	}
}
