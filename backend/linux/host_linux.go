package linux

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/internal/procroot"
)

// DetectHost inspects the proc root (and, for container markers, the
// filesystem root that contains it) to find how we run.
func DetectHost(procRoot, fsRoot string) backend.Host {
	h := backend.Host{OS: "linux", Mode: backend.ModeNative}
	if name, err := os.Hostname(); err == nil {
		h.Hostname = &name
	}
	switch {
	case isWSL(procRoot):
		h.Mode = backend.ModeWSL
	case isContainer(procRoot, fsRoot):
		h.Mode = backend.ModeContainer
	}
	// The kernel's own threads (kthreadd is PID 2) are visible only in the
	// initial PID namespace: seeing it means the driver's PIDs are ours.
	if b, err := procroot.ReadFile(filepath.Join(procRoot, "2", "comm"), maxComm); err == nil {
		h.SharesHostPIDs = strings.TrimSpace(string(b)) == "kthreadd"
	}
	if h.Mode == backend.ModeWSL {
		h.SharesHostPIDs = false
	}
	return h
}

// Bounds on host files under the proc root (see procfs_linux.go's).
const (
	maxVersion = 4 << 10
	maxEnviron = 1 << 20 // the kernel allows more; container= is set early
)

func isWSL(procRoot string) bool {
	if _, err := os.Stat(filepath.Join(procRoot, "sys/fs/binfmt_misc/WSLInterop")); err == nil {
		return true
	}
	b, err := procroot.ReadFile(filepath.Join(procRoot, "version"), maxVersion)
	if err != nil {
		return false
	}
	v := strings.ToLower(string(b))
	return strings.Contains(v, "microsoft") || strings.Contains(v, "wsl")
}

func isContainer(procRoot, fsRoot string) bool {
	for _, marker := range []string{".dockerenv", "run/.containerenv"} {
		if _, err := os.Stat(filepath.Join(fsRoot, marker)); err == nil {
			return true
		}
	}
	if b, err := procroot.ReadFile(filepath.Join(procRoot, "1/cgroup"), maxCgroup); err == nil {
		s := string(b)
		for _, k := range []string{"docker", "kubepods", "containerd", "libpod", "lxc"} {
			if strings.Contains(s, k) {
				return true
			}
		}
	}
	if b, _, err := procroot.ReadPrefix(filepath.Join(procRoot, "1/environ"), maxEnviron); err == nil {
		if strings.Contains(string(b), "container=") {
			return true
		}
	}
	return false
}
