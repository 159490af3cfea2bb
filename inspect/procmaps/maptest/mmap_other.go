//go:build !unix

package maptest

import "errors"

func mapFile(string) ([]byte, error) { return nil, errors.New("maptest: mmap needs a Unix system") }
