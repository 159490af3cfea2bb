package windows

import (
	"errors"
	"unsafe"

	"golang.org/x/sys/windows"
)

// ntCmdlineQuery reads h's command line with NtQueryInformationProcess's
// ProcessCommandLineInformation (Windows 8.1 and later), which needs only
// PROCESS_QUERY_LIMITED_INFORMATION: no reading of the process's memory.
// Windows fills a UNICODE_STRING whose text follows it in the same buffer.
func ntCmdlineQuery(h windows.Handle) cmdlineQuery {
	return func(size int) ([]uint16, int, error) {
		buf := make([]uint64, (size+7)/8) // 8-byte aligned for the header's pointer
		var needed uint32
		err := windows.NtQueryInformationProcess(h, windows.ProcessCommandLineInformation,
			unsafe.Pointer(&buf[0]), uint32(len(buf)*8), &needed)
		switch {
		case errors.Is(err, windows.STATUS_INFO_LENGTH_MISMATCH), errors.Is(err, windows.STATUS_BUFFER_TOO_SMALL),
			errors.Is(err, windows.STATUS_BUFFER_OVERFLOW):
			return nil, int(needed), errBufTooSmall
		case err != nil:
			return nil, 0, err
		}
		us := (*windows.NTUnicodeString)(unsafe.Pointer(&buf[0]))
		n := int(us.Length) / 2
		if n == 0 || us.Buffer == nil {
			return []uint16{}, 0, nil
		}
		// Read the text only where it lies inside the buffer lent.
		lo := uintptr(unsafe.Pointer(&buf[0]))
		at := uintptr(unsafe.Pointer(us.Buffer))
		if at < lo+unsafe.Sizeof(*us) || at+uintptr(2*n) > lo+uintptr(len(buf)*8) {
			return nil, 0, errors.New("command line text lies outside the buffer Windows was given")
		}
		return append([]uint16(nil), unsafe.Slice(us.Buffer, n)...), 0, nil
	}
}

// cmdlineClassUnknown says Windows does not know
// ProcessCommandLineInformation: Wine (8 and older) answers so.
func cmdlineClassUnknown(err error) bool {
	return errors.Is(err, windows.STATUS_INVALID_INFO_CLASS) || errors.Is(err, windows.STATUS_NOT_IMPLEMENTED)
}

// pebCmdlineQuery reads the command line from the process's own
// parameters block (PEB → RTL_USER_PROCESS_PARAMETERS → CommandLine) with
// ReadProcessMemory: the way before Windows 8.1, and where
// ProcessCommandLineInformation is unknown. h needs PROCESS_VM_READ.
// Addresses of the other process are kept as uintptr, never as Go
// pointers.
func pebCmdlineQuery(h windows.Handle) cmdlineQuery {
	return func(size int) ([]uint16, int, error) {
		var pbi windows.PROCESS_BASIC_INFORMATION
		if err := windows.NtQueryInformationProcess(h, windows.ProcessBasicInformation,
			unsafe.Pointer(&pbi), uint32(unsafe.Sizeof(pbi)), nil); err != nil {
			return nil, 0, err
		}
		peb := uintptr(unsafe.Pointer(pbi.PebBaseAddress))
		var params uintptr
		if err := readRemote(h, peb+unsafe.Offsetof(windows.PEB{}.ProcessParameters), unsafe.Pointer(&params), unsafe.Sizeof(params)); err != nil {
			return nil, 0, err
		}
		var cl struct {
			Length, MaximumLength uint16
			_                     uint32
			Buffer                uintptr
		}
		if unsafe.Sizeof(cl) != unsafe.Sizeof(windows.NTUnicodeString{}) {
			return nil, 0, errors.New("UNICODE_STRING layout differs on this architecture")
		}
		if err := readRemote(h, params+unsafe.Offsetof(windows.RTL_USER_PROCESS_PARAMETERS{}.CommandLine), unsafe.Pointer(&cl), unsafe.Sizeof(cl)); err != nil {
			return nil, 0, err
		}
		n := int(cl.Length) / 2
		if need := int(unsafe.Sizeof(cl)) + 2*n; need > size {
			return nil, need, errBufTooSmall
		}
		text := make([]uint16, n)
		if n > 0 {
			if err := readRemote(h, cl.Buffer, unsafe.Pointer(&text[0]), uintptr(2*n)); err != nil {
				return nil, 0, err
			}
		}
		return text, 0, nil
	}
}

// readRemote copies size bytes at addr in h's address space to dst.
func readRemote(h windows.Handle, addr uintptr, dst unsafe.Pointer, size uintptr) error {
	var got uintptr
	if err := windows.ReadProcessMemory(h, addr, (*byte)(dst), size, &got); err != nil {
		return err
	}
	if got != size {
		return errors.New("short read of the process's memory")
	}
	return nil
}

// processCmdline reads the command line of pid, open as h with
// PROCESS_QUERY_LIMITED_INFORMATION; where Windows does not know
// ProcessCommandLineInformation it opens the process again to read its
// memory.
func processCmdline(h windows.Handle, pid int) ([]string, error) {
	args, err := readCmdline(ntCmdlineQuery(h))
	if !cmdlineClassUnknown(err) {
		return args, err
	}
	vh, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION|windows.PROCESS_VM_READ, false, uint32(pid))
	if err != nil {
		return nil, err
	}
	defer windows.CloseHandle(vh)
	return readCmdline(pebCmdlineQuery(vh))
}
