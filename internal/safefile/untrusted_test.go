package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// An Untrusted Access touches no path: a file anyone may read is neither
// opened nor stat'ed, the error says why and matches fs.ErrPermission.
func TestUntrustedTouchesNothing(t *testing.T) {
	p := filepath.Join(t.TempDir(), "model.gguf")
	if err := os.WriteFile(p, []byte("GGUF"), 0o644); err != nil {
		t.Fatal(err)
	}
	a := Untrusted("not procfs")
	var skipped *SkippedError
	if _, _, err := a.Open(p, 0); !errors.As(err, &skipped) || skipped.Reason != "not procfs" || !errors.Is(err, fs.ErrPermission) {
		t.Errorf("Open: %v", err)
	}
	if _, err := a.ReadFile(p, 0); !errors.As(err, &skipped) {
		t.Errorf("ReadFile: %v", err)
	}
	if _, err := a.Stat(p); !errors.As(err, &skipped) {
		t.Errorf("Stat: %v", err)
	}
	if a.Skipped(p) != "not procfs" {
		t.Errorf("Skipped = %q", a.Skipped(p))
	}
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	if a.MayRead(fi) {
		t.Error("MayRead allowed a file to an untrusted process")
	}
}
