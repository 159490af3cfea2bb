//go:build !linux

package safefile

import (
	"io/fs"
	"os"
)

// Elsewhere there is no /proc/<pid>/root to resolve in and no descriptor
// walk: an Access with a Cred (gtm is root, the process is not) checks
// mode bits by path (openByModeBits); one without opens with gtm's own
// rights. Both open non-blocking and check the descriptor.
func rootUsable(string) bool { return false }

func (a *Access) open(path string) (*os.File, error) {
	if a.Cred != nil {
		return a.openByModeBits(path)
	}
	return openNonblock(path)
}

func (a *Access) stat(path string) (fs.FileInfo, error) {
	if a.Cred != nil {
		return a.statByModeBits(path)
	}
	return os.Stat(path)
}
