package collect

import (
	"context"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/app/report"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/internal/schema"
)

// fakeSystem is a 64 GiB machine at 23.5 % CPU whose swap could not be
// read.
type fakeSystem struct{}

func (fakeSystem) ReadSystem(context.Context) (schema.System, schema.SourceStatus) {
	return schema.System{CPUPercent: ptr(23.5), MemoryUsedBytes: ptr(uint64(41 << 30)), MemoryTotalBytes: ptr(uint64(64 << 30))},
		schema.OK("system")
}

func TestCollectSystemAndProcessResources(t *testing.T) {
	c := fixture()
	snap := c.Collect(context.Background())
	if snap.System == nil || *snap.System.CPUPercent != 23.5 || snap.System.SwapTotalBytes != nil {
		t.Errorf("system = %+v", snap.System)
	}
	if !hasSource(snap, "system") {
		t.Error("no system source")
	}
	for _, p := range snap.Processes {
		switch p.PID {
		case 4242:
			if p.CPUPercent == nil || *p.CPUPercent != 12.5 || p.RSSBytes == nil || *p.RSSBytes != 1<<30 {
				t.Errorf("llama-server resources: %v %v", p.CPUPercent, p.RSSBytes)
			}
		case 1337:
			if p.CPUPercent != nil || p.RSSBytes == nil {
				t.Errorf("Xorg: CPU unknown must stay null: %v %v", p.CPUPercent, p.RSSBytes)
			}
		case 9999:
			if p.CPUPercent != nil || p.RSSBytes != nil {
				t.Errorf("exited process has resources: %v %v", p.CPUPercent, p.RSSBytes)
			}
		}
	}

	// Without a system reader the block is null, not zeros.
	c = fixture()
	c.System = nil
	if snap := c.Collect(context.Background()); snap.System != nil || hasSource(snap, "system") {
		t.Errorf("no reader: system = %+v", snap.System)
	}
}

// A process on two GPUs has its CPU load read once per refresh: a second
// read microseconds later would measure an empty interval.
func TestResourcesReadOncePerProcess(t *testing.T) {
	c := fixture()
	g := c.GPU.(fakeGPU)
	g.s.Usage = append(g.s.Usage, backend.ProcessUsage{PID: 4242, DeviceIndex: 1, VRAMBytes: ptr(uint64(1 << 30))})
	c.GPU = g
	snap := c.Collect(context.Background())
	rows := 0
	for _, p := range snap.Processes {
		if p.PID == 4242 {
			rows++
			if p.CPUPercent == nil || *p.CPUPercent != 12.5 {
				t.Errorf("row on GPU %d lacks the reading", *p.DeviceIndex)
			}
		}
	}
	if procs := c.Procs.(*fakeProcs); rows != 2 || procs.reads[4242] != 1 {
		t.Errorf("%d rows, %d reads; want 2 rows from 1 read", rows, procs.reads[4242])
	}
}

func hasSource(s *schema.Snapshot, name string) bool {
	for _, src := range s.Sources {
		if src.Name == name {
			return true
		}
	}
	return false
}

func TestTextReportSystemLine(t *testing.T) {
	var b strings.Builder
	must(t, report.WriteText(&b, fixture().Collect(context.Background())))
	if !strings.Contains(b.String(), "\nSystem  CPU 24%  RAM 41.00 GiB / 64.00 GiB  Swap n/a / n/a\n\n") {
		t.Errorf("no system line:\n%s", b.String())
	}
	c := fixture()
	c.System = nil
	b.Reset()
	must(t, report.WriteText(&b, c.Collect(context.Background())))
	if strings.Contains(b.String(), "System") {
		t.Error("a snapshot without system readings printed a system line")
	}
}
