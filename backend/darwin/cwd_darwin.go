package darwin

import "github.com/gputaskman/gtm/internal/libproc"

// cwd is process pid's working directory; false when it cannot be read
// (gone, another user's without root, a kernel process).
func cwd(pid int) (string, bool) {
	buf := make([]byte, VnodePathInfoSize)
	if libproc.PIDInfo(pid, PROC_PIDVNODEPATHINFO, 0, buf) < VnodePathInfoSize {
		return "", false
	}
	d, err := DecodeCwd(buf)
	return d, err == nil
}
