//go:build !unix

package maptest

import "errors"

// MapFile needs a Unix system.
func MapFile(string) ([]byte, error) { return nil, errors.New("maptest: mmap needs a Unix system") }
