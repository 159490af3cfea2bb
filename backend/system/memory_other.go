//go:build !linux && !windows

package system

import (
	"context"
	"errors"
)

func readMemory(env context.Context) (memory, error) {
	m, err, serr := readGopsutilMemory(env)
	return m, errors.Join(err, serr)
}
