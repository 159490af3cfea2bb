package tray

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

const GiB = 1 << 30

func ptr[T any](v T) *T { return &v }

func device(i int, name string, used, total float64) schema.Device {
	return schema.Device{Index: i, Name: ptr(name), Vendor: "nvidia",
		MemoryUsedBytes: ptr(uint64(used * GiB)), MemoryTotalBytes: ptr(uint64(total * GiB))}
}

func proc(pid, dev int, name string, vram float64, model, quant string) schema.Process {
	p := schema.Process{PID: pid, PIDLabel: strconv.Itoa(pid), Name: ptr(name), DeviceIndex: ptr(dev),
		VRAMBytes: ptr(uint64(vram * GiB)), Models: []schema.Model{}}
	if model != "" {
		p.Models = []schema.Model{{Path: "/models/" + model + ".gguf", Confirmed: true, Quantization: ptr(quant)}}
	}
	return p
}

var taken = time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC)

func snap(devs []schema.Device, procs []schema.Process, sources ...schema.SourceStatus) *schema.Snapshot {
	if procs == nil {
		procs = []schema.Process{}
	}
	if devs == nil {
		devs = []schema.Device{}
	}
	return &schema.Snapshot{SchemaVersion: schema.SchemaVersion, TakenAt: taken, Devices: devs, Processes: procs,
		Sources: append([]schema.SourceStatus{schema.OK("procfs")}, sources...)}
}

func oneGPU() *schema.Snapshot {
	return snap([]schema.Device{device(0, "NVIDIA GeForce RTX 3090", 12.3, 24)}, []schema.Process{
		proc(4242, 0, "llama-server", 9.8, "Qwen3-8B-Q4_K_M", "Q4_K_M"),
		proc(1700, 0, "Xorg", 0.4, "", ""),
	})
}

func threeGPUs() *schema.Snapshot {
	return snap([]schema.Device{
		device(0, "NVIDIA H100", 70, 80),
		device(1, "NVIDIA H100", 78, 80),
		device(2, "NVIDIA H100", 1, 80),
	}, []schema.Process{
		proc(10, 0, "python3", 69, "", ""),
		proc(11, 1, "vllm", 77.5, "Llama-3.1-70B-Instruct", "Q8_0"),
		proc(12, 2, "jupyter", 0.5, "", ""),
		proc(13, 1, "nvtop", 0.1, "", ""),
	})
}

func noGPU() *schema.Snapshot {
	return snap(nil, nil, schema.Failed("nvml", errors.New("NVIDIA driver not found (libnvidia-ml.so.1 could not be loaded)")))
}

// trayCase is a snapshot and the tray state FromSnapshot should make of it.
type trayCase struct {
	name    string
	snap    *schema.Snapshot
	opts    Options
	title   string
	tooltip string
	icon    IconKey
	gpus    []string
	top     []string
}

// runTrayCases checks each case in a subtest of its own.
func runTrayCases(t *testing.T, cases []trayCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := FromSnapshot(c.snap, c.opts)
			if st.Title != c.title {
				t.Errorf("title %q, want %q", st.Title, c.title)
			}
			if st.Tooltip != c.tooltip {
				t.Errorf("tooltip\n%s\nwant\n%s", st.Tooltip, c.tooltip)
			}
			if st.Icon != c.icon {
				t.Errorf("icon %+v, want %+v", st.Icon, c.icon)
			}
			if !reflect.DeepEqual(st.GPULines, c.gpus) {
				t.Errorf("GPU lines %q, want %q", st.GPULines, c.gpus)
			}
			var top []string
			for _, p := range st.Top {
				top = append(top, p.Label)
			}
			if !reflect.DeepEqual(top, c.top) {
				t.Errorf("top %q, want %q", top, c.top)
			}
			if strings.Contains(st.Tooltip+st.Title, "(0 %)") {
				t.Errorf("a missing reading shown as 0 %%: %q", st.Tooltip)
			}
		})
	}
}

func TestFromSnapshot(t *testing.T) {
	runTrayCases(t, []trayCase{
		{
			name:  "one GPU",
			snap:  oneGPU(),
			title: "gtm · 51 %",
			tooltip: "GPU 0 · 12.3 / 24.0 GiB (51 %)\n" +
				"llama-server 9.8 GiB · Qwen3-8B Q4_K_M",
			icon: IconKey{Known: true, Percent: 51, Level: LevelNormal},
			gpus: []string{"GPU 0 NVIDIA GeForce RTX 3090 · 12.3 / 24.0 GiB (51 %)"},
			top:  []string{"llama-server 9.8 GiB · Qwen3-8B Q4_K_M", "Xorg 0.4 GiB"},
		},
		{
			name:  "three GPUs: the icon shows the fullest",
			snap:  threeGPUs(),
			title: "gtm · 98 %",
			tooltip: "GPU 0 · 70.0 / 80.0 GiB (88 %)\n" +
				"GPU 1 · 78.0 / 80.0 GiB (98 %)\n" +
				"GPU 2 · 1.0 / 80.0 GiB (1 %)\n" +
				"vllm 77.5 GiB · Llama-3.1-70B-Instruct Q8_0 (GPU 1)",
			icon: IconKey{Known: true, Percent: 98, Level: LevelCritical},
			gpus: []string{
				"GPU 0 NVIDIA H100 · 70.0 / 80.0 GiB (88 %)",
				"GPU 1 NVIDIA H100 · 78.0 / 80.0 GiB (98 %)",
				"GPU 2 NVIDIA H100 · 1.0 / 80.0 GiB (1 %)",
			},
			top: []string{
				"vllm 77.5 GiB · Llama-3.1-70B-Instruct Q8_0 (GPU 1)",
				"python3 69.0 GiB (GPU 0)",
				"jupyter 0.5 GiB (GPU 2)",
			},
		},
		{
			name:  "three GPUs, --gpu 0 chosen",
			snap:  threeGPUs(),
			opts:  Options{GPU: ptr(0)},
			title: "gtm · 88 %",
			tooltip: "GPU 0 · 70.0 / 80.0 GiB (88 %)\n" +
				"GPU 1 · 78.0 / 80.0 GiB (98 %)\n" +
				"GPU 2 · 1.0 / 80.0 GiB (1 %)\n" +
				"vllm 77.5 GiB · Llama-3.1-70B-Instruct Q8_0 (GPU 1)",
			icon: IconKey{Known: true, Percent: 88, Level: LevelHigh},
			gpus: []string{
				"GPU 0 NVIDIA H100 · 70.0 / 80.0 GiB (88 %)",
				"GPU 1 NVIDIA H100 · 78.0 / 80.0 GiB (98 %)",
				"GPU 2 NVIDIA H100 · 1.0 / 80.0 GiB (1 %)",
			},
			top: []string{
				"vllm 77.5 GiB · Llama-3.1-70B-Instruct Q8_0 (GPU 1)",
				"python3 69.0 GiB (GPU 0)",
				"jupyter 0.5 GiB (GPU 2)",
			},
		},
	})
}

// TestFromSnapshotStates: what the tray says without a full reading, and
// while paused or replaying the demo.
func TestFromSnapshotStates(t *testing.T) {
	demo := oneGPU()
	demo.Demo = true
	hidden := snap([]schema.Device{{Index: 0, Name: ptr("GPU"), MemoryTotalBytes: ptr(uint64(8 * GiB))}}, nil)
	runTrayCases(t, []trayCase{
		{
			name:    "no GPU: the reason in plain words, never 0 %",
			snap:    noGPU(),
			title:   "gtm · no GPU readings",
			tooltip: "gtm · no GPU readings (NVIDIA driver not found)",
			gpus:    []string{"No GPU readings: NVIDIA driver not found"},
		},
		{
			name:    "memory hidden by the driver: n/a, not 0 %",
			snap:    hidden,
			title:   "gtm · VRAM n/a",
			tooltip: "GPU 0 · n/a / 8.0 GiB",
			gpus:    []string{"GPU 0 GPU · n/a / 8.0 GiB"},
		},
		{
			name:  "paused",
			snap:  oneGPU(),
			opts:  Options{Paused: true},
			title: "gtm · 51 % · paused",
			tooltip: "Paused — showing readings from " + taken.Local().Format("15:04:05") + "\n" +
				"GPU 0 · 12.3 / 24.0 GiB (51 %)\n" +
				"llama-server 9.8 GiB · Qwen3-8B Q4_K_M",
			icon: IconKey{Known: true, Percent: 51, Level: LevelNormal},
			gpus: []string{"GPU 0 NVIDIA GeForce RTX 3090 · 12.3 / 24.0 GiB (51 %)"},
			top:  []string{"llama-server 9.8 GiB · Qwen3-8B Q4_K_M", "Xorg 0.4 GiB"},
		},
		{
			name:  "demo",
			snap:  demo,
			title: "gtm · 51 % · recorded demo",
			tooltip: "Recorded demo — nothing here is from this machine\n" +
				"GPU 0 · 12.3 / 24.0 GiB (51 %)\n" +
				"llama-server 9.8 GiB · Qwen3-8B Q4_K_M",
			icon: IconKey{Known: true, Percent: 51, Level: LevelNormal},
			gpus: []string{"GPU 0 NVIDIA GeForce RTX 3090 · 12.3 / 24.0 GiB (51 %)"},
			top:  []string{"llama-server 9.8 GiB · Qwen3-8B Q4_K_M", "Xorg 0.4 GiB"},
		},
		{
			name:    "nothing collected yet",
			title:   "gtm · collecting…",
			tooltip: "gtm · collecting…",
			gpus:    []string{"Collecting…"},
		},
	})
}

func TestMenuLabels(t *testing.T) {
	set := Settings{AlertThreshold: 90, AutostartAvailable: true}
	cases := []struct {
		name string
		snap *schema.Snapshot
		opts Options
		want []string
	}{
		{"one GPU", oneGPU(), Options{}, []string{
			"Show window",
			"GPU 0 NVIDIA GeForce RTX 3090 · 12.3 / 24.0 GiB (51 %)",
			"llama-server 9.8 GiB · Qwen3-8B Q4_K_M", "Xorg 0.4 GiB",
			"Pause", "Alert when VRAM ≥ 90 %", "Alert on VRAM leaks and GPUs filling up", "Start at login", "Quit"}},
		{"three GPUs", threeGPUs(), Options{}, []string{
			"Show window",
			"GPU 0 NVIDIA H100 · 70.0 / 80.0 GiB (88 %)",
			"GPU 1 NVIDIA H100 · 78.0 / 80.0 GiB (98 %)",
			"GPU 2 NVIDIA H100 · 1.0 / 80.0 GiB (1 %)",
			"vllm 77.5 GiB · Llama-3.1-70B-Instruct Q8_0 (GPU 1)", "python3 69.0 GiB (GPU 0)", "jupyter 0.5 GiB (GPU 2)",
			"Pause", "Alert when VRAM ≥ 90 %", "Alert on VRAM leaks and GPUs filling up", "Start at login", "Quit"}},
		{"no GPU offers the demo", noGPU(), Options{}, []string{
			"Show window", "No GPU readings: NVIDIA driver not found",
			"Pause", "Alert when VRAM ≥ 90 %", "Alert on VRAM leaks and GPUs filling up", "Start at login", "Show a recorded demo", "Quit"}},
		{"paused", oneGPU(), Options{Paused: true}, []string{
			"Show window",
			"GPU 0 NVIDIA GeForce RTX 3090 · 12.3 / 24.0 GiB (51 %)",
			"llama-server 9.8 GiB · Qwen3-8B Q4_K_M", "Xorg 0.4 GiB",
			"Resume", "Alert when VRAM ≥ 90 %", "Alert on VRAM leaks and GPUs filling up", "Start at login", "Quit"}},
		{"demo is left from the menu", oneGPU(), Options{Demo: true}, []string{
			"Show window",
			"GPU 0 NVIDIA GeForce RTX 3090 · 12.3 / 24.0 GiB (51 %)",
			"llama-server 9.8 GiB · Qwen3-8B Q4_K_M", "Xorg 0.4 GiB",
			"Pause", "Alert when VRAM ≥ 90 %", "Alert on VRAM leaks and GPUs filling up", "Start at login", "Leave the recorded demo", "Quit"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := MenuFor(FromSnapshot(c.snap, c.opts), set)
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("menu\n%q\nwant\n%q", got, c.want)
			}
		})
	}
}

func TestManyGPUsFitTheMenu(t *testing.T) {
	var devs []schema.Device
	for i := 0; i < 12; i++ {
		devs = append(devs, device(i, "A100", 1, 40))
	}
	st := FromSnapshot(snap(devs, nil), Options{})
	if len(st.GPULines) != MaxGPULines || st.GPULines[MaxGPULines-1] != "… and 5 more GPUs (see the window)" {
		t.Fatalf("GPU lines %q", st.GPULines)
	}
	if n := strings.Count(st.Tooltip, "\n") + 1; n != 12 {
		t.Errorf("tooltip has %d lines, want one per GPU (12)", n)
	}
}

func TestNoGPUReason(t *testing.T) {
	cases := map[string]string{
		"NVIDIA driver not found (libnvidia-ml.so.1 could not be loaded)": "NVIDIA driver not found",
		"NVML init failed: Driver/library version mismatch":               "Driver/library version mismatch",
		"no GPU backend for this operating system yet":                    "no GPU backend for this operating system yet",
	}
	for in, want := range cases {
		s := snap(nil, nil, schema.Failed("nvml", errors.New(in)))
		if got := NoGPUReason(s); got != want {
			t.Errorf("%q → %q, want %q", in, got, want)
		}
	}
	if got := NoGPUReason(snap(nil, nil)); got != "the driver reports no devices" {
		t.Errorf("no failed source → %q", got)
	}
}

func TestProcessTextIsOneLine(t *testing.T) {
	s := oneGPU()
	s.Processes[0].Name = ptr("evil\nname\x1b[31m")
	st := FromSnapshot(s, Options{})
	if strings.ContainsAny(st.Top[0].Label, "\n\x1b") {
		t.Errorf("label keeps control characters: %q", st.Top[0].Label)
	}
}

func TestInferredSizesAreMarkedAndRankedAfterMeasured(t *testing.T) {
	s := oneGPU()
	s.Processes = append(s.Processes, schema.Process{PID: 77, PIDLabel: "77", Name: ptr("ollama"), DeviceIndex: ptr(0),
		VRAMInferredBytes: ptr(uint64(20 * GiB)), VRAMInferredBy: ptr(schema.Matched)})
	st := FromSnapshot(s, Options{})
	var got []string
	for _, p := range st.Top {
		got = append(got, p.Label)
	}
	want := []string{"llama-server 9.8 GiB · Qwen3-8B Q4_K_M", "Xorg 0.4 GiB", "ollama 20.0 GiB*"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("top %q, want %q", got, want)
	}
}

// TestTooltipPower: the tooltip gives each card's power, the interval's
// (from the energy counter) over the sensor's reading, and nothing when
// neither was read.
func TestTooltipPower(t *testing.T) {
	s := oneGPU()
	if tip := FromSnapshot(s, Options{}).Tooltip; strings.Contains(tip, " W") {
		t.Errorf("no power read, tooltip %q", tip)
	}
	sensor, interval := 280.4, 300.2
	s.Devices[0].PowerW = &sensor
	if tip := FromSnapshot(s, Options{}).Tooltip; !strings.Contains(tip, "GPU 0 · 12.3 / 24.0 GiB (51 %) · 280 W") {
		t.Errorf("sensor: tooltip %q", tip)
	}
	s.Devices[0].Energy = &schema.DeviceEnergy{PowerW: &interval}
	if tip := FromSnapshot(s, Options{}).Tooltip; !strings.Contains(tip, "(51 %) · 300 W") {
		t.Errorf("counter: tooltip %q", tip)
	}
}
