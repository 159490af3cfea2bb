package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Rule (macOS, where Access checks mode bits by path): a root gtm reads a
// file a process names only if that process's user could: every folder
// searchable, the file readable. Tested here on the same code the macOS
// build runs.
func TestOpenByModeBits(t *testing.T) {
	dir := searchableTempDir(t)
	other := &Access{Cred: &Cred{UID: uint32(os.Getuid()) + 1000, GID: uint32(os.Getgid()) + 1000}}
	open := filepath.Join(dir, "open.gguf")
	private := filepath.Join(dir, "private.gguf")
	closedDir := filepath.Join(dir, "closed")
	inClosed := filepath.Join(closedDir, "m.gguf")
	must(t, os.WriteFile(open, []byte("GGUF"), 0o644))
	must(t, os.WriteFile(private, []byte("GGUF"), 0o600))
	must(t, os.Mkdir(closedDir, 0o700))
	must(t, os.WriteFile(inClosed, []byte("GGUF"), 0o644))

	f, err := other.openByModeBits(open)
	if err != nil {
		t.Fatalf("world-readable file: %v", err)
	}
	f.Close()
	if _, err := other.statByModeBits(open); err != nil {
		t.Fatalf("stat of a world-readable file: %v", err)
	}
	var denied *DeniedError
	if _, err := other.openByModeBits(private); !errors.As(err, &denied) || denied.What != "read it" || !errors.Is(err, fs.ErrPermission) {
		t.Fatalf("mode 0600 file of another user: %v", err)
	}
	if _, err := other.openByModeBits(inClosed); !errors.As(err, &denied) || !strings.HasPrefix(denied.What, "search "+closedDir) {
		t.Fatalf("file in a 0700 folder of another user: %v", err)
	}
	if _, err := other.statByModeBits(inClosed); !errors.Is(err, fs.ErrPermission) {
		t.Fatalf("stat through a 0700 folder: %v", err)
	}
	if _, err := other.openByModeBits("relative.gguf"); err == nil {
		t.Fatal("a relative path opened")
	}
	if os.Getuid() != 0 {
		t.Skip("the rest needs root")
	}
	root := &Access{Cred: &Cred{UID: 0, GID: 0}}
	// uid 0 reads everything, as the kernel lets it
	for _, p := range []string{private, inClosed} {
		f, err := root.openByModeBits(p)
		if err != nil {
			t.Fatalf("root: %v", err)
		}
		f.Close()
	}
}
