package llamacpplog

import (
	"strconv"
	"strings"
)

// deviceFamilies are ggml backend names whose buffers live in accelerator
// memory; a trailing number is the device index (CUDA0, Vulkan1, MTL0).
// Metal's memory is unified with the host's but is GPU-allocated, so it
// counts as device memory here.
var deviceFamilies = []string{"CUDA", "ROCm", "HIP", "Vulkan", "SYCL", "CANN", "MUSA", "MTL", "Metal", "OpenCL", "WebGPU", "RPC"}

// Classify says where a backend's buffer lives, from its name as llama.cpp
// or Ollama writes it. Host-side buffers (CPU, CPU_Mapped, CPU_REPACK,
// CUDA_Host, Vulkan_Host, ...) are host; GPU backends are device, with the
// index when the name carries one; anything unrecognised is neither.
func Classify(backend string) (device, host bool, index *int) {
	switch {
	case backend == "":
		return false, false, nil
	case strings.HasSuffix(backend, "_Host"), strings.HasPrefix(backend, "CPU"), backend == "BLAS":
		return false, true, nil
	}
	for _, fam := range deviceFamilies {
		rest, ok := strings.CutPrefix(backend, fam)
		if !ok {
			continue
		}
		switch {
		case rest == "", fam == "RPC" && strings.HasPrefix(rest, "["),
			strings.HasPrefix(rest, "_"): // CUDA_Split and the like: several devices
			return true, false, nil
		}
		if n, err := strconv.Atoi(rest); err == nil && n >= 0 && n < 1<<16 && rest[0] != '+' {
			return true, false, &n
		}
		return false, false, nil
	}
	return false, false, nil
}
