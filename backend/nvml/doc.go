// Package nvml reads NVIDIA devices and per-process GPU usage through NVML
// (go-nvml, which dlopens libnvidia-ml.so.1 at run time). It is Linux-only:
// Windows reads NVIDIA devices through its own backend.
//
// Every call goes through nvml.Interface so tests use go-nvml's mocks in
// place of a driver. A reading the driver does not support is nil, never 0.
package nvml
