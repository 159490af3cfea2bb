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
	var b strings.Builder
	var bad error
	kv := func(k, v string) {
		if strings.ContainsAny(v, "\r\n") || len(k)+len(v) > 500 {
			bad = fmt.Errorf("fakenvml: %s=%q: values are one line of at most 500 bytes", k, v)
		}
		b.WriteString(k + "=" + v + "\n")
	}
	u := func(k string, v uint64) { kv(k, strconv.FormatUint(v, 10)) }
	fail := func(f Failure, gpu int) {
		b.WriteString("fail\n")
		kv("fn", f.Func)
		kv("ret", f.Return)
		if gpu >= 0 {
			u("gpu", uint64(gpu))
		}
		u("after", uint64(f.After))
	}
	if len(m.GPUs) > MaxGPUs {
		return "", fmt.Errorf("fakenvml: %d GPUs, the stand-in holds at most %d", len(m.GPUs), MaxGPUs)
	}
	nfail := len(m.Fail)
	for _, g := range m.GPUs {
		nfail += len(g.Fail)
		if len(g.Processes) > MaxProcesses {
			return "", fmt.Errorf("fakenvml: %d processes on one GPU, the stand-in holds at most %d", len(g.Processes), MaxProcesses)
		}
	}
	if nfail > MaxFailures {
		return "", fmt.Errorf("fakenvml: %d fail rules, the stand-in holds at most %d", nfail, MaxFailures)
	}
	b.WriteString("# gtm stand-in NVIDIA machine (backend/nvml/fakenvml)\n")
	if m.DriverVersion != "" {
		kv("driver_version", m.DriverVersion)
	}
	for i, g := range m.GPUs {
		b.WriteString("gpu\n")
		kv("name", g.Name)
		kv("uuid", g.UUID)
		kv("pci_bus_id", g.PCIBusID)
		u("memory_total", g.MemoryTotal)
		u("memory_used", g.MemoryUsed)
		u("memory_reserved", g.MemoryReserved)
		if g.MemoryFree != nil {
			u("memory_free", *g.MemoryFree)
		}
		u("util_gpu", uint64(g.GPUUtil))
		u("util_memory", uint64(g.MemoryUtil))
		u("temperature", uint64(g.TemperatureC))
		u("power_mw", uint64(g.PowerMilliwatts))
		u("power_limit_mw", uint64(g.PowerLimitMilliwatts))
		u("clock_sm", uint64(g.SMClockMHz))
		u("clock_mem", uint64(g.MemoryClockMHz))
		u("clock_video", uint64(g.VideoClockMHz))
		u("encoder", uint64(g.EncoderUtil))
		u("decoder", uint64(g.DecoderUtil))
		u("pcie_rx_kbs", uint64(g.PCIeRxKBps))
		u("pcie_tx_kbs", uint64(g.PCIeTxKBps))
		if g.Lost {
			kv("lost", "1")
		}
		if g.SamplesGrow {
			kv("samples_grow", "1")
		}
		for _, p := range g.Processes {
			if p.PID < 0 || p.PID > 1<<32-1 {
				return "", fmt.Errorf("fakenvml: process PID %d out of range", p.PID)
			}
			b.WriteString("process\n")
			u("pid", uint64(p.PID))
			u("used_memory", p.UsedMemory)
			switch {
			case p.Unlisted:
				kv("lists", "")
			case p.Lists != nil:
				kv("lists", strings.Join(p.Lists, ","))
			}
			if s := p.Sample; s != nil {
				u("sm", uint64(s.SM))
				u("mem", uint64(s.Memory))
				u("enc", uint64(s.Encoder))
				u("dec", uint64(s.Decoder))
			}
		}
		for _, f := range g.Fail {
			fail(f, i)
		}
	}
	for _, f := range m.Fail {
		fail(f, -1)
	}
	return b.String(), bad
}
