package procmaps

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestScanRefusesFIFO: under a proc root the user names, a "maps" that
// is a FIFO is refused at once, not waited on.
func TestScanRefusesFIFO(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "42"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "42", "maps"), 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { _, err := Scan(root, 42); done <- err }()
	select {
	case err := <-done:
		if err == nil {
			t.Error("a FIFO was read as maps")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Scan waits on a FIFO")
	}
}
