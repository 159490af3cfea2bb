package apps

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/gputaskman/gtm/internal/safefile"
)

// builtinFS holds the recipes gtm ships; each is tested.
//
//go:embed recipes/*.json
var builtinFS embed.FS

// maxUserRecipes bounds how many files UserDir may hold.
const maxUserRecipes = 64

var (
	recipesMu sync.Mutex
	user      []*Adapter
	builtin   = sync.OnceValues(loadBuiltin)
)

// Builtin returns the shipped recipes, in file-name order, and an error
// for each one that does not load (tests keep that list empty).
func Builtin() ([]*Adapter, []error) { return builtin() }

func loadBuiltin() ([]*Adapter, []error) {
	names, _ := fs.Glob(builtinFS, "recipes/*.json")
	var out []*Adapter
	var errs []error
	for _, n := range names {
		data, err := builtinFS.ReadFile(n)
		if err == nil {
			var a *Adapter
			if a, err = ParseRecipe(data); err == nil {
				out = append(out, a)
				continue
			}
		}
		errs = append(errs, fmt.Errorf("built-in app recipe %s: %w", path.Base(n), err))
	}
	return out, errs
}

// Recipes are the adapters Detect tries, in order: the user's, then the
// built-in ones a user recipe of the same name does not replace.
func Recipes() []*Adapter {
	recipesMu.Lock()
	out := append([]*Adapter{}, user...)
	recipesMu.Unlock()
	b, _ := builtin()
	for _, a := range b {
		if !hasName(out, a.Name) {
			out = append(out, a)
		}
	}
	return out
}

func hasName(list []*Adapter, name string) bool {
	for _, a := range list {
		if strings.EqualFold(a.Name, name) {
			return true
		}
	}
	return false
}

// UserDir is where a user's own recipes go: gtm/apps in their config
// folder (os.UserConfigDir: ~/.config, ~/Library/Application Support,
// %APPDATA%).
func UserDir(configDir string) string { return filepath.Join(configDir, "gtm", "apps") }

// LoadDir replaces the user's recipes with the *.json files in dir, in
// name order, and returns one error for each file that was not loaded
// (and for the folder, when it cannot be listed). A broken recipe is
// skipped; the others, and the built-in ones, keep working. A missing
// folder is no error.
func LoadDir(dir string) []error {
	var loaded []*Adapter
	var errs []error
	defer func() {
		recipesMu.Lock()
		user = loaded
		recipesMu.Unlock()
	}()
	names, err := (*safefile.Access)(nil).ReadDirNames(dir, 4*maxUserRecipes) // sorted
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return []error{fmt.Errorf("app recipes %s: %v", dir, err)}
	}
	for _, n := range names {
		if !strings.HasSuffix(n, ".json") {
			continue
		}
		p := filepath.Join(dir, n)
		if len(loaded)+len(errs) == maxUserRecipes {
			errs = append(errs, fmt.Errorf("app recipe %s: not read: more than %d recipes", p, maxUserRecipes))
			break
		}
		a, err := readRecipe(p)
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the line names the file already
		}
		if err == nil && hasName(loaded, a.Name) {
			err = fmt.Errorf("name %q is already taken by another recipe in the folder", a.Name)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("app recipe %s: %v", p, err))
			continue
		}
		loaded = append(loaded, a)
	}
	return errs
}

// readRecipe reads one user recipe: a regular file, not a symbolic link
// (so it is the file the folder's owner put there), bounded in size, and
// off Windows not writable by group or others, since its paths decide
// which files gtm reads.
func readRecipe(p string) (*Adapter, error) {
	fi, err := os.Lstat(p)
	if err != nil {
		return nil, err
	}
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		return nil, errors.New("a symbolic link, not read")
	case !fi.Mode().IsRegular():
		return nil, errors.New("not a regular file")
	case runtime.GOOS != "windows" && fi.Mode().Perm()&0o022 != 0:
		return nil, fmt.Errorf("writable by group or others (mode %v), not read", fi.Mode().Perm())
	}
	f, opened, err := safefile.Open(p, MaxRecipeSize)
	if err != nil {
		return nil, err
	}
	if !os.SameFile(fi, opened) {
		f.Close()
		return nil, errors.New("replaced while being read")
	}
	data, err := safefile.ReadAll(f, p, MaxRecipeSize, safefile.DefaultTimeout)
	if err != nil {
		return nil, err
	}
	return ParseRecipe(data)
}
