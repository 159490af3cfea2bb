//go:build !nogui && !linux

package main

import (
	"fmt"
	"os"
)

// checkPrivateDir refuses a socket directory that is not a real directory.
func checkPrivateDir(d string) error {
	fi, err := os.Lstat(d)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s is not a directory", d)
	}
	return nil
}
