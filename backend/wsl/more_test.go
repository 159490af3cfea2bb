package wsl

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/wddm"
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
	nv := fixedGPU{Devices: []backend.Device{{Index: 0, MemoryUsedBytes: &used}}}
	s := (&Source{NVML: nv, Stream: streamWith(t, line)}).Sample(context.Background(), time.Second)
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

// Processes holding /dev/dxg, from a /proc tree: fd links are what count.
func TestDXGHolders(t *testing.T) {
	root := t.TempDir()
	mk := func(pid, target string, startTicks string) {
		dir := filepath.Join(root, pid)
		os.MkdirAll(filepath.Join(dir, "fd"), 0o755)
		os.WriteFile(filepath.Join(dir, "stat"), []byte(pid+" (x) S 1 1 1 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 "+startTicks+" 0 0"), 0o644)
		os.Symlink(target, filepath.Join(dir, "fd", "3"))
	}
	mk("100", "/dev/dxg", "500")
	mk("200", "/dev/null", "600")
	mk("300", "/dev/dxg", "700")
	got := DXGHolders(root)
	if len(got) != 2 || got[0].PID != 100 || got[1].PID != 300 || !got[0].Start.Before(got[1].Start) {
		t.Errorf("%+v", got)
	}
}
