// Package wddm turns Windows' GPU performance counters (the WDDM graphics
// kernel's "GPU Process Memory", "GPU Engine" and "GPU Adapter Memory"
// sets) into per-process and per-adapter readings. It does no I/O: the
// Windows backend fills a CounterSet through PDH, and under WSL the host
// stream fills it from powershell.exe. Both then share this accounting.
//
// Accounting rules (the seed README's "DWM, Spill, and Paged"):
//   - VRAM is "Local Usage" and spill "Non Local Usage" when both can be
//     read; otherwise "Dedicated Usage" / "Shared Usage" (which count shared
//     surfaces against every process that maps them, so DWM and csrss look
//     larger than they are).
//   - Spill is GPU-accessible system memory, not proven overflow.
//   - Paged is an estimate: max(Total Committed - Local - Non Local, 0),
//     unavailable when any input is missing.
//   - An engine type's load is its busiest engine; a process's GPU % is its
//     busiest engine type, never a sum past 100 %.
package wddm
