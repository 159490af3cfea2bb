package main

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/linux"
	"github.com/gputaskman/gtm/inspect/procmaps/maptest"
)

// within fails the test when fn has not returned in a few seconds: these
// commands used to wait forever on a FIFO.
func within(t *testing.T, what string, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { fn(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("%s hangs on a FIFO", what)
	}
}

func fifo(t *testing.T, name string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	must(t, syscall.Mkfifo(p, 0o644))
	return p
}

func TestFIFOsNeverHang(t *testing.T) {
	model := fifo(t, "model.gguf")
	within(t, "gtm model FIFO", func() {
		code, _, stderr, _ := runIn(t, noGPU(), "model", model)
		if code != exitRuntime || !strings.Contains(stderr, "not a regular file") {
			t.Errorf("gtm model FIFO: exit %d, %q", code, stderr)
		}
	})
	capture := fifo(t, "capture.json")
	within(t, "gtm --replay FIFO", func() {
		code, _, stderr, _ := runIn(t, noGPU(), "--replay", capture, "--once")
		if code != exitRuntime || !strings.Contains(stderr, "not a regular file") {
			t.Errorf("gtm --replay FIFO: exit %d, %q", code, stderr)
		}
	})
	// A process naming FIFOs as its model, key file and log.
	key, log := fifo(t, "key"), fifo(t, "llama.log")
	srv := maptest.StartServerAs(t, "llama-server", nil, "-m", model, "--api-key-file", key, "--log-file", log)
	c := noGPU()
	c.Procs = linux.NewProcFS("/proc")
	c.Host = backend.Host{OS: "linux", Mode: "native", SharesHostPIDs: true}
	c.Evidence = newInspector("/proc", map[int]string{}, false)
	within(t, "gtm inspect of a process naming FIFOs", func() {
		code, stdout, stderr, _ := runIn(t, c, "inspect", itoa(srv.PID))
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		for _, want := range []string{"--api-key-file skipped", "not a regular file"} {
			if !strings.Contains(stdout, want) {
				t.Errorf("output lacks %q:\n%s", want, stdout)
			}
		}
	})
	within(t, "--llm-log PID=FIFO", func() {
		code, _, stderr, _ := runIn(t, c, "inspect", itoa(srv.PID), "--llm-log", log)
		if code != exitOK || !strings.Contains(stderr, "not a regular file") {
			t.Errorf("--llm-log FIFO: exit %d, %q", code, stderr)
		}
	})
}
