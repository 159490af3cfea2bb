package safefile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gputaskman/gtm/internal/regfile"
)

// Cred is whose rights a read is checked against: a process's filesystem
// uid and gid and its supplementary groups, as /proc/<pid>/status gives
// them.
type Cred struct {
	UID    uint32
	GID    uint32
	Groups []uint32
}

// inGroup reports whether gid is the cred's group or one of its groups.
func (c Cred) inGroup(gid uint32) bool {
	if gid == c.GID {
		return true
	}
	for _, g := range c.Groups {
		if g == gid {
			return true
		}
	}
	return false
}

// allows applies the mode bits of a file owned by uid:gid for want (4
// read, 1 search/execute), as the kernel does without ACLs: the owner's
// bits for the owner, else the group's for a member, else the others'.
// uid 0 may read anything and search any directory.
func (c Cred) allows(mode fs.FileMode, uid, gid uint32, want uint32) bool {
	if c.UID == 0 {
		return true
	}
	perm := uint32(mode.Perm())
	switch {
	case uid == c.UID:
		return perm>>6&want == want
	case c.inGroup(gid):
		return perm>>3&want == want
	}
	return perm&want == want
}

// ParseStatus reads the filesystem uid/gid ("Uid:"/"Gid:" fourth field)
// and supplementary groups from a /proc/<pid>/status file.
func ParseStatus(b []byte) (Cred, error) {
	var c Cred
	var haveUID, haveGID bool
	for len(b) > 0 {
		var line []byte
		line, b, _ = bytes.Cut(b, []byte{'\n'})
		key, val, ok := bytes.Cut(line, []byte{':'})
		if !ok {
			continue
		}
		switch string(key) {
		case "Uid", "Gid":
			f := strings.Fields(string(val))
			if len(f) < 4 {
				return Cred{}, fmt.Errorf("status: short %s line", key)
			}
			v, err := strconv.ParseUint(f[3], 10, 32)
			if err != nil {
				return Cred{}, fmt.Errorf("status: %s: %w", key, err)
			}
			if string(key) == "Uid" {
				c.UID, haveUID = uint32(v), true
			} else {
				c.GID, haveGID = uint32(v), true
			}
		case "Groups":
			for _, s := range strings.Fields(string(val)) {
				v, err := strconv.ParseUint(s, 10, 32)
				if err != nil {
					return Cred{}, fmt.Errorf("status: Groups: %w", err)
				}
				c.Groups = append(c.Groups, uint32(v))
			}
		}
	}
	if !haveUID || !haveGID {
		return Cred{}, errors.New("status: no Uid or Gid line")
	}
	return c, nil
}

// Access opens files a process named, with that process's rights (see
// the package comment). The zero Access uses gtm's own rights, resolving
// from "/". Make one per process inspection with ForProcess.
type Access struct {
	// Cred is the process's; nil checks nothing beyond gtm's own rights.
	Cred *Cred
	// Root is the directory absolute paths are resolved in: the process's
	// /proc/<pid>/root, so that a container's or chroot's paths mean what
	// they mean to the process. "" is "/".
	Root string
	// Timeout bounds each read; DefaultTimeout when zero.
	Timeout time.Duration
	// Skip, when set, gives the reason a path must not be touched at all,
	// not even stat'ed, or "" to let it through. On macOS it names other
	// apps' sandbox containers: opening a file there waits for a privacy
	// consent prompt.
	Skip func(path string) string
	// err, when set, refuses every open: the process's user is unknown.
	err error
}

// ForProcess returns the Access of process pid under procRoot. When its
// user cannot be learned (it exited, its status is unreadable) the Access
// refuses every file: reading without knowing whose rights apply is
// exactly the confused deputy this package prevents.
func ForProcess(procRoot string, pid int) *Access {
	dir := filepath.Join(procRoot, strconv.Itoa(pid))
	b, err := readStatus(filepath.Join(dir, "status"))
	if err != nil {
		return &Access{err: fmt.Errorf("the process's user could not be learned: %w", errors.Unwrap(err))}
	}
	c, err := ParseStatus(b)
	if err != nil {
		return &Access{err: fmt.Errorf("the process's user could not be learned: %w", err)}
	}
	a := &Access{Cred: &c}
	if root := filepath.Join(dir, "root"); rootUsable(root) {
		a.Root = root
	}
	return a
}

// Refused returns an Access that refuses every file with err's reason.
func Refused(err error) *Access { return &Access{err: err} }

// Untrusted returns an Access that touches no path at all, not even to
// stat it, giving reason: for a process of a proc root that is not
// procfs, whose user and root directory are whatever the tree's owner
// wrote. Every path is skipped (a model keeps the format its name gives)
// and MayRead refuses.
func Untrusted(reason string) *Access {
	return &Access{Skip: func(string) string { return reason }, err: errors.New(reason)}
}

// DeniedError is a file the process's user could not read (or a folder
// on the way it could not search). It matches fs.ErrPermission.
type DeniedError struct {
	Path string
	UID  uint32
	What string // "read it" or "search <folder>"
}

func (e *DeniedError) Error() string {
	return fmt.Sprintf("%s: not read: the process's user (uid %d) may not %s", e.Path, e.UID, e.What)
}

// Is makes errors.Is(err, fs.ErrPermission) true.
func (e *DeniedError) Is(target error) bool { return target == fs.ErrPermission }

// SkippedError is a path an Access's Skip refused: it was neither opened
// nor stat'ed. It matches fs.ErrPermission (gtm may not read it), so a
// model there keeps the format its name gives and says why its header was
// not read.
type SkippedError struct {
	Path   string
	Reason string
}

func (e *SkippedError) Error() string { return e.Path + ": not opened: " + e.Reason }

// Is makes errors.Is(err, fs.ErrPermission) true.
func (e *SkippedError) Is(target error) bool { return target == fs.ErrPermission }

// Skipped returns why the Access will not touch path, or "" when it may.
func (a *Access) Skipped(path string) string {
	if a == nil || a.Skip == nil {
		return ""
	}
	return a.Skip(path)
}

// Open opens path for reading as the process could: see the package
// comment. max bounds the size (<= 0: any).
func (a *Access) Open(path string, max int64) (*os.File, fs.FileInfo, error) {
	if a == nil {
		return Open(path, max)
	}
	if why := a.Skipped(path); why != "" {
		return nil, nil, &SkippedError{Path: path, Reason: why}
	}
	if a.err != nil {
		return nil, nil, &fs.PathError{Op: "open", Path: path, Err: a.err}
	}
	f, err := a.open(path)
	if err != nil {
		return nil, nil, err
	}
	fi, err := check(f, path, max)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

// ReadFile reads a whole regular file of at most max bytes as the process
// could, within the Access's timeout.
func (a *Access) ReadFile(path string, max int64) ([]byte, error) {
	f, _, err := a.Open(path, max)
	if err != nil {
		return nil, err
	}
	return ReadAll(f, path, max, a.timeout())
}

// Stat describes path as the process could see it (every folder on the
// way searchable by its user), following symbolic links.
func (a *Access) Stat(path string) (fs.FileInfo, error) {
	if a == nil {
		return os.Stat(path)
	}
	if why := a.Skipped(path); why != "" {
		return nil, &SkippedError{Path: path, Reason: why}
	}
	if a.err != nil {
		return nil, &fs.PathError{Op: "stat", Path: path, Err: a.err}
	}
	return a.stat(path)
}

func (a *Access) timeout() time.Duration {
	if a == nil || a.Timeout <= 0 {
		return DefaultTimeout
	}
	return a.Timeout
}

// MayRead reports whether the process's user may read the file fi
// describes (fi from os.Stat: its owner, group and mode), for a file gtm
// reaches another way, such as the process's own descriptor under
// /proc/<pid>/fd. A nil Access, or one without a Cred, allows; one whose
// user is unknown refuses.
func (a *Access) MayRead(fi fs.FileInfo) bool {
	if a == nil {
		return true
	}
	if a.err != nil {
		return false
	}
	if a.Cred == nil {
		return true
	}
	uid, gid, ok := owner(fi)
	return ok && a.Cred.allows(fi.Mode(), uid, gid, 4)
}

// OpenHeld opens a file a process holds open, by a path that resolves
// through that process's descriptor: /proc/<pid>/fd/N. The process can
// point such a path anywhere at any moment (dup2 of an O_PATH descriptor
// needs no right to read what it names), so the path is resolved exactly
// once, to a descriptor that opens nothing, and every decision is made on
// that descriptor's fstat: a regular file (never a terminal or a device),
// at most max bytes (<= 0: any), readable by the process's user (mode
// bits; a file with an ACL counts as closed to all but its owner). Only
// then is the same inode opened for reading, through that descriptor.
// Never stat a held path and open it again: the two need not be one file.
// A nil Access decides with gtm's own rights.
func (a *Access) OpenHeld(path string, max int64) (*os.File, fs.FileInfo, error) {
	if a != nil && a.err != nil {
		return nil, nil, &fs.PathError{Op: "open", Path: path, Err: a.err}
	}
	f, err := regfile.OpenIf(path, func(fi fs.FileInfo, aclPath string) error {
		if max > 0 && fi.Size() > max {
			return &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("%w: %d bytes, limit %d", ErrTooLarge, fi.Size(), max)}
		}
		if a == nil || a.Cred == nil || a.Cred.UID == 0 {
			return nil
		}
		uid, gid, ok := owner(fi)
		if !ok || !a.Cred.allows(fi.Mode(), uid, gid, 4) || uid != a.Cred.UID && aclPath != "" && hasACLAt(aclPath) {
			return &DeniedError{Path: path, UID: a.Cred.UID, What: "read it"}
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	fi, err := check(f, path, max)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

// readStatus reads a /proc status file: opened like any file (a fake proc
// root could hold a FIFO), read directly (the kernel answers at once; no
// deadline goroutine on every refresh).
func readStatus(path string) ([]byte, error) {
	f, _, err := Open(path, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b := make([]byte, 0, 2048)
	for len(b) < 64<<10 {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := f.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF || n == 0 {
			return b, nil
		}
		if err != nil {
			return nil, err
		}
	}
	return b, nil
}
