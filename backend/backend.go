// Package backend defines what every measured-counter source hands to the
// collector: device readings, per-process GPU usage and the health of each
// source. Sub-packages (nvml, linux, later windows/darwin/wsl) implement it.
//
// Everything here is a measurement. A nil pointer means the counter could not
// be read (not supported, no permission, driver error); it is never replaced
// by zero. Estimates and inferences belong to inspect and app, not here.
package backend

import (
	"context"
	"errors"
	"time"
)

// GPU is a source of device readings and per-process GPU usage.
type GPU interface {
	// Name is the source's short, stable name as it appears in snapshots.
	Name() string
	// Sample reads every device once. It never returns an error: failures
	// are reported in Sample.Sources so a partial reading is still useful.
	// window is how far back per-process engine samples may reach on the
	// first read (normally the refresh interval); later reads continue
	// from where the previous one stopped.
	Sample(ctx context.Context, window time.Duration) Sample
	// Close releases the driver.
	Close() error
}

// Sample is one reading of a GPU source.
type Sample struct {
	Devices []Device
	Usage   []ProcessUsage
	Sources []SourceStatus
	// WSL is what the Windows host said, under WSL only (nil elsewhere).
	WSL *WSLHost
}

// WSLHost is the state of the Windows host counters under WSL.
type WSLHost struct {
	// State is "starting", "on", "failed" or "off"; Reason says why for
	// the last two.
	State  string  `json:"host_counters"`
	Reason *string `json:"reason"`
	// Devices pairs each NVML device with a host adapter.
	Devices []WSLDevice `json:"devices"`
}

// WSLDevice is one NVML device's host adapter and VM worker.
type WSLDevice struct {
	Index int `json:"index"`
	// AdapterLUID is the host adapter paired by memory use; null when
	// unmatched (none, or more than one, fits).
	AdapterLUID *string `json:"adapter_luid"`
	// VMWorkerPID is the Windows PID of vmwp.exe on that adapter; its
	// VRAM is the exact total of Linux GPU memory (every distro, WSLg,
	// Docker Desktop). Label is "WSL VM" or, with several VM workers
	// (other Hyper-V VMs, Windows Sandbox), "VM worker".
	VMWorkerPID *int   `json:"vm_worker_pid"`
	Label       string `json:"label"`
	// Contexts are the VM worker's guest GPU contexts, newest first.
	Contexts []uint64 `json:"-"`
}

// Device is one GPU as the driver reports it. Field names and JSON keys are
// the snapshot schema (docs/json.md).
type Device struct {
	Index             int      `json:"index"`
	Name              *string  `json:"name"`
	Vendor            string   `json:"vendor"`
	UUID              *string  `json:"uuid"`
	PCIBusID          *string  `json:"pci_bus_id"`
	MemoryTotalBytes  *uint64  `json:"memory_total_bytes"`
	MemoryUsedBytes   *uint64  `json:"memory_used_bytes"`
	GPUUtilPercent    *float64 `json:"gpu_util_percent"`
	MemoryUtilPercent *float64 `json:"memory_util_percent"`
	TemperatureC      *float64 `json:"temperature_c"`
	PowerW            *float64 `json:"power_w"`
	PowerLimitW       *float64 `json:"power_limit_w"`
	SMClockMHz        *float64 `json:"sm_clock_mhz"`
	MemoryClockMHz    *float64 `json:"memory_clock_mhz"`
	VideoClockMHz     *float64 `json:"video_clock_mhz"`
	EncoderUtilPct    *float64 `json:"encoder_util_percent"`
	DecoderUtilPct    *float64 `json:"decoder_util_percent"`
	PCIeRxBytesPerS   *uint64  `json:"pcie_rx_bytes_per_s"`
	PCIeTxBytesPerS   *uint64  `json:"pcie_tx_bytes_per_s"`
	// MIGInstances are the device's MIG instances when MIG is enabled
	// (null otherwise), each with its own memory.
	MIGInstances []MIGInstance `json:"mig_instances"`
	// Lost is true when the driver reports the GPU lost (fallen off the
	// bus, hung): every reading is then nil, never the last known value.
	Lost bool `json:"lost"`
}

// MIGInstance is one MIG device (a GPU instance with a compute instance)
// of a MIG-enabled GPU, read through its MIG device handle.
type MIGInstance struct {
	GPUInstanceID     *int    `json:"gpu_instance_id"`
	ComputeInstanceID *int    `json:"compute_instance_id"`
	UUID              *string `json:"uuid"`
	MemoryTotalBytes  *uint64 `json:"memory_total_bytes"`
	MemoryUsedBytes   *uint64 `json:"memory_used_bytes"`
}

// ProcessUsage is one process's measured use of one device. PID is in the
// driver's PID namespace, which may not be ours (containers, WSL).
type ProcessUsage struct {
	PID         int
	DeviceIndex int
	// VRAMBytes is nil when the driver lists the process but hides its
	// memory (NVML_VALUE_NOT_AVAILABLE, e.g. without permission).
	VRAMBytes *uint64
	// Kinds says which driver lists named the process: "compute",
	// "graphics", "mps".
	Kinds []string
	// Engine load from the driver's utilization samples; nil when the
	// process had no sample in the window.
	SMUtilPercent      *float64
	EncoderUtilPercent *float64
	DecoderUtilPercent *float64
	// GPUUtilPercent is the busiest engine when the source measures
	// engines the columns above do not name (copy, unified video); nil
	// lets the collector take the busiest of SM, encoder and decoder.
	GPUUtilPercent *float64
	// SpillBytes is GPU-accessible system memory the driver charges to the
	// process (DRM's GTT); nil where the driver has no such counter.
	SpillBytes *uint64
	// Notes explain a reading that is missing or partial.
	Notes []string
	// Name is the process's name as the source knows it, for PIDs that
	// cannot be looked up locally (Windows PIDs under WSL); nil otherwise.
	Name *string
	// PagedBytes is the Windows paged estimate; nil where not read.
	PagedBytes *uint64
	// GPUInstanceID and ComputeInstanceID place the process in a MIG
	// instance; nil when the device is not in MIG mode.
	GPUInstanceID     *int
	ComputeInstanceID *int
}

// SourceStatus reports whether one source (or one part of it) could be read.
type SourceStatus struct {
	Name  string  `json:"name"`
	OK    bool    `json:"ok"`
	Error *string `json:"error"`
	// Note says something about a source that is fine but has nothing to
	// read (no NVIDIA adapter for nvml.dll); omitted when there is none.
	Note *string `json:"note,omitempty"`
}

// OK returns a healthy source.
func OK(name string) SourceStatus { return SourceStatus{Name: name, OK: true} }

// Noted returns a healthy source with a quiet note: not an error, and
// not shown as one.
func Noted(name, note string) SourceStatus { return SourceStatus{Name: name, OK: true, Note: &note} }

// Failed returns a source that could not be read, with the reason.
func Failed(name string, err error) SourceStatus {
	msg := err.Error()
	return SourceStatus{Name: name, OK: false, Error: &msg}
}

// Ptr returns a pointer to v: the way a reading becomes "available".
func Ptr[T any](v T) *T { return &v }

// Unsupported is the GPU source of a platform gtm cannot read yet: it
// reports that as a failed source rather than as "no GPU".
type Unsupported struct{}

// Name implements GPU.
func (Unsupported) Name() string { return "gpu" }

// Sample implements GPU.
func (Unsupported) Sample(context.Context, time.Duration) Sample {
	return Sample{Sources: []SourceStatus{Failed("gpu", errUnsupported)}}
}

// Close implements GPU.
func (Unsupported) Close() error { return nil }

var errUnsupported = errors.New("no GPU backend for this operating system yet")
