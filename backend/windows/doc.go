// Package windows is gtm's Windows backend, on x/sys/windows alone (no
// cgo): the WDDM GPU counters through the PDH array API ("GPU Process
// Memory", "GPU Engine", "GPU Adapter Memory"), adapters through DXGI
// (LUID, vendor, name, dedicated memory), and process names, users and
// start times through Toolhelp and the process token, command lines
// through NtQueryInformationProcess and working directories from the
// process's parameters block. The accounting of
// the counters lives in backend/wddm and is tested on recorded counter
// sets on every platform; this package only reads them.
package windows
