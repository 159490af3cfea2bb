package darwin

import (
	"bytes"
	"errors"
	"fmt"
)

// A process's working directory comes from libproc:
// proc_pidinfo(pid, PROC_PIDVNODEPATHINFO, 0, &info, sizeof info) fills a
// struct proc_vnodepathinfo (<sys/proc_info.h>): two struct
// vnode_info_path, the current directory's then the root directory's, each
// a struct vnode_info (152 bytes) and char vip_path[MAXPATHLEN = 1024].

// PROC_PIDVNODEPATHINFO is proc_pidinfo's flavor for the working and root
// directories.
const PROC_PIDVNODEPATHINFO = 9

// VnodePathInfoSize is sizeof(struct proc_vnodepathinfo) on 64-bit macOS.
const VnodePathInfoSize = 2 * vnodeInfoPathSize

const (
	vnodeInfoPathSize = 152 + maxPathLen // struct vnode_info, vip_path
	offCwdPath        = 152              // pvi_cdir.vip_path
	maxPathLen        = 1024
)

// DecodeCwd returns the working directory from a proc_vnodepathinfo
// buffer. An empty or unterminated path, or a relative one, is an error:
// a model path resolved against it would be a guess.
func DecodeCwd(b []byte) (string, error) {
	if len(b) < VnodePathInfoSize {
		return "", fmt.Errorf("vnode path info: %d bytes, want %d", len(b), VnodePathInfoSize)
	}
	raw := b[offCwdPath : offCwdPath+maxPathLen]
	n := bytes.IndexByte(raw, 0)
	switch {
	case n < 0:
		return "", errors.New("vnode path info: working directory is not NUL-terminated")
	case n == 0 || raw[0] != '/':
		return "", errors.New("vnode path info: no absolute working directory")
	}
	return string(raw[:n]), nil
}
