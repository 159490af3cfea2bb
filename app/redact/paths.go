package redact

import "strings"

// IsPath reports whether s, a whole value, names a file or folder rather
// than a model's registry name: absolute (/x), home-relative (~, ~/x),
// explicitly relative (./x, ../x), a Windows drive (C:\x, C:/x) or UNC
// (\\server\x) path, a file: URL, anything with a backslash, or a
// relative path of three names or more (a/b/c). "org/name" is an HF id
// and "name:tag" a store's name: not paths (a folder of that shape
// named relative to a working directory is told by evidence: namesFolder).
// A URL other than file: is not a path.
func IsPath(s string) bool { return strongPath(s) || relativePath(s) }

// strongPath: a path by its form alone.
func strongPath(s string) bool {
	switch {
	case s == "":
		return false
	case strings.HasPrefix(s, "/"), strings.HasPrefix(s, "~"), strings.ContainsRune(s, '\\'),
		strings.HasPrefix(s, "./"), strings.HasPrefix(s, "../"), strings.HasPrefix(s, "file:"):
		return true
	case len(s) >= 3 && isLetter(s[0]) && s[1] == ':' && s[2] == '/':
		return true
	}
	return false
}

// relativePath: a relative path of three names or more; a URL is none.
func relativePath(s string) bool {
	return strings.Count(s, "/") >= 2 && !isURL(s)
}

// isURL: s starts with a scheme other than file and "://" ("http://h/x").
func isURL(s string) bool {
	i := strings.Index(s, "://")
	return i > 0 && urlAt(s, i, 0)
}

// urlAt: w[start:colon] is a URL's scheme, other than file, and
// w[colon] its ':'.
func urlAt(w string, colon, start int) bool {
	if colon <= start || !isLetter(w[start]) || strings.EqualFold(w[start:colon], "file") {
		return false
	}
	for _, c := range []byte(w[start:colon]) {
		if !isSchemeChar(c) {
			return false
		}
	}
	return true
}

func isSchemeChar(c byte) bool {
	return isLetter(c) || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'
}

// schemeBefore returns where the URL scheme that the ':' at w[colon]
// ends starts, when it starts where a path could (the word's start, or
// after one of pathStarts); ok is false when there is none.
func schemeBefore(w string, colon int) (start int, ok bool) {
	k := colon
	for k > 0 && isSchemeChar(w[k-1]) {
		k--
	}
	return k, (k == 0 || strings.IndexByte(pathStarts, w[k-1]) >= 0) && urlAt(w, colon, k)
}

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// BaseName is the last name of a Unix or Windows path, whichever
// separator it uses; a path ending in a separator keeps its last name.
func BaseName(p string) string {
	p = strings.TrimRight(p, `/\`)
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		p = p[i+1:]
	}
	if p == "" {
		return "/"
	}
	return p
}

// namesFolder reports whether name, shaped like an HF id ("org/name"),
// is in fact a folder named relative to a working directory: one of
// paths (the process's model files, as found) is that folder or lies in
// it. `vllm serve acme/model` run in /home/x loads /home/x/acme/model.
func namesFolder(name string, paths []string) bool {
	if !strings.ContainsRune(name, '/') || IsPath(name) {
		return false
	}
	for _, p := range paths {
		p = strings.ReplaceAll(p, `\`, "/")
		if p == name || strings.HasSuffix(p, "/"+name) || strings.Contains(p, "/"+name+"/") || strings.HasPrefix(p, name+"/") {
			return true
		}
	}
	return false
}

// ModelName is a model's name fit to show anyone: a path, or a folder
// that paths (the process's model files) show the name to be, cut to its
// base name; an HF id or a store's name as it is.
func ModelName(name string, paths []string) string {
	if IsPath(name) || namesFolder(name, paths) {
		return BaseName(name)
	}
	return CutPaths(name)
}

// CutPaths cuts every path in free text to its base name (see cutter).
func CutPaths(s string) string { return cutter{}.text(s) }

// cutter cuts paths in free text. Whitespace splits words, so a path
// with a space in it is only cut whole when spaced knows it.
type cutter struct {
	// spaced replaces the snapshot's own paths that hold a space with
	// their base names, before words are looked at.
	spaced *strings.Replacer
	// folders are "org/name"-shaped names the snapshot shows are folders
	// (namesFolder).
	folders map[string]bool
}

func (c cutter) text(s string) string {
	if c.spaced != nil {
		s = c.spaced.Replace(s)
	}
	if !strings.ContainsAny(s, `/\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && isSpace(s[j]) {
			j++
		}
		k := j
		for k < len(s) && !isSpace(s[k]) {
			k++
		}
		b.WriteString(s[i:j])
		b.WriteString(c.word(s[j:k]))
		i = k
	}
	return b.String()
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// maxWord is the longest word whose paths are looked for one by one; a
// longer word with a separator in it is cut to its last name whole.
const maxWord = 512

// pathStarts are the characters after which a path may start inside a
// word: "--model=/x", "file:/x", "(/x", "'/x'".
const pathStarts = `=:,;("'[<{`

// word cuts the paths in one word. A path starts the word or follows one
// of pathStarts, and ends before trailing punctuation. A path by its form
// (strongPath) is looked for first, so "--model=/x/y" keeps its flag;
// then a relative one or a known folder. A URL (a scheme where a path
// could start, then "//") runs to the end of the word: its path is cut as
// a path is (urlPath), its host is not a path.
func (c cutter) word(w string) string {
	if !strings.ContainsAny(w, `/\`) {
		return w
	}
	if len(w) > maxWord {
		return BaseName(w) // cut whole: looking for where its paths start costs len(w)²
	}
	for pass := 0; pass < 2; pass++ {
		for i := 0; i < len(w); i++ {
			if i == 0 && strings.IndexByte(pathStarts, w[0]) >= 0 || i > 0 && strings.IndexByte(pathStarts, w[i-1]) < 0 {
				continue
			}
			rest := w[i:]
			if i > 0 && w[i-1] == ':' && strings.HasPrefix(rest, "//") {
				if k, ok := schemeBefore(w, i-1); ok {
					// a URL runs to the end of the word: what comes
					// before it is cut as a word, its path by urlPath
					return c.word(w[:k]) + urlPath(w[k:], i-k)
				}
			}
			core := strings.TrimRight(rest, `"'),;:]}>.`)
			if core == "" || core == "." || core == ".." {
				continue
			}
			if pass == 0 && strongPath(core) || pass == 1 && (relativePath(core) || c.folders[core]) {
				// what comes before may hold a path too: `a/b/c"/`
				return c.word(w[:i]) + BaseName(core) + c.word(rest[len(core):])
			}
		}
	}
	return w
}

// urlPath cuts the path of URL u, whose "//" starts at u[i:], to its
// last name when it has two names or more ("http://h:8080/v1/models" →
// "http://h:8080/models"), as a file path is: a server's route says
// nothing private, a folder in one might. Its host is not a path.
func urlPath(u string, i int) string {
	j := strings.IndexByte(u[i+2:], '/')
	if j < 0 {
		return u
	}
	start := i + 2 + j
	core := strings.TrimRight(u[start:], `"'),;:]}>.`)
	if strings.Count(core, "/") < 2 {
		return u
	}
	return u[:start] + "/" + BaseName(core) + u[start+len(core):]
}
