package metrics

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"

	"github.com/gputaskman/gtm/internal/schema"
)

var update = flag.Bool("update", false, "rewrite golden files")

func sp[T ~string](s T) *T   { return &s }
func u64(v uint64) *uint64   { return &v }
func f64(v float64) *float64 { return &v }
func ip(v int) *int          { return &v }
func mib(v uint64) *uint64   { return u64(v << 20) }
func part(b uint64, src, from string) *schema.Part {
	return &schema.Part{Bytes: b << 20, Source: src, From: from}
}

// fixture: one GPU with full telemetry, one with most readings unsupported;
// a llama-server with a reported breakdown, an Ollama runner with
// estimates, a process whose memory NVML hides, a matched (inferred) one.
func fixture() *schema.Snapshot {
	start := time.Date(2026, 12, 2, 14, 0, 0, 0, time.UTC)
	row := func(pid, dev int, name, cat string, vram *uint64) schema.Process {
		return schema.Process{PID: pid, PIDLabel: fmt.Sprint(pid), Name: sp(name), Category: sp(cat), DeviceIndex: ip(dev),
			StartTime: &start, VRAMBytes: vram, Notes: []string{}}
	}
	llama := row(4242, 0, "llama-server", "AI", mib(5530))
	llama.GPUUtilPercent = f64(87)
	llama.Models = []schema.Model{{Path: "/models/Qwen3-8B-Q4_K_M.gguf", Role: "model", Evidence: []string{"api", "mapped"}}}
	n := uint64(8192)
	llama.LLM = &schema.LLM{Breakdown: schema.Breakdown{
		Weights: part(4794, "reported", "log"), KVCache: part(1152, "reported", "log"), Compute: part(304, "reported", "log")},
		NCtx: &n, NCtxSource: sp("api")}
	runner := row(5100, 1, "ollama", "AI", mib(2100))
	runner.Models = []schema.Model{{Path: "/blobs/sha256-1", Name: sp("qwen3:1.7b"), Role: "model", Evidence: []string{"api"}}}
	runner.LLM = &schema.LLM{Breakdown: schema.Breakdown{Weights: part(1056, "estimated", "gguf"), KVCache: part(448, "estimated", "gguf")}}
	runner.PodUID, runner.Namespace, runner.Pod, runner.ContainerName = sp("8f2d1c3e-4b5a-4c6d-9e7f-0a1b2c3d4e5f"), sp("ml"), sp("ollama-0"), sp("ollama")
	llama.Power = &schema.ProcessPower{Watts: f64(187.5), ErrorWatts: f64(1.5625), Share: f64(0.75), EnergyJoules: f64(11250), Source: "estimated"}
	runner.Power = &schema.ProcessPower{Watts: f64(40), ErrorWatts: f64(0), Share: f64(1), EnergyJoules: f64(2400), Source: "estimated"}
	hidden := row(777, 0, "Xorg", "compositor", nil)
	hidden.Power = &schema.ProcessPower{Reason: sp("no engine-utilisation sample for this process in this refresh"), Source: "estimated"}
	matched := row(900, 0, "python3", "AI", nil)
	matched.VRAMInferredBytes, matched.VRAMInferredBy = mib(1024), sp(schema.Matched)
	matched.PodUID = sp("0c0c0c0c-1111-2222-3333-444455556666") // in a pod the node does not name
	return &schema.Snapshot{
		SchemaVersion: schema.SchemaVersion, Tool: schema.Tool{Name: "gtm", Version: "1.2.3"},
		TakenAt: time.Date(2026, 12, 2, 15, 4, 5, 0, time.UTC),
		Host:    schema.Host{OS: "linux", Mode: "native", Hostname: sp("box")},
		Devices: []schema.Device{
			{Index: 0, Vendor: "NVIDIA", Name: sp("NVIDIA GeForce RTX 4090"), UUID: sp("GPU-aaaa"), PCIBusID: sp("00000000:01:00.0"),
				MemoryTotalBytes: mib(24564), MemoryUsedBytes: mib(6100), GPUUtilPercent: f64(91), MemoryUtilPercent: f64(40),
				EncoderUtilPct: f64(0), DecoderUtilPct: f64(0), TemperatureC: f64(67), PowerW: f64(301.5), PowerLimitW: f64(450),
				SMClockMHz: f64(2520), MemoryClockMHz: f64(10501), PCIeRxBytesPerS: u64(1 << 20), PCIeTxBytesPerS: u64(2 << 20),
				Energy: &schema.DeviceEnergy{EnergyJoules: f64(1.5e6), PowerW: f64(300), PowerSource: sp("counter"), IdleFloorW: f64(50),
					ActiveW: f64(250), ProcessesW: f64(187.5), UnattributedW: f64(62.5), EnergySinceStartJoules: f64(18000), EnergySource: sp("counter")}},
			{Index: 1, Vendor: "NVIDIA", Name: sp("NVIDIA GeForce RTX 4090"), UUID: sp("GPU-bbbb"), MemoryTotalBytes: mib(24564),
				Energy: &schema.DeviceEnergy{PowerW: f64(60), PowerSource: sp("sensor"), EnergySinceStartJoules: f64(3600), EnergySource: sp("integrated")}},
		},
		Processes: []schema.Process{llama, hidden, matched, runner},
		Sources:   []schema.SourceStatus{schema.OK("nvml"), schema.Failed("nvml.processes.gpu1", fmt.Errorf("not supported")), schema.OK("procfs")},
	}
}

func TestExportGolden(t *testing.T) {
	e := New()
	e.Update(fixture(), 3*time.Millisecond)
	got := []byte(gathered(t, e))
	const path = "testdata/metrics.golden.txt"
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("metrics differ from %s (go test ./app/metrics -update):\n%s", path, got)
	}
	// The same through client_golang's comparison, for the series the
	// README's questions are about.
	if err := testutil.GatherAndCompare(e, bytes.NewReader(want), "gtm_process_vram_bytes", "gtm_model_memory_bytes"); err != nil {
		t.Error(err)
	}
}

// TestFastPathMatchesRegistry: the families Gather builds directly are
// exactly what client_golang's pedantic registry gathers from the
// Collector, for the fixture and for a name that is not valid UTF-8.
func TestFastPathMatchesRegistry(t *testing.T) {
	s := fixture()
	s.Processes[0].Name = sp("bad\xffname")
	if len(s.Processes) > 1 {
		s.Processes[1].Name = sp("quote\" back\\slash\nline") // escaped in label values
	}
	e := New()
	e.Update(s, 2*time.Millisecond)
	reg := prometheus.NewPedanticRegistry()
	reg.MustRegister(e.Collector())
	want, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	got, _ := e.Gather()
	if a, b := encode(t, want), encode(t, got); a != b || !strings.Contains(b, "bad\uFFFDname") {
		t.Fatalf("fast path differs from the registry:\n%s\n---\n%s", b, a)
	}
	// gtm writes the exposition itself: byte for byte what expfmt writes.
	text, err := e.exposition(false)
	if err != nil {
		t.Fatal(err)
	}
	if a := encode(t, want); string(text) != a {
		t.Fatalf("gtm's exposition differs from expfmt's:\n%s\n---\n%s", text, a)
	}
}

// TestExportEvidenceRules: unknown readings have no series (never 0);
// estimates and reports carry their source; inferred VRAM is its own
// metric and not in the device's measured process total.
func TestExportEvidenceRules(t *testing.T) {
	e := New()
	e.Update(fixture(), time.Millisecond)
	text := gathered(t, e)
	for _, absent := range []string{
		`gtm_process_vram_bytes{category="compositor"`, // NVML hid it
		`gtm_device_temperature_celsius{device="1"`,    // unsupported
		`gtm_device_memory_used_bytes{device="1"`,
	} {
		if strings.Contains(text, absent) {
			t.Errorf("unknown reading exported: %s", absent)
		}
	}
	for _, want := range []string{
		`gtm_process_vram_inferred_bytes{category="AI",container="unknown",device="0",inferred_by="matched",name="python3",namespace="unknown",pid="900",pod="unknown"} 1.073741824e+09`,
		`gtm_model_memory_bytes{container="",kind="kv_cache",model="Qwen3-8B-Q4_K_M.gguf",namespace="",pid="4242",pod="",process="llama-server",source="reported"} 1.207959552e+09`,
		`gtm_model_memory_bytes{container="ollama",kind="kv_cache",model="qwen3:1.7b",namespace="ml",pid="5100",pod="ollama-0",process="ollama",source="estimated"} 4.69762048e+08`,
		`gtm_process_vram_bytes{category="AI",container="ollama",device="1",name="ollama",namespace="ml",pid="5100",pod="ollama-0"} 2.2020096e+09`,
		`gtm_process_vram_bytes{category="AI",container="",device="0",name="llama-server",namespace="",pid="4242",pod=""} 5.79862528e+09`,
		// 5530 MiB measured; the python3 process's inferred 1 GiB is not in it.
		`gtm_device_process_memory_bytes{device="0",name="NVIDIA GeForce RTX 4090"} 5.79862528e+09`,
		`gtm_source_up{source="nvml.processes.gpu1"} 0`,
		`gtm_device_sm_clock_hertz{device="0",name="NVIDIA GeForce RTX 4090"} 2.52e+09`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %s", want)
		}
	}
	if strings.Contains(text, "/models/") || strings.Contains(text, "/blobs/") {
		t.Error("a full path leaked into a label")
	}
}

func TestExportLint(t *testing.T) {
	e := New()
	e.Update(fixture(), time.Millisecond)
	problems, err := testutil.GatherAndLint(e)
	if err != nil {
		t.Fatal(err)
	}
	// A pedantic registry also checks every metric against its Desc.
	more, err := testutil.CollectAndLint(e.Collector())
	if err != nil {
		t.Fatal(err)
	}
	problems = append(problems, more...)
	for _, p := range problems {
		t.Errorf("promlint: %s: %s", p.Metric, p.Text)
	}
}

// TestExportDropsExitedProcesses: series follow the newest snapshot, so a
// process that exits leaves no stale series (bounded cardinality), and the
// number of rows exported is capped.
func TestExportDropsExitedProcesses(t *testing.T) {
	e := New()
	s := fixture()
	e.Update(s, 0)
	if n := countSeries(t, e, "gtm_process_vram_bytes"); n != 2 {
		t.Fatalf("%d process series", n)
	}
	s2 := *s
	s2.Processes = s.Processes[1:] // llama-server exited
	e.Update(&s2, 0)
	if n := countSeries(t, e, "gtm_process_vram_bytes"); n != 1 {
		t.Errorf("exited process kept: %d series", n)
	}
	if n := countSeries(t, e, "gtm_model_memory_bytes"); n != 2 {
		t.Errorf("exited process's model series kept: %d", n)
	}

	many := *s
	many.Processes = nil
	for i := 0; i < MaxProcesses+50; i++ {
		p := s.Processes[0]
		p.PID, p.PIDLabel, p.LLM = 10000+i, fmt.Sprint(10000+i), nil
		many.Processes = append(many.Processes, p)
	}
	e.Update(&many, 0)
	if n := countSeries(t, e, "gtm_process_vram_bytes"); n != MaxProcesses {
		t.Errorf("%d process series, want the bound %d", n, MaxProcesses)
	}
	if !strings.Contains(gathered(t, e), "gtm_exporter_processes_dropped 50") {
		t.Error("dropped rows not counted")
	}
}

// TestGatherIsCachedPerSnapshot: scrapes between two snapshots build
// nothing new.
func TestGatherIsCachedPerSnapshot(t *testing.T) {
	e := New()
	e.Update(fixture(), 0)
	a := e.gather()
	b := e.gather()
	if len(a) == 0 || &a[0] != &b[0] {
		t.Fatal("second scrape rebuilt the families")
	}
	e.Update(fixture(), 0)
	c := e.gather()
	if &a[0] == &c[0] {
		t.Fatal("a new snapshot must rebuild")
	}
}

func TestHandlerOverLoopback(t *testing.T) {
	e := New()
	srv := httptest.NewServer(e.Handler(Options{Interval: time.Second}))
	defer srv.Close()
	get := func(path string) (int, string) {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, _ := get("/healthz"); code != http.StatusServiceUnavailable {
		t.Errorf("healthz before the first snapshot: %d", code)
	}
	if code, _ := get("/snapshot.json"); code != http.StatusServiceUnavailable {
		t.Errorf("snapshot.json before the first snapshot: %d", code)
	}
	e.Update(fixture(), time.Millisecond)
	if code, body := get("/healthz"); code != 200 || body != "ok\n" {
		t.Errorf("healthz: %d %q", code, body)
	}
	// A collector that stopped delivering shows as stale after three
	// intervals.
	e.mu.Lock()
	e.updated = time.Now().Add(-time.Minute)
	e.mu.Unlock()
	if code, body := get("/healthz"); code != http.StatusServiceUnavailable || !strings.Contains(body, "stale") {
		t.Errorf("stale healthz: %d %q", code, body)
	}
	e.Update(fixture(), time.Millisecond)
	code, body := get("/metrics")
	if code != 200 || !strings.Contains(body, `gtm_process_vram_bytes{category="AI",container="",device="0",name="llama-server",namespace="",pid="4242",pod=""}`) {
		t.Errorf("/metrics: %d\n%s", code, body)
	}
	// Prometheus asks for gzip: the same body, compressed.
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/metrics", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(resp.Body)
	if err != nil || resp.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("gzip: %v %q", err, resp.Header.Get("Content-Encoding"))
	}
	unzipped, _ := io.ReadAll(zr)
	resp.Body.Close()
	if string(unzipped) != body || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain; version=0.0.4") {
		t.Errorf("gzipped /metrics differs (%s)", resp.Header.Get("Content-Type"))
	}
	code, body = get("/snapshot.json")
	if code != 200 || !strings.Contains(body, `"schema_version": 1`) || !strings.Contains(body, `"llama-server"`) {
		t.Errorf("/snapshot.json: %d", code)
	}
	resp, err = http.Post(srv.URL+"/metrics", "text/plain", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST /metrics: %d", resp.StatusCode)
	}
}

func gathered(t *testing.T, e *Exporter) string {
	t.Helper()
	mfs, err := e.Gather()
	if err != nil {
		t.Fatal(err)
	}
	return encode(t, mfs)
}

func encode(t *testing.T, mfs []*dto.MetricFamily) string {
	t.Helper()
	var b bytes.Buffer
	enc := expfmt.NewEncoder(&b, expfmt.NewFormat(expfmt.TypeTextPlain))
	for _, mf := range mfs {
		if err := enc.Encode(mf); err != nil {
			t.Fatal(err)
		}
	}
	return b.String()
}

func countSeries(t *testing.T, e *Exporter, name string) int {
	t.Helper()
	n, err := testutil.GatherAndCount(e, name)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestModelSeriesOncePerPID: an LLM spread over two GPUs has a row per
// device, each carrying the process's breakdown; its model series are
// exported once (they have no device label), so the exposition has no
// duplicate series and a pedantic registry accepts it.
func TestModelSeriesOncePerPID(t *testing.T) {
	s := fixture()
	second := s.Processes[0] // llama-server, also on GPU 1
	second.DeviceIndex, second.VRAMBytes = ip(1), mib(3000)
	s.Processes = append(s.Processes, second)
	e := New()
	e.Update(s, 0)
	if n := countSeries(t, e, "gtm_model_memory_bytes"); n != 5 { // 3 parts of llama-server, 2 of ollama
		t.Errorf("%d model memory series, want 5 (one per PID and kind)", n)
	}
	if n := countSeries(t, e, "gtm_model_context_tokens"); n != 1 {
		t.Errorf("%d context series, want 1", n)
	}
	if n := countSeries(t, e, "gtm_process_vram_bytes"); n != 3 { // llama-server on both GPUs, ollama
		t.Errorf("%d process series, want 3", n)
	}
	reg := prometheus.NewPedanticRegistry()
	reg.MustRegister(e.Collector())
	if _, err := reg.Gather(); err != nil {
		t.Errorf("registry refuses the metrics: %v", err)
	}
	if promtool, err := exec.LookPath("promtool"); err == nil {
		cmd := exec.Command(promtool, "check", "metrics")
		cmd.Stdin = strings.NewReader(gathered(t, e))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("promtool check metrics: %v\n%s", err, out)
		}
	}
}

// TestExportCapKeepsLargest: beyond MaxProcesses rows the largest by
// measured VRAM are kept, whichever device they are on, and the per-device
// process counts are of every row, not just the exported ones.
func TestExportCapKeepsLargest(t *testing.T) {
	s := fixture()
	base := s.Processes[3] // ollama, with an LLM block
	s.Processes = nil
	// Rows come sorted within each device: GPU 0's many small processes
	// first, then GPU 1's few large ones.
	add := func(n, dev int, vram uint64, first int) {
		for i := 0; i < n; i++ {
			p := base
			p.PID, p.PIDLabel = first+i, fmt.Sprint(first+i)
			p.DeviceIndex, p.VRAMBytes = ip(dev), mib(vram)
			s.Processes = append(s.Processes, p)
		}
	}
	add(MaxProcesses, 0, 10, 10000)
	add(40, 1, 8000, 50000)
	add(5, 1, 0, 60000)
	e := New()
	e.Update(s, 0)
	text := gathered(t, e)
	for _, want := range []string{
		`gtm_process_vram_bytes{category="AI",container="ollama",device="1",name="ollama",namespace="ml",pid="50039",pod="ollama-0"} 8.388608e+09`,
		`gtm_exporter_processes_dropped 45`,
		`gtm_device_processes{device="0",name="NVIDIA GeForce RTX 4090"} 1000`,
		`gtm_device_processes{device="1",name="NVIDIA GeForce RTX 4090"} 45`,
		`gtm_model_memory_bytes{container="ollama",kind="weights",model="qwen3:1.7b",namespace="ml",pid="50000",pod="ollama-0",process="ollama",source="estimated"}`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %s", want)
		}
	}
	if strings.Contains(text, `pid="60000"`) {
		t.Error("a 0-byte row was kept over larger ones")
	}
	if n := countSeries(t, e, "gtm_process_vram_bytes"); n != MaxProcesses {
		t.Errorf("%d process series, want the bound %d", n, MaxProcesses)
	}
}

// TestExportTrends: inferred trends are their own series, labelled with
// their shape; a forecast only where the snapshot has one; nothing where
// the trend is unknown (too little history).
func TestExportTrends(t *testing.T) {
	s := fixture()
	s.Processes[0].VRAMTrend = &schema.Trend{Shape: "steady growth", BytesPerSecond: 20 << 20, Source: "inferred"}
	s.Devices[0].VRAMTrend = &schema.Trend{Shape: "steady growth", BytesPerSecond: 20 << 20, Source: "inferred"}
	s.Devices[0].VRAMForecast = &schema.Forecast{FullInSeconds: 612.5, Source: "inferred"}
	e := New()
	e.Update(s, time.Millisecond)
	text := gathered(t, e)
	for _, want := range []string{
		`gtm_process_vram_growth_bytes_per_second{category="AI",container="",device="0",name="llama-server",namespace="",pid="4242",pod="",shape="steady growth"} 2.097152e+07`,
		`gtm_device_vram_growth_bytes_per_second{device="0",name="NVIDIA GeForce RTX 4090",shape="steady growth"} 2.097152e+07`,
		`gtm_device_vram_full_seconds{device="0",name="NVIDIA GeForce RTX 4090"} 612.5`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %s", want)
		}
	}
	for _, absent := range []string{`gtm_device_vram_full_seconds{device="1"`, `gtm_device_vram_growth_bytes_per_second{device="1"`, `gtm_process_vram_growth_bytes_per_second{category="compositor"`} {
		if strings.Contains(text, absent) {
			t.Errorf("a series without a trend: %s", absent)
		}
	}
}

// TestExportEnergy: estimated power and energy per process carry
// source="estimated" and the model label (so a dashboard sums them by pod
// and model); a process without an estimate has no series (never 0); the
// device's idle floor, split and energy counter are their own series.
func TestExportEnergy(t *testing.T) {
	e := New()
	e.Update(fixture(), time.Millisecond)
	text := gathered(t, e)
	for _, want := range []string{
		`gtm_process_power_watts{category="AI",container="",device="0",model="Qwen3-8B-Q4_K_M.gguf",name="llama-server",namespace="",pid="4242",pod="",source="estimated"} 187.5`,
		`gtm_process_power_error_watts{category="AI",container="",device="0",model="Qwen3-8B-Q4_K_M.gguf",name="llama-server",namespace="",pid="4242",pod="",source="estimated"} 1.5625`,
		`gtm_process_energy_joules_total{category="AI",container="ollama",device="1",model="qwen3:1.7b",name="ollama",namespace="ml",pid="5100",pod="ollama-0",source="estimated"} 2400`,
		`gtm_device_idle_floor_watts{device="0",name="NVIDIA GeForce RTX 4090"} 50`,
		`gtm_device_power_split_watts{device="0",name="NVIDIA GeForce RTX 4090",part="unattributed",source="inferred"} 62.5`,
		`gtm_device_energy_joules_total{device="0",name="NVIDIA GeForce RTX 4090",source="counter"} 1.5e+06`,
		`gtm_device_energy_joules_total{device="1",name="NVIDIA GeForce RTX 4090",source="integrated"} 3600`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %s", want)
		}
	}
	for _, absent := range []string{`gtm_process_power_watts{category="compositor"`, `gtm_device_idle_floor_watts{device="1"`, `part="processes",source="estimated"} 0`} {
		if strings.Contains(text, absent) {
			t.Errorf("a series for an unknown: %s", absent)
		}
	}
}
