package stores

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// The Hugging Face hub cache keeps each repository in a folder named after
// it, so any path inside one names its repository:
//
//	<hub>/models--<org>--<repo>/snapshots/<revision>/<file>  (symlinks into blobs/)
//	<hub>/models--<org>--<repo>/blobs/<hash>
//	<hub>/models--<org>--<repo>/refs/main                    (the current revision)

const hfPrefix = "models--"

func hfRoots(cfg Config, env func(string) string) []root {
	return resolveRoots(append(HFRootCandidates(env, cfg.Home), cfg.HFRoots...))
}

// HFRootCandidates lists the folders the Hugging Face hub cache may be in,
// the one huggingface_hub itself uses first (huggingface_hub,
// src/huggingface_hub/constants.py: HF_HUB_CACHE, else the older
// HUGGINGFACE_HUB_CACHE, else $HF_HOME/hub, HF_HOME defaulting to
// $XDG_CACHE_HOME/huggingface, else ~/.cache/huggingface), then the
// others, unchecked. home "" leaves out the last.
func HFRootCandidates(env func(string) string, home string) []string {
	var c []string
	for _, v := range []string{env("HF_HUB_CACHE"), env("HUGGINGFACE_HUB_CACHE")} {
		if v != "" {
			c = append(c, v)
		}
	}
	if v := env("HF_HOME"); v != "" {
		c = append(c, filepath.Join(v, "hub"))
	}
	if v := env("XDG_CACHE_HOME"); v != "" {
		c = append(c, filepath.Join(v, "huggingface", "hub"))
	}
	if home != "" {
		c = append(c, filepath.Join(home, ".cache", "huggingface", "hub"))
	}
	return c
}

// repoFromDir turns "models--Qwen--Qwen3-0.6B-GGUF" into "Qwen/Qwen3-0.6B-GGUF".
// Hub names cannot contain "--", so the split is unambiguous.
func repoFromDir(dir string) (string, bool) {
	rest, ok := strings.CutPrefix(dir, hfPrefix)
	if !ok {
		return "", false
	}
	parts := strings.Split(rest, "--")
	if len(parts) > 2 || slices.Contains(parts, "") {
		return "", false
	}
	return strings.Join(parts, "/"), true
}

// huggingFaceName names any path inside a hub cache repository folder: a
// snapshot's model file, or a blob (whose own name is only a hash).
func huggingFaceName(p string) (Name, bool) {
	parts := strings.Split(filepath.ToSlash(p), "/")
	for i, c := range parts {
		repo, ok := repoFromDir(c)
		if !ok {
			continue
		}
		rest := parts[i+1:]
		n := Name{Model: repo, Store: HuggingFace, Role: RoleModel}
		switch {
		case len(rest) >= 3 && rest[0] == "snapshots":
			n.File = strings.Join(rest[2:], "/")
			if !isModelFile(n.File) {
				return Name{}, false
			}
			n.Role = roleFromFileName(n.File)
			return n, true
		case len(rest) == 2 && rest[0] == "blobs" && rest[1] != "":
			return n, true
		}
		return Name{}, false
	}
	return Name{}, false
}

// maxSnapshotDepth bounds the walk inside one revision (repos nest files in
// subfolders such as onnx/ or unet/).
const maxSnapshotDepth = 6

func scanHuggingFace(roots []root, w *warnings) []found {
	var out []found
	seen := map[string]bool{} // resolved blobs, so old revisions do not repeat them
	for _, r := range roots {
		entries, err := os.ReadDir(r.resolved)
		if err != nil {
			w.add("huggingface: %s: %v", r.resolved, err)
			continue
		}
		for _, e := range entries {
			repo, ok := repoFromDir(e.Name())
			if !ok || !e.IsDir() {
				continue
			}
			snaps := filepath.Join(r.resolved, e.Name(), "snapshots")
			for _, rev := range revisions(filepath.Join(r.resolved, e.Name())) {
				revDir := filepath.Join(snaps, rev)
				filepath.WalkDir(revDir, func(p string, d fs.DirEntry, err error) error {
					if err != nil {
						return nil
					}
					rel, _ := filepath.Rel(revDir, p)
					if d.IsDir() {
						if strings.Count(rel, string(filepath.Separator)) >= maxSnapshotDepth {
							return filepath.SkipDir
						}
						return nil
					}
					if !isModelFile(d.Name()) {
						return nil
					}
					size, ok := regularSize(p)
					if !ok {
						return nil // a dangling link: the download is incomplete
					}
					if blob, err := filepath.EvalSymlinks(p); err == nil {
						if seen[blob] {
							return nil
						}
						seen[blob] = true
					}
					if len(out) >= maxFiles {
						w.add("huggingface: more than %d files, the rest skipped", maxFiles)
						return fs.SkipAll
					}
					file := filepath.ToSlash(rel)
					out = append(out, found{
						name:  Name{Model: repo, Store: HuggingFace, Role: roleFromFileName(file), File: file},
						size:  size,
						paths: withResolved(r.paths(filepath.Join(e.Name(), "snapshots", rev, rel))),
					})
					return nil
				})
			}
		}
	}
	return out
}

// revisions lists a repository's snapshots, the one refs/main names first.
func revisions(repoDir string) []string {
	entries, err := os.ReadDir(filepath.Join(repoDir, "snapshots"))
	if err != nil {
		return nil
	}
	var revs []string
	for _, e := range entries {
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
			revs = append(revs, e.Name())
		}
	}
	if data, err := readCapped(filepath.Join(repoDir, "refs", "main"), 256); err == nil {
		main := strings.TrimSpace(string(data))
		if i := slices.Index(revs, main); i > 0 {
			revs = append(append([]string{main}, revs[:i]...), revs[i+1:]...)
		}
	}
	return revs
}
