//go:build !unix

package procroot

import "os"

func openNonblock(path string) (*os.File, error) { return os.Open(path) }
