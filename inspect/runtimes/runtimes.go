// Package runtimes tells which GPU and AI runtimes a process has loaded,
// from the base names of the shared libraries it maps (and, on macOS, the
// frameworks and bundles they sit in).
//
// Detection is a table (table.go): adding a runtime or a variant is one
// line there. A loaded library is evidence of presence only; see Caveat.
package runtimes

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/gputaskman/gtm/inspect/procmaps"
)

// Caveat is the sentence the UI shows next to detected runtimes.
const Caveat = "A loaded library shows that a runtime is present in the process, not that it is doing GPU work."

// Runtime is one runtime found in a process.
type Runtime struct {
	Name      string   // short label: CUDA, ggml/llama.cpp, ...
	Detail    string   // variants seen, in table order: "CUDA, CPU"; "" if none
	Libraries []string // base names of the libraries that matched, sorted
}

// String gives "ggml/llama.cpp (CUDA, CPU)" or just the name.
func (r Runtime) String() string {
	if r.Detail == "" {
		return r.Name
	}
	return fmt.Sprintf("%s (%s)", r.Name, r.Detail)
}

// FromMaps is Detect over a scanned process's mapped files: its libraries,
// and on macOS the framework and bundle binaries that have no library
// suffix.
func FromMaps(m *procmaps.Maps) []Runtime {
	names := make([]string, 0, len(m.Entries))
	for _, e := range m.Entries {
		names = append(names, e.Path)
	}
	return Detect(names)
}

// Detect returns the runtimes the named libraries reveal, in table order,
// each once. Names may be paths or base names, Linux, macOS or Windows;
// names that are not shared libraries are ignored.
//
// NVML (libnvidia-ml, nvml.dll) is reported only as NVMLOnly, when no
// other runtime is found: then the process watches GPUs (nvidia-smi, nvtop)
// rather than computes on them. Next to a real runtime it adds nothing.
func Detect(names []string) []Runtime {
	type hits struct {
		rules map[int]bool // table lines matched
		libs  []string
	}
	ix := index()
	found := map[string]*hits{}
	for _, name := range names {
		i, lib, ok := classify(name)
		if !ok {
			continue
		}
		rt := ix.rules[i].runtime
		h := found[rt]
		if h == nil {
			h = &hits{rules: map[int]bool{}}
			found[rt] = h
		}
		h.rules[i] = true
		h.libs = append(h.libs, lib)
	}
	if h := found[nvml]; h != nil {
		delete(found, nvml)
		if len(found) == 0 {
			found[NVMLOnly] = h
		}
	}

	var out []Runtime
	for _, rt := range ix.order {
		h := found[rt]
		if h == nil {
			continue
		}
		var details []string
		for i, r := range ix.rules {
			if h.rules[i] && r.detail != "" && !slices.Contains(details, r.detail) {
				details = append(details, r.detail)
			}
		}
		slices.Sort(h.libs)
		out = append(out, Runtime{Name: rt, Detail: strings.Join(details, ", "), Libraries: slices.Compact(h.libs)})
	}
	return out
}

// classify returns the line of rules for one library or bundle path, and
// the name to report: the library's base name, or the bundle's folder.
func classify(name string) (int, string, bool) {
	if i, ok := classifyLibrary(name); ok {
		return i, procmaps.BaseName(name), true
	}
	return classifyBundle(name)
}

// classifyBundle finds the innermost .framework or .bundle folder on a
// path that the bundles table lists. It allocates only for such folders:
// most mapped files have none.
func classifyBundle(name string) (int, string, bool) {
	i := strings.LastIndexByte(name, '/')
	if i < 0 {
		return 0, "", false
	}
	for rest := name[:i]; rest != ""; { // the file itself is not a folder
		j := strings.LastIndexByte(rest, '/')
		d := rest[j+1:]
		if hasSuffixFold(d, ".framework") || hasSuffixFold(d, ".bundle") {
			lower := strings.ToLower(d)
			if line, ok := index().bundleIndex[lower]; ok {
				return line, d, true
			}
			for _, p := range index().bundlePrefixes {
				if strings.HasPrefix(lower, p.prefix) && strings.HasSuffix(lower, p.suffix) {
					return p.line, d, true
				}
			}
		}
		if j < 0 {
			break
		}
		rest = rest[:j]
	}
	return 0, "", false
}

func hasSuffixFold(s, suffix string) bool {
	return len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix)
}

// classifyLibrary returns the table line for one library name.
func classifyLibrary(name string) (int, bool) {
	stem, ok := procmaps.LibraryStem(name)
	if !ok {
		return 0, false
	}
	stems := index().exact
	if strings.HasSuffix(strings.ToLower(name), ".dll") {
		stem, stems = strings.ToLower(stem), index().folded
	}
	stem = strings.TrimPrefix(stem, "lib")
	// Longest prefix of stem that ends at a boundary and is in the table.
	for end := len(stem); end > 0; end-- {
		if end < len(stem) && !strings.ContainsRune("-_.", rune(stem[end])) {
			continue
		}
		if i, ok := stems[stem[:end]]; ok {
			return i, true
		}
	}
	return 0, false
}

// tableIndex is the tables' lookup structures: indexes from stem to table
// line, exact and lower-cased for Windows; order lists runtime names in
// report order. rules is table then bundles: the lines all indexes point
// into.
type tableIndex struct {
	rules          []rule
	exact, folded  map[string]int
	order          []string
	bundleIndex    map[string]int
	bundlePrefixes []bundlePrefix
}

// index is built on first use, not at start-up: a command that looks at
// no process's libraries (gtm --json with nothing on the GPU, gtm model)
// never pays for it.
var index = sync.OnceValue(func() *tableIndex {
	ix := &tableIndex{rules: append(append([]rule(nil), table...), bundles...)}
	ix.exact, ix.folded, ix.order = buildIndex()
	ix.bundleIndex, ix.bundlePrefixes = buildBundleIndex()
	return ix
})

type bundlePrefix struct {
	prefix, suffix string
	line           int
}

// buildBundleIndex indexes the bundles table by lower-cased folder name,
// and its "Name*.suffix" lines as prefixes.
func buildBundleIndex() (map[string]int, []bundlePrefix) {
	index := map[string]int{}
	var prefixes []bundlePrefix
	for j, r := range bundles {
		for _, s := range strings.Fields(strings.ToLower(r.stems)) {
			if star := strings.IndexByte(s, '*'); star >= 0 {
				prefixes = append(prefixes, bundlePrefix{prefix: s[:star], suffix: s[star+1:], line: len(table) + j})
				continue
			}
			if _, dup := index[s]; dup {
				panic("runtimes: bundle " + s + " is in the table twice")
			}
			index[s] = len(table) + j
		}
	}
	return index, prefixes
}

func buildIndex() (exact, folded map[string]int, order []string) {
	exact, folded = map[string]int{}, map[string]int{}
	add := func(index map[string]int, stem string, i int) {
		if _, dup := index[stem]; dup {
			panic("runtimes: stem " + stem + " is in the table twice")
		}
		index[stem] = i
	}
	for i, r := range table {
		for _, s := range strings.Fields(r.stems) {
			add(exact, s, i)
			add(folded, strings.ToLower(s), i)
		}
		if r.runtime != nvml && !slices.Contains(order, r.runtime) {
			order = append(order, r.runtime)
		}
	}
	for _, r := range bundles {
		if !slices.Contains(order, r.runtime) {
			order = append(order, r.runtime)
		}
	}
	return exact, folded, append(order, NVMLOnly)
}
