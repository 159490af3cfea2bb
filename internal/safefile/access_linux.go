package safefile

import (
	"errors"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// maxLinks is the kernel's own limit on symbolic links in one lookup.
const maxLinks = 40

func rootUsable(root string) bool {
	fd, err := unix.Open(root, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return false
	}
	unix.Close(fd)
	return true
}

// walker resolves a path one component at a time from a directory
// descriptor, as the kernel would for the process: each directory is
// checked for search permission against the process's cred on the
// descriptor actually opened, symbolic links are read and followed inside
// the root (an absolute target restarts at the root, ".." stops there),
// and nothing but the final regular file is ever opened for reading.
type walker struct {
	a     *Access
	path  string
	stack []int // open O_PATH directories; stack[0] is the root
}

func (a *Access) walk(path string) (*walker, error) {
	if !strings.HasPrefix(path, "/") {
		return nil, &fs.PathError{Op: "open", Path: path, Err: errors.New("not an absolute path")}
	}
	root := a.Root
	if root == "" {
		root = "/"
	}
	fd, err := unix.Open(root, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: root, Err: err}
	}
	return &walker{a: a, path: path, stack: []int{fd}}, nil
}

func (w *walker) close() {
	for _, fd := range w.stack {
		unix.Close(fd)
	}
	w.stack = nil
}

func (w *walker) denied(what string) error {
	return &DeniedError{Path: w.path, UID: w.a.Cred.UID, What: what}
}

func (w *walker) permits(fd int, st *unix.Stat_t, want uint32) bool {
	c := w.a.Cred
	if c == nil || c.UID == 0 {
		return true
	}
	if !c.allows(fs.FileMode(st.Mode&0o777), st.Uid, st.Gid, want) {
		return false
	}
	// A POSIX ACL can deny a named user or group what the mode bits seem
	// to allow; gtm does not evaluate ACLs, so for anyone but the owner a
	// file or folder that has one counts as not allowed.
	return st.Uid == c.UID || !hasACL(fd)
}

func hasACL(fd int) bool { return hasACLAt("/proc/self/fd/" + strconv.Itoa(fd)) }

// hasACLAt reports whether the file at path (a /proc/self/fd entry: the
// inode already resolved) carries a POSIX access ACL.
func hasACLAt(path string) bool {
	n, err := unix.Getxattr(path, "system.posix_acl_access", nil)
	return err == nil && n > 0
}

// resolve walks to the last component and returns its O_PATH descriptor
// and stat; the caller closes the descriptor.
func (w *walker) resolve() (int, *unix.Stat_t, error) {
	comps := strings.Split(w.path, "/")
	links := 0
	var cur unix.Stat_t
	if err := unix.Fstat(w.stack[0], &cur); err != nil {
		return -1, nil, err
	}
	dirName := "/"
	for {
		// skip empty and "." components
		for len(comps) > 0 && (comps[0] == "" || comps[0] == ".") {
			comps = comps[1:]
		}
		if len(comps) == 0 {
			// the path names a directory: hand back the current one
			fd, err := unix.Dup(w.top())
			if err != nil {
				return -1, nil, err
			}
			st := cur
			return fd, &st, nil
		}
		name := comps[0]
		comps = comps[1:]
		if !w.permits(w.top(), &cur, 1) {
			return -1, nil, w.denied("search folder " + dirName)
		}
		if name == ".." {
			if len(w.stack) > 1 {
				unix.Close(w.top())
				w.stack = w.stack[:len(w.stack)-1]
			}
			if err := unix.Fstat(w.top(), &cur); err != nil {
				return -1, nil, err
			}
			continue
		}
		fd, err := unix.Openat(w.top(), name, unix.O_PATH|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if err != nil {
			return -1, nil, &fs.PathError{Op: "open", Path: w.path, Err: err}
		}
		var st unix.Stat_t
		if err := unix.Fstat(fd, &st); err != nil {
			unix.Close(fd)
			return -1, nil, err
		}
		switch {
		case st.Mode&unix.S_IFMT == unix.S_IFLNK:
			target, err := w.follow(fd, &links, &cur)
			if err != nil {
				return -1, nil, err
			}
			comps = append(strings.Split(target, "/"), comps...)
		case len(comps) > 0 && st.Mode&unix.S_IFMT == unix.S_IFDIR:
			w.stack = append(w.stack, fd)
			cur, dirName = st, name
		case len(comps) > 0:
			// a file in the middle: only fine if the rest is just "." or ""
			rest := strings.Trim(strings.Join(comps, "/"), "/.")
			if rest != "" {
				unix.Close(fd)
				return -1, nil, &fs.PathError{Op: "open", Path: w.path, Err: syscall.ENOTDIR}
			}
			return fd, &st, nil
		default:
			return fd, &st, nil
		}
	}
}

// top is the directory the walk is in.
func (w *walker) top() int { return w.stack[len(w.stack)-1] }

// follow reads the link fd (and closes it), counting it in links; an
// absolute target restarts the walk at the root, with cur its stat.
func (w *walker) follow(fd int, links *int, cur *unix.Stat_t) (string, error) {
	target, err := readlinkFd(fd)
	unix.Close(fd)
	if err != nil {
		return "", &fs.PathError{Op: "readlink", Path: w.path, Err: err}
	}
	if *links++; *links > maxLinks {
		return "", &fs.PathError{Op: "open", Path: w.path, Err: syscall.ELOOP}
	}
	if strings.HasPrefix(target, "/") {
		for _, d := range w.stack[1:] {
			unix.Close(d)
		}
		w.stack = w.stack[:1]
		if err := unix.Fstat(w.stack[0], cur); err != nil {
			return "", err
		}
	}
	return target, nil
}

func readlinkFd(fd int) (string, error) {
	buf := make([]byte, 4096)
	n, err := unix.Readlinkat(fd, "", buf)
	if err != nil {
		return "", err
	}
	if n >= len(buf) {
		return "", syscall.ENAMETOOLONG
	}
	return string(buf[:n]), nil
}

func (a *Access) open(path string) (*os.File, error) { return a.openChecked(path, false) }

// openDir opens the folder path for listing as the process could: the
// walk checks every folder on the way, and the folder itself must be
// readable by the process's user.
func (a *Access) openDir(path string) (*os.File, error) { return a.openChecked(path, true) }

// openChecked opens a regular file (or, with dir, a folder) the process's
// user may read, reached by the checked walk.
func (a *Access) openChecked(path string, dir bool) (*os.File, error) {
	w, err := a.walk(path)
	if err != nil {
		return nil, err
	}
	defer w.close()
	pfd, st, err := w.resolve()
	if err != nil {
		return nil, err
	}
	defer unix.Close(pfd)
	want, flags, what, kind := uint32(unix.S_IFREG), unix.O_RDONLY|unix.O_NONBLOCK|unix.O_NOCTTY|unix.O_CLOEXEC, "read it", "file"
	if dir {
		want, flags, what, kind = unix.S_IFDIR, flags|unix.O_DIRECTORY, "list it", "folder"
	}
	if st.Mode&unix.S_IFMT != want {
		if dir {
			return nil, &fs.PathError{Op: "open", Path: path, Err: errors.New("not a folder")}
		}
		return nil, &fs.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	if !w.permits(pfd, st, 4) {
		return nil, w.denied(what)
	}
	// Reopen the very inode checked, through its descriptor: no path is
	// looked up again, so nothing can be swapped in between.
	fd, err := unix.Open("/proc/self/fd/"+strconv.Itoa(pfd), flags, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	var st2 unix.Stat_t
	if err := unix.Fstat(fd, &st2); err != nil || st2.Dev != st.Dev || st2.Ino != st.Ino {
		unix.Close(fd)
		return nil, &fs.PathError{Op: "open", Path: path, Err: errors.New(kind + " changed while opening")}
	}
	return os.NewFile(uintptr(fd), path), nil
}

func (a *Access) stat(path string) (fs.FileInfo, error) {
	w, err := a.walk(path)
	if err != nil {
		return nil, err
	}
	defer w.close()
	pfd, st, err := w.resolve()
	if err != nil {
		return nil, err
	}
	defer unix.Close(pfd)
	return statInfo(path, st), nil
}

// statInfo is an fs.FileInfo over a unix.Stat_t, with Sys() a
// *syscall.Stat_t like os.Stat's.
type fileInfo struct {
	name string
	st   syscall.Stat_t
}

func statInfo(path string, st *unix.Stat_t) fs.FileInfo {
	fi := &fileInfo{name: path[strings.LastIndexByte(path, '/')+1:]}
	fi.st.Dev, fi.st.Ino, fi.st.Mode, fi.st.Size = st.Dev, st.Ino, st.Mode, st.Size
	fi.st.Uid, fi.st.Gid, fi.st.Mtim = st.Uid, st.Gid, syscall.Timespec(st.Mtim)
	return fi
}

func (f *fileInfo) Name() string { return f.name }
func (f *fileInfo) Size() int64  { return f.st.Size }
func (f *fileInfo) Mode() fs.FileMode {
	m := fs.FileMode(f.st.Mode & 0o777)
	switch f.st.Mode & syscall.S_IFMT {
	case syscall.S_IFDIR:
		m |= fs.ModeDir
	case syscall.S_IFLNK:
		m |= fs.ModeSymlink
	case syscall.S_IFIFO:
		m |= fs.ModeNamedPipe
	case syscall.S_IFSOCK:
		m |= fs.ModeSocket
	case syscall.S_IFCHR:
		m |= fs.ModeDevice | fs.ModeCharDevice
	case syscall.S_IFBLK:
		m |= fs.ModeDevice
	}
	return m
}
func (f *fileInfo) ModTime() time.Time { return time.Unix(f.st.Mtim.Sec, f.st.Mtim.Nsec) }
func (f *fileInfo) IsDir() bool        { return f.Mode().IsDir() }
func (f *fileInfo) Sys() any           { return &f.st }
