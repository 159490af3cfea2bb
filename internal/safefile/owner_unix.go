//go:build unix

package safefile

import (
	"io/fs"
	"syscall"
)

// owner is the uid and gid a FileInfo from stat carries.
func owner(fi fs.FileInfo) (uid, gid uint32, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, false
	}
	return st.Uid, st.Gid, true
}
