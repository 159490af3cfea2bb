package wsl

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/gputaskman/gtm/backend/wddm"
	"github.com/gputaskman/gtm/internal/schema"
)

// Two VM workers (another Hyper-V VM, or Windows Sandbox): neither can be
// tied to WSL alone, so both are labelled "VM worker" and no contexts are
// handed to the Linux matching.
func TestSeveralVMWorkersAreAmbiguous(t *testing.T) {
	var w wireSample
	if err := json.Unmarshal(fixture(t), &w); err != nil {
		t.Fatal(err)
	}
	// A second vmwp.exe on the same adapter.
	inst := "pid_5555_luid_0x00000000_0x0000D1E3_phys_0"
	w.Local = append(w.Local, wddm.Item{Instance: inst, Value: 1 << 30})
	w.NonLocal = append(w.NonLocal, wddm.Item{Instance: inst, Value: 0})
	w.Names["5555"] = "vmwp.exe"
	b, _ := json.Marshal(w)
	line := string(b)
	used := uint64(9556302233)
	nv := fixedGPU{Devices: []schema.Device{{Index: 0, MemoryUsedBytes: &used}}}
	s := (&Backend{NVML: nv, Stream: streamWith(t, line)}).Sample(context.Background(), time.Second)
	d := s.WSL.Devices[0]
	if d.Label != "VM worker" || d.VMWorkerPID != nil || d.Contexts != nil {
		t.Errorf("device %+v", d)
	}
	n := 0
	for _, u := range s.Usage {
		if u.Name != nil && *u.Name == "vmwp.exe" {
			n++
			if len(u.Notes) != 1 || u.Notes[0] != NoteVMWorker {
				t.Errorf("pid %d notes %v", u.PID, u.Notes)
			}
		}
	}
	if n != 2 {
		t.Errorf("%d VM worker rows", n)
	}
}
