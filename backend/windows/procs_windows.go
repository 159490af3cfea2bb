package windows

import (
	"errors"
	"path/filepath"
	"sync"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/internal/schema"
)

// Processes looks processes up through Toolhelp (names and parents of
// every process) and, where Windows allows, the process itself (image
// path, command line, working directory, user, start time).
type Processes struct {
	mu      sync.Mutex
	entries map[int]windows.ProcessEntry32
	takenAt time.Time
	snapErr error
}

// snapshotTTL keeps one Toolhelp snapshot for every lookup of a refresh.
const snapshotTTL = 500 * time.Millisecond

func (p *Processes) snapshot() (map[int]windows.ProcessEntry32, error) {
	if p.entries != nil && time.Since(p.takenAt) < snapshotTTL {
		return p.entries, p.snapErr
	}
	p.entries, p.snapErr, p.takenAt = map[int]windows.ProcessEntry32{}, nil, time.Now()
	h, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPPROCESS, 0)
	if err != nil {
		p.snapErr = err
		return p.entries, err
	}
	defer windows.CloseHandle(h)
	var e windows.ProcessEntry32
	e.Size = uint32(unsafe.Sizeof(e))
	for err = windows.Process32First(h, &e); err == nil; err = windows.Process32Next(h, &e) {
		p.entries[int(e.ProcessID)] = e
	}
	if !errors.Is(err, windows.ERROR_NO_MORE_FILES) {
		p.snapErr = err
	}
	return p.entries, p.snapErr
}

// Lookup implements backend.ProcessSource.
func (p *Processes) Lookup(pid int) backend.ProcessInfo {
	p.mu.Lock()
	entries, _ := p.snapshot()
	p.mu.Unlock()
	info := backend.ProcessInfo{PID: pid}
	e, ok := entries[pid]
	if !ok {
		return info // exited, or not visible
	}
	info.Exists = true
	name := windows.UTF16ToString(e.ExeFile[:])
	info.Name = &name
	ppid := int(e.ParentProcessID)
	info.PPID = &ppid

	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		info.Restricted = errors.Is(err, windows.ERROR_ACCESS_DENIED)
		return info
	}
	defer windows.CloseHandle(h)
	buf := make([]uint16, windows.MAX_LONG_PATH)
	n := uint32(len(buf))
	if windows.QueryFullProcessImageName(h, 0, &buf[0], &n) == nil {
		exe := windows.UTF16ToString(buf[:n])
		info.Exe = &exe
		if b := filepath.Base(exe); b != "" && b != "." {
			info.Name = &b
		}
	}
	// Reading the process's memory (its working directory; its command
	// line where Windows has no query for it) needs PROCESS_VM_READ too,
	// which another user's or an elevated process refuses.
	vh, vhErr := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION|windows.PROCESS_VM_READ, false, uint32(pid))
	switch {
	case vhErr == nil:
		defer windows.CloseHandle(vh)
		if cwd, err := processCwd(vh); err == nil && cwd != "" {
			info.Cwd = &cwd
		}
	case errors.Is(vhErr, windows.ERROR_ACCESS_DENIED):
		info.Restricted = true // its working directory is hidden
	}
	switch args, err := processCmdline(h, vh, vhErr); {
	case err == nil:
		info.Cmdline = args
	case errors.Is(err, windows.STATUS_ACCESS_DENIED), errors.Is(err, windows.ERROR_ACCESS_DENIED):
		info.Restricted = true // protected processes keep theirs
	}
	var creation, exit, kernel, user windows.Filetime
	if windows.GetProcessTimes(h, &creation, &exit, &kernel, &user) == nil {
		t := time.Unix(0, creation.Nanoseconds()).UTC()
		info.StartTime = &t
	}
	var tok windows.Token
	if windows.OpenProcessToken(h, windows.TOKEN_QUERY, &tok) == nil {
		defer tok.Close()
		if tu, err := tok.GetTokenUser(); err == nil {
			if account, domain, _, err := tu.User.Sid.LookupAccount(""); err == nil {
				u := account
				if domain != "" {
					u = domain + `\` + account
				}
				info.User = &u
			}
		}
	} else {
		info.Restricted = true
	}
	return info
}

// Forget implements backend.ProcessSource (nothing is cached per PID).
func (p *Processes) Forget(map[int]bool) {}

// Health implements backend.ProcessSource.
func (p *Processes) Health() schema.SourceStatus {
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, err := p.snapshot(); err != nil {
		return schema.Failed("processes", err)
	}
	return schema.OK("processes")
}
