package main

import (
	"os"

	"golang.org/x/sys/windows"
)

// The release build of gtm.exe is a GUI-subsystem program (-H windowsgui),
// so starting the window from Explorer opens no console. Such a program has
// no standard output when started from a terminal; attaching to the
// terminal's console makes --help, --once and --json print there. Output
// already redirected (a file, a pipe) is left alone, and a console build
// always has its handles, so this does nothing there.
func init() { attachParentConsole() }

const attachParentProcess = ^uint32(0) // ATTACH_PARENT_PROCESS

var procAttachConsole = windows.NewLazySystemDLL("kernel32.dll").NewProc("AttachConsole")

func attachParentConsole() {
	out, _ := windows.GetStdHandle(windows.STD_OUTPUT_HANDLE)
	errh, _ := windows.GetStdHandle(windows.STD_ERROR_HANDLE)
	if usable(out) && usable(errh) {
		return
	}
	if procAttachConsole.Find() != nil {
		return
	}
	if r, _, _ := procAttachConsole.Call(uintptr(attachParentProcess)); r == 0 {
		return // started from Explorer: no console to attach to
	}
	if !usable(out) {
		if f, err := os.OpenFile("CONOUT$", os.O_WRONLY, 0); err == nil {
			os.Stdout = f
			_ = windows.SetStdHandle(windows.STD_OUTPUT_HANDLE, windows.Handle(f.Fd()))
		}
	}
	if !usable(errh) {
		if f, err := os.OpenFile("CONOUT$", os.O_WRONLY, 0); err == nil {
			os.Stderr = f
			_ = windows.SetStdHandle(windows.STD_ERROR_HANDLE, windows.Handle(f.Fd()))
		}
	}
}

func usable(h windows.Handle) bool { return h != 0 && h != windows.InvalidHandle }
