//go:build unix

package llamacpplog

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A FIFO where a log should be must not block the reader.
func TestFIFO(t *testing.T) {
	p := filepath.Join(t.TempDir(), "server.log")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	done := make(chan error, 2)
	go func() { _, err := ParseTail(p, time.Now(), 0); done <- err }()
	go func() { _, err := (&Cache{}).Get(p, time.Now()); done <- err }()
	for range 2 {
		select {
		case err := <-done:
			if err == nil {
				t.Error("FIFO read without an error")
			}
		case <-time.After(5 * time.Second):
			t.Fatal("blocked on a FIFO")
		}
	}
}
