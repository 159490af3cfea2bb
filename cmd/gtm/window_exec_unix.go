//go:build nogui && unix

package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// The headless gtm is the one a user runs; the window is a second binary,
// gtm-window, so that `gtm --json` never pays for Fyne's package init and
// the X11 and GL libraries (README, "Performance"). When the command line
// asks for the window, gtm becomes gtm-window before it reads anything.

// windowName is the window build's file name.
const windowName = "gtm-window"

// wantsWindow is true when args ask gtm itself for the window: no
// subcommand, flags that parse, no operand, and none of --help,
// --version, --once, --json or --list-gpus. A headless gtm hands such a
// command line to gtm-window unchecked (the window build checks its values
// as run does) and answers every other one itself.
func wantsWindow(args []string) bool {
	if subcommand(args) != nil {
		return false
	}
	var o options
	fs := newFlagSet(&o)
	fs.SetOutput(io.Discard)
	if fs.Parse(args) != nil || fs.NArg() > 0 {
		return false
	}
	return !o.help && !o.showVersion && !o.once && !o.json && !o.listGPUs
}

// windowPaths are where gtm looks for gtm-window, in order: beside its own
// executable (bin/ in a checkout, the release tarball) and in
// ../libexec/gtm/ (the packages' /usr/libexec/gtm, make install's
// PREFIX/libexec/gtm). self is gtm's own executable, symlinks resolved.
func windowPaths() (self string, paths []string, err error) {
	if self, err = os.Executable(); err != nil {
		return "", nil, err
	}
	if real, err := filepath.EvalSymlinks(self); err == nil {
		self = real
	}
	dir := filepath.Dir(self)
	return self, []string{filepath.Join(dir, windowName), filepath.Join(dir, "..", "libexec", "gtm", windowName)}, nil
}

// handOffWindow replaces gtm with gtm-window (same PID, argv and
// environment: execve) when argv asks for the window. It returns nil when
// there is nothing to hand off to, and runGUI then says where it looked;
// an error when gtm-window is there but could not be started.
func handOffWindow(argv []string) error {
	if !wantsWindow(argv[1:]) {
		return nil
	}
	self, paths, err := windowPaths()
	// A headless build installed under the window's name would exec itself
	// for ever; it answers like any headless gtm instead.
	if err != nil || filepath.Base(self) == windowName {
		return nil
	}
	owner, err := ownerOf(self)
	if err != nil {
		return nil
	}
	for _, p := range paths {
		real, err := filepath.EvalSymlinks(p)
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
			continue
		}
		if err == nil {
			err = trusted(real, owner)
		}
		if err == nil {
			err = syscall.Exec(real, argv, os.Environ())
		}
		return fmt.Errorf("cannot start the window: %s: %v", p, err)
	}
	return nil
}

// ownerOf is the user owning the file at path.
func ownerOf(path string) (uint32, error) {
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		return 0, err
	}
	return st.Uid, nil
}

// trusted refuses a gtm-window that someone gtm does not already trust
// could have put there or changed: gtm often runs as root, and exec hands
// the window that trust. The file and its folder must belong to root or
// to gtm's own owner, and be writable by nobody else (a group may write
// only when it is root's).
func trusted(path string, owner uint32) error {
	for _, p := range []string{path, filepath.Dir(path)} {
		var st syscall.Stat_t
		if err := syscall.Stat(p, &st); err != nil {
			return err
		}
		mode := st.Mode & 0o7777
		switch {
		case st.Uid != 0 && st.Uid != owner:
			return fmt.Errorf("%s belongs to uid %d, neither root nor gtm's owner (uid %d); not running it", p, st.Uid, owner)
		case st.Mode&0o002 != 0, st.Mode&0o020 != 0 && st.Gid != 0:
			return fmt.Errorf("%s is writable by other users (mode %04o); not running it", p, mode)
		}
	}
	return nil
}

// noWindowHint says where a headless gtm looked for gtm-window.
func noWindowHint() string {
	self, paths, err := windowPaths()
	switch {
	case err != nil:
		return fmt.Sprintf(" and cannot look for %s: %v", windowName, err)
	case filepath.Base(self) == windowName:
		return fmt.Sprintf(" but is installed as %s, where the window build belongs (%s)", windowName, self)
	}
	return fmt.Sprintf(" and found no %s at %s or %s", windowName, paths[0], paths[1])
}
