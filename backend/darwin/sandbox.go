package darwin

import (
	"path"
	"strings"
)

// systemPrefixes hold the OS's own files: never model files, and some
// are privacy-protected.
var systemPrefixes = []string{"/system/", "/usr/lib/", "/usr/libexec/", "/library/apple/", "/private/var/db/"}

// MayOpen says whether a scan may open a mapped file to read it (a GGUF
// header, say). It refuses, from the path alone, other apps' sandbox
// containers (~/Library/Containers, ~/Library/Group Containers of any
// user): opening a file there blocks while macOS waits for a privacy
// consent prompt. It refuses the system's own files too. The check is
// case-insensitive because macOS volumes usually are, and works on the
// cleaned path so "a/../Library/Containers" cannot slip through.
func MayOpen(p string) bool {
	if p == "" || !strings.HasPrefix(p, "/") {
		return false
	}
	c := strings.ToLower(path.Clean(p))
	if strings.Contains(c+"/", "/library/containers/") || strings.Contains(c+"/", "/library/group containers/") {
		return false
	}
	for _, s := range systemPrefixes {
		if strings.HasPrefix(c+"/", s) {
			return false
		}
	}
	return true
}
