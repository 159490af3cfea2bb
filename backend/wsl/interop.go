package wsl

import (
	"path/filepath"
	"strings"

	"github.com/gputaskman/gtm/internal/procroot"
)

// InteropEnabled reports whether WSL interop can start Windows programs:
// /proc/sys/fs/binfmt_misc/WSLInterop exists and reads "enabled".
func InteropEnabled(procRoot string) bool {
	b, err := procroot.ReadFile(filepath.Join(procRoot, "sys", "fs", "binfmt_misc", "WSLInterop"), 4<<10)
	if err != nil {
		return false
	}
	first, _, _ := strings.Cut(string(b), "\n")
	return strings.TrimSpace(first) == "enabled"
}
