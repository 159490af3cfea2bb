package system

import (
	"context"
	"errors"
	"fmt"
	"unsafe"

	"golang.org/x/sys/windows"
)

// readMemory reads RAM through GlobalMemoryStatusEx and swap through the
// "Paging File" counter (gopsutil). Without that counter (no paging file,
// or Wine) the paging files' size comes from GetPerformanceInfo: none is
// swap 0 of 0, measured; with one, its use stays unknown.
func readMemory(env context.Context) (memory, error) {
	m, err, serr := readGopsutilMemory(env)
	if serr == nil {
		return m, err
	}
	total, perr := pagingFileBytes()
	switch {
	case perr != nil:
		return m, errors.Join(err, fmt.Errorf("swap: %w; %w", serr, perr))
	case total == 0:
		var zero, none uint64
		m.swapTotal, m.swapUsed = &zero, &none
		return m, err
	default:
		m.swapTotal = &total
		return m, errors.Join(err, fmt.Errorf("swap use: the Paging File counter could not be read: %w", serr))
	}
}

// performanceInformation is PERFORMANCE_INFORMATION (psapi.h).
type performanceInformation struct {
	cb                                                 uint32
	commitTotal, commitLimit, commitPeak               uintptr
	physicalTotal, physicalAvailable, systemCache      uintptr
	kernelTotal, kernelPaged, kernelNonpaged, pageSize uintptr
	handleCount, processCount, threadCount             uint32
}

var procGetPerformanceInfo = windows.NewLazySystemDLL("kernel32.dll").NewProc("K32GetPerformanceInfo")

// pagingFileBytes is the paging files' size: the commit limit beyond
// physical memory.
func pagingFileBytes() (uint64, error) {
	var pi performanceInformation
	pi.cb = uint32(unsafe.Sizeof(pi))
	if r, _, err := procGetPerformanceInfo.Call(uintptr(unsafe.Pointer(&pi)), uintptr(pi.cb)); r == 0 {
		return 0, fmt.Errorf("GetPerformanceInfo: %w", err)
	}
	return PagingFileBytes(uint64(pi.commitLimit), uint64(pi.physicalTotal), uint64(pi.pageSize)), nil
}
