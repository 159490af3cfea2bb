package actions

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/gputaskman/gtm/backend/linux"
	"github.com/gputaskman/gtm/internal/procroot"
	"github.com/gputaskman/gtm/internal/schema"
)

// checkEnd: the PID must still name the process the snapshot saw (same
// start time) and run with gtm's own real user ID.
func (s *System) checkEnd(p *schema.Process) error {
	root := s.ProcRoot
	if root == "" {
		root = "/proc"
	}
	// A tree that is not procfs may name any PID with our uid and the
	// right start time: no signal is sent on its word.
	if why := untrustedRoot(root); why != "" {
		return errors.New(why)
	}
	info := linux.NewProcFS(root).Lookup(p.PID)
	if !info.Exists {
		return errors.New("the process has exited")
	}
	if p.StartTime == nil || info.StartTime == nil || !p.StartTime.Equal(*info.StartTime) {
		return errors.New("the PID now names another process, or its start time is unknown")
	}
	uid, err := statusUID(filepath.Join(root, strconv.Itoa(p.PID), "status"), 0)
	if err != nil {
		return fmt.Errorf("its owner cannot be read: %v", err)
	}
	if uid != os.Getuid() {
		owner := "another user's"
		if p.User != nil {
			owner = *p.User + "'s"
		}
		return fmt.Errorf("only your own processes can be ended here (this one is %s)", owner)
	}
	return nil
}

// untrustedRoot is procroot.Untrusted; tests fake another user's status
// in a tree that is not procfs.
var untrustedRoot = procroot.Untrusted

// statusUID reads a user ID from a /proc/<pid>/status file's Uid line
// (field 0 is the real one, 1 the effective one), without blocking and
// bounded (procroot).
func statusUID(path string, field int) (int, error) {
	b, _, err := procroot.ReadPrefix(path, 64<<10)
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "Uid:"); ok {
			fields := strings.Fields(rest)
			if len(fields) <= field {
				break
			}
			return strconv.Atoi(fields[field])
		}
	}
	return 0, errors.New("no Uid line")
}

// Kernel entry points, replaced by tests.
var (
	pidfdOpen       = unix.PidfdOpen
	pidfdSendSignal = unix.PidfdSendSignal
	// pinned runs between opening the pidfd and checking the process
	// again (tests swap the process behind the PID there).
	pinned = func() {}
)

// terminate sends SIGTERM to p. A pidfd pins the process the PID names
// now; checking p again after that proves the pinned process is the one
// the user confirmed, so a PID reused at any point is never signalled.
// Kernels before 5.3 have no pidfd: kill after the checks just made.
func (s *System) terminate(p *schema.Process) error {
	fd, err := pidfdOpen(p.PID, 0)
	switch {
	case errors.Is(err, unix.ENOSYS):
		return syscall.Kill(p.PID, syscall.SIGTERM)
	case errors.Is(err, unix.ESRCH):
		return errors.New("the process has exited")
	case err != nil:
		return fmt.Errorf("cannot pin the process: %w", err)
	}
	defer unix.Close(fd)
	pinned()
	if err := s.checkEnd(p); err != nil {
		return err
	}
	if err := pidfdSendSignal(fd, unix.SIGTERM, nil, 0); err != nil {
		if errors.Is(err, unix.ESRCH) {
			return errors.New("the process has exited")
		}
		return err
	}
	return nil
}
