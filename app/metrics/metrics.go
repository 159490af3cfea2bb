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
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/gputaskman/gtm/app/redact"

	"github.com/gputaskman/gtm/internal/schema"
)

// MaxProcesses bounds the process rows exported per scrape (label
// cardinality); the largest by measured VRAM across all devices are kept
// and the rest counted in gtm_exporter_processes_dropped.
const MaxProcesses = 1000

const ns = "gtm"

// def is one metric: what the exposition needs to build its family
// directly. (The tests also hand the metrics to client_golang's registry
// to lint them; its Desc is made there, so that gtm itself does not link
// client_golang, whose package init costs every command a few
// milliseconds.)
type def struct {
	name    string
	help    string
	labels  []string
	order   []int // label indexes in name order, as the exposition sorts them
	counter bool
}

func desc(name, help string, labels ...string) *def {
	d := &def{name: ns + "_" + name, help: help, labels: labels}
	d.order = make([]int, len(labels))
	for i := range d.order {
		d.order[i] = i
	}
	sort.Slice(d.order, func(i, j int) bool { return labels[d.order[i]] < labels[d.order[j]] })
	allDefs = append(allDefs, d)
	return d
}

// allDefs lists every metric, in declaration order.
var allDefs []*def

func counterDesc(name, help string, labels ...string) *def {
	d := desc(name, help, labels...)
	d.counter = true
	return d
}

// withPod ends a per-process or per-model series' labels with the
// Kubernetes pod's, named as kube-state-metrics and cAdvisor name them.
func withPod(labels ...string) []string { return append(labels, "namespace", "pod", "container") }

var (
	deviceLabels  = []string{"device", "name"}
	processLabels = withPod("pid", "name", "category", "device")
	modelLabels   = withPod("model", "kind", "process", "pid", "source")

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
	pInferred = desc("process_vram_inferred_bytes", "GPU memory whose owner was matched by evidence (inferred, not measured); never add it to measured totals.", append(processLabels[:len(processLabels):len(processLabels)], "inferred_by")...)
	pGPUUtil  = desc("process_gpu_utilization_percent", "The busiest of the process's engines, 0-100 (measured).", processLabels...)
	pGrowth   = desc("process_vram_growth_bytes_per_second", "How fast a process's GPU memory grows over the last 10 minutes (Theil-Sen slope; inferred from the measured readings, not measured); shape is steady, warm-up, steady growth (a leak suspect) or release. Absent under 30 s of readings.", append(processLabels[:len(processLabels):len(processLabels)], "shape")...)

	dGrowth   = desc("device_vram_growth_bytes_per_second", "How fast a GPU's used memory grows over the last 10 minutes (Theil-Sen slope; inferred, not measured); shape as for processes. Absent under 30 s of readings.", append(deviceLabels[:len(deviceLabels):len(deviceLabels)], "shape")...)
	dFullSecs = desc("device_vram_full_seconds", "Seconds until the GPU's memory would be full at the rate its used memory grows steadily (inferred); absent unless it grows steadily and would be full within an hour.", deviceLabels...)

	mMemory  = desc("model_memory_bytes", "An LLM process's weights, KV cache, compute or output buffers, activations or CUDA graphs (kind), reported by the runtime or estimated from the model file's header (source); not measured, never part of measured totals.", modelLabels...)
	mCtx     = desc("model_context_tokens", "An LLM process's context size (n_ctx); source says where it came from (api, cmdline, log).", withPod("model", "process", "pid", "source")...)
	mServer  = desc("model_server_info", "The inference server an LLM process belongs to and its role in it (api, worker); api_pid is the process serving a worker's API. Always 1.", withPod("model", "process", "pid", "server", "role", "api_pid")...)
	mKVUse   = desc("model_kv_cache_usage_ratio", "How full the server says its KV cache is, 0-1 (reported by its API). A server's live series are on one of its processes only.", withPod("model", "process", "pid")...)
	mKVCap   = desc("model_kv_cache_capacity_tokens", "How many tokens the server's KV cache holds (reported by its API or load log: source).", withPod("model", "process", "pid", "source")...)
	mReqs    = desc("model_requests", "Requests the server is running or has queued (state), as its API reports.", withPod("model", "process", "pid", "state")...)
	mPress   = desc("model_pressure", "1 while the server's own figures say it is short of room (kind): kv_full (KV cache at 95 % or more with requests waiting), preempting (its preemption counter rose since the last refresh), slots_full (every slot busy, requests deferred). Absent otherwise.", withPod("model", "process", "pid", "kind")...)
	mPreempt = counterDesc("model_preemptions_total", "Requests the engine preempted for want of KV cache since it started (vllm:num_preemptions_total; reported).", withPod("model", "process", "pid")...)
	mTPS     = desc("model_tokens_per_second", "Generation throughput the server reports (or gtm derives from its token counter between two probes).", withPod("model", "process", "pid")...)

	dIdle        = desc("device_idle_floor_watts", "The GPU's idle floor: the lowest power seen while no process used an engine, learned per GPU and kept across runs (inferred; absent until seen). Never attributed to a process.", deviceLabels...)
	dSplit       = desc("device_power_split_watts", "The GPU's power over the last refresh split into part: idle (its idle floor, inferred), processes (the processes' estimates added) and unattributed (active power no process's engine time explains). source says how each part is known.", append(deviceLabels[:len(deviceLabels):len(deviceLabels)], "part", "source")...)
	dEnergy      = counterDesc("device_energy_joules_total", "The GPU's energy: its own counter (source counter: NVML since the driver loaded, hwmon energy) or, without one, gtm's power readings integrated since it started (source integrated).", append(deviceLabels[:len(deviceLabels):len(deviceLabels)], "source")...)
	energyLabels = append(processLabels[:len(processLabels):len(processLabels)], "model", "source")
	pPower       = desc("process_power_watts", "The part of its GPU's power above the idle floor a process is estimated to draw, split by engine time over the last refresh (source estimated; docs/energy.md). Absent where no estimate holds (MIG, MPS, no sample, idle floor not yet seen).", energyLabels...)
	pPowerErr    = desc("process_power_error_watts", "The error bar (±) of gtm_process_power_watts (source estimated).", energyLabels...)
	pEnergy      = counterDesc("process_energy_joules_total", "A process's estimated energy since gtm first saw it: gtm_process_power_watts integrated over the refreshes (source estimated). Restarts at 0 when gtm does.", energyLabels...)

	mOpened = desc("model_file_opened_timestamp_seconds", "When a process last opened a model file while gtm traced opens (--trace-opens; Unix time): evidence of what it loaded, history rather than residency.", withPod("model", "process", "pid")...)

	sVRAM  = desc("served_model_vram_bytes", "Measured GPU memory of all processes of a model served across processes or GPUs (an API process and its tensor-parallel workers).", "server", "model", "api_pid")
	sProcs = desc("served_model_processes", "Processes of a model served across processes or GPUs.", "server", "model", "api_pid")

	hSourceUp   = desc("source_up", "Whether a source (driver, process list, ...) could be read at the last collection: 1 or 0.", "source")
	hLastTime   = desc("collector_last_collection_timestamp_seconds", "When the exported snapshot was taken (Unix time).")
	hDuration   = desc("collector_collection_duration_seconds", "How long taking the exported snapshot took.")
	hCollected  = counterDesc("collector_collections_total", "Snapshots taken since gtm serve started.")
	hDropped    = desc("exporter_processes_dropped", "Process rows left out of this scrape beyond the cardinality bound.")
	hBuild      = desc("build_info", "gtm's version; always 1.", "version")
	hProcesses  = desc("device_processes", "Processes gtm lists on a device, all of them (counted before the cardinality bound).", deviceLabels...)
	unknownName = "unknown"
)

// Exporter turns the newest snapshot into metrics; Update is called by
// whoever collects.
type Exporter struct {
	mu          sync.Mutex
	snap        *schema.Snapshot
	took        time.Duration
	updated     time.Time // wall clock of the last Update, for /healthz
	collections uint64
	cached      []*family
	body        *exposed // cached is encoded once, for /metrics
	bodyOf      **family // the families body was encoded from
	zw          *gzip.Writer
	gen         uint64 // counts Updates: which snapshot a cached body is of

	// /snapshot.json's body, under its own lock so that encoding it
	// delays neither Update nor /metrics.
	jsonMu      sync.Mutex
	json        *exposed
	jsonGen     uint64
	jsonFull    bool
	jsonZW      *gzip.Writer
	jsonEncodes int // for the tests: encodings since New
}

// New returns an empty Exporter: until the first Update it exports only
// its build info and a collection count of 0.
func New() *Exporter { return &Exporter{} }

// Update hands the exporter a new snapshot and how long it took to take.
func (e *Exporter) Update(s *schema.Snapshot, took time.Duration) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.snap, e.took, e.cached, e.updated = s, took, nil, time.Now()
	e.body, e.bodyOf = nil, nil
	e.collections++
	e.gen++
}

// Snapshot returns the snapshot being exported (nil before the first).
func (e *Exporter) Snapshot() *schema.Snapshot {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.snap
}

// gather builds the snapshot's metric families once per snapshot (the
// same metrics the tests' client_golang Collector gives a registry, at a
// fraction of a registry's per-metric cost); every scrape until the next
// snapshot shares them and only reads them.
func (e *Exporter) gather() []*family {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.cached != nil {
		return e.cached
	}
	f := &families{byDef: map[*def]*family{}}
	e.walk(f)
	e.cached = f.result()
	return e.cached
}

// emitter receives each metric of a snapshot: families built directly, or
// (in the tests) a client_golang registry's channel.
type emitter interface {
	emit(d *def, v float64, labels ...string)
}

// family is one metric's series in a snapshot; series are one set of
// label values (in label-name order) and the value.
type family struct {
	d      *def
	series []series
}

type series struct {
	labels []string
	value  float64
}

// families builds the families as a registry would gather them: families
// by name, label pairs by name, series by label values. gtm writes the
// exposition itself rather than through client_model and expfmt, whose
// protobuf package initialisation every gtm command would pay at start.
type families struct {
	byDef map[*def]*family
}

func (f *families) emit(d *def, v float64, labels ...string) {
	fam := f.byDef[d]
	if fam == nil {
		fam = &family{d: d}
		f.byDef[d] = fam
	}
	ordered := make([]string, len(labels))
	for i, j := range d.order {
		ordered[i] = labels[j]
	}
	fam.series = append(fam.series, series{labels: ordered, value: v})
}

func (f *families) result() []*family {
	out := make([]*family, 0, len(f.byDef))
	for _, fam := range f.byDef {
		sort.SliceStable(fam.series, func(i, j int) bool {
			a, b := fam.series[i].labels, fam.series[j].labels
			for k := range a {
				if a[k] != b[k] {
					return a[k] < b[k]
				}
			}
			return false
		})
		out = append(out, fam)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].d.name < out[j].d.name })
	return out
}

// walk emits every metric of the exported snapshot. It runs under e.mu.
func (e *Exporter) walk(out emitter) {
	ch := sink{out}

	ch.put(gauge(hBuild, 1, versionOf(e.snap)))
	ch.put(gauge(hCollected, float64(e.collections)))
	s := e.snap
	if s == nil {
		return
	}
	ch.put(gauge(hLastTime, float64(s.TakenAt.UnixMilli())/1000))
	ch.put(gauge(hDuration, e.took.Seconds()))
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
		ch.put(gauge(hSourceUp, up, src.Name))
	}
	names := deviceMetrics(ch, s)
	processMetrics(ch, s, names)
	servedMetrics(ch, s)
}

// deviceMetrics emits each device's info and readings, and returns the
// devices' names by index.
func deviceMetrics(ch sink, s *schema.Snapshot) map[int]string {
	names := map[int]string{}
	for _, d := range s.Devices {
		idx := strconv.Itoa(d.Index)
		name := str(d.Name)
		names[d.Index] = name
		ch.put(gauge(dInfo, 1, idx, name, str(d.UUID), d.Vendor, str(d.PCIBusID)))
		l := []string{idx, name}
		bytesGauge(ch, dMemTotal, d.MemoryTotalBytes, l)
		bytesGauge(ch, dMemUsed, d.MemoryUsedBytes, l)
		if sum, ok := s.MeasuredVRAM(d.Index); ok {
			ch.put(gauge(dProcMem, float64(sum), l...))
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
		if t := d.VRAMTrend; t != nil {
			ch.put(gauge(dGrowth, t.BytesPerSecond, append(l[:len(l):len(l)], t.Shape)...))
		}
		if f := d.VRAMForecast; f != nil {
			ch.put(gauge(dFullSecs, f.FullInSeconds, l...))
		}
		energyMetrics(ch, d.Energy, l)
	}
	return names
}

// processMetrics emits the process rows, at most MaxProcesses of them, and
// each device's count of processes.
func processMetrics(ch sink, s *schema.Snapshot, names map[int]string) {
	// Every row on a device counts, before the cardinality cut: a count
	// of only the exported rows would shrink as the machine gets busier.
	rows := make([]*schema.Process, 0, len(s.Processes))
	perDevice := map[int]map[string]bool{} // device → PID labels on it
	for i := range s.Processes {
		p := &s.Processes[i]
		if p.DeviceIndex == nil {
			continue
		}
		rows = append(rows, p)
		if perDevice[*p.DeviceIndex] == nil {
			perDevice[*p.DeviceIndex] = map[string]bool{}
		}
		perDevice[*p.DeviceIndex][p.PIDLabel] = true
	}
	dropped := 0
	if len(rows) > MaxProcesses {
		// Rows come sorted within each device only; keep the largest by
		// measured VRAM across all devices (unknown sizes last).
		sort.SliceStable(rows, func(i, j int) bool { return vramKey(rows[i]) > vramKey(rows[j]) })
		dropped = len(rows) - MaxProcesses
		rows = rows[:MaxProcesses]
	}
	ch.put(gauge(hDropped, float64(dropped)))
	seen := map[[2]string]bool{}    // (pid label, device): one series each
	modelDone := map[string]bool{}  // pid label: model series have no device label
	liveDone := map[string]bool{}   // server API: its live state once, not once per worker
	openedDone := map[string]bool{} // pid label: opened files once
	for _, p := range rows {
		dev := strconv.Itoa(*p.DeviceIndex)
		key := [2]string{p.PIDLabel, dev}
		if seen[key] {
			continue
		}
		seen[key] = true
		l := append([]string{p.PIDLabel, str(p.Name), str(p.Category), dev}, podOf(p)...)
		bytesGauge(ch, pVRAM, p.VRAMBytes, l)
		if p.VRAMInferredBytes != nil {
			by := str(p.VRAMInferredBy)
			ch.put(gauge(pInferred, float64(*p.VRAMInferredBytes), append(l[:len(l):len(l)], by)...))
		}
		floatGauge(ch, pGPUUtil, p.GPUUtilPercent, 1, l)
		powerMetrics(ch, p, l)
		if t := p.VRAMTrend; t != nil {
			ch.put(gauge(pGrowth, t.BytesPerSecond, append(l[:len(l):len(l)], t.Shape)...))
		}
		if !modelDone[p.PIDLabel] {
			modelDone[p.PIDLabel] = modelMetrics(ch, p, liveDone)
		}
		if !openedDone[p.PIDLabel] {
			openedDone[p.PIDLabel] = true
			openedMetrics(ch, p)
		}
	}
	for _, d := range s.Devices {
		ch.put(gauge(hProcesses, float64(len(perDevice[d.Index])), strconv.Itoa(d.Index), names[d.Index]))
	}
}

// energyMetrics emits a device's idle floor, power split and energy.
func energyMetrics(ch sink, e *schema.DeviceEnergy, l []string) {
	if e == nil {
		return
	}
	floatGauge(ch, dIdle, e.IdleFloorW, 1, l)
	with := func(extra ...string) []string { return append(l[:len(l):len(l)], extra...) }
	if e.IdleFloorW != nil {
		ch.put(gauge(dSplit, *e.IdleFloorW, with("idle", "inferred")...))
	}
	if e.ProcessesW != nil && e.UnattributedW != nil {
		ch.put(gauge(dSplit, *e.ProcessesW, with("processes", "estimated")...))
		ch.put(gauge(dSplit, *e.UnattributedW, with("unattributed", "inferred")...))
	}
	switch {
	case e.EnergyJoules != nil:
		ch.put(gauge(dEnergy, *e.EnergyJoules, with("counter")...))
	case e.EnergySinceStartJoules != nil && e.EnergySource != nil:
		ch.put(gauge(dEnergy, *e.EnergySinceStartJoules, with(*e.EnergySource)...))
	}
}

// powerMetrics emits a process's estimated power, its error bar and its
// estimated energy, labelled with its model so that a dashboard can sum
// by pod or by model.
func powerMetrics(ch sink, p *schema.Process, l []string) {
	pp := p.Power
	if pp == nil {
		return
	}
	el := append(l[:len(l):len(l)], ModelLabel(p), "estimated")
	floatGauge(ch, pPower, pp.Watts, 1, el)
	floatGauge(ch, pPowerErr, pp.ErrorWatts, 1, el)
	floatGauge(ch, pEnergy, pp.EnergyJoules, 1, el)
}

// podOf is a row's namespace, pod and container labels: empty outside a
// pod (as Prometheus has it for a missing label), "unknown" for a name the
// node's kubelet folders do not give.
func podOf(p *schema.Process) []string {
	if p.PodUID == nil {
		return []string{"", "", ""}
	}
	return []string{str(p.Namespace), str(p.Pod), str(p.ContainerName)}
}

// vramKey orders rows for the cardinality cut: measured VRAM, and a row
// whose size the driver hides below any measured one.
func vramKey(p *schema.Process) int64 {
	if p.VRAMBytes == nil {
		return -1
	}
	return int64(min(*p.VRAMBytes, 1<<62))
}

// modelMetrics exports one LLM process's parts and reports whether it had
// any. The breakdown is per process; "model" names its main model file. A
// process on two devices has its LLM block on each row; the caller exports
// it once per PID (its model series carry no device label).
func modelMetrics(ch sink, p *schema.Process, liveDone map[string]bool) bool {
	l := p.LLM
	if l == nil {
		return false
	}
	model := ModelLabel(p)
	proc := str(p.Name)
	pod := podOf(p)
	// with appends the pod labels to a series' own.
	with := func(l ...string) []string { return append(l, pod...) }
	for i, part := range l.Parts() {
		if part == nil {
			continue
		}
		ch.put(gauge(mMemory, float64(part.Bytes), with(model, schema.PartNames[i], proc, p.PIDLabel, part.Source)...))
	}
	if l.NCtx != nil {
		ch.put(gauge(mCtx, float64(*l.NCtx), with(model, proc, p.PIDLabel, str(l.NCtxSource))...))
	}
	id := with(model, proc, p.PIDLabel)
	if l.Server != nil {
		apiPID := ""
		if l.APIPID != nil {
			apiPID = strconv.Itoa(*l.APIPID)
		}
		ch.put(gauge(mServer, 1, with(model, proc, p.PIDLabel, *l.Server, str(l.Role), apiPID)...))
	}
	// The API's live state is the server's, shared by all its workers:
	// exported on the first of them only, so sums stay right.
	api := p.PIDLabel
	if l.APIPID != nil {
		api = strconv.Itoa(*l.APIPID)
	}
	if liveDone[str(l.Server)+"/"+api] {
		return true
	}
	liveDone[str(l.Server)+"/"+api] = true
	floatGauge(ch, mKVUse, l.KVUsagePercent, 0.01, id)
	if l.KVCapacityTokens != nil {
		ch.put(gauge(mKVCap, float64(*l.KVCapacityTokens), with(model, proc, p.PIDLabel, str(l.KVCapacitySource))...))
	}
	if l.RequestsProcessing != nil {
		ch.put(gauge(mReqs, *l.RequestsProcessing, with(model, proc, p.PIDLabel, "running")...))
	}
	if l.RequestsWaiting != nil {
		ch.put(gauge(mReqs, *l.RequestsWaiting, with(model, proc, p.PIDLabel, "waiting")...))
	}
	floatGauge(ch, mTPS, l.TokensPerSecond, 1, id)
	for _, pr := range l.Pressure {
		ch.put(gauge(mPress, 1, with(model, proc, p.PIDLabel, pr.Kind)...))
	}
	if l.PreemptionsTotal != nil {
		ch.put(gauge(mPreempt, *l.PreemptionsTotal, id...))
	}
	return true
}

// openedMetrics exports when the process opened each model file the
// open trace saw (once per PID, like the model series).
func openedMetrics(ch sink, p *schema.Process) {
	for _, m := range p.Models {
		if m.OpenedAt == nil {
			continue
		}
		name := redact.BaseName(m.Path)
		if m.Name != nil && *m.Name != "" {
			name = redact.ModelName(*m.Name, modelPaths(p))
		}
		ch.put(gauge(mOpened, float64(m.OpenedAt.UnixMilli())/1000, append([]string{name, str(p.Name), p.PIDLabel}, podOf(p)...)...))
	}
}

// servedMetrics exports each model served across processes or GPUs.
func servedMetrics(ch sink, s *schema.Snapshot) {
	var paths []string // every model file: the evidence that a name is a folder
	if len(s.ServedModels) > 0 {
		for i := range s.Processes {
			paths = append(paths, modelPaths(&s.Processes[i])...)
		}
	}
	for _, m := range s.ServedModels {
		model := unknownName
		if m.Model != nil {
			model = redact.ModelName(*m.Model, paths)
		}
		api := ""
		if m.APIPID != nil {
			api = strconv.Itoa(*m.APIPID)
		}
		l := []string{m.Server, model, api}
		bytesGauge(ch, sVRAM, m.VRAMBytes, l)
		pids := map[int]bool{}
		for _, p := range m.Processes {
			pids[p.PID] = true
		}
		ch.put(gauge(sProcs, float64(len(pids)), l...))
	}
}

// ModelLabel names a process's main model for the model label: the
// server's name for it (llm.model_id), else the store's friendly name,
// else the file's base name, else "unknown"; a name that is a path, or a
// folder the process's model files show it names, is cut to its base
// name (redact.ModelName): a label never carries a directory.
// Candidates (only installed) are not its model.
func ModelLabel(p *schema.Process) string {
	if p.LLM != nil && p.LLM.ModelID != nil && *p.LLM.ModelID != "" {
		return redact.ModelName(*p.LLM.ModelID, modelPaths(p))
	}
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
		return redact.ModelName(*m.Name, modelPaths(p))
	}
	return redact.BaseName(m.Path)
}

// modelPaths are the paths of a process's model files.
func modelPaths(p *schema.Process) []string {
	out := make([]string, 0, len(p.Models))
	for _, m := range p.Models {
		out = append(out, m.Path)
	}
	return out
}

// sample is one metric value on its way to an emitter.
type sample struct {
	d      *def
	v      float64
	labels []string
}

// sink hands samples to an emitter. Label values are made valid UTF-8:
// process names are bytes, and client_golang refuses invalid ones. A path
// in any label value is cut to its base name, whatever field it came
// from: every local user reads /metrics, and /proc shows them no one
// else's directories.
type sink struct{ out emitter }

func (s sink) put(x sample) {
	for i, l := range x.labels {
		if !utf8.ValidString(l) {
			l = strings.ToValidUTF8(l, "\uFFFD")
			x.labels[i] = l
		}
		if strings.ContainsAny(l, `/\`) {
			x.labels[i] = redact.CutPaths(l)
		}
	}
	s.out.emit(x.d, x.v, x.labels...)
}

func gauge(d *def, v float64, labels ...string) sample { return sample{d, v, labels} }

// Unavailable readings are left out (no series), never exported as 0.
func bytesGauge(ch sink, d *def, v *uint64, labels []string) {
	if v != nil {
		ch.put(gauge(d, float64(*v), labels...))
	}
}

func floatGauge(ch sink, d *def, v *float64, scale float64, labels []string) {
	if v != nil {
		ch.put(gauge(d, *v*scale, labels...))
	}
}

func str[T ~string](s *T) string {
	if s == nil || *s == "" {
		return unknownName
	}
	return string(*s)
}

func versionOf(s *schema.Snapshot) string {
	if s == nil || s.Tool.Version == "" {
		return unknownName
	}
	return s.Tool.Version
}
