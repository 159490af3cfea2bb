package linux

import (
	"os"
	"testing"

	"github.com/gputaskman/gtm/inspect/procmaps/maptest"
)

func TestMain(m *testing.M) {
	maptest.MaybeRunChild()
	maybeLookUpPods()
	os.Exit(m.Run())
}

// Real processes: one maps a file named like the CUDA driver library, one
// maps the runtime library only (as NVML-only tools and CUDA apps that have
// not initialised look); only the first is a candidate.
func TestCUDAProcessesFindsLibcudaMappers(t *testing.T) {
	withCUDA := maptest.StartMapper(t, maptest.TempFile(t, "libcuda.so.1", 8192))
	withoutCUDA := maptest.StartMapper(t, maptest.TempFile(t, "libcudart.so.12", 8192))
	c := &CUDAProcesses{Root: "/proc"}
	found := map[int]bool{}
	for _, p := range c.CUDAProcesses() {
		found[p.PID] = true
		if p.Start.IsZero() {
			t.Errorf("pid %d without a start time", p.PID)
		}
	}
	if !found[withCUDA] || found[withoutCUDA] {
		t.Errorf("libcuda mapper %d found=%v, runtime-only %d found=%v", withCUDA, found[withCUDA], withoutCUDA, found[withoutCUDA])
	}
	// Cached: still found on the next call.
	again := map[int]bool{}
	for _, p := range c.CUDAProcesses() {
		again[p.PID] = true
	}
	if !again[withCUDA] {
		t.Error("lost on the second call")
	}
}
