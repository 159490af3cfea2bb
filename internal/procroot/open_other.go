//go:build !unix

package procroot

import "os"

func openNonblock(path string) (*os.File, error) { return os.Open(path) }

// OpenDir opens a directory.
func OpenDir(path string) (*os.File, error) { return os.Open(path) }
