package darwin

import (
	"bytes"
	"encoding/binary"
	"errors"
)

// maxArgs bounds the arguments kept from one process.
const maxArgs = 4096

// ParseProcArgs reads the kern.procargs2 buffer of a process: a 32-bit
// argument count, the executable path, NUL padding, then the arguments,
// each NUL-terminated (the environment follows and is not read).
func ParseProcArgs(b []byte) (exe string, args []string, err error) {
	if len(b) < 4 {
		return "", nil, errors.New("procargs: too short")
	}
	argc := int(int32(binary.LittleEndian.Uint32(b)))
	if argc < 0 || argc > maxArgs {
		return "", nil, errors.New("procargs: bad argument count")
	}
	rest := b[4:]
	i := bytes.IndexByte(rest, 0)
	if i < 0 {
		return "", nil, errors.New("procargs: no executable path")
	}
	exe, rest = string(rest[:i]), rest[i:]
	for len(rest) > 0 && rest[0] == 0 {
		rest = rest[1:]
	}
	args = make([]string, 0, argc)
	for len(args) < argc && len(rest) > 0 {
		j := bytes.IndexByte(rest, 0)
		if j < 0 {
			args = append(args, string(rest))
			break
		}
		args = append(args, string(rest[:j]))
		rest = rest[j+1:]
	}
	return exe, args, nil
}
