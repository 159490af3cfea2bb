//go:build unix

// Package mapfile maps a whole file read-only, as a loader maps a library
// or a model. Test helpers use it to make real processes whose
// /proc/PID/maps show the files (maptest's mapper child, standin's
// stand-in servers); it sits low so that both may import it.
package mapfile

import (
	"fmt"
	"os"
	"syscall"
)

// Map maps the whole file read-only and shared, as a loader maps a
// library or a model file, and closes it: the mapping keeps the file
// referenced. An empty file cannot be mapped.
func Map(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fi.Size() == 0 {
		return nil, fmt.Errorf("%s: empty files cannot be mapped", path)
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(fi.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, fmt.Errorf("mmap %s: %w", path, err)
	}
	return b, nil
}
