package main

import (
	"encoding/json"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/linux"
	"github.com/gputaskman/gtm/inspect/procmaps/maptest"
	"github.com/gputaskman/gtm/internal/schema"
)

// TestAPIKeyNotSentAcrossNetNamespaces is the attack: a llama-server
// started with --api-key in a network namespace of its own (a container
// that publishes no port) listens on 127.0.0.1:P there; an unprivileged
// user listens on 127.0.0.1:P on gtm's loopback. The server's own
// /proc/PID/net/tcp names P, but that socket is not the one gtm would
// reach: gtm sends nothing to P (no key, no probe) and says why.
func TestAPIKeyNotSentAcrossNetNamespaces(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: a network namespace, and a listener made as nobody")
	}
	const key = "sk-victim-0123456789"
	squatter := maptest.StartServerAs(t, "squatter", &syscall.Credential{Uid: 65534, Gid: 65534})
	server := maptest.StartServerWith(t, "llama-server", maptest.ServerOptions{Port: squatter.Port, NewNetNS: true},
		"-m", "/models/qwen.gguf", "--api-key", key, "--port", itoa(squatter.Port))

	c := noGPU()
	c.Procs = linux.NewProcFS("/proc")
	c.Host = backend.Host{OS: "linux", Mode: "native", SharesHostPIDs: true}
	c.Evidence = newInspector("/proc", nil, false)
	code, stdout, stderr, _ := runIn(t, c, "inspect", itoa(server.PID), "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got := squatter.Auths(); len(got) != 0 {
		t.Fatalf("gtm sent %d requests to another user's port for the server (authorization %q)", len(got), got)
	}
	if got := server.Auths(); len(got) != 0 {
		t.Errorf("the server in its own namespace was reached: %q", got)
	}
	var p schema.Process
	must(t, json.Unmarshal([]byte(stdout), &p))
	if !strings.Contains(strings.Join(p.Notes, "\n"), "another network namespace") {
		t.Errorf("no note says the server's API was left alone: %s", stdout)
	}
	if !strings.Contains(stdout, "llama-server") || strings.Contains(stdout, key) {
		t.Errorf("output: %s", stdout)
	}
}
