package capturegen

import (
	"context"
	"math"
	"time"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/inspect"
	"github.com/gputaskman/gtm/inspect/gguf"
	"github.com/gputaskman/gtm/inspect/modelargs"
	"github.com/gputaskman/gtm/inspect/servers"
	"github.com/gputaskman/gtm/internal/schema"
)

// state is the machine at second t. It stands in for every source the
// collector reads: NVML (backend.GPU), /proc (backend.ProcessSource and
// ResourceReader), the system reader and the inspector.
type state struct {
	t     int
	w     *world
	procs []*proc

	headers    *inspect.HeaderCache
	headerPath string
	header     *gguf.File

	// this second's readings
	sample    backend.Sample
	resources map[int]backend.ProcessResources
	system    schema.System
	llamaVRAM uint64
	load      llamaLoad
	// seen holds PIDs read before: a CPU load needs a previous reading.
	seen map[int]bool
}

func newState(headers *inspect.HeaderCache, headerPath string, header *gguf.File) *state {
	return &state{w: newWorld(), procs: processes(Start), headers: headers, headerPath: headerPath, header: header, seen: map[int]bool{}}
}

func f64(v float64) *float64 { return &v }
func u64(v uint64) *uint64   { return &v }

// step computes second t's readings.
func (s *state) step() {
	s.load = s.w.llama(s.t)
	usage, g := s.readProcesses()
	dev0 := s.gpu0(g)
	dev1 := s.gpu1(usage, g.vram1)
	s.sample = backend.Sample{
		Devices: []schema.Device{dev0, dev1},
		Usage:   usage,
		Sources: []schema.SourceStatus{
			schema.OK("nvml"),
			schema.OK("nvml.processes.gpu0"), schema.OK("nvml.process_utilization.gpu0"),
			schema.OK("nvml.processes.gpu1"), schema.OK("nvml.process_utilization.gpu1"),
			schema.OK("drm"),
		},
	}
	s.readSystem()
}

// gpuTotals is what the processes add up to on the devices.
type gpuTotals struct {
	sm0, dec0    float64 // GPU 0's busiest SM and decoder load
	vram0, vram1 uint64
}

// readProcesses gives every live process's GPU use and OS readings.
func (s *state) readProcesses() ([]backend.ProcessUsage, gpuTotals) {
	s.resources = map[int]backend.ProcessResources{}
	var usage []backend.ProcessUsage
	var g gpuTotals
	for _, p := range s.procs {
		if !p.alive(s.t) {
			continue
		}
		pid := p.info.PID
		u, r := s.readProcess(p)
		if pid == pidMPV {
			g.dec0 = *u.DecoderUtilPercent
		}
		s.seen[pid] = true
		s.resources[pid] = r
		usage = append(usage, u)
		if u.VRAMBytes != nil {
			if p.device == 0 {
				g.vram0 += *u.VRAMBytes
			} else {
				g.vram1 += *u.VRAMBytes
			}
		}
		if p.device == 0 && u.SMUtilPercent != nil {
			g.sm0 = math.Max(g.sm0, *u.SMUtilPercent)
		}
	}
	return usage, g
}

// cpu is a process's CPU load, null on its first reading: one reading
// gives no load.
func (s *state) cpu(pid int, v float64) *float64 {
	if s.t == 0 || !s.seen[pid] {
		return nil
	}
	return f64(round1(math.Max(0, v)))
}

// engineSample is an engine's load, null when the process ran no kernel
// in the window (NVML then has no sample for it).
func engineSample(v float64) *float64 {
	if v <= 0 {
		return nil
	}
	return f64(pct(v))
}

// readProcess is one process's GPU use and OS readings at second t.
func (s *state) readProcess(p *proc) (backend.ProcessUsage, backend.ProcessResources) {
	t, w, l := s.t, s.w, s.load
	pid := p.info.PID
	u := backend.ProcessUsage{PID: pid, DeviceIndex: p.device, Kinds: p.kinds}
	var r backend.ProcessResources
	switch pid {
	case pidXorg:
		u.VRAMBytes = u64(402*mib + uint64(t%7)*2*mib)
		u.SMUtilPercent = engineSample(activity(w, 0.35, 1, 4))
		r = backend.ProcessResources{CPUPercent: s.cpu(pid, w.jitter(0.9, 0.5)), RSSBytes: u64(142*mib + uint64(t%5)*mib)}
	case pidShell:
		u.VRAMBytes = u64(268*mib + uint64(t/60)*4*mib)
		u.SMUtilPercent = engineSample(activity(w, 0.5, 1, 6))
		r = backend.ProcessResources{CPUPercent: s.cpu(pid, w.jitter(1.8, 1)), RSSBytes: u64(386*mib + uint64(t/30)*mib)}
	case pidChrome:
		u.VRAMBytes = u64(377 * mib)
		if t >= 100 && t < 108 { // a WebGL page for a few seconds
			u.VRAMBytes = u64(441 * mib)
		}
		u.SMUtilPercent = engineSample(activity(w, 0.4, 1, 5))
		r = backend.ProcessResources{CPUPercent: s.cpu(pid, w.jitter(1.1, 0.6)), RSSBytes: u64(298 * mib)}
	case pidLlama:
		s.llamaVRAM = llamaVRAM(t, l)
		u.VRAMBytes = u64(s.llamaVRAM)
		busyCPU := w.jitter(6.3, 0.15)
		switch {
		case t < llamaAlloc:
			r.CPUPercent = s.cpu(pid, 4.1)
		case t < llamaComp:
			r.CPUPercent = s.cpu(pid, busyCPU) // one thread reading the file
		case t == llamaComp:
			u.SMUtilPercent = f64(pct(w.jitter(41, 4))) // warm-up
			r.CPUPercent = s.cpu(pid, busyCPU)
		case l.prefill > 0:
			u.SMUtilPercent = f64(pct(w.jitter(97, 2)))
			r.CPUPercent = s.cpu(pid, busyCPU)
		case l.decode > 0:
			u.SMUtilPercent = f64(pct(w.jitter(84+3*float64(l.decode), 3)))
			r.CPUPercent = s.cpu(pid, busyCPU)
		default:
			r.CPUPercent = s.cpu(pid, w.jitter(0.2, 0.1))
		}
		if u.SMUtilPercent != nil {
			u.EncoderUtilPercent, u.DecoderUtilPercent = f64(0), f64(0)
		}
		r.RSSBytes = u64(llamaRSS(t))
	case pidMPV:
		u.VRAMBytes = u64(486 * mib)
		u.SMUtilPercent = f64(pct(w.jitter(4, 1.5)))
		u.EncoderUtilPercent = f64(0)
		u.DecoderUtilPercent = f64(pct(w.jitter(13, 3)))
		r = backend.ProcessResources{CPUPercent: s.cpu(pid, w.jitter(2.1, 0.5)), RSSBytes: u64(214 * mib)}
	case pidEmbed:
		u.VRAMBytes = u64(embedVRAM(t))
		if t >= embedStart+3 {
			u.SMUtilPercent = f64(pct(w.jitter(92, 5)))
			u.EncoderUtilPercent, u.DecoderUtilPercent = f64(0), f64(0)
		}
		r = backend.ProcessResources{CPUPercent: s.cpu(pid, w.jitter(9.5, 3)),
			RSSBytes: u64(3*gib + 410*mib + uint64(min(t-embedStart, 30))*17*mib)}
	case pidBob:
		u.VRAMBytes = u64(5*gib + 317*mib)
		busy := w.jitter(96, 3)
		if t%60 >= 50 { // evaluation every minute: the GPU waits on the CPU
			busy = w.jitter(34, 10)
		}
		u.SMUtilPercent = f64(pct(busy))
		u.EncoderUtilPercent, u.DecoderUtilPercent = f64(0), f64(0)
		r = backend.ProcessResources{CPUPercent: s.cpu(pid, w.jitter(6.2, 0.2)), RSSBytes: u64(7*gib + 205*mib)}
	}
	return u, r
}

// gpu0 is GPU 0's own readings, which follow what runs on it.
func (s *state) gpu0(g gpuTotals) schema.Device {
	t, w, l := s.t, s.w, s.load
	sm0, dec0 := g.sm0, g.dec0
	var mem0, power0, rx0, tx0 float64
	switch {
	case t >= llamaAlloc && t < llamaCtx: // weights upload
		rx0, tx0 = w.jitter(uploadBytesPerSec, 4e7), w.jitter(3e6, 1e6)
		mem0, power0 = w.jitter(9, 3), w.jitter(118, 8)
	case l.prefill > 0:
		mem0, power0, tx0 = w.jitter(41, 4), w.jitter(418, 12), w.jitter(2e6, 5e5)
	case l.decode > 0:
		mem0, power0, tx0 = w.jitter(68+3*float64(l.decode), 4), w.jitter(292, 15), w.jitter(4e6, 1e6)
	case t == llamaComp:
		mem0, power0 = w.jitter(22, 4), w.jitter(205, 10)
	default:
		mem0, power0 = w.jitter(3, 1.5), w.jitter(24, 3)
	}
	if t >= embedStart+3 && t < embedEnd {
		mem0 = math.Max(mem0, w.jitter(38, 5))
		power0 = math.Max(power0, w.jitter(268, 14))
		rx0 += w.jitter(2.1e8, 3e7)
	}
	if dec0 > 0 {
		power0 += w.jitter(9, 2)
		rx0 += w.jitter(6e6, 2e6)
		mem0 = math.Max(mem0, w.jitter(6, 2))
	}
	rx0 += w.jitter(2.4e6, 1e6) // the display and the browser
	tx0 += w.jitter(8e5, 3e5)
	// The display's own work shows while any process ran a kernel; with
	// none running (a still desktop between frames) the card reads 0 %,
	// which is when gtm learns its idle floor. (The jitter is drawn either
	// way, so the rest of the capture stays as it was.)
	if bg := w.jitter(2, 1.5); sm0 > 0 {
		sm0 = math.Max(sm0, bg)
	}
	s.w.temp[0] = lag(s.w.temp[0], 31+power0*0.092)

	loaded := power0 > 60 || sm0 > 20
	smClock, memClock, vidClock := 210.0, 405.0, 1185.0
	switch {
	case loaded:
		smClock, memClock, vidClock = 2730+15*math.Round(w.jitter(2, 2)), 10501, 1965
	case dec0 > 0:
		smClock, memClock, vidClock = 1410, 810, 1605
	}
	dev0 := schema.Device{
		Index: 0, Name: str("NVIDIA GeForce RTX 4090"), Vendor: "NVIDIA",
		UUID: str("GPU-5e7c1f0a-3b9d-4c2e-8f61-2d4a9b0c7e13"), PCIBusID: str("00000000:01:00.0"),
		MemoryTotalBytes: u64(24564 * mib), MemoryUsedBytes: u64(g.vram0 + gpu0NonProcess),
		GPUUtilPercent: f64(pct(sm0)), MemoryUtilPercent: f64(pct(mem0)),
		TemperatureC: f64(math.Round(s.w.temp[0])), PowerW: f64(math.Round(power0*1000) / 1000), PowerLimitW: f64(450),
		SMClockMHz: f64(smClock), MemoryClockMHz: f64(memClock), VideoClockMHz: f64(vidClock),
		EncoderUtilPct: f64(0), DecoderUtilPct: f64(pct(dec0)),
		PCIeRxBytesPerS: u64(uint64(math.Max(0, rx0)) / 1024 * 1024), PCIeTxBytesPerS: u64(uint64(math.Max(0, tx0)) / 1024 * 1024),
	}
	if t == 97 || t == 98 { // the PCIe counter read failed: unknown, not zero
		dev0.PCIeRxBytesPerS, dev0.PCIeTxBytesPerS = nil, nil
	}
	return dev0
}

// gpu1 is GPU 1's readings: the training job's; this board reports no
// power readings.
func (s *state) gpu1(usage []backend.ProcessUsage, vram1 uint64) schema.Device {
	w := s.w
	bobSM := 0.0
	for _, u := range usage {
		if u.PID == pidBob && u.SMUtilPercent != nil {
			bobSM = *u.SMUtilPercent
		}
	}
	s.w.temp[1] = lag(s.w.temp[1], 40+bobSM*0.25)
	dev1 := schema.Device{
		Index: 1, Name: str("NVIDIA T1000 8GB"), Vendor: "NVIDIA",
		UUID: str("GPU-a41f9c27-60d3-4b8e-9e05-7c2b51d8f3a6"), PCIBusID: str("00000000:05:00.0"),
		MemoryTotalBytes: u64(8192 * mib), MemoryUsedBytes: u64(vram1 + gpu1NonProcess),
		GPUUtilPercent: f64(pct(bobSM)), MemoryUtilPercent: f64(pct(bobSM * w.jitter(0.52, 0.05))),
		TemperatureC: f64(math.Round(s.w.temp[1])),
		SMClockMHz:   f64(1395), MemoryClockMHz: f64(5000), VideoClockMHz: f64(1275),
		EncoderUtilPct: f64(0), DecoderUtilPct: f64(0),
		PCIeRxBytesPerS: u64(uint64(w.jitter(3.4e8, 6e7)) / 1024 * 1024), PCIeTxBytesPerS: u64(uint64(w.jitter(1.1e7, 3e6)) / 1024 * 1024),
	}
	return dev1
}

// readSystem is the machine's CPU, RAM and swap.
func (s *state) readSystem() {
	t, w, l := s.t, s.w, s.load
	var rss uint64
	for _, r := range s.resources {
		if r.RSSBytes != nil {
			rss += *r.RSSBytes
		}
	}
	sysCPU := w.jitter(4.5, 1.2) + 14 // bob's data-loader workers keep ~2 cores busy
	if t >= llamaAlloc && t < llamaComp {
		sysCPU += 7
	}
	if l.decode > 0 || l.prefill > 0 {
		sysCPU += 6.5
	}
	if t >= embedStart && t < embedEnd {
		sysCPU += w.jitter(18, 4) // tokenizer workers
	}
	s.system = schema.System{
		MemoryUsedBytes: u64(baseMemUsed + rss), MemoryTotalBytes: u64(memTotal),
		SwapUsedBytes: u64(412*mib + uint64(t/80)*mib), SwapTotalBytes: u64(swapTotal),
	}
	if t != 0 {
		s.system.CPUPercent = f64(round1(sysCPU))
	}
}

// activity is a desktop process's occasional GPU work: busy with
// probability p, then lo–hi percent.
func activity(w *world, p, lo, hi float64) float64 {
	if w.rng.Float64() >= p {
		return 0
	}
	return lo + (hi-lo)*w.rng.Float64()
}

// llamaVRAM is llama-server's measured VRAM: steps as llama.cpp allocates
// its context, weights, KV cache, compute buffers and, at the first
// request, cuBLAS's workspace.
func llamaVRAM(t int, l llamaLoad) uint64 {
	v := uint64(llamaCUDAContext)
	if t >= llamaAlloc {
		v += llamaWeightsGPU
	}
	if t >= llamaCtx {
		v += llamaKV
	}
	if t >= llamaComp {
		v += llamaComputeGPU
	}
	if l.firstRequestServed {
		v += llamaCuBLAS
	}
	return v
}

// llamaRSS: the mapped file's pages count as resident while they are read
// for the upload; llama.cpp then unmaps what went to the GPU.
func llamaRSS(t int) uint64 {
	switch {
	case t < llamaAlloc:
		return 181 * mib
	case t < llamaCtx:
		return 181*mib + uint64(t-llamaAlloc+1)*llamaFileBytes/3
	case t < llamaComp:
		return 181*mib + llamaFileBytes + 96*mib
	}
	return llamaWeightsHost + 452*mib + uint64(min(t-llamaComp, 60))*mib/4
}

// embedVRAM: the CUDA context, the model's weights, then PyTorch's caching
// allocator growing in steps as batches of different lengths arrive; it
// never gives memory back.
func embedVRAM(t int) uint64 {
	d := t - embedStart
	v := uint64(412 * mib)
	if d >= 2 {
		v += 2*gib + 124*mib
	}
	for _, step := range []int{3, 4, 6, 9, 13} {
		if d >= step {
			v += 640 * mib
		}
	}
	return v
}

// backend.GPU

func (s *state) Name() string                                         { return "nvml" }
func (s *state) Sample(context.Context, time.Duration) backend.Sample { return s.sample }
func (s *state) Close() error                                         { return nil }

// backend.ProcessSource and ResourceReader

func (s *state) Lookup(pid int) backend.ProcessInfo {
	for _, p := range s.procs {
		if p.info.PID == pid && p.alive(s.t) {
			return p.info
		}
	}
	return backend.ProcessInfo{PID: pid}
}
func (s *state) Forget(map[int]bool)                        {}
func (s *state) Health() schema.SourceStatus                { return schema.OK("procfs") }
func (s *state) Resources(pid int) backend.ProcessResources { return s.resources[pid] }
func (s *state) ReadSystem(context.Context) (schema.System, schema.SourceStatus) {
	return s.system, schema.OK("system")
}

// collect.Evidence

func (s *state) Refresh(_ context.Context, targets []inspect.Target) map[int]inspect.Finding {
	out := map[int]inspect.Finding{}
	for _, t := range targets {
		out[t.PID] = s.Inspect(t)
	}
	return out
}

// Inspect gives what a maps scan, the command line and the model stores
// find in each process.
func (s *state) Inspect(t inspect.Target) inspect.Finding {
	var p *proc
	for _, q := range s.procs {
		if q.info.PID == t.PID {
			p = q
		}
	}
	if p == nil {
		return inspect.Finding{}
	}
	if p.mapsHidden {
		return inspect.Finding{MapsError: "memory maps are hidden by permissions; run as root (or as the process's owner) to see runtimes and mapped models"}
	}
	f := inspect.Finding{Runtimes: p.runtimes(), Models: []schema.Model{}}
	switch t.PID {
	case pidLlama:
		args := modelargs.Parse(llamaArgv, "/home/alice")
		f.Tool, f.Settings = args.Tool, args.Settings
		f.Models = []schema.Model{s.llamaModel()}
		if s.t > llamaStart {
			f.ListenPorts = []int{8080}
		}
	case pidEmbed:
		f.Models = []schema.Model{{
			Path: embedModelPath, Name: str("BAAI/bge-m3"), Store: str("huggingface"), Role: "model",
			Format: str("safetensors"), Evidence: []string{inspect.EvidenceMapped},
		}}
		if s.t < embedStart+2 { // still importing torch: nothing mapped yet
			f.Models = []schema.Model{}
		}
	}
	return f
}

// llamaModel is the GGUF with its evidence at second t: named on the
// command line, then mapped, then reported by the API.
func (s *state) llamaModel() schema.Model {
	h := s.header
	kind, arch, quant := string(h.Kind), h.Architecture, h.Quantization
	layers, params, ctx := h.BlockCount, h.ParamCount, h.ContextLength
	ev := []string{inspect.EvidenceCmdline}
	if s.t >= llamaAlloc {
		ev = append(ev, inspect.EvidenceMapped)
	}
	m := schema.Model{
		Path: llamaModelPath, Role: "model", Format: str("gguf"),
		Kind: &kind, Architecture: &arch, Quantization: &quant, Layers: &layers, Parameters: &params, TrainedContext: &ctx,
		Weights: &schema.Amount{Bytes: h.TensorBytes, Source: "estimated", From: "gguf"},
	}
	if s.t >= llamaReady {
		ev = append(ev, inspect.EvidenceAPI)
		m.OutputModalities = []string{"text"}
	}
	m.Evidence = inspect.SortEvidence(ev)
	m.Confirmed = inspect.Confirmed(m.Evidence)
	return m
}

// Enrich builds the llama-server's LLM block with inspect.BuildLLM from
// what its log and API say at second t.
func (s *state) Enrich(_ context.Context, t inspect.Target, f inspect.Finding, measured *uint64) (inspect.Finding, *schema.LLM) {
	if t.PID != pidLlama {
		return f, nil
	}
	models := append([]schema.Model(nil), f.Models...)
	models[0].Path = s.headerPath // the header the estimates read
	in := inspect.LLMInput{MeasuredVRAM: measured, Models: models, Headers: s.headers, Settings: f.Settings, Runtimes: f.Runtimes,
		Log: s.llamaLog(), API: s.llamaAPI()}
	return f, inspect.BuildLLM(in)
}

// llamaLog is what llama.cpp has written to --log-file by second t.
func (s *state) llamaLog() *inspect.LogFacts {
	t := s.t
	lf := &inspect.LogFacts{Path: llamaLogPath}
	if t < llamaAlloc {
		lf.Reason = "a load began after the process started but logged no buffer sizes (in progress, failed, or its log level hides them)"
		return lf
	}
	lf.HasBuffers = true
	lf.Weights, lf.HostWeights = u64(llamaWeightsGPU), u64(llamaWeightsHost)
	if t >= llamaCtx {
		lf.KV, lf.HostOutput = u64(llamaKV), u64(llamaOutputHost)
		lf.NCtx, lf.NSeqMax, lf.NBatch, lf.NUbatch = u64(16384), u64(4), u64(2048), u64(512)
		unified := true
		lf.KVUnified = &unified
	}
	if t >= llamaComp {
		lf.Compute, lf.HostCompute = u64(llamaComputeGPU), u64(llamaComputeHost)
	}
	return lf
}

// llamaServer is the server the demo's LLM process plays.
var llamaServer = servers.Lookup(servers.NameLlamaServer)

// llamaAPI is what llama-server's /props, /slots and /metrics answer.
func (s *state) llamaAPI() *inspect.APIFacts {
	t, l := s.t, s.load
	switch {
	case t <= llamaStart:
		return nil // not listening yet
	case t < llamaReady:
		return &inspect.APIFacts{Server: llamaServer, Addr: "127.0.0.1:8080",
			Facts: servers.Facts{Status: servers.StatusLoading, NCtxPerSlot: true}}
	}
	busy := int64(l.prefill + l.decode)
	total, nctx := int64(4), int64(16384)
	tps := math.Round(l.tokensPerSec*10) / 10
	req := float64(busy)
	return &inspect.APIFacts{Server: llamaServer, Addr: "127.0.0.1:8080",
		Facts: servers.Facts{Status: servers.StatusOK, NCtx: &nctx, NCtxPerSlot: true,
			SlotsTotal: &total, SlotsBusy: &busy, TokensPerSecond: &tps, RequestsProcessing: &req,
			ModelPaths: []string{llamaModelPath}, OutputModalities: []string{"text"}}}
}
