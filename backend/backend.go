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

	"github.com/gputaskman/gtm/internal/schema"
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
	Devices []schema.Device
	Usage   []ProcessUsage
	Sources []schema.SourceStatus
	// WSL is what the Windows host said, under WSL only (nil elsewhere).
	WSL *schema.WSLHost
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

// Unsupported is the GPU source of a platform gtm cannot read yet: it
// reports that as a failed source rather than as "no GPU".
type Unsupported struct{}

// Name implements GPU.
func (Unsupported) Name() string { return "gpu" }

// Sample implements GPU.
func (Unsupported) Sample(context.Context, time.Duration) Sample {
	return Sample{Sources: []schema.SourceStatus{schema.Failed("gpu", errUnsupported)}}
}

// Close implements GPU.
func (Unsupported) Close() error { return nil }

var errUnsupported = errors.New("no GPU backend for this operating system yet")
