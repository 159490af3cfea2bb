package runtimes_test

import (
	"fmt"

	"github.com/gputaskman/gtm/inspect/runtimes"
)

func ExampleDetect() {
	for _, r := range runtimes.Detect([]string{
		"/usr/lib/x86_64-linux-gnu/libcuda.so.1",
		"/opt/llama/libggml-cuda.so",
		"/opt/llama/libggml-cpu-haswell.so",
		"/opt/llama/libllama.so",
		"/usr/lib/x86_64-linux-gnu/libglib-2.0.so.0",
	}) {
		fmt.Println(r, r.Libraries)
	}
	fmt.Println(runtimes.Caveat)
	// Output:
	// CUDA [libcuda.so.1]
	// ggml/llama.cpp (CUDA, CPU) [libggml-cpu-haswell.so libggml-cuda.so libllama.so]
	// A loaded library shows that a runtime is present in the process, not that it is doing GPU work.
}
