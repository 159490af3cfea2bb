//go:build !unix

package mapfile

import "errors"

// Map needs a Unix system.
func Map(string) ([]byte, error) { return nil, errors.New("mapfile: mmap needs a Unix system") }
