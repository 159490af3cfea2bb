package hfmodel

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/gputaskman/gtm/inspect/stores"
	"github.com/gputaskman/gtm/internal/safefile"
)

// Roots are the hub cache folders to look for a repository in, in
// huggingface_hub's order of precedence (HF_HUB_CACHE,
// HUGGINGFACE_HUB_CACHE, $HF_HOME/hub, $XDG_CACHE_HOME/huggingface/hub,
// home/.cache/huggingface/hub), duplicates removed. They are not checked
// for existence. Relative values are dropped (no cwd they could mean).
func Roots(env func(string) string, home string) []string {
	var out []string
	for _, r := range stores.HFRootCandidates(env, home) {
		if !filepath.IsAbs(r) {
			continue
		}
		if r = filepath.Clean(r); !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return out
}

// IsHubID reports whether s is written like a hub model id: "org/name" or
// "name", optionally "@revision", as huggingface_hub's validate_repo_id
// allows them (huggingface_hub, src/huggingface_hub/utils/_validators.py:
// letters, digits, "-", "_", "."; at most one "/"; no "--" or ".."; not
// ending in ".git"; at most 96 characters).
func IsHubID(s string) bool {
	_, _, _, err := parseID(s)
	return err == nil
}

func parseID(s string) (org, name, rev string, err error) {
	id, rev, hasRev := strings.Cut(s, "@")
	if hasRev && !validRev(rev) {
		return "", "", "", fmt.Errorf("%q: not a valid revision", rev)
	}
	if id == "" || len(id) > 96 || strings.Contains(id, "--") || strings.Contains(id, "..") || strings.HasSuffix(id, ".git") {
		return "", "", "", fmt.Errorf("%q: not a hub model id", s)
	}
	org, name, two := strings.Cut(id, "/")
	if !two {
		org, name = "", id
	}
	if two && !validPart(org) || !validPart(name) {
		return "", "", "", fmt.Errorf("%q: not a hub model id", s)
	}
	return org, name, rev, nil
}

// validPart is one side of an id: [A-Za-z0-9._-], not starting or ending
// with "-" or "." (validate_repo_id's \b word boundaries).
func validPart(p string) bool {
	if p == "" || strings.ContainsAny(p[:1]+p[len(p)-1:], "-.") {
		return false
	}
	for _, r := range p {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return false
		}
	}
	return true
}

// validRev is a branch, tag or commit name that is one plain path element.
func validRev(r string) bool {
	return len(r) <= 128 && plainName(r) && validPart(strings.Trim(r, ".-"))
}

// Resolve finds repository id ("org/name", "name", with an optional
// "@revision") in the first root that has it and returns its snapshot
// folder: the revision refs/<revision> names (default refs/main), or the
// snapshot folder of that name (a commit hash); without a revision and
// without refs/main, the only snapshot, else the newest. The id is
// validated and every path stays inside its root; folders are read as acc
// allows.
func Resolve(acc *safefile.Access, id string, roots []string) (string, error) {
	org, name, rev, err := parseID(id)
	if err != nil {
		return "", err
	}
	repoDir := "models--" + name
	if org != "" {
		repoDir = "models--" + org + "--" + name
	}
	var tried []string
	for _, root := range roots {
		if !filepath.IsAbs(root) {
			continue
		}
		repo := filepath.Join(root, repoDir)
		if fi, err := acc.Stat(repo); err != nil || !fi.IsDir() {
			tried = append(tried, root)
			continue
		}
		return snapshot(acc, repo, rev)
	}
	if len(tried) == 0 {
		return "", fmt.Errorf("%s: no Hugging Face hub cache folder to look in", id)
	}
	return "", fmt.Errorf("%s: not in the hub cache (%s)", id, strings.Join(tried, ", "))
}

// snapshot picks the revision's folder inside one repository folder.
func snapshot(acc *safefile.Access, repo, rev string) (string, error) {
	snaps := filepath.Join(repo, "snapshots")
	ref := rev
	if ref == "" {
		ref = "main"
	}
	if b, err := acc.ReadFile(filepath.Join(repo, "refs", ref), 256); err == nil {
		commit := strings.TrimSpace(string(b))
		if !validRev(commit) {
			return "", fmt.Errorf("%s: refs/%s does not name a revision", repo, ref)
		}
		dir := filepath.Join(snaps, commit)
		if fi, err := acc.Stat(dir); err != nil || !fi.IsDir() {
			return "", fmt.Errorf("%s: refs/%s names %s, which has no snapshot folder", repo, ref, commit)
		}
		return dir, nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	if rev != "" {
		dir := filepath.Join(snaps, rev)
		if fi, err := acc.Stat(dir); err == nil && fi.IsDir() {
			return dir, nil
		}
		return "", fmt.Errorf("%s: no revision %q", repo, rev)
	}
	names, err := acc.ReadDirNames(snaps, maxDirEntries)
	if err != nil {
		return "", err
	}
	var best string
	var bestTime time.Time
	for _, n := range names {
		if strings.HasPrefix(n, ".") || !validRev(n) {
			continue
		}
		fi, err := acc.Stat(filepath.Join(snaps, n))
		if err != nil || !fi.IsDir() {
			continue
		}
		if best == "" || fi.ModTime().After(bestTime) {
			best, bestTime = n, fi.ModTime()
		}
	}
	if best == "" {
		return "", fmt.Errorf("%s: no snapshot", repo)
	}
	return filepath.Join(snaps, best), nil
}
