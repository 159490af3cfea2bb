//go:build unix

package stores

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A FIFO planted as a manifest must not block the scan.
func TestFIFOManifest(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "manifests", "registry.ollama.ai", "library", "fifo", "latest")
	writeFile(t, filepath.Join(filepath.Dir(p), "placeholder"), "")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	done := make(chan []string)
	go func() { done <- New(Config{OllamaRoots: []string{dir}}).Warnings() }()
	select {
	case w := <-done:
		if len(w) == 0 {
			t.Error("FIFO skipped without a warning")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("scan blocked on a FIFO")
	}
}
