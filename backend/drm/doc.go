// Package drm reads AMD (amdgpu) and Intel (i915, xe) GPUs on Linux through
// the kernel's DRM interfaces: per-client usage from /proc/PID/fdinfo (the
// "drm-*" keys of Documentation/gpu/drm-usage-stats.rst) and device readings
// from sysfs and hwmon (power, and the energy counter where the driver keeps
// one: i915 and xe). NVIDIA devices are left to NVML.
//
// Attribution is conservative. A DRM client (one open of a DRM node) can be
// shared between processes by fd passing, and buffers can be shared between
// clients (dma-buf). Bytes are charged to a process only when every client it
// holds is provably its own: one holder process, a render node, and every
// drm-shared-* counter zero. Otherwise the process's memory is unknown (nil),
// never zero and never double counted. Engine busy time is per client and is
// turned into a percentage between two samples.
package drm
