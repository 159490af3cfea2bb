package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Rule: a path the Access's Skip names is never opened or stat'ed (on
// macOS: other apps' sandbox containers); the error says why and reads as
// a permission refusal.
func TestAccessSkipNeverTouchesThePath(t *testing.T) {
	dir := t.TempDir()
	inside := filepath.Join(dir, "Library", "Containers", "com.example", "model.gguf")
	outside := filepath.Join(dir, "model.gguf")
	for _, p := range []string{inside, outside} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("GGUF"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var asked []string
	a := &Access{Skip: func(p string) string {
		asked = append(asked, p)
		if strings.Contains(p, "/Library/Containers/") {
			return "inside an app's sandbox container"
		}
		return ""
	}}
	if _, err := a.Stat(inside); !errors.Is(err, fs.ErrPermission) || !strings.Contains(err.Error(), "not opened: inside an app's sandbox container") {
		t.Fatalf("stat inside: %v", err)
	}
	f, _, err := a.Open(inside, 0)
	var skipped *SkippedError
	if f != nil || !errors.As(err, &skipped) || skipped.Path != inside {
		t.Fatalf("open inside: %v", err)
	}
	if b, err := a.ReadFile(inside, 0); b != nil || !errors.Is(err, fs.ErrPermission) {
		t.Fatalf("read inside: %q, %v", b, err)
	}
	if b, err := a.ReadFile(outside, 0); err != nil || string(b) != "GGUF" {
		t.Fatalf("read outside: %q, %v", b, err)
	}
	if a.Skipped(outside) != "" || a.Skipped(inside) == "" || len(asked) == 0 {
		t.Fatalf("Skipped: asked %q", asked)
	}
	var none *Access
	if none.Skipped(inside) != "" || (&Access{}).Skipped(inside) != "" {
		t.Fatal("an Access without Skip skipped a path")
	}
}
