package collect

import (
	"context"
	"testing"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/internal/schema"
)

// DRM rows carry GTT as spill, a busiest-engine GPU % covering engines the
// SM/enc/dec columns do not name, and notes for memory that could not be
// attributed.
func TestJoinCopiesSpillBusiestEngineAndNotes(t *testing.T) {
	gpu := fakeGPU{backend.Sample{
		Devices: []schema.Device{{Index: 0, Vendor: "AMD"}},
		Usage: []backend.ProcessUsage{
			{PID: 10, DeviceIndex: 0, VRAMBytes: schema.Ptr(uint64(1 << 20)), SpillBytes: schema.Ptr(uint64(4096)),
				SMUtilPercent: schema.Ptr(10.0), GPUUtilPercent: schema.Ptr(60.0)},
			{PID: 11, DeviceIndex: 0, Notes: []string{"shared client"}},
		},
	}}
	snap := (&Collector{GPU: gpu, Host: backend.Host{SharesHostPIDs: true}}).Collect(context.Background())
	byPID := map[int]schema.Process{}
	for _, p := range snap.Processes {
		byPID[p.PID] = p
	}
	if p := byPID[10]; p.SpillBytes == nil || *p.SpillBytes != 4096 || *p.GPUUtilPercent != 60 {
		t.Errorf("pid 10: %+v", p)
	}
	if p := byPID[11]; p.VRAMBytes != nil || p.SpillBytes != nil || len(p.Notes) != 1 || p.Notes[0] != "shared client" {
		t.Errorf("pid 11: %+v", p)
	}
}
