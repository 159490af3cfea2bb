package inspect

import (
	"context"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/probe"
	"github.com/gputaskman/gtm/inspect/procmaps/maptest"
	"github.com/gputaskman/gtm/internal/schema"
)

// TestSlowServersShareOneBudget: six llama-servers that never answer. One
// refresh (one WithProbeBudget context over all of them) asks only as
// many as the budget allows, instead of waiting on each in turn; the rest
// are asked in later refreshes.
func TestSlowServersShareOneBudget(t *testing.T) {
	const n = 6
	var servers []*maptest.Server
	for range n {
		servers = append(servers, maptest.StartServer(t, "llama-server", nil, maptest.Stall))
	}
	in := New("/proc", nil)
	in.Live = NewLive("/proc")
	ctx := WithProbeBudget(context.Background())
	start := time.Now()
	for _, s := range servers {
		target := Target{PID: s.PID, Start: time.Now(), Name: "llama-server", Cmdline: []string{"llama-server"}}
		in.Enrich(ctx, target, Finding{Runtimes: []schema.Runtime{}, Models: []schema.Model{}}, nil)
	}
	took := time.Since(start)
	asked := 0
	for _, s := range servers {
		if len(s.Auths()) > 0 {
			asked++
		}
	}
	// the budget (500 ms) fits two 300 ms request timeouts: never all six
	if asked > 3 {
		t.Errorf("%d of %d stalling servers asked in one refresh (%v)", asked, n, took)
	}
	if took > n*probe.DefaultTimeout {
		t.Errorf("one refresh over %d stalling servers took %v", n, took)
	}
}

// TestQuittingCancelsProbes: a probe waiting on a server that never
// answers ends when the refresh's context is cancelled.
func TestQuittingCancelsProbes(t *testing.T) {
	s := maptest.StartServer(t, "llama-server", nil, maptest.Stall)
	in := New("/proc", nil)
	in.Live = NewLive("/proc")
	in.Live.Client = probe.New(probe.Options{Timeout: 30 * time.Second})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var cancelled time.Time
	go func() { // quit once the server holds the request
		for len(s.Auths()) == 0 && ctx.Err() == nil {
			time.Sleep(5 * time.Millisecond)
		}
		cancelled = time.Now()
		cancel()
	}()
	target := Target{PID: s.PID, Start: time.Now(), Name: "llama-server", Cmdline: []string{"llama-server"}}
	in.Enrich(ctx, target, Finding{Runtimes: []schema.Runtime{}, Models: []schema.Model{}}, nil)
	if len(s.Auths()) == 0 {
		t.Fatal("the server was never asked")
	}
	<-ctx.Done()
	// without the cancel it waits out the per-process cap (1 s)
	if took := time.Since(cancelled); took > 500*time.Millisecond {
		t.Errorf("a cancelled refresh kept waiting on the server for %v", took)
	}
	if len(s.Auths()) == 0 {
		t.Error("the server was never asked")
	}
}
