package journal

import (
	"os"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/gputaskman/gtm/internal/safefile"
)

// DefaultDirs are journald's persistent and volatile journals
// (systemd-journald.service(8), "FILES"), under root ("/" for this
// machine's; a node's mounted into a pod).
func DefaultDirs(root string) []string {
	return []string{filepath.Join(root, "var", "log", "journal"), filepath.Join(root, "run", "log", "journal")}
}

// readerGroups are the groups journald grants the system journal to
// (systemd-journald.service(8), "ACCESS CONTROL": "systemd-journal",
// and "adm" and "wheel" through the ACLs tmpfiles sets up).
var readerGroups = []string{"systemd-journal", "adm", "wheel"}

// Files lists the journal files in dirs (and in their machine-ID
// directories, one level down) that acc's process's user may read, by
// the journal's own rules: a file its mode lets the user read, their own
// user-UID journal, and the system journal for root and members of the
// journal's reader groups (journald grants both by ACL). Archived
// (name@…) and unclean (~) files count: they hold the boot's older lines.
func Files(dirs []string, acc *safefile.Access) []string {
	var out []string
	for _, d := range dirs {
		for _, dir := range append([]string{d}, subdirs(d)...) {
			ents, _ := os.ReadDir(dir)
			for _, e := range ents {
				n := e.Name()
				if !e.Type().IsRegular() || !(strings.HasSuffix(n, ".journal") || strings.HasSuffix(n, ".journal~")) {
					continue
				}
				p := filepath.Join(dir, n)
				if fi, err := os.Stat(p); err == nil && mayRead(acc, n, fi) {
					out = append(out, p)
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

func subdirs(dir string) []string {
	ents, _ := os.ReadDir(dir)
	var out []string
	for _, e := range ents {
		if e.IsDir() {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	return out
}

// mayRead: the file's mode lets acc's user read it; it is the user's own
// journal, user-UID.journal (or an archive of it), which journald makes
// root's and opens to UID by an ACL (src/journal/journald-server.c,
// server_fix_perms, systemd 252); or it is the system journal and the
// user is root or in a reader group.
func mayRead(acc *safefile.Access, name string, fi os.FileInfo) bool {
	if acc.MayRead(fi) {
		return true
	}
	if acc == nil || acc.Cred == nil {
		return false
	}
	own := "user-" + strconv.FormatUint(uint64(acc.Cred.UID), 10)
	if rest, ok := strings.CutPrefix(name, own); ok && (strings.HasPrefix(rest, ".journal") || strings.HasPrefix(rest, "@")) {
		return true
	}
	if !strings.HasPrefix(name, "system") {
		return false
	}
	if acc.Cred.UID == 0 {
		return true
	}
	for _, g := range readerGroups {
		grp, err := user.LookupGroup(g)
		if err != nil {
			continue
		}
		gid, err := strconv.ParseUint(grp.Gid, 10, 32)
		if err == nil && (acc.Cred.GID == uint32(gid) || slices.Contains(acc.Cred.Groups, uint32(gid))) {
			return true
		}
	}
	return false
}
