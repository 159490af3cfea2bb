package inspect

import (
	"errors"
	"fmt"
	"io/fs"
	"unsafe"

	"golang.org/x/sys/windows"
)

// maxModules bounds one process's module list (a real process has a few
// hundred).
const maxModules = 8192

// WindowsModules lists the paths of the modules a process has loaded,
// 64- and 32-bit, through a Toolhelp module snapshot.
func WindowsModules(pid int) ([]string, error) {
	var h windows.Handle
	var err error
	// ERROR_BAD_LENGTH and ERROR_PARTIAL_COPY mean the module list changed
	// or the process is still starting: Windows asks callers to retry.
	for try := 0; try < 3; try++ {
		h, err = windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPMODULE|windows.TH32CS_SNAPMODULE32, uint32(pid))
		if !errors.Is(err, windows.ERROR_BAD_LENGTH) && !errors.Is(err, windows.ERROR_PARTIAL_COPY) {
			break
		}
	}
	switch {
	case errors.Is(err, windows.ERROR_ACCESS_DENIED):
		return nil, fmt.Errorf("module snapshot: %w", fs.ErrPermission)
	case errors.Is(err, windows.ERROR_INVALID_PARAMETER):
		return nil, fmt.Errorf("module snapshot: %w", fs.ErrNotExist) // no such process
	case err != nil:
		return nil, fmt.Errorf("module snapshot: %w", err)
	}
	defer windows.CloseHandle(h)
	var e windows.ModuleEntry32
	e.Size = uint32(unsafe.Sizeof(e))
	var out []string
	for err = windows.Module32First(h, &e); err == nil && len(out) < maxModules; err = windows.Module32Next(h, &e) {
		out = append(out, windows.UTF16ToString(e.ExePath[:]))
	}
	if err != nil && !errors.Is(err, windows.ERROR_NO_MORE_FILES) {
		return out, fmt.Errorf("module list: %w", err)
	}
	return out, nil
}
