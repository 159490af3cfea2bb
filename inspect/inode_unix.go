//go:build unix

package inspect

import (
	"os"
	"runtime"
	"syscall"
)

func inode(fi os.FileInfo) (dev, ino uint64, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, false
	}
	return uint64(st.Dev), uint64(st.Ino), true
}

// devMajorMinor packs a stat device number the way the maps scan packs a
// mapped file's (major:minor), so a file found by path and by mapping
// gets one key.
func devMajorMinor(dev uint64) uint64 { return devMajorMinorOn(runtime.GOOS, dev) }
