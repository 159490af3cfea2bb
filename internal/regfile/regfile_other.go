//go:build !unix

package regfile

import (
	"errors"
	"io/fs"
	"os"
)

// openIf: stat first (no side effect), then open and check that the
// file opened is the one stat'ed.
func openIf(path string, decide func(fs.FileInfo, string) error) (*os.File, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, notRegular(path)
	}
	if decide != nil {
		if err := decide(fi, ""); err != nil {
			return nil, err
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if fi2, err := f.Stat(); err != nil || !os.SameFile(fi, fi2) {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: path, Err: errors.New("file changed while opening")}
	}
	return f, nil
}

// openDir: a directory, checked before it is opened.
func openDir(path string) (*os.File, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return nil, &fs.PathError{Op: "open", Path: path, Err: errors.New("not a directory")}
	}
	return os.Open(path)
}
