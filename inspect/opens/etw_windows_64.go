//go:build windows && (amd64 || arm64)

package opens

import "unsafe"

// The structures' sizes and key offsets on 64-bit Windows, as the SDK's
// headers give them (sizeof and offsetof in C, checked with mingw-w64's
// evntrace.h and evntcons.h): a field out of place fails the build, not
// the trace.
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
	_ [96 - unsafe.Offsetof(eventRecord{}.UserData)]byte
	_ [unsafe.Offsetof(eventRecord{}.UserData) - 96]byte
	_ [424 - unsafe.Offsetof(eventTraceLogfile{}.EventRecordCallback)]byte
	_ [unsafe.Offsetof(eventTraceLogfile{}.EventRecordCallback) - 424]byte
	_ [112 - unsafe.Offsetof(eventTraceProperties{}.LogFileNameOffset)]byte
	_ [unsafe.Offsetof(eventTraceProperties{}.LogFileNameOffset) - 112]byte
)
