// Package fakenvml is a stand-in NVIDIA driver for end-to-end tests: a small
// C libnvidia-ml.so.1 (testdata/fakenvml.c) that answers gtm's NVML calls
// from a machine file the test writes, and may rewrite while gtm runs.
//
// Run the real binary on it:
//
//	lib := fakenvml.Build(t) // compiled with cc once per test binary
//	m := fakenvml.Machine{GPUs: []fakenvml.GPU{{
//		Name: "NVIDIA H100", UUID: "GPU-1", PCIBusID: "00000000:01:00.0",
//		MemoryTotal: 80 << 30, MemoryUsed: 3 << 30,
//		Processes: []fakenvml.Process{{PID: child.Process.Pid, UsedMemory: 2 << 30}},
//	}}}
//	path := filepath.Join(t.TempDir(), "machine")
//	if err := m.Write(path); err != nil { t.Fatal(err) }
//	cmd := exec.Command(gtm, "--json")
//	cmd.Env = fakenvml.Env(lib, path)
//
// or load it in-process through go-nvml, whose WithLibraryPath takes
// LibraryPath(t), after t.Setenv(MachineEnv, path).
//
// Every reading is returned as written; zero is a measured zero. To make a
// reading unavailable, fail its function: Failure{Func:
// "nvmlDeviceGetTemperature", Return: "NOT_SUPPORTED"}. A GPU_IS_LOST
// failure latches: from then on every call on that GPU is GPU_IS_LOST, as on
// a real driver, until the file is rewritten. Any NVML entry point the stand-in
// does not implement returns NOT_SUPPORTED. The file format is in
// testdata/README.md.
package fakenvml

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// MachineEnv names the machine file for the stand-in library.
const MachineEnv = "GTM_FAKE_NVML_MACHINE"

// The stand-in's fixed table sizes (MAX_* in testdata/fakenvml.c).
const (
	MaxGPUs      = 16
	MaxProcesses = 256 // per GPU
	MaxFailures  = 64
)

// NotAvailable is NVML_VALUE_NOT_AVAILABLE: the driver lists a process but
// will not say how much memory it holds.
const NotAvailable = ^uint64(0)

// Machine is what the stand-in driver reports.
type Machine struct {
	// DriverVersion is nvmlSystemGetDriverVersion's answer; empty keeps
	// the library's default.
	DriverVersion string
	GPUs          []GPU
	// Fail applies to every GPU and to calls about no GPU (nvmlInit,
	// nvmlDeviceGetCount). Rules for one GPU go in GPU.Fail.
	Fail []Failure
}

// GPU is one device. Units are NVML's: bytes, percent, °C, milliwatts, MHz,
// KB/s.
type GPU struct {
	Name, UUID, PCIBusID string

	MemoryTotal, MemoryUsed, MemoryReserved uint64
	// MemoryFree, when nil, is total − used − reserved.
	MemoryFree *uint64

	GPUUtil, MemoryUtil                       uint32
	TemperatureC                              uint32
	PowerMilliwatts, PowerLimitMilliwatts     uint32
	SMClockMHz, MemoryClockMHz, VideoClockMHz uint32
	EncoderUtil, DecoderUtil                  uint32
	PCIeRxKBps, PCIeTxKBps                    uint32
	// EnergyMillijoules is nvmlDeviceGetTotalEnergyConsumption's counter
	// (mJ since the driver loaded); nil is a card without one
	// (NOT_SUPPORTED, as before Volta).
	EnergyMillijoules *uint64

	// Lost makes every call on this GPU return GPU_IS_LOST.
	Lost bool
	// SamplesGrow makes nvmlDeviceGetProcessUtilization's fetch find one
	// sample more than its count query said (a process started between
	// the two calls): INSUFFICIENT_SIZE with a count above the buffer.
	SamplesGrow bool

	Processes []Process
	Fail      []Failure
}

// Process is one process the driver lists on a GPU.
type Process struct {
	PID int
	// UsedMemory is in bytes; NotAvailable for NVML's "not available".
	UsedMemory uint64
	// Lists names the driver lists that hold the process: "compute",
	// "graphics", "mps". Nil means compute only.
	Lists []string
	// Unlisted puts the process on no list: it appears only in the
	// utilization samples (Sample must be set).
	Unlisted bool
	// Sample, when set, is returned by nvmlDeviceGetProcessUtilization on
	// every call, stamped with the time of the call.
	Sample *Sample
}

// Sample is one process's engine load, in percent.
type Sample struct {
	SM, Memory, Encoder, Decoder uint32
}

// Failure makes an NVML function return an error.
type Failure struct {
	// Func is the C symbol (nvmlDeviceGetMemoryInfo_v2), its name without
	// the version suffix (nvmlDeviceGetMemoryInfo matches every version),
	// or "*" for every implemented function.
	Func string
	// Return is the NVML return code's name without NVML_ERROR_
	// ("NOT_SUPPORTED", "GPU_IS_LOST", "NO_PERMISSION", "UNKNOWN", ...)
	// or its number.
	Return string
	// After is how many matching calls succeed before the rule fires;
	// counting restarts when the machine file changes.
	After int
}

// Write writes the machine file atomically (a rename), so a library
// reading it while gtm runs sees the old machine or the new one, never half.
func (m Machine) Write(path string) error {
	text, err := m.Format()
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".machine-*")
	if err != nil {
		return err
	}
	if _, err := tmp.WriteString(text); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}

// Format renders the machine file (testdata/README.md).
func (m Machine) Format() (string, error) {
	if err := m.checkLimits(); err != nil {
		return "", err
	}
	var w machineWriter
	w.b.WriteString("# gtm stand-in NVIDIA machine (backend/nvml/fakenvml)\n")
	if m.DriverVersion != "" {
		w.kv("driver_version", m.DriverVersion)
	}
	for i, g := range m.GPUs {
		if err := w.gpu(g); err != nil {
			return "", err
		}
		for _, f := range g.Fail {
			w.fail(f, i)
		}
	}
	for _, f := range m.Fail {
		w.fail(f, -1)
	}
	return w.b.String(), w.bad
}

// checkLimits refuses a machine larger than the stand-in's fixed tables.
func (m Machine) checkLimits() error {
	if len(m.GPUs) > MaxGPUs {
		return fmt.Errorf("fakenvml: %d GPUs, the stand-in holds at most %d", len(m.GPUs), MaxGPUs)
	}
	nfail := len(m.Fail)
	for _, g := range m.GPUs {
		nfail += len(g.Fail)
		if len(g.Processes) > MaxProcesses {
			return fmt.Errorf("fakenvml: %d processes on one GPU, the stand-in holds at most %d", len(g.Processes), MaxProcesses)
		}
	}
	if nfail > MaxFailures {
		return fmt.Errorf("fakenvml: %d fail rules, the stand-in holds at most %d", nfail, MaxFailures)
	}
	return nil
}

// machineWriter writes the machine file's key=value lines; bad keeps the
// last value the stand-in could not read back.
type machineWriter struct {
	b   strings.Builder
	bad error
}

func (w *machineWriter) kv(k, v string) {
	if strings.ContainsAny(v, "\r\n") || len(k)+len(v) > 500 {
		w.bad = fmt.Errorf("fakenvml: %s=%q: values are one line of at most 500 bytes", k, v)
	}
	w.b.WriteString(k + "=" + v + "\n")
}

func (w *machineWriter) u(k string, v uint64) { w.kv(k, strconv.FormatUint(v, 10)) }

// fail writes a fail rule; gpu < 0 is a machine-wide one.
func (w *machineWriter) fail(f Failure, gpu int) {
	w.b.WriteString("fail\n")
	w.kv("fn", f.Func)
	w.kv("ret", f.Return)
	if gpu >= 0 {
		w.u("gpu", uint64(gpu))
	}
	w.u("after", uint64(f.After))
}

// gpu writes one GPU block and its processes.
func (w *machineWriter) gpu(g GPU) error {
	w.b.WriteString("gpu\n")
	w.kv("name", g.Name)
	w.kv("uuid", g.UUID)
	w.kv("pci_bus_id", g.PCIBusID)
	w.u("memory_total", g.MemoryTotal)
	w.u("memory_used", g.MemoryUsed)
	w.u("memory_reserved", g.MemoryReserved)
	if g.MemoryFree != nil {
		w.u("memory_free", *g.MemoryFree)
	}
	w.u("util_gpu", uint64(g.GPUUtil))
	w.u("util_memory", uint64(g.MemoryUtil))
	w.u("temperature", uint64(g.TemperatureC))
	w.u("power_mw", uint64(g.PowerMilliwatts))
	w.u("power_limit_mw", uint64(g.PowerLimitMilliwatts))
	if g.EnergyMillijoules != nil {
		w.u("energy_mj", *g.EnergyMillijoules)
	}
	w.u("clock_sm", uint64(g.SMClockMHz))
	w.u("clock_mem", uint64(g.MemoryClockMHz))
	w.u("clock_video", uint64(g.VideoClockMHz))
	w.u("encoder", uint64(g.EncoderUtil))
	w.u("decoder", uint64(g.DecoderUtil))
	w.u("pcie_rx_kbs", uint64(g.PCIeRxKBps))
	w.u("pcie_tx_kbs", uint64(g.PCIeTxKBps))
	if g.Lost {
		w.kv("lost", "1")
	}
	if g.SamplesGrow {
		w.kv("samples_grow", "1")
	}
	for _, p := range g.Processes {
		if err := w.process(p); err != nil {
			return err
		}
	}
	return nil
}

// process writes one process block.
func (w *machineWriter) process(p Process) error {
	if p.PID < 0 || p.PID > 1<<32-1 {
		return fmt.Errorf("fakenvml: process PID %d out of range", p.PID)
	}
	w.b.WriteString("process\n")
	w.u("pid", uint64(p.PID))
	w.u("used_memory", p.UsedMemory)
	switch {
	case p.Unlisted:
		w.kv("lists", "")
	case p.Lists != nil:
		w.kv("lists", strings.Join(p.Lists, ","))
	}
	if s := p.Sample; s != nil {
		w.u("sm", uint64(s.SM))
		w.u("mem", uint64(s.Memory))
		w.u("enc", uint64(s.Encoder))
		w.u("dec", uint64(s.Decoder))
	}
	return nil
}
