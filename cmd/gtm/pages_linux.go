package main

import (
	"os"
	"unsafe"

	"golang.org/x/sys/unix"
)

// releasePages tells the kernel the process is done with b, data built
// into the binary and never written (the demo capture, parsed once): its
// pages leave the process's resident memory, and would be read from the
// binary again if it were read again. Only for data in the binary: pages
// of the Go heap would come back zeroed.
func releasePages(b []byte) {
	if len(b) == 0 {
		return
	}
	page := uintptr(os.Getpagesize())
	start := uintptr(unsafe.Pointer(&b[0]))
	first := (start + page - 1) &^ (page - 1)
	last := (start + uintptr(len(b))) &^ (page - 1)
	if last <= first {
		return
	}
	whole := unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(&b[0]), first-start)), last-first)
	_ = unix.Madvise(whole, unix.MADV_DONTNEED) // advice: nothing to do if refused
}
