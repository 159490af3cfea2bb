//go:build unix

package safewrite

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// WriteFile replaces path with data, whole or not at all: the new file is
// synced before it is renamed into place, so a crash leaves the old one.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	dir, base, err := split(path)
	if err != nil {
		return err
	}
	dfd, err := openDir(dir, path)
	if err != nil {
		return err
	}
	defer unix.Close(dfd)
	tmp, f, err := createTemp(dfd, base, path, perm)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = renameat(dfd, tmp, base, path)
	}
	if err != nil {
		_ = unix.Unlinkat(dfd, tmp, 0)
	}
	return err
}

// Create makes a new, empty file at path for writing as it grows (a
// capture): the file is renamed into place at once, replacing what was
// there, and the caller keeps writing to it; fresh is then true.
//
// Two kinds of names are written as they are (fresh false), never
// replaced: an existing FIFO or device of ours or root's (/dev/null, a
// pipe a reader waits on), and a link of ours or root's under /dev or
// /proc (/dev/stdout, /dev/fd/3), which names a stream our caller chose.
// Only root can make those, and replacing them would break the system.
func Create(path string, perm os.FileMode) (f *os.File, fresh bool, err error) {
	dir, base, err := split(path)
	if err != nil {
		return nil, false, err
	}
	dfd, err := openDir(dir, path)
	if err != nil {
		return nil, false, err
	}
	defer unix.Close(dfd)
	var st unix.Stat_t
	if unix.Fstatat(dfd, base, &st, unix.AT_SYMLINK_NOFOLLOW) == nil {
		switch st.Mode & unix.S_IFMT {
		case unix.S_IFREG, unix.S_IFDIR:
		case unix.S_IFLNK:
			if systemLink(path, &st) {
				f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|unix.O_NOCTTY, 0)
				return f, false, err
			}
		default:
			f, err := openInPlace(dfd, base, path, &st)
			return f, false, err
		}
	}
	tmp, f, err := createTemp(dfd, base, path, perm)
	if err != nil {
		return nil, false, err
	}
	if err := renameat(dfd, tmp, base, path); err != nil {
		_ = unix.Unlinkat(dfd, tmp, 0)
		f.Close()
		return nil, false, err
	}
	return f, true, nil
}

// systemLink is a link root (or we) keep under /dev or /proc, where no one
// else can make one.
func systemLink(path string, st *unix.Stat_t) bool {
	abs, err := filepath.Abs(path)
	if err != nil || !ownerOK(st.Uid) {
		return false
	}
	return strings.HasPrefix(abs, "/dev/") || strings.HasPrefix(abs, "/proc/")
}

// openInPlace opens an existing FIFO or device without creating anything.
// One another user made (a FIFO in /tmp) is refused before opening it, as
// opening would hand them the capture (and wait for them to read).
func openInPlace(dfd int, base, path string, want *unix.Stat_t) (*os.File, error) {
	if !ownerOK(want.Uid) {
		return nil, fmt.Errorf("refusing to write %s: it belongs to uid %d, not to this user (uid %d)", path, want.Uid, os.Geteuid())
	}
	fd, err := unix.Openat(dfd, base, unix.O_WRONLY|unix.O_NOFOLLOW|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil || st.Dev != want.Dev || st.Ino != want.Ino {
		unix.Close(fd)
		return nil, fmt.Errorf("%s changed while it was opened", path)
	}
	return os.NewFile(uintptr(fd), path), nil
}

// MkdirAll creates dir and any missing parents, each 0700 and made
// relative to its checked parent. dir itself, new or not, must belong to
// the effective user.
func MkdirAll(dir string) error {
	dir = filepath.Clean(dir)
	var missing []string
	top := dir
	for {
		_, err := os.Stat(top)
		if err == nil {
			break
		}
		parent := filepath.Dir(top)
		if !errors.Is(err, fs.ErrNotExist) || parent == top {
			return err
		}
		missing = append(missing, filepath.Base(top))
		top = parent
	}
	fd, err := openDir(top, dir)
	if err != nil {
		return err
	}
	for i := len(missing) - 1; i >= 0; i-- {
		name := missing[i]
		if err := unix.Mkdirat(fd, name, 0o700); err != nil && err != unix.EEXIST {
			unix.Close(fd)
			return &fs.PathError{Op: "mkdir", Path: dir, Err: err}
		}
		next, err := unix.Openat(fd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		unix.Close(fd)
		if err != nil {
			return &fs.PathError{Op: "open", Path: dir, Err: err}
		}
		fd = next
		if err := checkFD(fd, filepath.Join(top, filepath.Join(missing[i:]...)), dir); err != nil {
			unix.Close(fd)
			return err
		}
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return err
	}
	if int(st.Uid) != os.Geteuid() {
		return fmt.Errorf("refusing to use %s: it belongs to uid %d, not to this user (uid %d)", dir, st.Uid, os.Geteuid())
	}
	return nil
}

// CheckPrivateDir accepts only a real directory (not a link) of the
// effective user that no one else may enter.
func CheckPrivateDir(d string) error {
	fi, err := os.Lstat(d)
	if err != nil {
		return err
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fmt.Errorf("%s: no owner", d)
	}
	if !fi.IsDir() || int(st.Uid) != os.Geteuid() || fi.Mode().Perm()&0o077 != 0 {
		return fmt.Errorf("%s is not a private directory of this user", d)
	}
	return nil
}

// split cuts path into its directory and a name a file can have.
func split(path string) (dir, base string, err error) {
	dir, base = filepath.Split(path)
	if base == "" || base == "." || base == ".." {
		return "", "", &fs.PathError{Op: "open", Path: path, Err: unix.EISDIR}
	}
	return filepath.Clean(dir), base, nil
}

// openDir opens dir (for path's sake, named in errors) and checks it is
// trusted.
func openDir(dir, path string) (int, error) {
	fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return -1, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	if err := checkFD(fd, dir, path); err != nil {
		unix.Close(fd)
		return -1, err
	}
	return fd, nil
}

// checkFD refuses a directory someone other than us (or root) could
// change entries of.
func checkFD(fd int, dir, path string) error {
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return &fs.PathError{Op: "stat", Path: dir, Err: err}
	}
	sticky := st.Mode&unix.S_ISVTX != 0
	switch {
	case !ownerOK(st.Uid):
		return fmt.Errorf("refusing to write %s: %s belongs to uid %d, not to this user (uid %d)", path, dir, st.Uid, os.Geteuid())
	case st.Mode&0o002 != 0 && !sticky:
		return fmt.Errorf("refusing to write %s: every user may change %s", path, dir)
	case st.Mode&0o020 != 0 && !sticky && int(st.Gid) != os.Getegid():
		return fmt.Errorf("refusing to write %s: group %d may change %s", path, st.Gid, dir)
	}
	return nil
}

func ownerOK(uid uint32) bool { return int(uid) == os.Geteuid() || uid == 0 }

// createTemp creates a new file beside base under a random name that no
// one could have planted: O_EXCL fails on any existing entry, a link
// included.
func createTemp(dfd int, base, path string, perm os.FileMode) (string, *os.File, error) {
	if len(base) > 200 {
		base = base[:200] // room for the suffix within NAME_MAX
	}
	for range 16 {
		var r [8]byte
		_, _ = rand.Read(r[:])
		name := "." + base + "." + hex.EncodeToString(r[:]) + ".tmp"
		fd, err := unix.Openat(dfd, name, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, uint32(perm.Perm()))
		if err == unix.EEXIST {
			continue
		}
		if err != nil {
			return "", nil, &fs.PathError{Op: "open", Path: path, Err: err}
		}
		return name, os.NewFile(uintptr(fd), path), nil
	}
	return "", nil, &fs.PathError{Op: "open", Path: path, Err: unix.EEXIST}
}

func renameat(dfd int, from, to, path string) error {
	if err := unix.Renameat(dfd, from, dfd, to); err != nil {
		return &fs.PathError{Op: "rename", Path: path, Err: err}
	}
	return nil
}

// ownerOf is the uid owning d or, when d does not exist yet, its nearest
// existing parent (where it would be created); -1 when unknown.
func ownerOf(d string) int {
	for {
		fi, err := os.Stat(d)
		if err == nil {
			if st, ok := fi.Sys().(*syscall.Stat_t); ok && fi.IsDir() {
				return int(st.Uid)
			}
			return -1
		}
		parent := filepath.Dir(d)
		if !errors.Is(err, fs.ErrNotExist) || parent == d {
			return -1
		}
		d = parent
	}
}
