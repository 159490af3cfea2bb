package diff

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/snapshot"
	"github.com/gputaskman/gtm/app/summary"

	"github.com/gputaskman/gtm/internal/schema"
)

const mib = 1 << 20

// The README's scenarios, as pairs of snapshots. Each is written to
// testdata/NAME.{before,after}.json (so `gtm diff` can be run on them
// by hand and by the CLI tests) and its diff compared with
// NAME.diff.{txt,json}. Run `go test ./app/diff -update` after a
// deliberate change.

var fxT0 = time.Date(2026, 12, 2, 15, 0, 0, 0, time.UTC)

func fxDev(used uint64, util float64) schema.Device {
	return schema.Device{Index: 0, Vendor: "NVIDIA", Name: fxStr("NVIDIA GeForce RTX 4080 SUPER"),
		UUID: fxStr("GPU-5d1c2b9e-0000-4000-8000-4080s0000001"), PCIBusID: fxStr("00000000:01:00.0"),
		MemoryTotalBytes: fxU64(16376 * mib), MemoryUsedBytes: fxU64(used), GPUUtilPercent: fxF64(util),
		MemoryUtilPercent: fxF64(util / 2), TemperatureC: fxF64(45 + util/4), PowerW: fxF64(30 + util*2)}
}

func fxProc(pid int, name string, start time.Time, vram *uint64) schema.Process {
	d := 0
	st := start
	return schema.Process{PID: pid, PIDLabel: fxItoa(pid), Name: fxStr(name), User: fxStr("ana"), StartTime: &st,
		DeviceIndex: &d, GPUProcessTypes: []string{"compute"}, VRAMBytes: vram,
		Cmdline: []string{name}, Notes: []string{}}
}

func fxSnap(at time.Time, d schema.Device, ps ...schema.Process) *schema.Snapshot {
	return &schema.Snapshot{SchemaVersion: schema.SchemaVersion, Tool: schema.Tool{Name: "gtm", Version: "test"}, TakenAt: at,
		Host: schema.Host{OS: "linux", Mode: "native", Hostname: fxStr("workstation")}, Devices: []schema.Device{d},
		Processes: ps, Sources: []schema.SourceStatus{schema.OK("nvml")}}
}

func fxGGUF(path string, evidence ...string) schema.Model {
	return schema.Model{Path: path, Role: "model", Format: fxStr("gguf"), Evidence: evidence, Kind: fxStr("llm")}
}

func fxLLM(weights, kv uint64, source, from string, nctx uint64, nctxSource string) *schema.LLM {
	return &schema.LLM{Breakdown: schema.Breakdown{
		Weights: &schema.Part{Bytes: weights, Source: source, From: from},
		KVCache: &schema.Part{Bytes: kv, Source: source, From: from},
	}, NCtx: &nctx, NCtxSource: &nctxSource, Notes: []string{}}
}

// background is the desktop every scenario runs beside: when its
// processes started, Xorg, and firefox before and after (it moves 2 MiB,
// which the text hides).
func background() (tStart time.Time, xorg, firefox, firefox2 schema.Process) {
	tStart = fxT0.Add(-2 * time.Hour)
	xorg = fxProc(1200, "Xorg", tStart, fxU64(182*mib))
	xorg.GPUProcessTypes = []string{"graphics"}
	firefox = fxProc(3300, "firefox", tStart, fxU64(251*mib))
	firefox2 = firefox
	firefox2.VRAMBytes = fxU64(253 * mib) // moved 2 MiB: hidden in text
	return tStart, xorg, firefox, firefox2
}

// scenario is one of the README's: a pair of snapshots, and a check that
// states its answer outright, so a golden file regenerated with a wrong
// answer still fails.
type scenario struct {
	pair  func() [2]*schema.Snapshot
	check func(t *testing.T, d *Diff, txt string)
}

func diffScenarios() map[string]scenario {
	return map[string]scenario{
		"model-load":      {modelLoad, checkModelLoad},
		"context-change":  {contextChange, checkContextChange},
		"restart-new-pid": {restartNewPID, checkRestartNewPID},
		"pid-reuse":       {pidReuse, checkPIDReuse},
		"unknown-known":   {unknownKnown, checkUnknownKnown},
		"tensor-parallel": {tensorParallel, checkTensorParallel},
	}
}

// modelLoad: a Python process loads a GGUF with llama-cpp-python. Its
// measured VRAM grows; the file appears as evidence; the estimate
// appears beside it.
func modelLoad() [2]*schema.Snapshot {
	_, xorg, firefox, firefox2 := background()
	py := fxProc(5100, "python3", fxT0.Add(-10*time.Minute), fxU64(310*mib))
	py.Models, py.Runtimes = []schema.Model{}, []schema.Runtime{{Name: "CUDA", Libraries: []string{"libcudart.so.12"}}}
	py2 := py
	py2.VRAMBytes = fxU64(5530 * mib)
	py2.Models = []schema.Model{fxGGUF("/models/Qwen3-8B-Q4_K_M.gguf", "mapped", "cmdline")}
	py2.LLM = fxLLM(4794*mib, 576*mib, "estimated", "gguf", 4096, "cmdline")
	return [2]*schema.Snapshot{
		fxSnap(fxT0, fxDev(1210*mib, 2), xorg, firefox, py),
		fxSnap(fxT0.Add(3*time.Minute), fxDev(6440*mib, 37), xorg, firefox2, py2),
	}
}

// contextChange: the same server reloads with -c 32768 instead of
// 4096. The KV estimate rises by 504 MiB; measured memory by 9 MiB
// (sliding-window attention: the estimate is an upper bound). The
// process stays in the text although it moved less than 16 MiB.
func contextChange() [2]*schema.Snapshot {
	tStart, xorg, firefox, _ := background()
	lms := fxProc(6200, "lms-server", tStart, fxU64(812*mib))
	lms.Models = []schema.Model{fxGGUF("/models/gemma-3-270m-it-Q8_0.gguf", "api", "mapped")}
	lms.LLM = fxLLM(278*mib, 72*mib, "estimated", "gguf", 4096, "api")
	lms2 := lms
	lms2.VRAMBytes = fxU64(821 * mib)
	lms2.LLM = fxLLM(278*mib, 576*mib, "estimated", "gguf", 32768, "api")
	return [2]*schema.Snapshot{
		fxSnap(fxT0, fxDev(1300*mib, 1), xorg, firefox, lms),
		fxSnap(fxT0.Add(2*time.Minute), fxDev(1309*mib, 3), xorg, firefox, lms2),
	}
}

// restartNewPID: two llama-servers; the one on port 8080 is
// restarted (new PID and start time) and is paired by name and ports;
// the one on 8081 keeps its PID. The log reports its buffers.
func restartNewPID() [2]*schema.Snapshot {
	tStart, xorg, _, _ := background()
	a := fxProc(4242, "llama-server", tStart, fxU64(1840*mib))
	a.ListenPorts = []int{8080}
	a.LLM = fxLLM(1630*mib, 144*mib, "reported", "log", 8192, "cmdline")
	b := fxProc(4300, "llama-server", tStart, fxU64(960*mib))
	b.ListenPorts = []int{8081}
	a2 := fxProc(5311, "llama-server", fxT0.Add(time.Minute), fxU64(1880*mib))
	a2.ListenPorts = []int{8080}
	a2.LLM = fxLLM(1630*mib, 160*mib, "reported", "log", 9216, "cmdline")
	return [2]*schema.Snapshot{
		fxSnap(fxT0, fxDev(3000*mib, 5), xorg, a, b),
		fxSnap(fxT0.Add(2*time.Minute), fxDev(3040*mib, 9), xorg, a2, b),
	}
}

// pidReuse: PID 7001 was a training job; now it is a game. Same PID,
// another start time: never paired.
func pidReuse() [2]*schema.Snapshot {
	tStart, xorg, _, _ := background()
	train := fxProc(7001, "python3", tStart, fxU64(6144*mib))
	game := fxProc(7001, "blender", fxT0.Add(30*time.Minute), fxU64(900*mib))
	game.GPUProcessTypes = []string{"graphics"}
	return [2]*schema.Snapshot{
		fxSnap(fxT0, fxDev(6500*mib, 90), xorg, train),
		fxSnap(fxT0.Add(time.Hour), fxDev(1250*mib, 20), xorg, game),
	}
}

// unknownKnown: NVML hid a process's memory, then showed it (not a
// growth of its whole size); another one's became hidden (not a drop
// to zero); the device's temperature sensor came back.
func unknownKnown() [2]*schema.Snapshot {
	tStart, xorg, _, _ := background()
	comfy := fxProc(8100, "ComfyUI", tStart, nil)
	comfy2 := comfy
	comfy2.VRAMBytes = fxU64(3170 * mib)
	ollama := fxProc(8200, "ollama", tStart, fxU64(2100*mib))
	ollama2 := ollama
	ollama2.VRAMBytes = nil
	d1, d2 := fxDev(6000*mib, 12), fxDev(6010*mib, 14)
	d1.TemperatureC = nil
	return [2]*schema.Snapshot{
		fxSnap(fxT0, d1, xorg, comfy, ollama),
		fxSnap(fxT0.Add(time.Minute), d2, xorg, comfy2, ollama2),
	}
}

// tensorParallel: vLLM starts Qwen3-8B over two GPUs. Its API process
// holds no GPU memory; its two workers do, each on its own GPU, with
// what the log reported. One served model, two devices, three
// processes; its VRAM is the two measured rows.
func tensorParallel() [2]*schema.Snapshot {
	_, xorg, _, _ := background()
	gpu1 := fxDev(200*mib, 0)
	gpu1.Index, gpu1.UUID, gpu1.PCIBusID = 1, fxStr("GPU-5d1c2b9e-0000-4000-8000-4080s0000002"), fxStr("00000000:02:00.0")
	worker := func(pid, dev int, vram uint64) schema.Process {
		w := fxProc(pid, "VLLM::Worker_TP", fxT0.Add(time.Minute), fxU64(vram))
		w.DeviceIndex = &dev
		w.LLM = &schema.LLM{Breakdown: schema.Breakdown{
			Weights:     &schema.Part{Bytes: 7800 * mib, Source: "reported", From: "log"},
			KVCache:     &schema.Part{Bytes: 5200 * mib, Source: "reported", From: "log"},
			Activations: &schema.Part{Bytes: 1400 * mib, Source: "reported", From: "log"},
			CUDAGraphs:  &schema.Part{Bytes: 512 * mib, Source: "reported", From: "log"}},
			Server: fxStr("vllm"), Role: fxStr("worker"), APIPID: &[]int{9000}[0], Rank: &[]int{dev}[0],
			ModelID: fxStr("Qwen/Qwen3-8B"), ModelIDSource: fxStr("api"), Notes: []string{}}
		return w
	}
	tpBefore := fxSnap(fxT0, fxDev(200*mib, 0), xorg)
	tpBefore.Devices = append(tpBefore.Devices, gpu1)
	tpAfter := fxSnap(fxT0.Add(5*time.Minute), fxDev(15500*mib, 60), xorg, worker(9001, 0, 15300*mib), worker(9002, 1, 15280*mib))
	gpu1b := gpu1
	gpu1b.MemoryUsedBytes = fxU64(15480 * mib)
	tpAfter.Devices = append(tpAfter.Devices, gpu1b)
	tpAfter.ServedModels = snapshot.GroupServed(tpAfter.Processes)
	return [2]*schema.Snapshot{tpBefore, tpAfter}
}

func TestDiffScenarios(t *testing.T) {
	for name, sc := range diffScenarios() {
		t.Run(name, func(t *testing.T) {
			dir := "testdata"
			refs := [2]string{filepath.Join(dir, name+".before.json"), filepath.Join(dir, name+".after.json")}
			if *update {
				must(t, os.MkdirAll(dir, 0o755))
				for i, s := range sc.pair() {
					var buf bytes.Buffer
					must(t, s.WriteJSON(&buf))
					must(t, os.WriteFile(refs[i], buf.Bytes(), 0o644))
				}
			}
			// The fixtures are read back as `gtm diff` reads them.
			before, err := capture.LoadSnapshot(refs[0])
			must(t, err)
			after, err := capture.LoadSnapshot(refs[1])
			must(t, err)
			d, err := Compare(before, after)
			must(t, err)
			d.Before.Label, d.After.Label = name+".before.json", name+".after.json"
			var txt, js bytes.Buffer
			must(t, d.WriteText(&txt, false))
			must(t, d.WriteJSON(&js))
			fxGolden(t, filepath.Join(dir, name+".diff.txt"), txt.Bytes())
			fxGolden(t, filepath.Join(dir, name+".diff.json"), js.Bytes())
			sc.check(t, d, txt.String())
		})
	}
}

// changeOf is the change of the process with pid, before or after.
func changeOf(t *testing.T, d *Diff, pid int) *ProcessChange {
	t.Helper()
	for i := range d.Processes {
		c := &d.Processes[i]
		if (c.After != nil && c.After.PID == pid) || (c.Before != nil && c.Before.PID == pid) {
			return c
		}
	}
	t.Fatalf("no change for PID %d", pid)
	return nil
}

func checkModelLoad(t *testing.T, d *Diff, txt string) {
	c := changeOf(t, d, 5100)
	if *c.VRAM.Change != 5220*mib || len(c.ModelsAppeared) != 1 || !strings.Contains(txt, "model file appeared: Qwen3-8B-Q4_K_M.gguf") {
		t.Errorf("model load: %+v", c)
	}
	if f := changeOf(t, d, 3300); !f.HiddenInText || strings.Contains(txt, "firefox") {
		t.Error("a 2 MiB move must be hidden from the text")
	}
	if !strings.Contains(txt, "+5.1 GiB") || d.Devices[0].ProcessVRAM.Change == nil {
		t.Error("signed change missing")
	}
	// The estimate appeared beside the measured VRAM, never in it.
	if *d.Devices[0].ProcessVRAM.Change != 5220*mib+2*mib {
		t.Errorf("device's measured process total moved %d", *d.Devices[0].ProcessVRAM.Change)
	}
}

func checkContextChange(t *testing.T, d *Diff, txt string) {
	c := changeOf(t, d, 6200)
	if *c.VRAM.Change != 9*mib || c.HiddenInText || c.Segments[1].Part != "kv_cache" || *c.Segments[1].Change != 504*mib {
		t.Errorf("context change: %+v", c)
	}
	if !strings.Contains(txt, "+504.0 MiB") || !strings.Contains(txt, "+9.0 MiB") || !strings.Contains(txt, "4096 (api) → 32768 (api)") {
		t.Error("text must show the estimate's rise and the measured change side by side")
	}
}

func checkRestartNewPID(t *testing.T, d *Diff, txt string) {
	c := changeOf(t, d, 5311)
	if c.Before == nil || c.Before.PID != 4242 || !c.Restarted || *c.PairedBy != PairedByNamePorts || *c.VRAM.Change != 40*mib {
		t.Errorf("restart: %+v", c)
	}
	if o := changeOf(t, d, 4300); *o.PairedBy != PairedByPIDStart || o.Restarted {
		t.Errorf("unchanged server: %+v", o)
	}
	if !strings.Contains(txt, "4242→5311") {
		t.Error("text must show the PID change")
	}
}

func checkPIDReuse(t *testing.T, d *Diff, txt string) {
	var train, game *ProcessChange
	for i := range d.Processes {
		c := &d.Processes[i]
		if c.Before != nil && c.Before.PID == 7001 {
			train = c
		}
		if c.After != nil && c.After.PID == 7001 {
			game = c
		}
	}
	if train == game || train.After != nil || game.Before != nil || train.VRAM.State != StateNotListedAfter {
		t.Errorf("reused PID was paired: %+v %+v", train, game)
	}
	if !strings.Contains(txt, "not listed") {
		t.Error("one-sided processes must say not listed")
	}
}

func checkUnknownKnown(t *testing.T, d *Diff, txt string) {
	c := changeOf(t, d, 8100)
	if c.VRAM.State != StateBecameKnown || c.VRAM.Change != nil || strings.Contains(txt, "+3.1 GiB") {
		t.Errorf("unknown → known must not be a change: %+v", c.VRAM)
	}
	if o := changeOf(t, d, 8200); o.VRAM.State != StateBecameUnknown || o.VRAM.Change != nil {
		t.Errorf("known → unknown: %+v", o.VRAM)
	}
	if d.Devices[0].TemperatureC.State != StateBecameKnown {
		t.Errorf("temperature: %+v", d.Devices[0].TemperatureC)
	}
}

func checkTensorParallel(t *testing.T, d *Diff, txt string) {
	if len(d.ServedModels) != 1 {
		t.Fatalf("served models = %+v, want the vLLM model", d.ServedModels)
	}
	m := d.ServedModels[0]
	if m.Server != "vllm" || *m.Model != "Qwen/Qwen3-8B" || m.VRAM.State != StateNotListedBefore || *m.VRAM.After != 30580*mib ||
		m.ProcessesBefore != nil || *m.ProcessesAfter != 3 || len(m.DevicesAfter) != 2 {
		t.Errorf("served change = %+v", m)
	}
	if !strings.Contains(txt, "Qwen/Qwen3-8B") || !strings.Contains(txt, "not served → 3 processes on GPU 0,1") {
		t.Errorf("text lacks the served model:\n%s", txt)
	}
	if c := changeOf(t, d, 9002); c.DeviceIndex != 1 || len(c.Segments) != 4 || c.Segments[2].Part != "activations" || c.Segments[3].Part != "cuda_graphs" {
		t.Errorf("worker on GPU 1: %+v", c)
	}
}

func TestDiffRefusesSameNameAdapters(t *testing.T) {
	a, b := fxDev(1, 1), fxDev(1, 1)
	b.UUID = fxStr("GPU-ffffffff-0000-4000-8000-000000000002")
	_, err := Compare(fxSnap(fxT0, a), fxSnap(fxT0, b))
	if err == nil || !strings.Contains(err.Error(), "different adapters that share the name") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("err = %v", err)
	}
	// Without UUIDs, a different PCI slot also tells them apart.
	a.UUID, b.UUID = nil, nil
	b.PCIBusID = fxStr("00000000:02:00.0")
	if _, err := Compare(fxSnap(fxT0, a), fxSnap(fxT0, b)); err == nil {
		t.Fatal("different PCI slots, same name: must refuse")
	}
	// The same card is fine.
	if _, err := Compare(fxSnap(fxT0, a), fxSnap(fxT0, a)); err != nil {
		t.Fatal(err)
	}
}

// TestDiffPIDWithoutStartTime: where start times are unknown (another PID
// namespace), a PID pairs only with the same name.
func TestDiffPIDWithoutStartTime(t *testing.T) {
	p1 := fxProc(10, "a", fxT0, fxU64(100*mib))
	p1.StartTime = nil
	p2 := p1
	p2.Name = fxStr("b")
	d, err := Compare(fxSnap(fxT0, fxDev(1, 1), p1), fxSnap(fxT0, fxDev(1, 1), p2))
	must(t, err)
	if len(d.Processes) != 2 {
		t.Fatalf("different names under one PID were paired: %+v", d.Processes)
	}
	d, _ = Compare(fxSnap(fxT0, fxDev(1, 1), p1), fxSnap(fxT0, fxDev(1, 1), p1))
	if len(d.Processes) != 1 || *d.Processes[0].PairedBy != PairedByPID {
		t.Fatalf("same PID and name: %+v", d.Processes)
	}
}

// TestDiffAmbiguousNameNotPaired: two processes of one name and no ports
// are never paired by name.
func TestDiffAmbiguousNameNotPaired(t *testing.T) {
	b1, b2 := fxProc(1, "python3", fxT0, fxU64(mib)), fxProc(2, "python3", fxT0, fxU64(mib))
	a1 := fxProc(3, "python3", fxT0.Add(time.Hour), fxU64(mib))
	d, err := Compare(fxSnap(fxT0, fxDev(1, 1), b1, b2), fxSnap(fxT0, fxDev(1, 1), a1))
	must(t, err)
	for _, c := range d.Processes {
		if c.PairedBy != nil {
			t.Fatalf("paired an ambiguous name: %+v", c)
		}
	}
}

func TestDiffSegmentSourceChangeIsNotAChange(t *testing.T) {
	p := fxProc(1, "llama-server", fxT0, fxU64(900*mib))
	p.LLM = fxLLM(500*mib, 100*mib, "estimated", "gguf", 4096, "cmdline")
	q := p
	q.LLM = fxLLM(510*mib, 96*mib, "reported", "log", 4096, "cmdline")
	d, err := Compare(fxSnap(fxT0, fxDev(1, 1), p), fxSnap(fxT0, fxDev(1, 1), q))
	must(t, err)
	c := d.Processes[0]
	if c.Segments[0].Change != nil || c.HiddenInText {
		t.Fatalf("estimate → report is not a change and must be shown: %+v", c.Segments[0])
	}
	var txt bytes.Buffer
	must(t, d.WriteText(&txt, false))
	if !strings.Contains(txt.String(), "source changed; not comparable") {
		t.Error(txt.String())
	}
}

func TestDiffColourOnlyWhenAsked(t *testing.T) {
	s := modelLoad()
	d, err := Compare(s[0], s[1])
	must(t, err)
	var plainOut, colourOut bytes.Buffer
	must(t, d.WriteText(&plainOut, false))
	must(t, d.WriteText(&colourOut, true))
	if strings.Contains(plainOut.String(), "\x1b[") || !strings.Contains(colourOut.String(), "\x1b[31m+5.1 GiB (+") {
		t.Fatal("colour must appear only when asked")
	}
	// Columns line up the same with and without colour.
	strip := strings.NewReplacer("\x1b[31m", "", "\x1b[32m", "", "\x1b[2m", "", "\x1b[1m", "", "\x1b[0m", "")
	if strip.Replace(colourOut.String()) != plainOut.String() {
		t.Error("colour changed the layout")
	}
}

func fxGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		must(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	must(t, err)
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from golden (go test ./app/diff -run %s -update):\n%s", path, t.Name(), got)
	}
}

func fxStr(s string) *string   { return &s }
func fxU64(v uint64) *uint64   { return &v }
func fxF64(v float64) *float64 { return &v }
func fxItoa(v int) string      { b, _ := json.Marshal(v); return string(b) }

// TestDiffTextEscapesNames: a process name with terminal escapes is shown
// escaped, in diff and summary text alike.
func TestDiffTextEscapesNames(t *testing.T) {
	p := fxProc(1, "evil\x1b[2Jname", fxT0, fxU64(100*mib))
	q := p
	q.VRAMBytes = fxU64(900 * mib)
	b, a := fxSnap(fxT0, fxDev(1, 1), p), fxSnap(fxT0.Add(time.Minute), fxDev(1, 1), q)
	d, err := Compare(b, a)
	must(t, err)
	var out bytes.Buffer
	must(t, d.WriteText(&out, false))
	must(t, summary.Summarize([]*schema.Snapshot{b, a}).WriteText(&out, "x\x07.jsonl"))
	if strings.ContainsAny(out.String(), "\x1b\x07") || !strings.Contains(out.String(), `evil\x1b[2Jname`) {
		t.Fatalf("not escaped:\n%q", out.String())
	}
}

var update = flag.Bool("update", false, "rewrite golden files")

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
