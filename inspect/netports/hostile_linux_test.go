package netports

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A --proc-root tree whose fd folder or tcp table is a FIFO: Listening
// fails at once instead of waiting for a writer.
func TestListeningFIFOs(t *testing.T) {
	for _, name := range []string{"fd", "net/tcp"} {
		t.Run(name, func(t *testing.T) {
			root := fakeProc(t)
			p := filepath.Join(root, "4242", name)
			if err := os.RemoveAll(p); err != nil {
				t.Fatal(err)
			}
			if err := syscall.Mkfifo(p, 0o644); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { _, err := Listening(root, 4242); done <- err }()
			select {
			case err := <-done:
				if err == nil {
					t.Error("a FIFO read as a proc file")
				}
			case <-time.After(10 * time.Second):
				t.Fatal("still waiting on a FIFO after 10 s")
			}
		})
	}
}
