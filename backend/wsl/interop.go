package wsl

import (
	"os"
	"path/filepath"
	"strings"
)

// InteropEnabled reports whether WSL interop can start Windows programs:
// /proc/sys/fs/binfmt_misc/WSLInterop exists and reads "enabled".
func InteropEnabled(procRoot string) bool {
	b, err := os.ReadFile(filepath.Join(procRoot, "sys", "fs", "binfmt_misc", "WSLInterop"))
	if err != nil {
		return false
	}
	first, _, _ := strings.Cut(string(b), "\n")
	return strings.TrimSpace(first) == "enabled"
}
