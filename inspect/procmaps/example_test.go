package procmaps_test

import (
	"fmt"

	"github.com/gputaskman/gtm/inspect/procmaps"
)

func ExampleScan() {
	m, err := procmaps.Scan("testdata/proc", 4242) // "" reads the real /proc
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range m.Files() {
		if e.Shared && !e.Exec {
			fmt.Printf("%s: %d MiB in %d regions, deleted %v\n", e.Path, e.Size>>20, e.Regions, e.Deleted)
		}
	}
	fmt.Println(len(m.Libraries()), "libraries")
	// Output:
	// /models/qwen3-0.6b-q8_0.gguf: 720 MiB in 4 regions, deleted false
	// /home/alice/My Models/llama 3 8B.Q4_K_M.gguf: 32 MiB in 1 regions, deleted false
	// /dev/nvidiactl: 4 MiB in 2 regions, deleted false
	// /dev/nvidia0: 0 MiB in 1 regions, deleted false
	// /dev/nvidia-uvm: 2 MiB in 1 regions, deleted false
	// /memfd:cuda-ipc: 4 MiB in 1 regions, deleted true
	// /tmp/ggml-cache.bin: 1 MiB in 1 regions, deleted true
	// 16 libraries
}
