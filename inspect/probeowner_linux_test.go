package inspect

import (
	"context"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/netports"
	"github.com/gputaskman/gtm/inspect/probe"
	"github.com/gputaskman/gtm/inspect/procmaps/maptest"
)

// TestProbeProvesOwnerAtConnect: a server's ports are read, then the
// server dies and another user takes its port before gtm's port cache
// (portsMaxAge) runs out. The next probe is for the server, with its key:
// the connection is proven at the moment it is made, so the key does not
// go to the new listener.
func TestProbeProvesOwnerAtConnect(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: the squatter runs as nobody")
	}
	const key = "sk-probe-owner-42"
	server := maptest.StartServer(t, "llama-server", nil, "", "--api-key", key)
	target := Target{PID: server.PID, Start: time.Now(), Name: "llama-server",
		Cmdline: []string{"llama-server", "--api-key", key}}
	in := New("/proc", nil)
	in.Live = NewLive("/proc")
	in.Enrich(WithProbeBudget(context.Background()), target, in.Inspect(target), nil)
	if len(server.Auths()) == 0 || server.Auths()[0] != `"Bearer `+key+`"` {
		t.Fatalf("the server itself was not asked with its key: %q", server.Auths())
	}

	must(t, syscall.Kill(server.PID, syscall.SIGKILL))
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if ports, err := netports.Listening("/proc", server.PID); err != nil || len(ports) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the killed server still listens")
		}
	}
	squatter := maptest.StartServerWith(t, "squatter", maptest.ServerOptions{
		Cred: &syscall.Credential{Uid: 65534, Gid: 65534}, Port: server.Port})

	// The API answer's age is up; the ports read are still fresh.
	in.Live.Client = probe.New(probe.Options{RequireOwner: true}) // no cached answer, no backoff
	in.Live.state[Key{PID: target.PID, Start: target.Start}].apiAt = time.Time{}
	in.Enrich(WithProbeBudget(context.Background()), target, in.Inspect(target), nil)
	if got := squatter.Auths(); len(got) != 0 {
		t.Fatalf("the squatter on the dead server's port got %q", got)
	}
}
