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

// TestRootInspectIsNoDeputy: gtm runs as root; a process running as
// nobody names /etc/shadow as its model, its API key file and its log.
// gtm inspect reads none of it (no header facts, no log, and above all
// no key sent to the process's port) and says why in its output.
func TestRootInspectIsNoDeputy(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: the test runs a child as nobody and gtm as root")
	}
	shadow, err := os.ReadFile("/etc/shadow")
	if err != nil || len(shadow) == 0 {
		t.Skipf("no readable /etc/shadow: %v", err)
	}
	secret := strings.SplitN(string(shadow), "\n", 2)[0]
	srv := maptest.StartServerAs(t, "llama-server", &syscall.Credential{Uid: 65534, Gid: 65534},
		"-m", "/etc/shadow", "--api-key-file", "/etc/shadow", "--log-file", "/etc/shadow")

	c := noGPU()
	c.Procs = linux.NewProcFS("/proc")
	c.Host = backend.Host{OS: "linux", Mode: "native", SharesHostPIDs: true}
	c.Evidence = newInspector("/proc", nil, false)

	code, stdout, stderr, _ := runIn(t, c, "inspect", itoa(srv.PID), "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var p schema.Process
	must(t, json.Unmarshal([]byte(stdout), &p))
	if p.User == nil || *p.User != "nobody" && *p.User != "65534" {
		t.Fatalf("the child does not run as nobody: user %v", p.User)
	}
	code, text, _, _ := runIn(t, c, "inspect", itoa(srv.PID))
	if code != exitOK {
		t.Fatalf("text exit %d", code)
	}
	for _, auth := range srv.Auths() {
		if auth != `""` {
			t.Errorf("gtm sent %s to the process's port", auth)
		}
	}
	if len(srv.Auths()) == 0 {
		t.Error("the process's API was never asked: the key file path was not exercised")
	}
	for _, out := range []string{stdout, text} {
		if strings.Contains(out, secret) || strings.Contains(out, "root:") {
			t.Errorf("/etc/shadow content in the output:\n%s", out)
		}
	}
	// says so: the model, the key file and the log were each skipped
	var model *schema.Model
	for i := range p.Models {
		if p.Models[i].Path == "/etc/shadow" {
			model = &p.Models[i]
		}
	}
	if model == nil || model.HeaderError == nil || !strings.Contains(*model.HeaderError, "may not read") {
		t.Errorf("model /etc/shadow not marked as skipped: %+v", p.Models)
	}
	t.Logf("gtm inspect said:\n%s", text)
	for _, want := range []string{"--api-key-file skipped", "log /etc/shadow: cannot be read: not read: the process's user (uid 65534) may not read it"} {
		if !strings.Contains(text, want) {
			t.Errorf("the text output does not say %q:\n%s", want, text)
		}
	}
}
