// Package nvmltest builds whole fake NVIDIA machines on go-nvml's mocks, for
// tests and benchmarks that need a driver without a GPU. Every method gtm
// calls is set; go-nvml's mocks panic on any other, which is how a test
// notices gtm calling something new.
package nvmltest

import (
	"sync"

	"github.com/NVIDIA/go-nvml/pkg/nvml"
	"github.com/NVIDIA/go-nvml/pkg/nvml/mock"
)

// Field names a GPU can mark unsupported (the call returns NOT_SUPPORTED).
const (
	Memory      = "memory" // both memory-info calls
	MemoryV2    = "memory_v2"
	Utilization = "utilization"
	Temperature = "temperature"
	Power       = "power"
	PowerLimit  = "power_limit"
	Clocks      = "clocks"
	VideoClock  = "video_clock"
	Encoder     = "encoder"
	Decoder     = "decoder"
	PCIe        = "pcie"
	Graphics    = "graphics" // the graphics process list
	MPS         = "mps"      // the MPS process list
)

// GPU is one fake device. Zero values are returned as real readings; mark
// a reading unsupported with Unsupported.
type GPU struct {
	Name, UUID, BusID  string
	Total, Used        uint64
	Reserved           uint64
	GPUUtil, MemUtil   uint32
	TempC              uint32
	PowerMW, LimitMW   uint32
	SMClock, MemClock  uint32
	VideoClock         uint32
	EncUtil, DecUtil   uint32
	PCIeRxKB, PCIeTxKB uint32
	// EnergyMJ is GetTotalEnergyConsumption's counter (mJ since the
	// driver loaded); nil is a card without one (NOT_SUPPORTED).
	EnergyMJ *uint64

	Compute, GraphicsProcs, MPSProcs []nvml.ProcessInfo
	// Samples are returned by GetProcessUtilization, filtered to those
	// newer than the timestamp asked for.
	Samples []nvml.ProcessUtilizationSample
	// SamplesFunc, when set, replaces Samples: it is called on each read
	// with the timestamp asked for (benchmarks use it for fresh samples).
	SamplesFunc func(since uint64) []nvml.ProcessUtilizationSample

	Unsupported map[string]bool
	// ComputeErr, when set, makes the compute process list fail.
	ComputeErr nvml.Return
	// UtilErr, when set, makes GetProcessUtilization fail.
	UtilErr nvml.Return
	// HandleErr, when set, makes DeviceGetHandleByIndex fail.
	HandleErr nvml.Return
	// MIG, when set, puts the GPU in MIG mode with these instances (a nil
	// entry is an empty slot).
	MIG []*MIGInstance

	mu sync.Mutex
	// Asked records every lastSeenTimestamp passed to GetProcessUtilization.
	Asked []uint64
}

// MIGInstance is one MIG device of a fake GPU in MIG mode.
type MIGInstance struct {
	GPUInstance, ComputeInstance int
	UUID                         string
	Total, Used                  uint64
}

func (g *GPU) migMode() (int, int, nvml.Return) {
	if g.MIG == nil {
		return nvml.DEVICE_MIG_DISABLE, nvml.DEVICE_MIG_DISABLE, nvml.SUCCESS
	}
	return nvml.DEVICE_MIG_ENABLE, nvml.DEVICE_MIG_ENABLE, nvml.SUCCESS
}

func (g *GPU) migHandle(i int) (nvml.Device, nvml.Return) {
	if i < 0 || i >= len(g.MIG) {
		return nil, nvml.ERROR_INVALID_ARGUMENT
	}
	in := g.MIG[i]
	if in == nil {
		return nil, nvml.ERROR_NOT_FOUND
	}
	return &mock.Device{
		GetGpuInstanceIdFunc:     func() (int, nvml.Return) { return in.GPUInstance, nvml.SUCCESS },
		GetComputeInstanceIdFunc: func() (int, nvml.Return) { return in.ComputeInstance, nvml.SUCCESS },
		GetUUIDFunc:              func() (string, nvml.Return) { return in.UUID, nvml.SUCCESS },
		GetMemoryInfoFunc: func() (nvml.Memory, nvml.Return) {
			return nvml.Memory{Total: in.Total, Used: in.Used, Free: in.Total - in.Used}, nvml.SUCCESS
		},
	}, nvml.SUCCESS
}

// Machine is a fake NVML library over some GPUs.
type Machine struct {
	GPUs []*GPU
	// InitErr, when set, makes Init fail (ERROR_LIBRARY_NOT_FOUND = no driver).
	InitErr nvml.Return
}

// NotAvailable is NVML_VALUE_NOT_AVAILABLE for process memory.
const NotAvailable = ^uint64(0)

// Interface returns the machine as an nvml.Interface.
func (m *Machine) Interface() *mock.Interface {
	return &mock.Interface{
		InitFunc: func() nvml.Return {
			if m.InitErr != 0 {
				return m.InitErr
			}
			return nvml.SUCCESS
		},
		ShutdownFunc:       func() nvml.Return { return nvml.SUCCESS },
		DeviceGetCountFunc: func() (int, nvml.Return) { return len(m.GPUs), nvml.SUCCESS },
		DeviceGetHandleByIndexFunc: func(i int) (nvml.Device, nvml.Return) {
			if i < 0 || i >= len(m.GPUs) {
				return nil, nvml.ERROR_INVALID_ARGUMENT
			}
			if m.GPUs[i].HandleErr != 0 {
				return nil, m.GPUs[i].HandleErr
			}
			return m.GPUs[i].device(), nvml.SUCCESS
		},
	}
}

func (g *GPU) has(field string) bool { return !g.Unsupported[field] }

func (g *GPU) ret(field string) nvml.Return {
	if g.has(field) {
		return nvml.SUCCESS
	}
	return nvml.ERROR_NOT_SUPPORTED
}

func busID(s string) [32]int8 {
	var out [32]int8
	for i := 0; i < len(s) && i < 31; i++ {
		out[i] = int8(s[i])
	}
	return out
}

func (g *GPU) device() nvml.Device {
	return &mock.Device{
		GetNameFunc:                   func() (string, nvml.Return) { return g.Name, nvml.SUCCESS },
		GetUUIDFunc:                   func() (string, nvml.Return) { return g.UUID, nvml.SUCCESS },
		GetPciInfoFunc:                func() (nvml.PciInfo, nvml.Return) { return nvml.PciInfo{BusId: busID(g.BusID)}, nvml.SUCCESS },
		GetMigModeFunc:                g.migMode,
		GetMaxMigDeviceCountFunc:      g.maxMigDeviceCount,
		GetMigDeviceHandleByIndexFunc: g.migHandle,
		GetMemoryInfo_v2Func:          g.memoryV2,
		GetMemoryInfoFunc: func() (nvml.Memory, nvml.Return) {
			// v1's Used includes the driver's reserved memory.
			return nvml.Memory{Total: g.Total, Used: g.Used + g.Reserved, Free: g.Total - g.Used - g.Reserved}, g.ret(Memory)
		},
		GetUtilizationRatesFunc: func() (nvml.Utilization, nvml.Return) {
			return nvml.Utilization{Gpu: g.GPUUtil, Memory: g.MemUtil}, g.ret(Utilization)
		},
		GetTemperatureFunc: func(nvml.TemperatureSensors) (uint32, nvml.Return) {
			return g.TempC, g.ret(Temperature)
		},
		GetPowerUsageFunc:         func() (uint32, nvml.Return) { return g.PowerMW, g.ret(Power) },
		GetEnforcedPowerLimitFunc: func() (uint32, nvml.Return) { return g.LimitMW, g.ret(PowerLimit) },
		GetTotalEnergyConsumptionFunc: func() (uint64, nvml.Return) {
			if g.EnergyMJ == nil {
				return 0, nvml.ERROR_NOT_SUPPORTED
			}
			return *g.EnergyMJ, nvml.SUCCESS
		},
		GetClockInfoFunc:          g.clockInfo,
		GetEncoderUtilizationFunc: func() (uint32, uint32, nvml.Return) { return g.EncUtil, 167000, g.ret(Encoder) },
		GetDecoderUtilizationFunc: func() (uint32, uint32, nvml.Return) { return g.DecUtil, 167000, g.ret(Decoder) },
		GetPcieThroughputFunc: func(c nvml.PcieUtilCounter) (uint32, nvml.Return) {
			if c == nvml.PCIE_UTIL_RX_BYTES {
				return g.PCIeRxKB, g.ret(PCIe)
			}
			return g.PCIeTxKB, g.ret(PCIe)
		},
		GetComputeRunningProcessesFunc: func() ([]nvml.ProcessInfo, nvml.Return) {
			if g.ComputeErr != 0 {
				return nil, g.ComputeErr
			}
			return g.Compute, nvml.SUCCESS
		},
		GetGraphicsRunningProcessesFunc: func() ([]nvml.ProcessInfo, nvml.Return) {
			return g.GraphicsProcs, g.ret(Graphics)
		},
		GetMPSComputeRunningProcessesFunc: func() ([]nvml.ProcessInfo, nvml.Return) {
			return g.MPSProcs, g.ret(MPS)
		},
		GetProcessUtilizationFunc: g.processUtilization,
	}
}

func (g *GPU) maxMigDeviceCount() (int, nvml.Return) {
	if g.MIG == nil {
		return 0, nvml.ERROR_NOT_SUPPORTED
	}
	return len(g.MIG), nvml.SUCCESS
}

func (g *GPU) memoryV2() (nvml.Memory_v2, nvml.Return) {
	if !g.has(Memory) || !g.has(MemoryV2) {
		return nvml.Memory_v2{}, nvml.ERROR_NOT_SUPPORTED
	}
	return nvml.Memory_v2{Total: g.Total, Reserved: g.Reserved, Used: g.Used, Free: g.Total - g.Used - g.Reserved}, nvml.SUCCESS
}

func (g *GPU) clockInfo(t nvml.ClockType) (uint32, nvml.Return) {
	if !g.has(Clocks) {
		return 0, nvml.ERROR_NOT_SUPPORTED
	}
	switch t {
	case nvml.CLOCK_SM:
		return g.SMClock, nvml.SUCCESS
	case nvml.CLOCK_MEM:
		return g.MemClock, nvml.SUCCESS
	case nvml.CLOCK_VIDEO:
		return g.VideoClock, g.ret(VideoClock)
	}
	return 0, nvml.ERROR_INVALID_ARGUMENT
}

// processUtilization records since (LastAsked) and answers as the driver
// does: the samples newer than since, or NOT_FOUND when there are none.
func (g *GPU) processUtilization(since uint64) ([]nvml.ProcessUtilizationSample, nvml.Return) {
	g.mu.Lock()
	g.Asked = append(g.Asked, since)
	g.mu.Unlock()
	if g.UtilErr != 0 {
		return nil, g.UtilErr
	}
	samples := g.Samples
	if g.SamplesFunc != nil {
		samples = g.SamplesFunc(since)
	}
	var out []nvml.ProcessUtilizationSample
	for _, s := range samples {
		if s.TimeStamp > since {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return nil, nvml.ERROR_NOT_FOUND
	}
	return out, nvml.SUCCESS
}

// LastAsked returns the newest lastSeenTimestamp passed to
// GetProcessUtilization.
func (g *GPU) LastAsked() []uint64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]uint64(nil), g.Asked...)
}
