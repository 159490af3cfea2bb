package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"

	"github.com/gputaskman/gtm/internal/regfile"
)

// ReadDirNames lists at most max names in the folder path as the
// process could (its user may search the way there and read the folder),
// sorted. More than max entries is an error wrapping ErrTooLarge: a caller
// looking for a model's files has no use for a folder that large. A nil
// Access lists with gtm's own rights.
func (a *Access) ReadDirNames(path string, max int) ([]string, error) {
	var f *os.File
	var err error
	switch {
	case a == nil:
		f, err = regfile.OpenDir(path)
	case a.Skipped(path) != "":
		return nil, &SkippedError{Path: path, Reason: a.Skipped(path)}
	case a.err != nil:
		return nil, &fs.PathError{Op: "open", Path: path, Err: a.err}
	default:
		f, err = a.openDir(path)
	}
	if err != nil {
		return nil, err
	}
	var names []string
	err = Within(a.timeout(), func() error {
		defer f.Close()
		fi, err := f.Stat()
		if err != nil {
			return err
		}
		if !fi.IsDir() {
			return &fs.PathError{Op: "readdir", Path: path, Err: fmt.Errorf("not a folder")}
		}
		n, err := f.Readdirnames(max + 1)
		if err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		if len(n) > max {
			return &fs.PathError{Op: "readdir", Path: path, Err: fmt.Errorf("%w: over %d entries", ErrTooLarge, max)}
		}
		names = n
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	return names, nil
}
