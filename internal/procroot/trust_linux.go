package procroot

import (
	"fmt"

	"golang.org/x/sys/unix"
)

// Untrusted returns "" when root is a procfs mount ("" is /proc), and
// otherwise why it is not trusted. A tree that is not procfs says what
// its owner wrote: a process there may claim uid 0 and a root directory
// of "/", so nothing may be read, probed or sent on its behalf.
func Untrusted(root string) string {
	if root == "" {
		root = "/proc"
	}
	var st unix.Statfs_t
	if err := unix.Statfs(root, &st); err != nil {
		return fmt.Sprintf("--proc-root %s could not be checked (%v): nothing is read on its processes' behalf", root, err)
	}
	if st.Type != unix.PROC_SUPER_MAGIC {
		return fmt.Sprintf("--proc-root %s is not a procfs mount: nothing is read on its processes' behalf", root)
	}
	return ""
}
