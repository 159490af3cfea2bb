//go:build !linux

package safefile

import (
	"io/fs"
	"os"

	"github.com/gputaskman/gtm/internal/regfile"
)

// Elsewhere there is no /proc/<pid>/root to resolve in and no descriptor
// walk: an Access with a Cred (gtm is root, the process is not) checks
// mode bits by path (openByModeBits); one without opens with gtm's own
// rights. Both open non-blocking and check the descriptor.
func rootUsable(string) bool { return false }

// hasACLAt: ACLs are not looked for here; the mode bits decide.
func hasACLAt(string) bool { return false }

func (a *Access) open(path string) (*os.File, error) {
	if a.Cred != nil {
		return a.openByModeBits(path)
	}
	return regfile.Open(path)
}

func (a *Access) stat(path string) (fs.FileInfo, error) {
	if a.Cred != nil {
		return a.statByModeBits(path)
	}
	return os.Stat(path)
}

func (a *Access) openDir(path string) (*os.File, error) {
	if a.Cred == nil {
		return regfile.OpenDir(path)
	}
	if err := a.searchable(path); err != nil {
		return nil, err
	}
	f, err := regfile.OpenDir(path)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && !a.MayRead(fi) {
		err = &DeniedError{Path: path, UID: a.Cred.UID, What: "list it"}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
