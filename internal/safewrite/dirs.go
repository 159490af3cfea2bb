package safewrite

import (
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"runtime"
	"sync"
)

// The per-user directories gtm writes in. For an ordinary user they are
// what the environment says (it is theirs); as root, a $HOME or $XDG_*
// naming a directory root does not own is someone else's, kept across su
// or sudo, and writing there would let its owner redirect root's files.

var (
	notesMu sync.Mutex
	notes   []string
	noted   = map[string]bool{}
)

// TakeNotes returns, once each, the lines explaining which variables were
// ignored, for the caller to print where it matters.
func TakeNotes() []string {
	notesMu.Lock()
	defer notesMu.Unlock()
	out := notes
	notes = nil
	return out
}

func note(key, msg string) {
	notesMu.Lock()
	defer notesMu.Unlock()
	if !noted[key] {
		noted[key] = true
		notes = append(notes, msg)
	}
}

// asRoot is whether the checks for an inherited environment apply.
func asRoot() bool { return os.Geteuid() == 0 && runtime.GOOS != "windows" }

// envDir is $name when it is an absolute path this process may trust.
func envDir(name string) string {
	d := os.Getenv(name)
	if d == "" || !filepath.IsAbs(d) {
		return ""
	}
	if asRoot() {
		if uid := ownerOf(d); uid != 0 {
			note(name+"="+d, fmt.Sprintf("gtm: ignoring %s=%s: it belongs to uid %d, not to root", name, d, uid))
			return ""
		}
	}
	return d
}

// Home is the effective user's home directory; as root, root's own from
// the password file (or /root) when $HOME is not root's.
func Home() (string, error) {
	if !asRoot() {
		return os.UserHomeDir()
	}
	if h := envDir("HOME"); h != "" {
		return h, nil
	}
	if u, err := user.LookupId("0"); err == nil && u.HomeDir != "" && ownerOf(u.HomeDir) == 0 {
		return u.HomeDir, nil
	}
	return "/root", nil
}

// ConfigDir is where per-user configuration goes (os.UserConfigDir).
func ConfigDir() (string, error) {
	if !asRoot() {
		return os.UserConfigDir()
	}
	if runtime.GOOS == "darwin" {
		h, err := Home()
		return filepath.Join(h, "Library", "Application Support"), err
	}
	if d := envDir("XDG_CONFIG_HOME"); d != "" {
		return d, nil
	}
	h, err := Home()
	return filepath.Join(h, ".config"), err
}

// CacheDir is where per-user caches go (os.UserCacheDir).
func CacheDir() (string, error) {
	if !asRoot() {
		return os.UserCacheDir()
	}
	if runtime.GOOS == "darwin" {
		h, err := Home()
		return filepath.Join(h, "Library", "Caches"), err
	}
	if d := envDir("XDG_CACHE_HOME"); d != "" {
		return d, nil
	}
	h, err := Home()
	return filepath.Join(h, ".cache"), err
}

// RuntimeDir is $XDG_RUNTIME_DIR when it is private to the effective user
// (the XDG spec's promise, which an inherited one breaks); "" otherwise.
func RuntimeDir() string {
	d := os.Getenv("XDG_RUNTIME_DIR")
	if d == "" || !filepath.IsAbs(d) {
		return ""
	}
	if err := CheckPrivateDir(d); err != nil {
		note("XDG_RUNTIME_DIR="+d, fmt.Sprintf("gtm: ignoring XDG_RUNTIME_DIR=%s: %v", d, err))
		return ""
	}
	return d
}

// TempDir is os.TempDir, but /tmp as root when $TMPDIR is not root's.
func TempDir() string {
	if asRoot() && os.Getenv("TMPDIR") != "" && envDir("TMPDIR") == "" {
		return "/tmp"
	}
	return os.TempDir()
}
