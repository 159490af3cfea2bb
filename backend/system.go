package backend

import "context"

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

// SystemReader reads System; failures are reported in the SourceStatus, and what
// could be read is still returned.
type SystemReader interface {
	ReadSystem(ctx context.Context) (System, SourceStatus)
}
