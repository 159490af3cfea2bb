package collect

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/inspect"
	"github.com/gputaskman/gtm/internal/schema"
)

// countingGPU counts driver readings.
type countingGPU struct {
	fakeGPU
	mu      sync.Mutex
	samples int
}

func (g *countingGPU) Sample(ctx context.Context, w time.Duration) backend.Sample {
	g.mu.Lock()
	g.samples++
	g.mu.Unlock()
	return g.fakeGPU.Sample(ctx, w)
}

// countingEvidence records which processes it was asked about.
type countingEvidence struct {
	fakeEvidence
	refreshed, inspected, enriched []int
	ctxs                           []context.Context
}

func (c *countingEvidence) Refresh(ctx context.Context, ts []inspect.Target) map[int]inspect.Finding {
	c.ctxs = append(c.ctxs, ctx)
	for _, t := range ts {
		c.refreshed = append(c.refreshed, t.PID)
	}
	return c.fakeEvidence.Refresh(ctx, ts)
}
func (c *countingEvidence) Inspect(t inspect.Target) inspect.Finding {
	c.inspected = append(c.inspected, t.PID)
	return c.fakeEvidence.Inspect(t)
}
func (c *countingEvidence) Enrich(ctx context.Context, t inspect.Target, f inspect.Finding, m *uint64) (inspect.Finding, *schema.LLM) {
	c.ctxs = append(c.ctxs, ctx)
	c.enriched = append(c.enriched, t.PID)
	return c.fakeEvidence.Enrich(ctx, t, f, m)
}

// TestInspectPIDInspectsOnlyThatProcess: gtm inspect reads the driver
// once and inspects the one process; a click on a row of a snapshot
// (InspectRow) does not read the driver at all.
func TestInspectPIDInspectsOnlyThatProcess(t *testing.T) {
	c := fixture()
	gpu := &countingGPU{fakeGPU: c.GPU.(fakeGPU)}
	in := &countingEvidence{fakeEvidence: c.Evidence.(fakeEvidence)}
	c.GPU, c.Evidence = gpu, in

	p, err := c.InspectPID(context.Background(), 4242)
	if err != nil {
		t.Fatal(err)
	}
	if gpu.samples != 1 || len(in.refreshed) != 0 || len(in.inspected) != 1 || in.inspected[0] != 4242 ||
		len(in.enriched) != 1 || in.enriched[0] != 4242 {
		t.Errorf("InspectPID: %d driver readings, refreshed %v, inspected %v, enriched %v", gpu.samples, in.refreshed, in.inspected, in.enriched)
	}
	if p.VRAMBytes == nil || *p.VRAMBytes != 6<<30 || p.DeviceIndex == nil || p.Models == nil || p.LLM == nil {
		t.Errorf("row = %+v", p)
	}
	if procs := c.Procs.(*fakeProcs); procs.reads[5151] != 0 || procs.reads[1337] != 0 {
		t.Errorf("other processes read: %v", procs.reads)
	}

	snap := c.Collect(context.Background())
	gpu.samples, in.inspected, in.enriched = 0, nil, nil
	var row schema.Process
	for _, r := range snap.Processes {
		if r.PID == 4242 {
			row = r
		}
	}
	q, err := c.InspectRow(context.Background(), row)
	if err != nil {
		t.Fatal(err)
	}
	if gpu.samples != 0 || len(in.inspected) != 1 || *q.VRAMBytes != 6<<30 {
		t.Errorf("InspectRow: %d driver readings, inspected %v", gpu.samples, in.inspected)
	}
}

// TestCollectPassesItsContext: the inspector's work runs under the
// refresh's context (so quitting cancels it) with a probe budget on it.
func TestCollectPassesItsContext(t *testing.T) {
	c := fixture()
	in := &countingEvidence{fakeEvidence: c.Evidence.(fakeEvidence)}
	c.Evidence = in
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c.Collect(ctx)
	if len(in.ctxs) == 0 {
		t.Fatal("the context methods were not used")
	}
	for _, got := range in.ctxs {
		if got.Err() == nil {
			t.Error("the inspector got a context that quitting does not cancel")
		}
	}
}

// The inspectors gtm runs are collect.Evidence: one set of
// context-taking methods, no fallback without a context.
var (
	_ Evidence = (*inspect.Inspector)(nil)
	_ Evidence = (*inspect.ModuleInspector)(nil)
)
