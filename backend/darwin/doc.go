// Package darwin is the macOS (Apple Silicon) GPU source.
//
// Apple GPUs share one pool of memory with the CPU, so there is no VRAM to
// split and no spill, paged, clock, power or temperature counter: those
// stay nil (n/a), never zero. What macOS gives without root:
//
//   - the IOAccelerator's PerformanceStatistics: "Alloc system memory"
//     (every GPU allocation) out of physical RAM, "Device Utilization %";
//   - each Metal client (AGXDeviceUserClient, a child of the accelerator)
//     names its creator ("pid 1234, Name") and keeps a cumulative GPU time;
//     a process's GPU % is the rate between samples, per client;
//   - footprint's "(graphics)" categories: the memory macOS charges to the
//     GPU for one process (needs root for other users' processes), read on
//     a background poller because one run costs ~70 ms.
//
// The OS calls are `ioreg -a` and `footprint` run as commands (no cgo, so
// the binary cross-builds), behind the Exec hook; everything that parses,
// accounts or schedules is platform-neutral and tested on any OS with the
// fixtures in testdata.
package darwin
