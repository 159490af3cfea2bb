package lint

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/gputaskman/gtm/"

// layers rank the module's folders, highest first to lowest; the first
// prefix that matches a package decides its layer.
var layers = []struct {
	prefix string
	rank   int
}{
	{"internal/schema", 0},
	{"internal", 1}, {"assets", 1},
	{"inspect", 2}, {"backend", 2},
	{"app", 3},
	{"ui", 4},
	{"cmd", 5}, {"packaging", 5}, {"scripts", 5},
}

func layerOf(pkg string) (int, bool) {
	for _, l := range layers {
		if pkg == l.prefix || strings.HasPrefix(pkg, l.prefix+"/") {
			return l.rank, true
		}
	}
	return 0, false
}

func under(pkg, prefix string) bool { return pkg == prefix || strings.HasPrefix(pkg, prefix+"/") }

// goFiles lists every Go file of the module by package folder, for every
// platform and build tag: third_party, testdata and other modules
// (packaging/nfpm) are not gtm's packages.
func goFiles(t *testing.T, root string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (name == "third_party" || name == "testdata" || strings.HasPrefix(name, ".") ||
				strings.HasPrefix(name, "_") || exists(filepath.Join(path, "go.mod"))) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") {
			rel, _ := filepath.Rel(root, filepath.Dir(path))
			out[filepath.ToSlash(rel)] = append(out[filepath.ToSlash(rel)], path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// No package imports one that stands above it; internal/schema imports
// nothing of gtm's; ui's code imports neither backend nor inspect (its
// tests may, to start and read real processes). Test files are held to
// their package's layer too.
func TestLayers(t *testing.T) {
	var problems []string
	for pkg, files := range goFiles(t, "../..") {
		rank, ok := layerOf(pkg)
		if !ok {
			problems = append(problems, pkg+" stands in no layer: add it to layers")
			continue
		}
		for _, file := range files {
			for _, imp := range imports(t, file) {
				if p := check(pkg, rank, imp, strings.HasSuffix(file, "_test.go")); p != "" {
					rel, _ := filepath.Rel("../..", file)
					problems = append(problems, filepath.ToSlash(rel)+" imports "+imp+": "+p)
				}
			}
		}
	}
	sort.Strings(problems)
	for _, p := range problems {
		t.Error(p)
	}
}

// check says what is wrong with pkg (of layer rank) importing imp, or "".
func check(pkg string, rank int, imp string, test bool) string {
	target, ok := layerOf(imp)
	switch {
	case !ok:
		return "it stands in no layer"
	case under(pkg, "internal/schema") && !under(imp, "internal/schema"):
		return "the schema imports nothing of gtm's"
	case under(pkg, "ui") && !test && (under(imp, "backend") || under(imp, "inspect")):
		return "ui renders snapshots and imports neither backend nor inspect"
	case target > rank:
		return "it stands above"
	}
	return ""
}

// imports are the module's packages a file imports, relative to the module.
func imports(t *testing.T, file string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, is := range f.Imports {
		if path, _ := strconv.Unquote(is.Path.Value); strings.HasPrefix(path, module) {
			out = append(out, strings.TrimPrefix(path, module))
		}
	}
	return out
}
