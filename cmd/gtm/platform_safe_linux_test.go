package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// With no cache directory of the user's own, WSL hints are not kept, and
// never in a shared temp path another user could plant them in.
func TestWSLHintsPathNeverShared(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	t.Setenv("HOME", "")
	t.Setenv("XDG_CACHE_HOME", "")
	p := wslHintsPath()
	for _, shared := range []string{tmp, "/tmp/", os.TempDir()} {
		if p != "" && strings.HasPrefix(p, shared) {
			t.Errorf("hints in a shared temp path: %s", p)
		}
	}
	if os.Geteuid() == 0 && (p == "" || !filepath.IsAbs(p)) {
		t.Errorf("root has a home of its own in the password file; got %q", p)
	}
}
