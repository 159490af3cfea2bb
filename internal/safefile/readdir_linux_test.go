package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestReadDirNames(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"b", "a", "c"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	self := &Access{Cred: &Cred{UID: uint32(os.Getuid()), GID: uint32(os.Getgid())}}
	for _, a := range []*Access{nil, {}, self} {
		names, err := a.ReadDirNames(dir, 10)
		if err != nil || !slices.Equal(names, []string{"a", "b", "c"}) {
			t.Fatalf("%+v: %v %v", a, names, err)
		}
	}
	if _, err := self.ReadDirNames(dir, 2); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("3 entries with a limit of 2: %v", err)
	}
	if _, err := self.ReadDirNames(filepath.Join(dir, "a"), 10); err == nil {
		t.Fatal("a file listed as a folder")
	}
	// Another user may not list a folder only its owner may read.
	closed := filepath.Join(dir, "closed")
	if err := os.Mkdir(closed, 0o711); err != nil {
		t.Fatal(err)
	}
	other := &Access{Cred: &Cred{UID: uint32(os.Getuid()) + 1000, GID: uint32(os.Getgid()) + 1000}}
	if _, err := other.ReadDirNames(closed, 10); !errors.Is(err, fs.ErrPermission) {
		t.Fatalf("another user listed a 0711 folder: %v", err)
	}
	if _, err := Untrusted("fake proc root").ReadDirNames(dir, 10); !errors.Is(err, fs.ErrPermission) {
		t.Fatalf("untrusted access listed: %v", err)
	}
}
