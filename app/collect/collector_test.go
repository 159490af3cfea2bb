package collect

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/report"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/inspect"
	"github.com/gputaskman/gtm/internal/schema"
)

var update = flag.Bool("update", false, "rewrite golden files")

// fakeGPU returns a fixed sample.
type fakeGPU struct{ s backend.Sample }

func (f fakeGPU) Name() string                                         { return "fake" }
func (f fakeGPU) Sample(context.Context, time.Duration) backend.Sample { return f.s }
func (f fakeGPU) Close() error                                         { return nil }

// fakeProcs answers from a map.
type fakeProcs struct {
	infos  map[int]backend.ProcessInfo
	forgot map[int]bool
	// res answers Resources; reads counts the calls per PID.
	res   map[int]backend.ProcessResources
	reads map[int]int
}

func (f *fakeProcs) Resources(pid int) backend.ProcessResources {
	if f.reads == nil {
		f.reads = map[int]int{}
	}
	f.reads[pid]++
	return f.res[pid]
}

func (f *fakeProcs) Lookup(pid int) backend.ProcessInfo {
	if i, ok := f.infos[pid]; ok {
		return i
	}
	return backend.ProcessInfo{PID: pid}
}
func (f *fakeProcs) Forget(keep map[int]bool)    { f.forgot = keep }
func (f *fakeProcs) Health() schema.SourceStatus { return schema.OK("procfs") }

func ptr[T any](v T) *T { return &v }

var takenAt = time.Date(2026, 12, 2, 15, 4, 5, 0, time.UTC)

// fixture is a two-GPU machine: GPU 0 with full telemetry and three
// processes (one hidden by permissions, one exited), GPU 1 with most
// readings unsupported and a failing process list.
func fixture() *Collector {
	dev0 := schema.Device{
		Index: 0, Name: ptr("NVIDIA GeForce RTX 4090"), Vendor: "NVIDIA", UUID: ptr("GPU-aaaa"), PCIBusID: ptr("00000000:01:00.0"),
		MemoryTotalBytes: ptr(uint64(24 << 30)), MemoryUsedBytes: ptr(uint64(9 << 30)),
		GPUUtilPercent: ptr(87.0), MemoryUtilPercent: ptr(40.0), TemperatureC: ptr(64.0),
		PowerW: ptr(310.5), PowerLimitW: ptr(450.0), SMClockMHz: ptr(2520.0), MemoryClockMHz: ptr(10501.0),
		VideoClockMHz: ptr(1950.0), EncoderUtilPct: ptr(3.0), DecoderUtilPct: ptr(0.0),
		PCIeRxBytesPerS: ptr(uint64(1228800)), PCIeTxBytesPerS: ptr(uint64(307200)),
	}
	dev1 := schema.Device{
		Index: 1, Name: ptr("NVIDIA A100-SXM4-80GB"), Vendor: "NVIDIA", UUID: ptr("GPU-bbbb"), PCIBusID: ptr("00000000:81:00.0"),
		MemoryTotalBytes: ptr(uint64(80 << 30)), MemoryUsedBytes: ptr(uint64(0)),
		GPUUtilPercent: ptr(0.0), MemoryUtilPercent: ptr(0.0), SMClockMHz: ptr(210.0), MemoryClockMHz: ptr(1593.0),
	}
	start := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	gpu := fakeGPU{backend.Sample{
		Devices: []schema.Device{dev0, dev1},
		Usage: []backend.ProcessUsage{
			{PID: 5151, DeviceIndex: 0, Kinds: []string{"compute"}},
			{PID: 4242, DeviceIndex: 0, VRAMBytes: ptr(uint64(6 << 30)), Kinds: []string{"compute", "graphics"},
				SMUtilPercent: ptr(85.0), EncoderUtilPercent: ptr(0.0), DecoderUtilPercent: ptr(0.0)},
			{PID: 1337, DeviceIndex: 0, VRAMBytes: ptr(uint64(512 << 20)), Kinds: []string{"graphics"},
				SMUtilPercent: ptr(2.0), EncoderUtilPercent: ptr(5.0), DecoderUtilPercent: ptr(0.0)},
			{PID: 9999, DeviceIndex: 0, VRAMBytes: ptr(uint64(300 << 20)), Kinds: []string{"compute"}},
		},
		Sources: []schema.SourceStatus{
			schema.OK("nvml"),
			schema.OK("nvml.processes.gpu0"), schema.OK("nvml.process_utilization.gpu0"),
			schema.Failed("nvml.processes.gpu1", errorString("compute list: ERROR_NO_PERMISSION")),
			schema.OK("nvml.process_utilization.gpu1"),
		},
	}}
	procs := &fakeProcs{infos: map[int]backend.ProcessInfo{
		4242: {PID: 4242, Exists: true, Name: ptr("llama-server"), Exe: ptr("/opt/llama.cpp/bin/llama-server"),
			Cmdline: []string{"llama-server", "-m", "models/qwen3-0.6b-q8_0.gguf", "-c", "8192"}, User: ptr("alice"),
			StartTime: &start, PPID: ptr(1), Cwd: ptr("/srv/llm"), Container: ptr("k8s:3f2a1b9c0d1e"),
			Pod: &backend.Pod{UID: "8f2d1c3e-4b5a-4c6d-9e7f-0a1b2c3d4e5f", ContainerID: "3f2a1b9c0d1e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a",
				Namespace: ptr("ml"), Name: ptr("llama-0"), Container: ptr("server")}},
		1337: {PID: 1337, Exists: true, Restricted: true, Name: ptr("Xorg"), Cmdline: []string{"/usr/lib/xorg/Xorg", ":0"},
			User: ptr("root"), StartTime: &start, PPID: ptr(1)},
		5151: {PID: 5151, Exists: true, Name: ptr("python3"), Cmdline: []string{"python3", "train.py"}, User: ptr("bob"),
			StartTime: &start, PPID: ptr(4000), Exe: ptr("/usr/bin/python3.11"), Cwd: ptr("/home/bob"),
			// In a pod whose names the node's folders do not give.
			Pod: &backend.Pod{UID: "0c0c0c0c-1111-2222-3333-444455556666", ContainerID: "b0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecf"}},
		// 9999 has exited since NVML listed it.
	}, res: map[int]backend.ProcessResources{
		4242: {CPUPercent: ptr(12.5), RSSBytes: ptr(uint64(1 << 30))},
		1337: {RSSBytes: ptr(uint64(180 << 20))}, // first reading: CPU unknown
	}}
	findings := fakeEvidence{
		4242: {
			Runtimes: []schema.Runtime{
				{Name: "CUDA", Libraries: []string{"libcuda.so.1", "libcudart.so.12"}},
				{Name: "ggml/llama.cpp", Detail: "CUDA", Libraries: []string{"libggml-base.so", "libggml-cuda.so", "libllama.so"}},
			},
			Models: []schema.Model{{
				Path: "/srv/llm/models/qwen3-0.6b-q8_0.gguf", Name: ptr("qwen3:0.6b"), Store: ptr("ollama"), Role: "model",
				Format: ptr("gguf"), Evidence: []string{"mapped", "cmdline"}, Confirmed: true,
				Kind: ptr("llm"), Architecture: ptr("qwen3"), Quantization: ptr("Q8_0"), Layers: ptr(uint32(28)),
				Parameters: ptr(uint64(596049920)), TrainedContext: ptr(uint64(40960)),
				Weights: &schema.Amount{Bytes: 633495552, Source: "estimated", From: "gguf"},
			}},
		},
		1337: {Runtimes: []schema.Runtime{{Name: "OpenGL/EGL", Libraries: []string{"libGLX_nvidia.so.0"}}}, Models: []schema.Model{}},
		5151: {MapsError: "memory maps are hidden by permissions; run as root (or as the process's owner) to see runtimes and mapped models"},
	}
	return &Collector{
		GPU: gpu, Procs: procs, Version: "1.2.3", Evidence: findings, System: fakeSystem{},
		Host: backend.Host{OS: "linux", Mode: "native", Hostname: ptr("testhost"), SharesHostPIDs: true},
		Now:  func() time.Time { return takenAt },
	}
}

// fakeEvidence answers from a map of findings.
type fakeEvidence map[int]inspect.Finding

func (f fakeEvidence) Refresh(_ context.Context, ts []inspect.Target) map[int]inspect.Finding {
	out := map[int]inspect.Finding{}
	for _, t := range ts {
		if v, ok := f[t.PID]; ok {
			out[t.PID] = v
		}
	}
	return out
}
func (f fakeEvidence) Inspect(t inspect.Target) inspect.Finding { return f[t.PID] }

// Enrich gives the llama-server a breakdown from fixed estimates, so the
// golden file shows the llm block.
func (f fakeEvidence) Enrich(_ context.Context, _ inspect.Target, fd inspect.Finding, measured *uint64) (inspect.Finding, *schema.LLM) {
	if len(fd.Models) == 0 {
		return fd, nil
	}
	n, src := uint64(8192), "cmdline"
	w, kv := uint64(633495552), uint64(939524096)
	return fd, &schema.LLM{NCtx: &n, NCtxSource: &src, Notes: []string{},
		Breakdown: inspect.Split(inspect.BreakdownInput{MeasuredVRAM: measured, EstimatedWeights: &w, EstimatedKV: &kv})}
}

type errorString string

func (e errorString) Error() string { return string(e) }

// TestSnapshotGolden guards the JSON schema (docs/json.md): any change to a
// key, a type or null-vs-0 shows up here. Run with -update to accept one.
func TestSnapshotGolden(t *testing.T) {
	snap := fixture().Collect(context.Background())
	var buf bytes.Buffer
	if err := snap.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	golden := "../snapshot/testdata/snapshot.golden.json"
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./app/collect -update to create it)", err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("snapshot JSON changed; if on purpose, run go test ./app/collect -update and document it in docs/json.md\n got:\n%s", buf.String())
	}

	// It round-trips.
	back, err := capture.ReadSnapshot(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	must(t, back.WriteJSON(&again))
	if !bytes.Equal(again.Bytes(), want) {
		t.Error("snapshot does not round-trip through JSON")
	}
}

// TestInspectedProcessGolden guards the schema of an inspected process:
// runtimes, models with evidence and header facts, category.
func TestInspectedProcessGolden(t *testing.T) {
	p := fixture().Collect(context.Background()).Processes[0]
	p.Models = append(p.Models, schema.Model{
		Path: "/opt/app/models/laya-q4.gguf", Role: "model", Format: ptr("gguf"), Evidence: []string{"installed"},
		Candidate: true, KindHint: ptr("decision"), KindLabel: ptr("likely decision model (laya)"),
		HeaderError: ptr("gguf: truncated: header"),
	})
	b, err := json.MarshalIndent(p, "", "  ")
	must(t, err)
	b = append(b, '\n')
	golden := "../snapshot/testdata/process-inspected.golden.json"
	if *update {
		must(t, os.WriteFile(golden, b, 0o644))
	}
	want, err := os.ReadFile(golden)
	must(t, err)
	if !bytes.Equal(b, want) {
		t.Errorf("inspected process JSON changed; if on purpose, run go test ./app/collect -update and update docs/json.md\n%s", b)
	}
}

// TestSchemaKeys checks every key the schema promises is present.
func TestSchemaKeys(t *testing.T) {
	snap := fixture().Collect(context.Background())
	var buf bytes.Buffer
	must(t, snap.WriteJSON(&buf))
	var m map[string]any
	must(t, json.Unmarshal(buf.Bytes(), &m))
	for _, k := range []string{"schema_version", "tool", "taken_at", "host", "devices", "processes", "sources"} {
		if _, ok := m[k]; !ok {
			t.Errorf("top-level key %q missing", k)
		}
	}
	dev := m["devices"].([]any)[0].(map[string]any)
	for _, k := range strings.Fields(`index name vendor uuid pci_bus_id memory_total_bytes memory_used_bytes
		gpu_util_percent memory_util_percent temperature_c power_w power_limit_w sm_clock_mhz
		memory_clock_mhz video_clock_mhz encoder_util_percent decoder_util_percent
		pcie_rx_bytes_per_s pcie_tx_bytes_per_s`) {
		if _, ok := dev[k]; !ok {
			t.Errorf("device key %q missing", k)
		}
	}
	proc := m["processes"].([]any)[0].(map[string]any)
	for _, k := range strings.Fields(`pid pid_label name exe cmdline user start_time ppid device_index
		vram_bytes vram_inferred_bytes vram_inferred_by spill_bytes paged_bytes gpu_util_percent
		sm_util_percent encoder_util_percent decoder_util_percent category runtimes models`) {
		if _, ok := proc[k]; !ok {
			t.Errorf("process key %q missing", k)
		}
	}
	if _, err := time.Parse(time.RFC3339, m["taken_at"].(string)); err != nil || !strings.HasSuffix(m["taken_at"].(string), "Z") {
		t.Errorf("taken_at %v is not RFC 3339 UTC", m["taken_at"])
	}
}

// docs/design.md, evidence rule 1: unknown is null, a measured zero is 0.
func TestUnknownIsNullNotZero(t *testing.T) {
	snap := fixture().Collect(context.Background())
	var buf bytes.Buffer
	must(t, snap.WriteJSON(&buf))
	var m struct {
		Devices   []map[string]any `json:"devices"`
		Processes []map[string]any `json:"processes"`
	}
	must(t, json.Unmarshal(buf.Bytes(), &m))
	a100 := m.Devices[1]
	if a100["temperature_c"] != nil || a100["power_w"] != nil {
		t.Errorf("unsupported readings must be null: %v", a100)
	}
	if a100["memory_used_bytes"] != 0.0 || a100["gpu_util_percent"] != 0.0 {
		t.Errorf("measured zeros must be 0: %v", a100)
	}
	for _, p := range m.Processes {
		if p["pid"] == 5151.0 {
			if p["vram_bytes"] != nil || p["gpu_util_percent"] != nil {
				t.Errorf("hidden VRAM / no samples must be null: %v", p)
			}
		}
		// Linux has no spill/paged counters; they are null, not 0.
		if p["spill_bytes"] != nil || p["paged_bytes"] != nil {
			t.Errorf("spill/paged must be null on Linux: %v", p)
		}
		switch p["pid"] {
		case 9999.0, 5151.0:
			// Not inspected (exited) or maps unreadable: null, not "none found".
			if p["runtimes"] != nil || p["models"] != nil || p["category"] != nil {
				t.Errorf("uninspected process must have null runtimes/models/category: %v", p)
			}
		case 1337.0:
			// Inspected, nothing found: an empty list.
			if m, ok := p["models"].([]any); !ok || len(m) != 0 || p["category"] != "compositor" {
				t.Errorf("inspected process without models must have [] and a category: %v", p)
			}
		}
	}

	var text bytes.Buffer
	must(t, report.WriteText(&text, snap))
	out := text.String()
	if !strings.Contains(out, "  VRAM 0 B / 80.00 GiB (0%)  GPU 0%  Mem activity 0%  Temp n/a  Power n/a\n") {
		t.Errorf("measured zeros must show as 0 and unknowns as n/a:\n%s", out)
	}
	if !strings.Contains(out, "Video n/a  Encoder n/a  Decoder n/a  PCIe rx n/a, tx n/a") {
		t.Errorf("unknown clocks/engines not shown as n/a:\n%s", out)
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "5151 ") && !strings.Contains(line, "n/a") {
			t.Errorf("hidden VRAM row lacks n/a: %q", line)
		}
	}
}

// docs/design.md, evidence rule 3: totals add only measured bytes.
func TestMeasuredTotalIgnoresInferred(t *testing.T) {
	s := &schema.Snapshot{Processes: []schema.Process{
		{DeviceIndex: ptr(0), VRAMBytes: ptr(uint64(100))},
		{DeviceIndex: ptr(0), VRAMInferredBytes: ptr(uint64(1000)), VRAMInferredBy: ptr(schema.Matched)},
		{DeviceIndex: ptr(1), VRAMBytes: ptr(uint64(7))},
		{VRAMBytes: ptr(uint64(99))}, // no device (gtm inspect of a CPU process)
	}}
	if total, ok := s.MeasuredVRAM(0); !ok || total != 100 {
		t.Errorf("measured total = %d %v, want 100 (inferred bytes never added)", total, ok)
	}
	s2 := &schema.Snapshot{Processes: []schema.Process{{DeviceIndex: ptr(0), VRAMInferredBytes: ptr(uint64(1000))}}}
	if _, ok := s2.MeasuredVRAM(0); ok {
		t.Error("no measured bytes must be 'unknown', not a total of 0")
	}
}

func TestJoinDetailsAndNotes(t *testing.T) {
	c := fixture()
	snap := c.Collect(context.Background())
	var order []int
	byPID := map[int]schema.Process{}
	for _, p := range snap.Processes {
		order = append(order, p.PID)
		byPID[p.PID] = p
	}
	// Largest measured VRAM first, unknown last.
	if want := []int{4242, 1337, 9999, 5151}; !equalInts(order, want) {
		t.Errorf("order = %v, want %v", order, want)
	}
	if p := byPID[4242]; *p.Name != "llama-server" || *p.Cwd != "/srv/llm" || p.PIDLabel != "4242" || len(p.Notes) != 0 {
		t.Errorf("4242 = %+v", p)
	}
	if p := byPID[4242]; *p.GPUUtilPercent != 85 {
		t.Errorf("GPU%% is the busiest engine, got %v", *p.GPUUtilPercent)
	}
	if p := byPID[1337]; *p.GPUUtilPercent != 5 || !hasNote(p, NoteRestricted) || p.Exe != nil {
		t.Errorf("1337 = %+v", p)
	}
	if p := byPID[9999]; p.Name != nil || !hasNote(p, NoteNotVisible) || *p.VRAMBytes != 300<<20 {
		t.Errorf("exited process must keep its measured VRAM with null details: %+v", p)
	}
	if fp := c.Procs.(*fakeProcs); len(fp.forgot) != 4 {
		t.Errorf("cache should keep exactly the listed PIDs, kept %v", fp.forgot)
	}
	// The failing list of GPU 1 is reported, not shown as "no processes".
	var failed bool
	for _, s := range snap.Sources {
		failed = failed || (s.Name == "nvml.processes.gpu1" && !s.OK)
	}
	var text bytes.Buffer
	must(t, report.WriteText(&text, snap))
	if !failed || !strings.Contains(text.String(), "! nvml.processes.gpu1: compute list: ERROR_NO_PERMISSION") {
		t.Errorf("failed process list not reported:\n%s", text.String())
	}
	if !strings.Contains(text.String(), "4242 llama-server  weights 604.15 MiB (estimated), KV 896.00 MiB (estimated), compute n/a, other 4643.85 MiB (inferred), n_ctx 8192 (cmdline)") {
		t.Errorf("LLM line missing:\n%s", text.String())
	}
	if !strings.Contains(text.String(), "* 9999: "+NoteNotVisible) || !strings.Contains(text.String(), "* 1337: "+NoteRestricted) {
		t.Errorf("notes missing from text:\n%s", text.String())
	}
}

func TestForeignPIDNamespaces(t *testing.T) {
	for _, tc := range []struct {
		mode, prefix, note string
	}{
		{"container", "H:", NoteOtherNamespace},
		{"wsl", "W:", NoteWindowsPID},
	} {
		c := fixture()
		c.Host.Mode, c.Host.SharesHostPIDs = tc.mode, false
		snap := c.Collect(context.Background())
		for _, p := range snap.Processes {
			if !strings.HasPrefix(p.PIDLabel, tc.prefix) || p.Name != nil || !hasNote(p, tc.note) {
				t.Errorf("%s: foreign PID looked up locally or unlabelled: %+v", tc.mode, p)
			}
		}
	}
}

func TestOnlyDevice(t *testing.T) {
	snap := fixture().Collect(context.Background())
	one := snap.OnlyDevice(1)
	if len(one.Devices) != 1 || one.Devices[0].Index != 1 || len(one.Processes) != 0 {
		t.Errorf("only gpu1 = %+v", one)
	}
	if len(snap.Devices) != 2 {
		t.Error("OnlyDevice changed the original")
	}
}

func TestNoGPU(t *testing.T) {
	c := &Collector{GPU: fakeGPU{backend.Sample{Sources: []schema.SourceStatus{
		schema.Failed("nvml", errorString("NVIDIA driver not found (libnvidia-ml.so.1 could not be loaded)")),
	}}}, Host: backend.Host{OS: "linux", Mode: "native"}}
	snap := c.Collect(context.Background())
	var text bytes.Buffer
	must(t, report.WriteText(&text, snap))
	if got := text.String(); got != "No GPU to show: NVIDIA driver not found (libnvidia-ml.so.1 could not be loaded).\n" {
		t.Errorf("text = %q", got)
	}
	var js bytes.Buffer
	must(t, snap.WriteJSON(&js))
	if !strings.Contains(js.String(), `"devices": []`) || !strings.Contains(js.String(), `"processes": []`) {
		t.Errorf("empty lists must be [], not null:\n%s", js.String())
	}
}

// The snapshot never carries a secret of a command line (secrets.MaskArgs); the
// inspector still gets it.
func TestCollectHidesSecretsFromTheSnapshot(t *testing.T) {
	c := fixture()
	fp := c.Procs.(*fakeProcs)
	info := fp.infos[4242]
	info.Cmdline = append(append([]string{}, info.Cmdline...), "--api-key", "sk-secret",
		"--hf_token", "sk-secret2", "--password=sk-secret3", "HF_TOKEN=sk-secret4", "-H", "Authorization: Bearer sk-secret5",
		"--url", "http://u:sk-secret6@127.0.0.1/", "--openai-api-key", "sk-secret7")
	fp.infos[4242] = info
	var seen []string
	c.Evidence = recordingEvidence{fakeEvidence: fakeEvidence{}, seen: &seen}
	snap := c.Collect(context.Background())
	var buf bytes.Buffer
	must(t, snap.WriteJSON(&buf))
	var text bytes.Buffer
	must(t, report.WriteText(&text, snap))
	if strings.Contains(buf.String(), "sk-secret") || strings.Contains(text.String(), "sk-secret") {
		t.Errorf("a secret in the snapshot or its text: %s", buf.String())
	}
	if !strings.Contains(strings.Join(seen, " "), "sk-secret") {
		t.Error("the inspector must get the real command line (to probe with the server's own key)")
	}
}

// recordingEvidence remembers the command lines it was given.
type recordingEvidence struct {
	fakeEvidence
	seen *[]string
}

func (r recordingEvidence) Refresh(ctx context.Context, ts []inspect.Target) map[int]inspect.Finding {
	for _, t := range ts {
		*r.seen = append(*r.seen, t.Cmdline...)
	}
	return r.fakeEvidence.Refresh(ctx, ts)
}

func TestReplayGivesTheSavedSnapshot(t *testing.T) {
	f, err := os.Open("../snapshot/testdata/snapshot.golden.json")
	must(t, err)
	defer f.Close()
	saved, err := capture.ReadSnapshot(f)
	must(t, err)
	live := fixture().Collect(context.Background())
	var a, b bytes.Buffer
	must(t, report.WriteText(&a, live))
	must(t, report.WriteText(&b, capture.Replay{Snapshot: saved}.Collect(context.Background())))
	if a.String() != b.String() {
		t.Errorf("replayed snapshot renders differently:\n%s\n---\n%s", a.String(), b.String())
	}
}

func hasNote(p schema.Process, note string) bool {
	for _, n := range p.Notes {
		if n == note {
			return true
		}
	}
	return false
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// Windows has administrators, not root, and no /proc: the notes say so.
func TestNotesSpeakWindowsOnWindows(t *testing.T) {
	c := fixture()
	c.Host.Mode = backend.ModeWindows
	seen := 0
	for _, p := range c.Collect(context.Background()).Processes {
		switch p.PID {
		case 1337:
			seen++
			if !hasNote(p, NoteRestrictedWindows) || hasNote(p, NoteRestricted) {
				t.Errorf("1337 notes %q, want only %q", p.Notes, NoteRestrictedWindows)
			}
		case 9999:
			seen++
			if !hasNote(p, NoteNotVisibleWindows) || hasNote(p, NoteNotVisible) {
				t.Errorf("9999 notes %q, want only %q", p.Notes, NoteNotVisibleWindows)
			}
		}
	}
	if seen != 2 {
		t.Errorf("the fixture's restricted and vanished processes are missing (%d of 2)", seen)
	}
}
