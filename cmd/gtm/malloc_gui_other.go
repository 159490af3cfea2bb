//go:build !(linux && cgo) && !nogui

package main

// fixMallocForGL: glibc's allocator is Linux's (see malloc_gui_linux.go).
func fixMallocForGL() {}
