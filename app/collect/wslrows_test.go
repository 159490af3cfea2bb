package collect

import (
	"context"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/wslmatch"
	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/internal/schema"
)

type holders []backend.LocalGPUProcess

func (h holders) DXGHolders() []backend.LocalGPUProcess { return h }

// Under WSL: Windows rows (W:) are measured, the VM worker among them;
// Linux processes holding /dev/dxg get inferred sizes from its contexts,
// never added to the measured total, and no engine load.
func TestWSLLinuxRowsFromVMWorkerContexts(t *testing.T) {
	const gib = 1 << 30
	vmwp := "vmwp.exe"
	sample := backend.Sample{
		Devices: []schema.Device{{Index: 0}},
		Usage: []backend.ProcessUsage{
			{PID: 4120, DeviceIndex: 0, Name: &vmwp, VRAMBytes: schema.Ptr(uint64(6 * gib))},
		},
		WSL: &schema.WSLHost{State: "on", Devices: []schema.WSLDevice{{Index: 0, AdapterLUID: schema.Ptr("x"),
			VMWorkerPID: schema.Ptr(4120), Label: "WSL VM", Contexts: []uint64{0, 6 * gib}}}},
	}
	start := time.Unix(100, 0)
	c := &Collector{GPU: fakeGPU{sample}, Host: backend.Host{Mode: backend.ModeWSL},
		WSL: holders{{PID: 900, Start: start.Add(time.Hour)}, {PID: 321, Start: start}}, WSLSelf: 900,
		WSLHints: &wslmatch.Hints{Sizes: map[uint64]int{}}}
	snap := c.Collect(context.Background())
	rows := map[string]schema.Process{}
	for _, p := range snap.Processes {
		rows[p.PIDLabel] = p
	}
	if _, ok := rows["900"]; ok {
		t.Error("the monitor itself must not be listed")
	}
	w, ok := rows["W:4120"]
	if !ok || w.Name == nil || *w.Name != "vmwp.exe" || *w.VRAMBytes != 6*gib {
		t.Errorf("VM worker row: %+v", w)
	}
	l, ok := rows["321"]
	// The monitor's zero-byte context is the only one at start; the other
	// is 321's by elimination on the next refresh: a guess first.
	if !ok || l.VRAMBytes != nil || l.VRAMInferredBytes == nil || *l.VRAMInferredBytes != 6*gib || *l.VRAMInferredBy != schema.Guess {
		t.Errorf("linux row: %+v", l)
	}
	if l.SMUtilPercent != nil || l.GPUUtilPercent != nil {
		t.Error("WSL Linux rows have no engine load")
	}
	if total, _ := snap.MeasuredVRAM(0); total != 6*gib {
		t.Errorf("measured total %d: inferred Linux sizes must not be added again", total)
	}
	if snap.Host.WSL == nil || snap.Host.WSL.State != "on" {
		t.Errorf("host.wsl %+v", snap.Host.WSL)
	}
	snap = c.Collect(context.Background())
	for _, p := range snap.Processes {
		if p.PID == 321 && *p.VRAMInferredBy != schema.Matched {
			t.Errorf("second refresh: %s, want matched by elimination", *p.VRAMInferredBy)
		}
	}
}

func TestWSLLinuxRowsWithoutHostCountersAreNA(t *testing.T) {
	sample := backend.Sample{Devices: []schema.Device{{Index: 0}}, WSL: &schema.WSLHost{State: "off", Reason: schema.Ptr("--no-host")}}
	c := &Collector{GPU: fakeGPU{sample}, Host: backend.Host{Mode: backend.ModeWSL}, WSL: holders{{PID: 321}}, WSLSelf: 900}
	snap := c.Collect(context.Background())
	if len(snap.Processes) != 1 {
		t.Fatalf("rows %+v", snap.Processes)
	}
	p := snap.Processes[0]
	if p.VRAMInferredBytes != nil || p.VRAMBytes != nil || len(p.Notes) < 1 || p.Notes[0] != NoteWSLNoHost {
		t.Errorf("row %+v", p)
	}
}
