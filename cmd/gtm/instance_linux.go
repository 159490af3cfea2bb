//go:build !nogui

package main

import (
	"fmt"
	"os"
	"syscall"
)

// checkPrivateDir refuses a socket directory another user could reach: it
// must be a real directory (not a link), ours, and closed to others.
func checkPrivateDir(d string) error {
	fi, err := os.Lstat(d)
	if err != nil {
		return err
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !fi.IsDir() || !ok || int(st.Uid) != os.Getuid() || fi.Mode().Perm()&0o077 != 0 {
		return fmt.Errorf("%s is not a private directory of this user", d)
	}
	return nil
}
