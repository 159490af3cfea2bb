package collect

import (
	"context"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/report"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/internal/schema"
)

func local(pid int, startSec int64) backend.LocalGPUProcess {
	return backend.LocalGPUProcess{PID: pid, Start: time.Unix(startSec, 0)}
}

func TestContainerCountsMatchPairByCreationOrder(t *testing.T) {
	var m ContainerMatcher
	got := m.Match([]int{90210, 90100}, []backend.LocalGPUProcess{local(40, 20), local(12, 10)})
	if got[90100] != (Pairing{local(12, 10), schema.Matched}) || got[90210] != (Pairing{local(40, 20), schema.Matched}) {
		t.Errorf("counts match: %+v", got)
	}
}

func TestContainerMoreDriverPIDsAreGuessesWithLeftovers(t *testing.T) {
	var m ContainerMatcher
	got := m.Match([]int{500, 600, 700}, []backend.LocalGPUProcess{local(12, 10), local(40, 20)})
	if len(got) != 2 {
		t.Fatalf("want two pairs and one leftover, got %+v", got)
	}
	for h, p := range got {
		if p.By != schema.Guess {
			t.Errorf("host %d: %s, want guess when NVML lists more processes than the container has", h, p.By)
		}
	}
	if _, ok := got[700]; ok {
		t.Error("the leftover driver PID must stay unpaired (H:)")
	}
}

func TestContainerProcessStartedWhileWatchingIsPinned(t *testing.T) {
	var m ContainerMatcher
	m.Match([]int{500, 600}, []backend.LocalGPUProcess{local(12, 10)}) // already a guess situation
	// A new driver PID and a new local process appear together: pinned.
	got := m.Match([]int{500, 600, 800}, []backend.LocalGPUProcess{local(12, 10), local(55, 30)})
	if got[800] != (Pairing{local(55, 30), schema.Matched}) {
		t.Errorf("started while watching: %+v", got[800])
	}
	// The others remain guesses (1 local for 2 driver PIDs).
	if p := got[500]; p.By != schema.Guess || p.Local.PID != 12 {
		t.Errorf("unpinned pair: %+v", p)
	}
	// The pin holds on later refreshes, even when nothing else changes.
	got = m.Match([]int{500, 600, 800}, []backend.LocalGPUProcess{local(12, 10), local(55, 30)})
	if got[800].By != schema.Matched || got[500].By != schema.Guess {
		t.Errorf("pin lost or guess promoted by repetition: %+v", got)
	}
}

func TestContainerKilledProcessDropsPin(t *testing.T) {
	var m ContainerMatcher
	m.Match([]int{500}, []backend.LocalGPUProcess{local(12, 10)})
	m.Match([]int{500, 800}, []backend.LocalGPUProcess{local(12, 10), local(55, 30)})
	// 55 is killed; its driver PID is gone too.
	got := m.Match([]int{500}, []backend.LocalGPUProcess{local(12, 10)})
	if len(got) != 1 || got[500] != (Pairing{local(12, 10), schema.Matched}) {
		t.Errorf("after a kill: %+v", got)
	}
	// A new local process reusing PID 55 with a new start time is a
	// different process: never the old pin.
	got = m.Match([]int{500, 900}, []backend.LocalGPUProcess{local(12, 10), local(55, 99)})
	if got[900] != (Pairing{local(55, 99), schema.Matched}) {
		t.Errorf("PID reuse: %+v", got[900])
	}
}

func TestContainerRowsFromCollector(t *testing.T) {
	gpu := fakeGPU{backend.Sample{
		Devices: []schema.Device{{Index: 0}},
		Usage: []backend.ProcessUsage{
			{PID: 90100, DeviceIndex: 0, VRAMBytes: schema.Ptr(uint64(1 << 30)), SMUtilPercent: schema.Ptr(40.0)},
			{PID: 90210, DeviceIndex: 0, VRAMBytes: schema.Ptr(uint64(2 << 30))},
			{PID: 99999, DeviceIndex: 0, VRAMBytes: schema.Ptr(uint64(3 << 30))},
		},
	}}
	name := "python3"
	procs := &fakeProcs{infos: map[int]backend.ProcessInfo{
		12: {PID: 12, Exists: true, Name: &name},
		40: {PID: 40, Exists: true, Name: &name},
	}}
	c := &Collector{GPU: gpu, Procs: procs, Host: backend.Host{Mode: backend.ModeContainer},
		Containers: fixedLocals{local(12, 10), local(40, 20)}}
	snap := c.Collect(context.Background())
	rows := map[string]schema.Process{}
	for _, p := range snap.Processes {
		rows[p.PIDLabel] = p
	}
	p12, ok := rows["12"]
	if !ok || p12.HostPID == nil || *p12.HostPID != 90100 || p12.VRAMBytes != nil ||
		p12.VRAMInferredBytes == nil || *p12.VRAMInferredBytes != 1<<30 || *p12.VRAMInferredBy != schema.Guess ||
		p12.Name == nil || *p12.Name != "python3" || p12.SMUtilPercent == nil || *p12.SMUtilPercent != 40 {
		t.Errorf("paired row: %+v", p12)
	}
	if _, ok := rows["H:99999"]; !ok {
		t.Errorf("leftover driver PID must be H:, rows %v", rows)
	}
	// Inferred owners are never part of the measured total.
	if total, _ := snap.MeasuredVRAM(0); total != 3<<30 {
		t.Errorf("measured total %d, want only the H: row's", total)
	}
}

type fixedLocals []backend.LocalGPUProcess

func (f fixedLocals) CUDAProcesses() []backend.LocalGPUProcess { return f }

func TestVRAMCellMarksInferredOwners(t *testing.T) {
	gib := uint64(1 << 30)
	for _, c := range []struct {
		p    schema.Process
		want string
	}{
		{schema.Process{VRAMBytes: &gib}, "1.00 GiB"},
		{schema.Process{VRAMInferredBytes: &gib, VRAMInferredBy: schema.Ptr(schema.Matched)}, "1.00 GiB*"},
		{schema.Process{VRAMInferredBytes: &gib, VRAMInferredBy: schema.Ptr(schema.Guess)}, "1.00 GiB?"},
		{schema.Process{}, "n/a"},
	} {
		if got := report.VRAMCell(c.p); got != c.want {
			t.Errorf("%+v: %q, want %q", c.p, got, c.want)
		}
	}
}
