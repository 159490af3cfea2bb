//go:build windows && (amd64 || arm64)

package opens

import "unsafe"

// The structures' sizes on 64-bit Windows, as the SDK's headers give them
// (sizeof in C): a field out of place fails the build, not the trace.
var (
	_ [120 - unsafe.Sizeof(eventTraceProperties{})]byte
	_ [unsafe.Sizeof(eventTraceProperties{}) - 120]byte
	_ [280 - unsafe.Sizeof(traceLogfileHeader{})]byte
	_ [unsafe.Sizeof(traceLogfileHeader{}) - 280]byte
	_ [448 - unsafe.Sizeof(eventTraceLogfile{})]byte
	_ [unsafe.Sizeof(eventTraceLogfile{}) - 448]byte
	_ [112 - unsafe.Sizeof(eventRecord{})]byte
	_ [unsafe.Sizeof(eventRecord{}) - 112]byte
	_ [40 - unsafe.Offsetof(eventRecord{}.ID)]byte
	_ [unsafe.Offsetof(eventRecord{}.ID) - 40]byte
)
