//go:build !linux

package desktop

import "errors"

func autostartEnabled() bool { return false }

func setAutostart(bool, string) error {
	return errors.New("start at login is only available on Linux desktops so far")
}

func autostartAvailable() bool { return false }
