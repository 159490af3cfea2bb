package actions

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/gputaskman/gtm/app"
	"github.com/gputaskman/gtm/backend/linux"
	"github.com/gputaskman/gtm/internal/procroot"
)

// checkEnd: the PID must still name the process the snapshot saw (same
// start time) and run with gtm's own real user ID.
func (s *System) checkEnd(p *app.Process) error {
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
	uid, err := realUID(filepath.Join(root, strconv.Itoa(p.PID), "status"))
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

// realUID reads the real user ID from a /proc/<pid>/status file, without
// blocking and bounded (procroot).
func realUID(path string) (int, error) {
	b, _, err := procroot.ReadPrefix(path, 64<<10)
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "Uid:"); ok {
			fields := strings.Fields(rest)
			if len(fields) == 0 {
				break
			}
			return strconv.Atoi(fields[0])
		}
	}
	return 0, errors.New("no Uid line")
}

func terminate(pid int) error { return syscall.Kill(pid, syscall.SIGTERM) }
