package summary

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/capture"

	"github.com/gputaskman/gtm/internal/schema"
)

// summaryCapture: four snapshots a minute apart on a machine with two
// RTX 4090s (same name, different UUIDs). A python3 job loads a model on
// GPU 0 and peaks at the third snapshot; NVML hides its memory in the
// second (not counted as zero). A container process on GPU 1 has only
// inferred VRAM. GPU 1's utilisation is unsupported.
func summaryCapture() []*schema.Snapshot {
	var out []*schema.Snapshot
	start := fxT0.Add(-time.Hour)
	for i, v := range []*uint64{fxU64(1000 * mib), nil, fxU64(5000 * mib), fxU64(3000 * mib)} {
		at := fxT0.Add(time.Duration(i) * time.Minute)
		g0 := fxDev(uint64(2000+1000*i)*mib, float64(10*i))
		g0.Name, g0.UUID = fxStr("NVIDIA GeForce RTX 4090"), fxStr("GPU-aaaa")
		g1 := fxDev(500*mib, 0)
		g1.Index, g1.Name, g1.UUID, g1.GPUUtilPercent = 1, fxStr("NVIDIA GeForce RTX 4090"), fxStr("GPU-bbbb"), nil
		py := fxProc(5100, "python3", start, v)
		py.Models = []schema.Model{}
		if i >= 2 {
			py.Models = []schema.Model{fxGGUF("/models/Qwen3-8B-Q4_K_M.gguf", "mapped", "cmdline"),
				{Path: "/models/other.gguf", Role: "model", Candidate: true, Evidence: []string{"installed"}}}
		}
		box := fxProc(31, "vllm", start, nil)
		box.DeviceIndex = fxIntp(1)
		box.PIDLabel = "H:31"
		box.VRAMInferredBytes, box.VRAMInferredBy = fxU64(4000*mib), fxProv(schema.Matched)
		xorg := fxProc(1200, "Xorg", start, fxU64(180*mib))
		s := fxSnap(at, g0, xorg, py, box)
		s.Devices = append(s.Devices, g1)
		out = append(out, s)
	}
	return out
}

func fxIntp(v int) *int { return &v }

func TestSummary(t *testing.T) {
	// The capture is written to testdata (for the CLI tests and by hand)
	// and read back as gtm summary reads it.
	path := filepath.Join("testdata", "capture.jsonl")
	if *update {
		var buf bytes.Buffer
		cw := capture.NewWriter(&buf)
		for _, s := range summaryCapture() {
			must(t, cw.Write(s))
		}
		must(t, os.WriteFile(path, buf.Bytes(), 0o644))
	}
	f, err := os.Open(path)
	must(t, err)
	defer f.Close()
	snaps, err := capture.Read(f)
	must(t, err)
	s := Summarize(snaps)
	var txt, js bytes.Buffer
	must(t, s.WriteText(&txt, "capture.jsonl"))
	must(t, s.WriteJSON(&js))
	fxGolden(t, filepath.Join("testdata", "capture.summary.txt"), txt.Bytes())
	fxGolden(t, filepath.Join("testdata", "capture.summary.json"), js.Bytes())

	if s.Snapshots != 4 || s.DurationSeconds != 180 || len(s.Devices) != 2 {
		t.Fatalf("summary: %d snapshots, %gs, %d devices", s.Snapshots, s.DurationSeconds, len(s.Devices))
	}
	var py, box *ProcessSummary
	for i := range s.Processes {
		switch s.Processes[i].PID {
		case 5100:
			py = &s.Processes[i]
		case 31:
			box = &s.Processes[i]
		}
	}
	// Peak 5000 MiB at the third snapshot; the mean is over the three
	// measured snapshots (3000 MiB), not four.
	if *py.VRAMBytes.Peak != 5000*mib || !py.VRAMBytes.PeakAt.Equal(fxT0.Add(2*time.Minute)) ||
		*py.VRAMBytes.Mean != 3000*mib || py.VRAMBytes.Samples != 3 || py.Listed != 4 {
		t.Errorf("python3: %+v", py.VRAMBytes)
	}
	if !box.InferredOnly || box.VRAMBytes.Peak != nil || s.InferredOnly != 1 || !strings.Contains(txt.String(), "inferred sizes are excluded") {
		t.Errorf("inferred VRAM must be excluded and said so: %+v", box)
	}
	// Same-name adapters stay apart; an unsupported reading has no figure.
	if *s.Devices[0].UUID == *s.Devices[1].UUID || s.Devices[1].GPUUtilPercent.Peak != nil || *s.Devices[0].GPUUtilPercent.Peak != 30 {
		t.Errorf("devices: %+v", s.Devices)
	}
	// The measured process total never includes the inferred 4000 MiB:
	// with no measured process on GPU 1 it is unknown, not 4000 or 0.
	if s.Devices[1].ProcessVRAMBytes.Peak != nil {
		t.Errorf("GPU 1's measured process total: %+v", s.Devices[1].ProcessVRAMBytes)
	}
	if len(s.Models) != 1 || !s.Models[0].FirstSeen.Equal(fxT0.Add(2*time.Minute)) || s.Models[0].Processes[0] != "python3 5100" {
		t.Errorf("models (candidates left out): %+v", s.Models)
	}
}

// TestSummaryKeepsSameNameAdaptersApart across snapshots even when their
// indexes swap.
func TestSummaryKeepsSameNameAdaptersApart(t *testing.T) {
	a := summaryCapture()[:2]
	a[1].Devices[0].Index, a[1].Devices[1].Index = 1, 0
	s := Summarize(a)
	if len(s.Devices) != 2 || s.Devices[0].Listed != 2 || s.Devices[1].Listed != 2 {
		t.Fatalf("%+v", s.Devices)
	}
}

// A reading no source should give (1e308 from an edited file) is shown
// short, never as 309 digits.
func TestSummaryHugeReadingsStayShort(t *testing.T) {
	huge, dev := 1e308, 0
	used, total := uint64(math.MaxUint64), uint64(1)
	s := &schema.Snapshot{SchemaVersion: schema.SchemaVersion,
		Devices: []schema.Device{{Index: 0, Vendor: "NVIDIA", MemoryUsedBytes: &used, MemoryTotalBytes: &total,
			GPUUtilPercent: &huge, TemperatureC: &huge, PowerW: &huge, SMClockMHz: &huge}},
		Processes: []schema.Process{{PID: 7, DeviceIndex: &dev, CPUPercent: &huge, GPUUtilPercent: &huge,
			LLM: &schema.LLM{TokensPerSecond: &huge, KVUsagePercent: &huge}}}}
	var text strings.Builder
	must(t, Summarize([]*schema.Snapshot{s, s}).WriteText(&text, "x"))
	if strings.Contains(text.String(), "0000000000") {
		t.Errorf("a huge reading printed in full:\n%s", text.String())
	}
}

// TestLeakSuspects: a capture in which one process grows 20 MiB/s from
// its 60th second lists it once, from about when it began, at about that
// rate, with its measured growth; a process that loads its model in steps
// is not listed; and the shipped demo capture lists nothing.
func TestLeakSuspects(t *testing.T) {
	start := time.Date(2026, 12, 7, 11, 0, 0, 0, time.UTC)
	t0 := start.Add(time.Hour)
	var snaps []*schema.Snapshot
	for sec := 0; sec <= 240; sec++ {
		leaking := uint64(2 << 30)
		if sec > 60 {
			leaking += uint64(sec-60) * 20 << 20
		}
		loaded := uint64(1 << 30)
		if sec >= 10 {
			loaded = 7 << 30
		}
		snaps = append(snaps, fxSnap(t0.Add(time.Duration(sec)*time.Second), fxDev(leaking+loaded, 50),
			fxProc(10, "trainer", start, fxU64(leaking)), fxProc(11, "llama-server", start, fxU64(loaded))))
	}
	s := Summarize(snaps)
	if len(s.LeakSuspects) != 1 {
		t.Fatalf("leak suspects %+v, want the trainer once", s.LeakSuspects)
	}
	l := s.LeakSuspects[0]
	if l.PID != 10 || l.Since.Sub(t0) < 55*time.Second || l.Since.Sub(t0) > 65*time.Second ||
		l.BytesPerSecond < 19<<20 || l.BytesPerSecond > 21<<20 || l.GrewBytes == nil || *l.GrewBytes < 3500<<20 || l.Source != "inferred" {
		t.Errorf("suspect %+v (since +%v, grew %v)", l, l.Since.Sub(t0), l.GrewBytes)
	}
	var text strings.Builder
	must(t, s.WriteText(&text, "leak.jsonl"))
	if !strings.Contains(text.String(), "Leak suspects") || !strings.Contains(text.String(), "trainer") {
		t.Errorf("text lacks the suspect:\n%s", text.String())
	}

	f, err := os.Open("../../assets/demo/capture.jsonl")
	must(t, err)
	defer f.Close()
	demo, err := capture.Read(f)
	must(t, err)
	if d := Summarize(demo); len(d.LeakSuspects) != 0 || len(d.FullForecasts) != 0 {
		t.Errorf("the demo capture lists %+v and %+v", d.LeakSuspects, d.FullForecasts)
	}
}

// TestSeveralStretches: two processes leaking and a server's KV cache full
// for a while are each listed once, every stretch carried to its last
// reading (several stretches open at once, none left behind), and the
// server's workers' shared pressure is one episode.
func TestSeveralStretches(t *testing.T) {
	start := time.Date(2026, 12, 7, 11, 0, 0, 0, time.UTC)
	t0 := start.Add(time.Hour)
	api := 900
	var snaps []*schema.Snapshot
	for sec := 0; sec <= 200; sec++ {
		a := uint64(2<<30) + uint64(max(0, sec-30))*(10<<20)
		b := uint64(3<<30) + uint64(max(0, sec-40))*(30<<20)
		s := fxSnap(t0.Add(time.Duration(sec)*time.Second), fxDev(a+b, 50),
			fxProc(10, "trainer", start, fxU64(a)), fxProc(11, "worker", start, fxU64(b)), fxProc(12, "worker", start, fxU64(1<<30)))
		for _, i := range []int{1, 2} {
			l := &schema.LLM{Server: fxStr("vllm"), APIPID: &api}
			if sec >= 100 && sec < 150 {
				l.KVUsagePercent, l.RequestsWaiting = fxF64(97), fxF64(5)
			}
			s.Processes[i].LLM = l
		}
		snaps = append(snaps, s)
	}
	s := Summarize(snaps)
	if len(s.LeakSuspects) != 2 {
		t.Fatalf("leak suspects %+v", s.LeakSuspects)
	}
	end := t0.Add(200 * time.Second)
	for _, l := range s.LeakSuspects {
		if !l.Until.Equal(end) {
			t.Errorf("PID %d: stretch ends %v, want %v", l.PID, l.Until, end)
		}
	}
	if len(s.PressureEpisodes) != 1 {
		t.Fatalf("pressure episodes %+v", s.PressureEpisodes)
	}
	e := s.PressureEpisodes[0]
	if e.Server != "vllm (API PID 900)" || e.Kind != "kv_full" || !e.From.Equal(t0.Add(100*time.Second)) ||
		!e.Until.Equal(t0.Add(149*time.Second)) || e.Text != "KV cache full: 5 requests waiting" {
		t.Errorf("episode %+v", e)
	}
}
