package darwin

import (
	"path"
	"strings"
)

// systemPrefixes hold the OS's own files: never model files, and some
// are privacy-protected.
var systemPrefixes = []string{"/system/", "/usr/lib/", "/usr/libexec/", "/library/apple/", "/private/var/db/"}

// Reasons WhyNotOpen gives.
const (
	ReasonContainer = "inside an app's sandbox container (opening it would wait for a macOS privacy prompt)"
	ReasonSystem    = "one of the system's own files"
	ReasonRelative  = "not an absolute path (the process's working directory is not known)"
)

// MayOpen says whether a scan may open a mapped file to read it (a GGUF
// header, say): WhyNotOpen(p) == "".
func MayOpen(p string) bool { return WhyNotOpen(p) == "" }

// WhyNotOpen says why a scan must not open, nor even stat, a file, or ""
// when it may. It refuses, from the path alone, other apps' sandbox
// containers (~/Library/Containers, ~/Library/Group Containers of any
// user): opening a file there blocks while macOS waits for a privacy
// consent prompt. It refuses the system's own files too, and relative
// paths (gtm's working directory is not the process's). The check is
// case-insensitive because macOS volumes usually are, and works on the
// cleaned path so "a/../Library/Containers" cannot slip through.
func WhyNotOpen(p string) string {
	if p == "" || !strings.HasPrefix(p, "/") {
		return ReasonRelative
	}
	c := strings.ToLower(path.Clean(p))
	if strings.Contains(c+"/", "/library/containers/") || strings.Contains(c+"/", "/library/group containers/") {
		return ReasonContainer
	}
	for _, s := range systemPrefixes {
		if strings.HasPrefix(c+"/", s) {
			return ReasonSystem
		}
	}
	return ""
}
