// Package wsl reads what the Windows host knows about the GPU when gtm runs
// inside WSL. Windows owns the GPU there: NVML in Linux sees the device but
// per-process samples carry Windows PIDs, and Windows charges all Linux GPU
// memory to the VM worker process (vmwp.exe).
//
// With WSL interop on, one long-lived powershell.exe (script embedded in
// the binary, host.ps1) streams the Windows GPU counters once a second
// through the PDH array API; backend/wddm does the accounting, as for the
// native Windows backend. The stream is restarted with back-off if it dies,
// says "starting" until its first sample (about 2.5 s), and is off with
// --no-host or when interop is disabled.
//
// The script has been written against the PDH documentation; the stream
// parser, supervision and pairing are tested here on recorded lines, but
// the script itself only runs on a Windows host.
package wsl
