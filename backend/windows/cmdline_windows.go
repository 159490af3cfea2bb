package windows

import (
	"errors"
	"unicode/utf16"
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
func pebCmdlineQuery(h windows.Handle) cmdlineQuery {
	return func(size int) ([]uint16, int, error) {
		params, err := remoteParams(h)
		if err != nil {
			return nil, 0, err
		}
		return remoteString(h, params+unsafe.Offsetof(windows.RTL_USER_PROCESS_PARAMETERS{}.CommandLine), size)
	}
}

// processCwd reads the process's current directory from its parameters
// block (CurrentDirectory.DosPath); h needs PROCESS_VM_READ.
func processCwd(h windows.Handle) (string, error) {
	params, err := remoteParams(h)
	if err != nil {
		return "", err
	}
	at := params + unsafe.Offsetof(windows.RTL_USER_PROCESS_PARAMETERS{}.CurrentDirectory) + unsafe.Offsetof(windows.CURDIR{}.DosPath)
	text, _, err := remoteString(h, at, MaxCmdline)
	if err != nil {
		return "", err
	}
	return CleanCwd(string(utf16.Decode(text))), nil
}

// remoteParams is the address of the process's RTL_USER_PROCESS_PARAMETERS.
// The other process's addresses are kept as uintptr, never as Go pointers
// (PROCESS_BASIC_INFORMATION's PebBaseAddress is one in x/sys/windows).
func remoteParams(h windows.Handle) (uintptr, error) {
	var pbi struct {
		ExitStatus, PebBaseAddress, AffinityMask, BasePriority, UniqueProcessID, InheritedFrom uintptr
	}
	if unsafe.Sizeof(pbi) != unsafe.Sizeof(windows.PROCESS_BASIC_INFORMATION{}) {
		return 0, errors.New("PROCESS_BASIC_INFORMATION layout differs on this architecture")
	}
	if err := windows.NtQueryInformationProcess(h, windows.ProcessBasicInformation,
		unsafe.Pointer(&pbi), uint32(unsafe.Sizeof(pbi)), nil); err != nil {
		return 0, err
	}
	var params uintptr
	err := readRemote(h, pbi.PebBaseAddress+unsafe.Offsetof(windows.PEB{}.ProcessParameters), unsafe.Pointer(&params), unsafe.Sizeof(params))
	return params, err
}

// remoteString reads the UNICODE_STRING at addr in h's address space: its
// text when it fits size bytes (with the header), else errBufTooSmall and
// the size needed.
func remoteString(h windows.Handle, addr uintptr, size int) ([]uint16, int, error) {
	var us struct {
		Length, MaximumLength uint16
		_                     uint32
		Buffer                uintptr
	}
	if unsafe.Sizeof(us) != unsafe.Sizeof(windows.NTUnicodeString{}) {
		return nil, 0, errors.New("UNICODE_STRING layout differs on this architecture")
	}
	if err := readRemote(h, addr, unsafe.Pointer(&us), unsafe.Sizeof(us)); err != nil {
		return nil, 0, err
	}
	n := int(us.Length) / 2
	if need := int(unsafe.Sizeof(us)) + 2*n; need > size {
		return nil, need, errBufTooSmall
	}
	text := make([]uint16, n)
	if n > 0 {
		if err := readRemote(h, us.Buffer, unsafe.Pointer(&text[0]), uintptr(2*n)); err != nil {
			return nil, 0, err
		}
	}
	return text, 0, nil
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

// processCmdline reads the command line of a process open as h with
// PROCESS_QUERY_LIMITED_INFORMATION; where Windows does not know
// ProcessCommandLineInformation it reads the process's memory through vh,
// opened with PROCESS_VM_READ too (vhErr: why that open failed).
func processCmdline(h, vh windows.Handle, vhErr error) ([]string, error) {
	args, err := readCmdline(ntCmdlineQuery(h))
	if !cmdlineClassUnknown(err) {
		return args, err
	}
	if vhErr != nil {
		return nil, vhErr
	}
	return readCmdline(pebCmdlineQuery(vh))
}
