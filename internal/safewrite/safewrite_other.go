//go:build !unix

package safewrite

import (
	"fmt"
	"os"
	"path/filepath"
)

// Without Unix ownership and openat, files are still written to a
// temporary name and renamed into place, so a reader never sees half of
// one; Windows creates no symlinks for unprivileged users by default.

// WriteFile replaces path with data, whole or not at all.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		_ = os.Remove(tmp)
	}
	return err
}

// Create makes a new, empty file at path for writing as it grows; fresh
// is whether it is a regular file (not a device such as NUL).
func Create(path string, perm os.FileMode) (f *os.File, fresh bool, err error) {
	f, err = os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return nil, false, err
	}
	fi, err := f.Stat()
	return f, err == nil && fi.Mode().IsRegular(), nil
}

// MkdirAll creates dir and any missing parents.
func MkdirAll(dir string) error { return os.MkdirAll(dir, 0o700) }

// CheckPrivateDir accepts only a real directory.
func CheckPrivateDir(d string) error {
	fi, err := os.Lstat(d)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s is not a directory", d)
	}
	return nil
}

func ownerOf(string) int { return 0 }
