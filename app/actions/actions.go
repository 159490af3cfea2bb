// Package actions does what a user explicitly asks the window to do to
// the world outside it: open a model's folder, end a process, ask a local
// inference server to unload a model. Nothing here runs during
// collection; the window calls it only after the user clicked and, for
// anything that changes state, confirmed.
package actions

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"

	"github.com/gputaskman/gtm/internal/schema"
)

// Opener shows a folder in the platform's file manager. It is an
// interface so tests never launch anything.
type Opener interface {
	Open(dir string) error
}

// System is the real set of actions (it satisfies ui.Actions).
type System struct {
	// Opener launches the file manager (xdg-open, open, explorer).
	Opener Opener
	// Unloader sends unload requests (loopback only, short timeout).
	Unloader *Unloader
	// ProcRoot is where process details are read to check a PID still
	// names the process in the snapshot (Linux).
	ProcRoot string
}

// NewSystem returns the platform's actions.
func NewSystem() *System {
	return &System{Opener: platformOpener(), Unloader: NewUnloader(), ProcRoot: "/proc"}
}

// OpenFolder shows dir in the file manager; it must be an existing
// directory (a model's folder from the snapshot).
func (s *System) OpenFolder(dir string) error {
	fi, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s is not a folder", dir)
	}
	if s.Opener == nil {
		return errors.New("no file manager known on this platform")
	}
	return s.Opener.Open(dir)
}

// CheckEnd returns nil when p may be ended from here: a process in our
// PID namespace, not gtm itself nor init, still the process the snapshot
// saw, and run by the same user as gtm (platform checks in end_*.go).
func (s *System) CheckEnd(p *schema.Process) error {
	switch {
	case p == nil:
		return errors.New("no process")
	case p.PIDLabel != strconv.Itoa(p.PID):
		return errors.New("the process lives outside this PID namespace")
	case p.PID <= 1:
		return errors.New("not a process gtm ends")
	case p.PID == os.Getpid():
		return errors.New("that is gtm itself (use q to quit)")
	}
	return s.checkEnd(p)
}

// EndProcess sends SIGTERM to p after the same checks as CheckEnd, made
// again now: the PID may have been reused since the snapshot. Where the
// platform can, the process is pinned first and checked after, so the
// signal cannot reach a process that took over the PID (end_*.go).
func (s *System) EndProcess(p *schema.Process) error {
	if err := s.CheckEnd(p); err != nil {
		return err
	}
	return s.terminate(p)
}

// CheckUnload describes the request Unload would send for p, or says why
// it sends none: its server offers no unload, or the port is not held by
// p's user (checkPortOwner in unload_*.go).
func (s *System) CheckUnload(p *schema.Process) (string, error) {
	r, err := s.unloadRequest(p)
	if err != nil {
		return "", err
	}
	return r.String(), nil
}

// Unload asks p's server to unload its model, after the checks of
// CheckUnload made again now.
func (s *System) Unload(ctx context.Context, p *schema.Process) error {
	r, err := s.unloadRequest(p)
	if err != nil {
		return err
	}
	return s.Unloader.Send(ctx, r)
}

func (s *System) unloadRequest(p *schema.Process) (UnloadRequest, error) {
	r, err := UnloadRequestFor(p)
	if err != nil {
		return r, err
	}
	if err := s.checkPortOwner(p, r); err != nil {
		return r, fmt.Errorf("not sent: %w", err)
	}
	return r, nil
}
