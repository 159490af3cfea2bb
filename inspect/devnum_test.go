package inspect

import (
	"testing"

	"github.com/gputaskman/gtm/inspect/procmaps"
)

// A file named on the command line and the same file mapped get one key:
// the stat device number splits as the maps (Linux) or the region walk
// (macOS) reports it.
func TestDevMajorMinorMatchesTheMapsKey(t *testing.T) {
	mapped := fileKeyFromMap(procmaps.Entry{Path: "/m.gguf", Dev: procmaps.DarwinDev(1<<24 | 14), Inode: 9})
	if got := inodeKey(devMajorMinorOn("darwin", 1<<24|14), 9); got != mapped {
		t.Errorf("darwin: %s, mapped %s", got, mapped)
	}
	// Linux: 259:3 (an NVMe partition) as glibc's makedev encodes it
	linuxDev := uint64(259&0xfff)<<8 | uint64(3&0xff)
	mapped = fileKeyFromMap(procmaps.Entry{Path: "/m.gguf", Dev: procmaps.Dev{Major: 259, Minor: 3}, Inode: 9})
	if got := inodeKey(devMajorMinorOn("linux", linuxDev), 9); got != mapped {
		t.Errorf("linux: %s, mapped %s", got, mapped)
	}
}
