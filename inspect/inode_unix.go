//go:build unix

package inspect

import (
	"os"
	"syscall"
)

func inode(fi os.FileInfo) (dev, ino uint64, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, false
	}
	return uint64(st.Dev), uint64(st.Ino), true
}

// devMajorMinor packs a stat device number the way /proc/<pid>/maps shows
// it (major:minor), so a file found by path and by mapping gets one key.
func devMajorMinor(dev uint64) uint64 {
	major := (dev >> 8) & 0xfff
	major |= (dev >> 32) & ^uint64(0xfff)
	minor := dev & 0xff
	minor |= (dev >> 12) & 0xffffff00
	return major<<32 | minor
}
