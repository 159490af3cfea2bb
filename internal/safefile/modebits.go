package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/gputaskman/gtm/internal/regfile"
)

// openByModeBits opens path as a.Cred could, judged by mode bits where
// there is no descriptor walk to do it with (macOS): every folder from
// the root down must be searchable by the process's user, and the opened
// file (checked on its descriptor) readable. The folders are checked by
// path, so one swapped for another between the check and the open could
// slip by; the file itself cannot. A path that is not absolute is refused:
// it would be resolved against gtm's working directory, not the process's.
func (a *Access) openByModeBits(path string) (*os.File, error) {
	if err := a.searchable(path); err != nil {
		return nil, err
	}
	return regfile.OpenIf(path, func(fi fs.FileInfo, _ string) error {
		if !a.MayRead(fi) {
			return &DeniedError{Path: path, UID: a.Cred.UID, What: "read it"}
		}
		return nil
	})
}

// statByModeBits is stat as a.Cred could: every folder on the way
// searchable.
func (a *Access) statByModeBits(path string) (fs.FileInfo, error) {
	if err := a.searchable(path); err != nil {
		return nil, err
	}
	return os.Stat(path)
}

// searchable checks the search bit of every folder above path for a.Cred,
// from the root down.
func (a *Access) searchable(path string) error {
	if !filepath.IsAbs(path) {
		return &fs.PathError{Op: "open", Path: path, Err: errors.New("not an absolute path")}
	}
	var dirs []string
	for d := filepath.Dir(filepath.Clean(path)); ; d = filepath.Dir(d) {
		dirs = append(dirs, d)
		if d == filepath.Dir(d) {
			break
		}
	}
	for i := len(dirs) - 1; i >= 0; i-- {
		fi, err := os.Stat(dirs[i])
		if err != nil {
			return err
		}
		uid, gid, ok := owner(fi)
		if !ok || !a.Cred.allows(fi.Mode(), uid, gid, 1) {
			return &DeniedError{Path: path, UID: a.Cred.UID, What: "search " + dirs[i]}
		}
	}
	return nil
}
