package inspect

import (
	"fmt"
	"io/fs"
	"time"

	"github.com/gputaskman/gtm/inspect/procmaps"
	"github.com/gputaskman/gtm/inspect/stores"
	"github.com/gputaskman/gtm/internal/safefile"
)

// RegionConfig is what an inspector needs on an OS without /proc (macOS):
// how to list a process's mapped files (a region walk), when a process
// started (to tell it from a later one with its PID), and which paths
// must never be touched (other apps' sandbox containers).
type RegionConfig struct {
	Scan    func(pid int) (*procmaps.Maps, error)
	Started func(pid int) (time.Time, bool)
	// Skip gives the reason not to open, nor stat, a path; "" lets it
	// through. Nil skips nothing.
	Skip func(path string) string
	// Cred is whose rights the files a process names are read with; nil
	// reads with gtm's own (right when gtm is not root: it then sees only
	// its own user's processes). An error refuses every file.
	Cred func(pid int) (safefile.Cred, error)
}

// NewRegionInspector returns the inspector the Linux build uses, reading
// mapped files through c.Scan instead of /proc/<pid>/maps: runtimes from
// mapped libraries and frameworks, mapped model files, model files on the
// command line, store names and GGUF headers, on the same scan schedule
// and budget. Files are opened with the rights c.Cred gives, and never
// where c.Skip says not to. Live server probes are off: they find ports
// through /proc.
func NewRegionInspector(c RegionConfig, st *stores.Stores) *Inspector {
	in := New("", st)
	in.Untrusted = "" // no proc root: the OS itself is asked
	in.ScanMaps = StartGuarded(c.Scan, c.Started)
	in.AccessFor = func(t Target) *safefile.Access {
		a := &safefile.Access{Skip: c.Skip}
		if c.Cred != nil {
			cred, err := c.Cred(t.PID)
			if err != nil {
				return safefile.Refused(fmt.Errorf("the process's user could not be learned: %w", err))
			}
			a.Cred = &cred
		}
		return a
	}
	return in
}

// StartGuarded wraps a scan by PID so that one process's files are never
// shown for another: when the process's start time after the scan is not
// the target's, its PID was reused during the scan (or it exited) and the
// scan is dropped as "gone". A target whose start time is unknown is not
// checked. A process alive with its start time after the scan was alive
// throughout it, as a PID is not reused while its process lives.
func StartGuarded(scan func(pid int) (*procmaps.Maps, error), started func(pid int) (time.Time, bool)) func(Target) (*procmaps.Maps, error) {
	return func(t Target) (*procmaps.Maps, error) {
		m, err := scan(t.PID)
		if err != nil || t.Start.IsZero() || started == nil {
			return m, err
		}
		if now, ok := started(t.PID); !ok || !now.Equal(t.Start) {
			return nil, fmt.Errorf("pid %d exited or was reused during the scan: %w", t.PID, fs.ErrNotExist)
		}
		return m, nil
	}
}
