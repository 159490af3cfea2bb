package nvml

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/NVIDIA/go-nvml/pkg/nvml"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/internal/schema"
)

// SourceName is this backend's name in snapshots.
const SourceName = "nvml"

// ErrNoDriver means libnvidia-ml.so.1 could not be loaded: there is no
// NVIDIA driver on this machine (or in this container). It is a normal state.
var ErrNoDriver = errors.New("NVIDIA driver not found (libnvidia-ml.so.1 could not be loaded)")

// notAvailable is NVML_VALUE_NOT_AVAILABLE as an unsigned long long: the
// driver lists the process but will not say how much memory it holds.
const notAvailable = ^uint64(0)

// Backend is the NVML source. Open it once; Sample it every refresh.
type Backend struct {
	lib nvml.Interface
	now func() time.Time

	mu      sync.Mutex
	opened  bool
	openErr error
	devices []*device
}

// device caches a handle and the readings that never change while the
// driver is loaded, plus the utilization window for per-process samples.
type device struct {
	index    int
	handle   nvml.Device
	name     *string
	uuid     *string
	pciBusID *string
	// lost is set by any call of this sample that returned GPU_IS_LOST
	// (also when the handle could not be had because of it).
	lost      bool
	handleRet nvml.Return
	// mig is set when the GPU runs in MIG mode: memory is read per MIG
	// instance, and per-process utilization does not exist.
	mig bool
	// lastSeen is the newest per-process utilization timestamp (µs) seen
	// so far; passing it back asks NVML only for newer samples. Passing 0
	// would return every buffered sample, averaging stale activity.
	lastSeen uint64
}

// New returns a backend over lib: nvml.New() for the real driver, a mock in
// tests.
func New(lib nvml.Interface) *Backend {
	return &Backend{lib: lib, now: time.Now}
}

// Name implements backend.GPU.
func (b *Backend) Name() string { return SourceName }

// Open initialises NVML and caches device handles. It is safe to call more
// than once; the first result is kept.
func (b *Backend) Open() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.openLocked()
}

func (b *Backend) openLocked() error {
	if b.opened {
		return b.openErr
	}
	b.opened = true
	if ret := b.lib.Init(); ret != nvml.SUCCESS {
		if ret == nvml.ERROR_LIBRARY_NOT_FOUND {
			b.openErr = ErrNoDriver
		} else {
			b.openErr = fmt.Errorf("NVML init failed: %s", b.errString(ret))
		}
		return b.openErr
	}
	count, ret := b.lib.DeviceGetCount()
	if ret != nvml.SUCCESS {
		b.openErr = fmt.Errorf("NVML device count: %s", b.errString(ret))
		return b.openErr
	}
	for i := 0; i < count; i++ {
		h, ret := b.lib.DeviceGetHandleByIndex(i)
		if ret != nvml.SUCCESS {
			// Keep the index so device numbers match nvidia-smi's; the
			// device's readings will all be unavailable.
			b.devices = append(b.devices, &device{index: i, handleRet: ret})
			continue
		}
		d := &device{index: i, handle: h}
		if s, ret := h.GetName(); ret == nvml.SUCCESS {
			d.name = &s
		}
		if s, ret := h.GetUUID(); ret == nvml.SUCCESS {
			d.uuid = &s
		}
		if p, ret := h.GetPciInfo(); ret == nvml.SUCCESS {
			s := cString(p.BusId[:])
			if s != "" {
				d.pciBusID = &s
			}
		}
		if cur, _, ret := h.GetMigMode(); ret == nvml.SUCCESS && cur == nvml.DEVICE_MIG_ENABLE {
			d.mig = true
		}
		b.devices = append(b.devices, d)
	}
	return nil
}

// Close shuts NVML down.
func (b *Backend) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.opened && b.openErr == nil {
		if ret := b.lib.Shutdown(); ret != nvml.SUCCESS {
			return fmt.Errorf("NVML shutdown: %s", b.errString(ret))
		}
	}
	b.opened = false
	b.devices = nil
	return nil
}

// Sample implements backend.GPU.
func (b *Backend) Sample(ctx context.Context, window time.Duration) backend.Sample {
	b.mu.Lock()
	defer b.mu.Unlock()
	var s backend.Sample
	if err := b.openLocked(); err != nil {
		s.Sources = append(s.Sources, schema.Failed(SourceName, err))
		return s
	}
	s.Sources = append(s.Sources, schema.OK(SourceName))
	for _, d := range b.devices {
		if ctx.Err() != nil {
			s.Sources = append(s.Sources, schema.Failed(SourceName, ctx.Err()))
			break
		}
		d.lost = false
		dev := b.readDevice(d)
		var usage []backend.ProcessUsage
		var sources []schema.SourceStatus
		if !d.lost {
			usage, sources = b.readProcesses(d, window)
		}
		if d.lost {
			// GPU_IS_LOST from any call, even halfway through: the device
			// shows lost with no readings and no rows, nothing half-read.
			dev = schema.Device{Index: d.index, Vendor: "NVIDIA", Name: d.name, UUID: d.uuid, PCIBusID: d.pciBusID, Lost: true}
			err := errors.New(b.errString(nvml.ERROR_GPU_IS_LOST))
			usage = nil
			sources = []schema.SourceStatus{
				schema.Failed(fmt.Sprintf("%s.processes.gpu%d", SourceName, d.index), err),
				schema.Failed(fmt.Sprintf("%s.process_utilization.gpu%d", SourceName, d.index), err),
			}
		}
		s.Devices = append(s.Devices, dev)
		s.Usage = append(s.Usage, usage...)
		s.Sources = append(s.Sources, sources...)
	}
	return s
}

// DeviceCount returns how many devices NVML enumerates (0 without a driver).
func (b *Backend) DeviceCount() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.openLocked() != nil {
		return 0
	}
	return len(b.devices)
}

// readDevice reads one device's counters. Any GPU_IS_LOST sets d.lost and
// stops reading: a lost GPU answers every call the same way.
func (b *Backend) readDevice(d *device) schema.Device {
	out := schema.Device{Index: d.index, Vendor: "NVIDIA", Name: d.name, UUID: d.uuid, PCIBusID: d.pciBusID}
	h := d.handle
	if h == nil {
		d.lost = d.handleRet == nvml.ERROR_GPU_IS_LOST
		return out
	}
	ok := func(ret nvml.Return) bool { return b.ok(d, ret) }
	// v2 matches nvidia-smi's "Used" (it excludes driver-reserved memory);
	// older drivers only have v1.
	if m, ret := h.GetMemoryInfo_v2(); ok(ret) {
		out.MemoryTotalBytes, out.MemoryUsedBytes = &m.Total, &m.Used
	} else if m, ret := h.GetMemoryInfo(); ok(ret) {
		out.MemoryTotalBytes, out.MemoryUsedBytes = &m.Total, &m.Used
	}
	if d.lost {
		return out
	}
	if u, ret := h.GetUtilizationRates(); ok(ret) {
		out.GPUUtilPercent = pct(u.Gpu)
		out.MemoryUtilPercent = pct(u.Memory)
	}
	if t, ret := h.GetTemperature(nvml.TEMPERATURE_GPU); ok(ret) {
		out.TemperatureC = schema.Ptr(float64(t))
	}
	if mw, ret := h.GetPowerUsage(); ok(ret) {
		out.PowerW = schema.Ptr(float64(mw) / 1000)
	}
	// The driver's own counter (mJ since it loaded), on Volta and later;
	// NOT_SUPPORTED leaves Energy nil and PowerW as read above.
	if mj, ret := h.GetTotalEnergyConsumption(); ok(ret) {
		out.Energy = &schema.DeviceEnergy{EnergyJoules: schema.Ptr(float64(mj) / 1000)}
	}
	if mw, ret := h.GetEnforcedPowerLimit(); ok(ret) {
		out.PowerLimitW = schema.Ptr(float64(mw) / 1000)
	}
	out.SMClockMHz = clock(h, nvml.CLOCK_SM, ok)
	out.MemoryClockMHz = clock(h, nvml.CLOCK_MEM, ok)
	out.VideoClockMHz = clock(h, nvml.CLOCK_VIDEO, ok)
	if u, _, ret := h.GetEncoderUtilization(); ok(ret) {
		out.EncoderUtilPct = pct(u)
	}
	if u, _, ret := h.GetDecoderUtilization(); ok(ret) {
		out.DecoderUtilPct = pct(u)
	}
	// NVML reports PCIe throughput in KB/s.
	if kb, ret := h.GetPcieThroughput(nvml.PCIE_UTIL_RX_BYTES); ok(ret) {
		out.PCIeRxBytesPerS = schema.Ptr(uint64(kb) * 1024)
	}
	if kb, ret := h.GetPcieThroughput(nvml.PCIE_UTIL_TX_BYTES); ok(ret) {
		out.PCIeTxBytesPerS = schema.Ptr(uint64(kb) * 1024)
	}
	if d.mig && !d.lost {
		out.MIGInstances = b.readMIG(d)
	}
	return out
}

// readMIG reads each MIG instance's identity and memory through its MIG
// device handle. Slots without an instance are skipped.
func (b *Backend) readMIG(d *device) []schema.MIGInstance {
	n, ret := d.handle.GetMaxMigDeviceCount()
	if !b.ok(d, ret) {
		return []schema.MIGInstance{}
	}
	out := []schema.MIGInstance{}
	for i := 0; i < n; i++ {
		mh, ret := d.handle.GetMigDeviceHandleByIndex(i)
		if !b.ok(d, ret) {
			continue // NOT_FOUND: no instance in this slot
		}
		var in schema.MIGInstance
		if id, ret := mh.GetGpuInstanceId(); b.ok(d, ret) {
			in.GPUInstanceID = schema.Ptr(id)
		}
		if id, ret := mh.GetComputeInstanceId(); b.ok(d, ret) {
			in.ComputeInstanceID = schema.Ptr(id)
		}
		if s, ret := mh.GetUUID(); b.ok(d, ret) {
			in.UUID = &s
		}
		if m, ret := mh.GetMemoryInfo(); b.ok(d, ret) {
			in.MemoryTotalBytes, in.MemoryUsedBytes = schema.Ptr(m.Total), schema.Ptr(m.Used)
		}
		out = append(out, in)
	}
	return out
}

// noInstance is NVML's gpuInstanceId / computeInstanceId outside MIG mode.
const noInstance = 0xFFFFFFFF

// errMIGUtilization is why MIG rows have no engine load.
var errMIGUtilization = errors.New("per-process utilization is not available in MIG mode (NVML does not sample processes per MIG instance)")

// ok reports whether an NVML call succeeded, noting a lost GPU.
func (b *Backend) ok(d *device, ret nvml.Return) bool {
	if ret == nvml.ERROR_GPU_IS_LOST {
		d.lost = true
	}
	return ret == nvml.SUCCESS
}

// processLists are NVML's three running-process lists. A process can be on
// more than one; each list reports the process's whole usage, so merging
// takes the largest figure rather than adding them.
var processLists = []struct {
	kind     string
	optional bool // NOT_SUPPORTED is normal for this list
	read     func(nvml.Device) ([]nvml.ProcessInfo, nvml.Return)
}{
	{"compute", false, nvml.Device.GetComputeRunningProcesses},
	{"graphics", true, nvml.Device.GetGraphicsRunningProcesses},
	{"mps", true, nvml.Device.GetMPSComputeRunningProcesses},
}

func (b *Backend) readProcesses(d *device, window time.Duration) ([]backend.ProcessUsage, []schema.SourceStatus) {
	listSource := fmt.Sprintf("%s.processes.gpu%d", SourceName, d.index)
	utilSource := fmt.Sprintf("%s.process_utilization.gpu%d", SourceName, d.index)
	if d.handle == nil {
		err := errors.New("device handle unavailable")
		return nil, []schema.SourceStatus{schema.Failed(listSource, err), schema.Failed(utilSource, err)}
	}
	byPID := map[int]*backend.ProcessUsage{}
	var order []int
	var listErrs []string
	for _, l := range processLists {
		infos, ret := l.read(d.handle)
		if !b.ok(d, ret) {
			if !(l.optional && ret == nvml.ERROR_NOT_SUPPORTED) {
				listErrs = append(listErrs, fmt.Sprintf("%s list: %s", l.kind, b.errString(ret)))
			}
			continue
		}
		for _, info := range infos {
			pid := int(info.Pid)
			p, ok := byPID[pid]
			if !ok {
				p = &backend.ProcessUsage{PID: pid, DeviceIndex: d.index}
				byPID[pid] = p
				order = append(order, pid)
			}
			p.Kinds = append(p.Kinds, l.kind)
			if d.mig && info.GpuInstanceId != noInstance {
				p.GPUInstanceID = schema.Ptr(int(info.GpuInstanceId))
				if info.ComputeInstanceId != noInstance {
					p.ComputeInstanceID = schema.Ptr(int(info.ComputeInstanceId))
				}
			}
			if info.UsedGpuMemory != notAvailable {
				if p.VRAMBytes == nil || info.UsedGpuMemory > *p.VRAMBytes {
					v := info.UsedGpuMemory
					p.VRAMBytes = &v
				}
			}
		}
	}
	var sources []schema.SourceStatus
	if len(listErrs) > 0 {
		// A failed list is a failure, never "no processes".
		sources = append(sources, schema.Failed(listSource, errors.New(joinErrs(listErrs))))
	} else {
		sources = append(sources, schema.OK(listSource))
	}
	sources = append(sources, b.readUtilization(d, window, byPID, utilSource))

	// Processes with engine samples but on no list (NVML can omit them,
	// e.g. graphics processes where that list is unsupported) come last.
	listed := len(order)
	for pid := range byPID {
		if !slices.Contains(order[:listed], pid) {
			order = append(order, pid)
		}
	}
	slices.Sort(order[listed:])

	out := make([]backend.ProcessUsage, 0, len(order))
	for _, pid := range order {
		out = append(out, *byPID[pid])
	}
	return out, sources
}

// readUtilization attaches per-process SM/encoder/decoder load from the
// samples newer than the device's last-seen timestamp. A process with no
// sample in the window keeps nil: NVML said nothing about it.
func (b *Backend) readUtilization(d *device, window time.Duration, byPID map[int]*backend.ProcessUsage, name string) schema.SourceStatus {
	if d.mig {
		for _, p := range byPID {
			p.Notes = append(p.Notes, errMIGUtilization.Error())
		}
		return schema.Failed(name, errMIGUtilization)
	}
	since := d.lastSeen
	if since == 0 {
		since = uint64(b.now().Add(-window).UnixMicro())
	}
	samples, ret, err := processUtilization(d.handle, since)
	if err != nil {
		return schema.Failed(name, err)
	}
	b.ok(d, ret)
	switch ret {
	case nvml.SUCCESS:
	case nvml.ERROR_NOT_FOUND:
		// No process ran on the GPU since `since`: nothing to report.
		return schema.OK(name)
	case nvml.ERROR_INSUFFICIENT_SIZE:
		// go-nvml's answer when the driver counts zero samples: the same.
		if len(samples) == 0 {
			return schema.OK(name)
		}
		return schema.Failed(name, errors.New(b.errString(ret)))
	default:
		return schema.Failed(name, errors.New(b.errString(ret)))
	}
	type acc struct {
		n            int
		sm, enc, dec float64
	}
	per := map[int]*acc{}
	for _, s := range samples {
		if s.TimeStamp <= since {
			continue
		}
		a := per[int(s.Pid)]
		if a == nil {
			a = &acc{}
			per[int(s.Pid)] = a
		}
		a.n++
		a.sm += float64(s.SmUtil)
		a.enc += float64(s.EncUtil)
		a.dec += float64(s.DecUtil)
		if s.TimeStamp > d.lastSeen {
			d.lastSeen = s.TimeStamp
		}
	}
	for pid, a := range per {
		p := byPID[pid]
		if p == nil {
			// A sample for a process no list named: keep it, with unknown
			// memory, so its load is not lost.
			p = &backend.ProcessUsage{PID: pid, DeviceIndex: d.index}
			byPID[pid] = p
		}
		n := float64(a.n)
		p.SMUtilPercent = clampPct(a.sm / n)
		p.EncoderUtilPercent = clampPct(a.enc / n)
		p.DecoderUtilPercent = clampPct(a.dec / n)
	}
	return schema.OK(name)
}

// processUtilization calls GetProcessUtilization, which asks the driver
// for a count, then fetches into a buffer of that size and slices it to the
// count the fetch reports: when a process starts between the two calls that
// is past the buffer, and go-nvml panics. That is a failed read, not a crash.
func processUtilization(h nvml.Device, since uint64) (samples []nvml.ProcessUtilizationSample, ret nvml.Return, err error) {
	defer func() {
		if r := recover(); r != nil {
			samples, err = nil, fmt.Errorf("the driver's sample count changed during the read (%v)", r)
		}
	}()
	samples, ret = h.GetProcessUtilization(since)
	return samples, ret, nil
}

// errString names an NVML return code; go-nvml formats it in Go, so this
// works even when the library never loaded.
func (b *Backend) errString(ret nvml.Return) string { return ret.Error() }

func clock(h nvml.Device, t nvml.ClockType, ok func(nvml.Return) bool) *float64 {
	if mhz, ret := h.GetClockInfo(t); ok(ret) {
		return schema.Ptr(float64(mhz))
	}
	return nil
}

func pct(v uint32) *float64 { return clampPct(float64(v)) }

func clampPct(v float64) *float64 {
	if v < 0 {
		v = 0
	}
	if v > 100 {
		v = 100
	}
	return &v
}

func cString(b []int8) string {
	buf := make([]byte, 0, len(b))
	for _, c := range b {
		if c == 0 {
			break
		}
		buf = append(buf, byte(c))
	}
	return string(buf)
}

func joinErrs(errs []string) string {
	sort.Strings(errs)
	out := errs[0]
	for _, e := range errs[1:] {
		out += "; " + e
	}
	return out
}
