// Package procmaps lists the files a process has memory-mapped, read from
// /proc/<pid>/maps.
//
// It reads maps, never smaps: smaps makes the kernel walk every page table
// and costs milliseconds per large process, while maps is a cheap listing
// of regions, enough to tell which libraries and model files are mapped.
//
// A mapped file proves the process holds it, not that its bytes are in GPU
// memory. Scan gives one Entry per real file, counted once however many
// regions or path spellings reach it.
package procmaps
