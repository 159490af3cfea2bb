// Package metrics exports gtm snapshots as Prometheus metrics: device
// gauges, per-process GPU memory and activity, per-model LLM memory
// (weights, KV cache, compute, output, each reported or estimated) and the
// collector's own health. Names and labels are documented in
// docs/metrics.md.
//
// The Exporter never collects: it is handed each snapshot as the collector
// takes it (on its own interval) and turns the newest one into metric
// families once; every scrape until the next snapshot is served from that
// result, so many scrapers cost nothing extra. Series of processes that have
// exited vanish with the snapshot that no longer lists them.
package metrics

import (
	"compress/gzip"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"github.com/gputaskman/gtm/app"
	"github.com/gputaskman/gtm/inspect"
)

// MaxProcesses bounds the process rows exported per scrape (label
// cardinality); the largest by measured VRAM are kept and the rest counted
// in gtm_exporter_processes_dropped.
const MaxProcesses = 1000

const ns = "gtm"

func desc(name, help string, labels ...string) *prometheus.Desc {
	return prometheus.NewDesc(ns+"_"+name, help, labels, nil)
}

var (
	deviceLabels  = []string{"device", "name"}
	processLabels = []string{"pid", "name", "category", "device"}
	modelLabels   = []string{"model", "kind", "process", "pid", "source"}

	dInfo = desc("device_info", "A GPU gtm sees; always 1. Labels identify it.", "device", "name", "uuid", "vendor", "pci_bus_id")

	dMemTotal   = desc("device_memory_total_bytes", "GPU memory size (measured by the driver).", deviceLabels...)
	dMemUsed    = desc("device_memory_used_bytes", "GPU memory in use (measured by the driver).", deviceLabels...)
	dProcMem    = desc("device_process_memory_bytes", "Measured GPU memory of the listed processes, added (inferred and estimated sizes excluded).", deviceLabels...)
	dGPUUtil    = desc("device_gpu_utilization_percent", "Share of time a kernel ran, 0-100 (measured).", deviceLabels...)
	dMemUtil    = desc("device_memory_utilization_percent", "Share of time memory was read or written, 0-100 (measured; activity, not fullness).", deviceLabels...)
	dEncUtil    = desc("device_encoder_utilization_percent", "Video encoder load, 0-100 (measured).", deviceLabels...)
	dDecUtil    = desc("device_decoder_utilization_percent", "Video decoder load, 0-100 (measured).", deviceLabels...)
	dTemp       = desc("device_temperature_celsius", "GPU temperature (measured).", deviceLabels...)
	dPower      = desc("device_power_watts", "Power draw (measured).", deviceLabels...)
	dPowerLimit = desc("device_power_limit_watts", "Enforced power limit.", deviceLabels...)
	dSMClock    = desc("device_sm_clock_hertz", "SM clock (measured).", deviceLabels...)
	dMemClock   = desc("device_memory_clock_hertz", "Memory clock (measured).", deviceLabels...)
	dPCIeRx     = desc("device_pcie_receive_bytes_per_second", "PCIe receive throughput (measured).", deviceLabels...)
	dPCIeTx     = desc("device_pcie_transmit_bytes_per_second", "PCIe transmit throughput (measured).", deviceLabels...)

	pVRAM     = desc("process_vram_bytes", "GPU memory of a process on a device, measured by the driver.", processLabels...)
	pInferred = desc("process_vram_inferred_bytes", "GPU memory whose owner was matched by evidence (inferred, not measured); never add it to measured totals.", append(processLabels, "inferred_by")...)
	pGPUUtil  = desc("process_gpu_utilization_percent", "The busiest of the process's engines, 0-100 (measured).", processLabels...)

	mMemory = desc("model_memory_bytes", "An LLM process's weights, KV cache, compute or output buffers (kind), reported by the runtime or estimated from the GGUF file (source); not measured, never part of measured totals.", modelLabels...)
	mCtx    = desc("model_context_tokens", "An LLM process's context size (n_ctx); source says where it came from (api, cmdline, log).", "model", "process", "pid", "source")

	hSourceUp   = desc("source_up", "Whether a source (driver, process list, ...) could be read at the last collection: 1 or 0.", "source")
	hLastTime   = desc("collector_last_collection_timestamp_seconds", "When the exported snapshot was taken (Unix time).")
	hDuration   = desc("collector_collection_duration_seconds", "How long taking the exported snapshot took.")
	hCollected  = desc("collector_collections_total", "Snapshots taken since gtm serve started.")
	hDropped    = desc("exporter_processes_dropped", "Process rows left out of this scrape beyond the cardinality bound.")
	hBuild      = desc("build_info", "gtm's version; always 1.", "version")
	hProcesses  = desc("device_processes", "Process rows gtm lists on a device.", deviceLabels...)
	allDescs    = []*prometheus.Desc{dInfo, dMemTotal, dMemUsed, dProcMem, dGPUUtil, dMemUtil, dEncUtil, dDecUtil, dTemp, dPower, dPowerLimit, dSMClock, dMemClock, dPCIeRx, dPCIeTx, pVRAM, pInferred, pGPUUtil, mMemory, mCtx, hSourceUp, hLastTime, hDuration, hCollected, hDropped, hBuild, hProcesses}
	modelKinds  = []string{"weights", "kv_cache", "compute", "output"}
	unknownName = "unknown"
)

// Exporter turns the newest snapshot into metrics. It is a
// prometheus.Gatherer; Update is called by whoever collects.
type Exporter struct {
	reg *prometheus.Registry

	mu          sync.Mutex
	snap        *app.Snapshot
	took        time.Duration
	updated     time.Time // wall clock of the last Update, for /healthz
	collections uint64
	cached      []*dto.MetricFamily
	body        *exposed           // cached is encoded once, for /metrics
	bodyOf      **dto.MetricFamily // the families body was encoded from
	zw          *gzip.Writer
}

// New returns an empty Exporter: until the first Update it exports only
// its build info and a collection count of 0.
func New() *Exporter {
	// Not pedantic: its per-scrape consistency checks cost more than the
	// scrape itself. The tests check with a pedantic registry and promlint.
	e := &Exporter{reg: prometheus.NewRegistry()}
	e.reg.MustRegister(collector{e})
	return e
}

// Update hands the exporter a new snapshot and how long it took to take.
func (e *Exporter) Update(s *app.Snapshot, took time.Duration) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.snap, e.took, e.cached, e.updated = s, took, nil, time.Now()
	e.body, e.bodyOf = nil, nil
	e.collections++
}

// Snapshot returns the snapshot being exported (nil before the first).
func (e *Exporter) Snapshot() *app.Snapshot {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.snap
}

// Gather implements prometheus.Gatherer. The families are built once per
// snapshot and shared by every scrape until the next one; callers only
// read them.
func (e *Exporter) Gather() ([]*dto.MetricFamily, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.cached != nil {
		return e.cached, nil
	}
	mfs, err := e.reg.Gather()
	if err != nil {
		return nil, err
	}
	e.cached = mfs
	return mfs, nil
}

// collector adapts the exporter to the registry. It runs under e.mu (from
// Gather), so it reads the snapshot directly.
type collector struct{ e *Exporter }

func (c collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range allDescs {
		ch <- d
	}
}

func (c collector) Collect(ch chan<- prometheus.Metric) {
	e := c.e
	ch <- gauge(hBuild, 1, versionOf(e.snap))
	ch <- prometheus.MustNewConstMetric(hCollected, prometheus.CounterValue, float64(e.collections))
	s := e.snap
	if s == nil {
		return
	}
	ch <- gauge(hLastTime, float64(s.TakenAt.UnixMilli())/1000)
	ch <- gauge(hDuration, e.took.Seconds())
	seenSource := map[string]bool{}
	for _, src := range s.Sources {
		if seenSource[src.Name] {
			continue // one series per source name
		}
		seenSource[src.Name] = true
		up := 0.0
		if src.OK {
			up = 1
		}
		ch <- gauge(hSourceUp, up, src.Name)
	}
	names := map[int]string{}
	for _, d := range s.Devices {
		idx := strconv.Itoa(d.Index)
		name := str(d.Name)
		names[d.Index] = name
		ch <- gauge(dInfo, 1, idx, name, str(d.UUID), d.Vendor, str(d.PCIBusID))
		l := []string{idx, name}
		bytesGauge(ch, dMemTotal, d.MemoryTotalBytes, l)
		bytesGauge(ch, dMemUsed, d.MemoryUsedBytes, l)
		if sum, ok := s.MeasuredVRAM(d.Index); ok {
			ch <- gauge(dProcMem, float64(sum), l...)
		}
		floatGauge(ch, dGPUUtil, d.GPUUtilPercent, 1, l)
		floatGauge(ch, dMemUtil, d.MemoryUtilPercent, 1, l)
		floatGauge(ch, dEncUtil, d.EncoderUtilPct, 1, l)
		floatGauge(ch, dDecUtil, d.DecoderUtilPct, 1, l)
		floatGauge(ch, dTemp, d.TemperatureC, 1, l)
		floatGauge(ch, dPower, d.PowerW, 1, l)
		floatGauge(ch, dPowerLimit, d.PowerLimitW, 1, l)
		floatGauge(ch, dSMClock, d.SMClockMHz, 1e6, l)
		floatGauge(ch, dMemClock, d.MemoryClockMHz, 1e6, l)
		bytesGauge(ch, dPCIeRx, d.PCIeRxBytesPerS, l)
		bytesGauge(ch, dPCIeTx, d.PCIeTxBytesPerS, l)
	}

	rows := s.Processes
	dropped := 0
	if len(rows) > MaxProcesses {
		// Rows come sorted by measured VRAM within each device; keep the
		// first MaxProcesses overall.
		dropped = len(rows) - MaxProcesses
		rows = rows[:MaxProcesses]
	}
	ch <- gauge(hDropped, float64(dropped))
	perDevice := map[int]int{}
	seen := map[[2]string]bool{} // (pid label, device): one series each
	for i := range rows {
		p := &rows[i]
		if p.DeviceIndex == nil {
			continue
		}
		perDevice[*p.DeviceIndex]++
		dev := strconv.Itoa(*p.DeviceIndex)
		key := [2]string{p.PIDLabel, dev}
		if seen[key] {
			continue
		}
		seen[key] = true
		l := []string{p.PIDLabel, str(p.Name), str(p.Category), dev}
		bytesGauge(ch, pVRAM, p.VRAMBytes, l)
		if p.VRAMInferredBytes != nil {
			by := str(p.VRAMInferredBy)
			ch <- gauge(pInferred, float64(*p.VRAMInferredBytes), append(l[:4:4], by)...)
		}
		floatGauge(ch, pGPUUtil, p.GPUUtilPercent, 1, l)
		modelMetrics(ch, p)
	}
	for _, d := range s.Devices {
		ch <- gauge(hProcesses, float64(perDevice[d.Index]), strconv.Itoa(d.Index), names[d.Index])
	}
}

// modelMetrics exports one LLM process's parts. The breakdown is per
// process; "model" names its main model file. A process on two devices
// has its LLM block on each row; it is exported once (first row).
func modelMetrics(ch chan<- prometheus.Metric, p *app.Process) {
	l := p.LLM
	if l == nil {
		return
	}
	model := ModelLabel(p)
	proc := str(p.Name)
	for i, part := range []*inspect.Part{l.Weights, l.KVCache, l.Compute, l.Output} {
		if part == nil {
			continue
		}
		ch <- gauge(mMemory, float64(part.Bytes), model, modelKinds[i], proc, p.PIDLabel, part.Source)
	}
	if l.NCtx != nil {
		ch <- gauge(mCtx, float64(*l.NCtx), model, proc, p.PIDLabel, str(l.NCtxSource))
	}
}

// ModelLabel names a process's main model for the model label: the
// store's friendly name, else the file's base name (never a full path),
// else "unknown". Candidates (only installed) are not its model.
func ModelLabel(p *app.Process) string {
	best := -1
	for i, m := range p.Models {
		if m.Candidate {
			continue
		}
		if best < 0 || (m.Role == "model" && p.Models[best].Role != "model") {
			best = i
		}
	}
	if best < 0 {
		return unknownName
	}
	m := p.Models[best]
	if m.Name != nil && *m.Name != "" {
		return *m.Name
	}
	return filepath.Base(m.Path)
}

func gauge(d *prometheus.Desc, v float64, labels ...string) prometheus.Metric {
	return prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
}

// Unavailable readings are left out (no series), never exported as 0.
func bytesGauge(ch chan<- prometheus.Metric, d *prometheus.Desc, v *uint64, labels []string) {
	if v != nil {
		ch <- gauge(d, float64(*v), labels...)
	}
}

func floatGauge(ch chan<- prometheus.Metric, d *prometheus.Desc, v *float64, scale float64, labels []string) {
	if v != nil {
		ch <- gauge(d, *v*scale, labels...)
	}
}

func str(s *string) string {
	if s == nil || *s == "" {
		return unknownName
	}
	return *s
}

func versionOf(s *app.Snapshot) string {
	if s == nil || s.Tool.Version == "" {
		return unknownName
	}
	return s.Tool.Version
}
