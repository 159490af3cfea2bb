package schema

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
	// VRAMTrend is where MemoryUsedBytes is heading and VRAMForecast when
	// it would be full: inferred from the measured readings, null with too
	// little history or (forecast) no steady growth.
	VRAMTrend    *Trend    `json:"vram_trend"`
	VRAMForecast *Forecast `json:"vram_forecast"`
	// Energy is the card's energy and its power split (docs/energy.md).
	Energy *DeviceEnergy `json:"energy"`
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

// System is the machine beside the GPU: CPU load, RAM and swap, as the OS
// counts them. A model half offloaded to the CPU shows here. Nil fields
// could not be read; CPUPercent is nil on the first reading, which has no
// earlier one to compare with.
type System struct {
	// CPUPercent is the busy share of all logical CPUs since the previous
	// reading, 0–100.
	CPUPercent *float64 `json:"cpu_percent"`
	// MemoryUsedBytes is total minus available (what a new program could
	// not get without swapping), as Task Manager and free(1) count "used".
	MemoryUsedBytes  *uint64 `json:"memory_used_bytes"`
	MemoryTotalBytes *uint64 `json:"memory_total_bytes"`
	SwapUsedBytes    *uint64 `json:"swap_used_bytes"`
	SwapTotalBytes   *uint64 `json:"swap_total_bytes"`
}
