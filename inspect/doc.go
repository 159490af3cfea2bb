// Package inspect gathers evidence about what a process holds: memory maps
// and the runtimes they reveal, model files, GGUF metadata and estimates,
// model stores, local inference-server state and load logs.
//
// Nothing here is a measurement of GPU memory: a mapped library or model
// file proves presence, not GPU residency, and every finding carries its
// evidence. The Inspector joins the sub-packages (procmaps, runtimes,
// modelargs, formats, stores) under the cost policy of the Scheduler.
package inspect
