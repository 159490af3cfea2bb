package maptest

import "syscall"

// inNewNetNS makes the child start in a network namespace of its own.
func inNewNetNS(a *syscall.SysProcAttr) error {
	a.Cloneflags |= syscall.CLONE_NEWNET
	return nil
}
