package collect

import (
	"context"
	"fmt"
	"io/fs"
	"testing"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/inspect"
	"github.com/gputaskman/gtm/internal/schema"
)

// A Windows collector: rows from WDDM, runtimes from each process's
// loaded modules (inspect.ModuleInspector), the category from those.
func TestWindowsRowsGetRuntimesFromModules(t *testing.T) {
	modules := map[int][]string{
		6120: {`C:\llama\llama-server.exe`, `C:\Windows\System32\nvcuda.dll`, `C:\llama\ggml-cuda.dll`, `C:\llama\llama.dll`},
		9312: {`C:\Games\game.exe`, `C:\Windows\System32\d3d12.dll`},
	}
	list := func(pid int) ([]string, error) {
		if pid == 1288 {
			return nil, fmt.Errorf("module snapshot: %w", fs.ErrPermission)
		}
		return modules[pid], nil
	}
	gpu := fakeGPU{backend.Sample{
		Devices: []schema.Device{{Index: 0, Name: ptr("NVIDIA GeForce RTX 4080 SUPER"), Vendor: "NVIDIA"}},
		Usage: []backend.ProcessUsage{
			{PID: 6120, DeviceIndex: 0, VRAMBytes: ptr(uint64(9 << 30)), Kinds: []string{"wddm"}},
			{PID: 9312, DeviceIndex: 0, VRAMBytes: ptr(uint64(2 << 30)), Kinds: []string{"wddm"}},
			{PID: 1288, DeviceIndex: 0, VRAMBytes: ptr(uint64(1 << 30)), Kinds: []string{"wddm"}},
		},
		Sources: []schema.SourceStatus{schema.OK("wddm")},
	}}
	procs := &fakeProcs{infos: map[int]backend.ProcessInfo{
		6120: {PID: 6120, Exists: true, Name: ptr("llama-server.exe")},
		9312: {PID: 9312, Exists: true, Name: ptr("game.exe")},
		1288: {PID: 1288, Exists: true, Name: ptr("dwm.exe"), Restricted: true},
	}}
	c := &Collector{GPU: gpu, Procs: procs, System: fakeSystem{}, Evidence: inspect.NewModuleInspector(list),
		Host: backend.Host{OS: "windows", Mode: backend.ModeWindows, SharesHostPIDs: true}}
	s := c.Collect(context.Background())
	rows := map[int]schema.Process{}
	for _, p := range s.Processes {
		rows[p.PID] = p
	}
	llama, game, dwm := rows[6120], rows[9312], rows[1288]
	if len(llama.Runtimes) != 2 || llama.Runtimes[0].Name != "CUDA" || llama.Runtimes[1].Detail != "CUDA" || llama.Category == nil || *llama.Category != schema.CategoryAI {
		t.Errorf("llama-server.exe: runtimes %+v category %v", llama.Runtimes, llama.Category)
	}
	if len(game.Runtimes) != 1 || game.Runtimes[0].Name != "Direct3D 12" || game.Category == nil || *game.Category != schema.CategoryGraphics {
		t.Errorf("game.exe: runtimes %+v category %v", game.Runtimes, game.Category)
	}
	// Rule: hidden modules leave runtimes unknown (null) and say why.
	if dwm.Runtimes != nil || !contains(dwm.Notes, "loaded modules are hidden by permissions; run gtm as administrator to see runtimes") {
		t.Errorf("dwm.exe: runtimes %+v notes %q", dwm.Runtimes, dwm.Notes)
	}
}
