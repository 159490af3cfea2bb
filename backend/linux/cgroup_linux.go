package linux

import (
	"regexp"
	"strings"
	"sync"
)

// The container a process runs in, read from its cgroup path. Runtimes
// name their cgroups after the container id; the id is shortened to 12
// characters as `docker ps` shows it. Names would need each runtime's API,
// which gtm does not call.
type cgroupPattern struct {
	runtime string
	re      *regexp.Regexp
}

// cgroupPatterns are compiled the first time a cgroup is read, not when
// gtm starts.
var cgroupPatterns = sync.OnceValue(func() []cgroupPattern {
	return []cgroupPattern{
		{"docker", regexp.MustCompile(`(?:/docker[-/])([0-9a-f]{64})(?:\.scope)?(?:/|$)`)},
		{"podman", regexp.MustCompile(`libpod-(?:conmon-)?([0-9a-f]{64})(?:\.scope)?(?:/|$)`)},
		{"containerd", regexp.MustCompile(`cri-containerd-([0-9a-f]{64})\.scope`)},
		{"crio", regexp.MustCompile(`crio-([0-9a-f]{64})\.scope`)},
		{"lxc", regexp.MustCompile(`/lxc(?:\.payload)?[./]([^/\s]+)`)},
	}
})

// containerFromCgroup names the container of a /proc/PID/cgroup text, as
// "runtime:id" ("docker:3f2a1b9c0d1e", "lxc:web"); ok is false for a
// process that is not in a container.
func containerFromCgroup(text string) (string, bool) {
	for _, line := range strings.Split(text, "\n") {
		// hierarchy-ID:controllers:path
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		path := parts[2]
		// A kubelet's container only where the kubelet's cgroups hold it
		// (podFromPath): a user can name their own cgroups "kubepods…".
		if _, id, ok := podFromPath(path); ok {
			return "k8s:" + id[:12], true
		}
		for _, p := range cgroupPatterns() {
			if m := p.re.FindStringSubmatch(path); m != nil {
				id := m[1]
				if len(id) == 64 {
					id = id[:12]
				}
				if len(id) > 64 { // hostile or odd names stay short
					id = id[:64]
				}
				return p.runtime + ":" + id, true
			}
		}
	}
	return "", false
}
