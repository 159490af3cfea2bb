package inspect

import "github.com/gputaskman/gtm/inspect/procmaps"

// devMajorMinorOn splits a dev_t as goos does: Linux's glibc encoding
// (as /proc/<pid>/maps prints it), or macOS's 8-bit major and 24-bit
// minor (as the region walk reports it), packed major<<32 | minor.
func devMajorMinorOn(goos string, dev uint64) uint64 {
	if goos == "darwin" {
		d := procmaps.DarwinDev(uint32(dev))
		return uint64(d.Major)<<32 | uint64(d.Minor)
	}
	major := (dev >> 8) & 0xfff
	major |= (dev >> 32) & ^uint64(0xfff)
	minor := dev & 0xff
	minor |= (dev >> 12) & 0xffffff00
	return major<<32 | minor
}
