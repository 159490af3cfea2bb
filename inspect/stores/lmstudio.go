package stores

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
)

// LM Studio keeps Hugging Face's layout: <root>/<publisher>/<repo>/<file>.
// Its home is ~/.lmstudio (older versions: ~/.cache/lm-studio), or wherever
// ~/.lmstudio-home-pointer says; settings.json may move the models folder
// ("downloadsFolder").

func lmStudioRoots(cfg Config) []root {
	var c []string
	if cfg.Home != "" {
		var homes []string
		if data, err := readCapped(filepath.Join(cfg.Home, ".lmstudio-home-pointer"), 4096); err == nil {
			homes = append(homes, strings.TrimSpace(string(data)))
		}
		homes = append(homes, filepath.Join(cfg.Home, ".lmstudio"), filepath.Join(cfg.Home, ".cache", "lm-studio"))
		for _, h := range homes {
			if !filepath.IsAbs(h) {
				continue
			}
			if d := downloadsFolder(filepath.Join(h, "settings.json")); d != "" {
				c = append(c, d)
			}
			c = append(c, filepath.Join(h, "models"))
		}
	}
	return resolveRoots(append(c, cfg.LMStudioRoots...))
}

// downloadsFolder reads LM Studio's custom models folder, if one is set.
func downloadsFolder(settings string) string {
	data, err := readCapped(settings, maxFileRead)
	if err != nil {
		return ""
	}
	var s struct {
		DownloadsFolder string `json:"downloadsFolder"`
	}
	if json.Unmarshal(data, &s) != nil {
		return ""
	}
	return s.DownloadsFolder
}

func scanLMStudio(roots []root, w *warnings) []found {
	var out []found
	for _, r := range roots {
		for _, pub := range subdirs(r.resolved, w) {
			for _, repo := range subdirs(filepath.Join(r.resolved, pub), w) {
				dir := filepath.Join(r.resolved, pub, repo)
				entries, err := os.ReadDir(dir)
				if err != nil {
					w.add("lmstudio: %s: %v", dir, err)
					continue
				}
				for _, e := range entries {
					if e.IsDir() || !isModelFile(e.Name()) || strings.HasPrefix(e.Name(), ".") {
						continue
					}
					rel := filepath.Join(pub, repo, e.Name())
					size, ok := regularSize(filepath.Join(r.resolved, rel))
					if !ok {
						continue
					}
					if len(out) >= maxFiles {
						w.add("lmstudio: more than %d files, the rest skipped", maxFiles)
						return out
					}
					out = append(out, found{
						name:  lmName(pub, repo, e.Name()),
						size:  size,
						paths: withResolved(r.paths(rel)),
					})
				}
			}
		}
	}
	return out
}

// subdirs lists the visible folders in dir, following symlinks one level:
// users link model folders in, and the fixed depth keeps loops harmless.
func subdirs(dir string, w *warnings) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		w.add("lmstudio: %s: %v", dir, err)
		return nil
	}
	var out []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		if fi, err := os.Stat(filepath.Join(dir, e.Name())); err == nil && fi.IsDir() {
			out = append(out, e.Name())
		}
	}
	return out
}

func lmName(pub, repo, file string) Name {
	return Name{Model: pub + "/" + repo, Store: LMStudio, Role: roleFromFileName(file), File: file}
}

// lmStudioName names a path under an LM Studio root without a scan, for
// files added since the last one.
func lmStudioName(roots []string, p string) (Name, bool) {
	for _, r := range roots {
		rel, err := filepath.Rel(r, p)
		if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
			continue
		}
		parts := strings.Split(rel, string(filepath.Separator))
		if len(parts) != 3 || !isModelFile(parts[2]) {
			continue
		}
		hidden := false
		for _, s := range parts {
			hidden = hidden || strings.HasPrefix(s, ".")
		}
		if !hidden {
			return lmName(parts[0], parts[1], parts[2]), true
		}
	}
	return Name{}, false
}
