//go:build unix && !linux

package maptest

import (
	"errors"
	"syscall"
)

func inNewNetNS(*syscall.SysProcAttr) error {
	return errors.New("network namespaces are Linux's")
}
