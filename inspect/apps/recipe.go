package apps

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
)

// A recipe is an adapter written as JSON: the built-in ones are embedded
// from recipes/*.json, and a user adds their own to UserDir. The file's
// fields, all checked when it is loaded:
//
//	name            the app's name, as the "app" block shows it
//	sources         free text: where each path, key and line comes from
//	process_names   executable base names (case-insensitive, ".exe" ignored)
//	exe_contains    optional: the executable's path must also contain one
//	                of these (forward slashes, case-insensitive)
//	settings        optional: paths (the first that exists is read),
//	                model_key (JSON keys to the selected model), and
//	                model_value "id" (default) or "file_name" (the value is
//	                a path: keep its last name)
//	log             optional: paths, format ("tauri") and events, each a
//	                kind and an RE2 pattern whose only named group is "model"
type recipe struct {
	Name         string          `json:"name"`
	Sources      []string        `json:"sources"`
	ProcessNames []string        `json:"process_names"`
	ExeContains  []string        `json:"exe_contains"`
	Settings     *recipeSettings `json:"settings"`
	Log          *recipeLog      `json:"log"`
}

type recipePath struct {
	OS   string `json:"os"`
	Path string `json:"path"`
}

type recipeSettings struct {
	Paths      []recipePath `json:"paths"`
	ModelKey   []string     `json:"model_key"`
	ModelValue string       `json:"model_value"`
}

type recipeLog struct {
	Paths  []recipePath  `json:"paths"`
	Format string        `json:"format"`
	Events []recipeEvent `json:"events"`
}

type recipeEvent struct {
	Kind    EventKind `json:"kind"`
	Pattern string    `json:"pattern"`
}

// Bounds on a recipe: it is read at start-up and its patterns run on
// every log line, so none of it may grow without limit.
const (
	MaxRecipeSize = 64 << 10
	maxNames      = 16
	maxPaths      = 16
	maxKeys       = 8
	maxEvents     = 64
	maxPattern    = 512
	maxText       = 512
)

// logFormats are the line formats a recipe may name.
var logFormats = map[string]LineFormat{"tauri": TauriLog}

var eventKinds = map[EventKind]bool{EventLoadStart: true, EventLoad: true, EventLoadFailed: true,
	EventUnload: true, EventStreamStart: true, EventPreview: true}

// ParseRecipe reads one recipe and returns its adapter, its patterns
// compiled. The error is one line naming the field at fault.
func ParseRecipe(data []byte) (*Adapter, error) {
	if len(data) > MaxRecipeSize {
		return nil, fmt.Errorf("larger than %d KiB", MaxRecipeSize>>10)
	}
	var r recipe
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return nil, jsonError(data, err)
	}
	if dec.More() {
		return nil, errors.New("more than one JSON value")
	}
	a, err := r.adapter()
	if err != nil {
		return nil, errors.New(oneLine(err.Error()))
	}
	return a, nil
}

// jsonError says where in the file a JSON error is, by line.
func jsonError(data []byte, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Errorf("line %d: %v", 1+bytes.Count(data[:min(se.Offset, int64(len(data)))], []byte{'\n'}), se)
	case errors.As(err, &te):
		return fmt.Errorf("line %d: %s: a %s, want %s", 1+bytes.Count(data[:min(te.Offset, int64(len(data)))], []byte{'\n'}), te.Field, te.Value, te.Type)
	}
	return errors.New(oneLine(err.Error()))
}

func (r *recipe) adapter() (*Adapter, error) {
	a := &Adapter{Name: r.Name, ProcNames: r.ProcessNames}
	if err := text("name", r.Name, 64); err != nil {
		return nil, err
	}
	if len(r.Sources) > maxNames {
		return nil, fmt.Errorf("sources: more than %d", maxNames)
	}
	if err := names("process_names", r.ProcessNames, true); err != nil {
		return nil, err
	}
	if err := names("exe_contains", r.ExeContains, false); err != nil {
		return nil, err
	}
	for _, s := range r.ExeContains { // compared with the path's / form
		a.ExeContains = append(a.ExeContains, strings.ToLower(strings.ReplaceAll(s, `\`, "/")))
	}
	if r.Settings == nil && r.Log == nil {
		return nil, errors.New("neither settings nor log: nothing to read")
	}
	if s := r.Settings; s != nil {
		if err := s.fill(a); err != nil {
			return nil, fmt.Errorf("settings.%v", err)
		}
	}
	if l := r.Log; l != nil {
		if err := l.fill(a); err != nil {
			return nil, fmt.Errorf("log.%v", err)
		}
	}
	return a, nil
}

func (s *recipeSettings) fill(a *Adapter) error {
	var err error
	if a.SettingsPaths, err = paths(s.Paths); err != nil {
		return err
	}
	if len(s.ModelKey) == 0 || len(s.ModelKey) > maxKeys {
		return fmt.Errorf("model_key: want 1 to %d keys", maxKeys)
	}
	for i, k := range s.ModelKey {
		if err := text(fmt.Sprintf("model_key[%d]", i), k, 128); err != nil {
			return err
		}
	}
	a.SelectedModel = s.ModelKey
	switch s.ModelValue {
	case "", "id":
	case "file_name":
		a.ModelFromPath = true
	default:
		return fmt.Errorf("model_value: %q is not id or file_name", s.ModelValue)
	}
	return nil
}

func (l *recipeLog) fill(a *Adapter) error {
	var err error
	if a.LogPaths, err = paths(l.Paths); err != nil {
		return err
	}
	if a.LogFormat = logFormats[l.Format]; a.LogFormat == nil {
		return fmt.Errorf("format: %q is not a known log format (tauri)", l.Format)
	}
	if len(l.Events) == 0 || len(l.Events) > maxEvents {
		return fmt.Errorf("events: want 1 to %d", maxEvents)
	}
	for i, e := range l.Events {
		re, err := compileEvent(e)
		if err != nil {
			return fmt.Errorf("events[%d].%v", i, err)
		}
		a.Events = append(a.Events, EventPattern{Kind: e.Kind, Expr: e.Pattern})
		a.res = append(a.res, re)
	}
	return nil
}

// compileEvent checks one event: a known kind, and a pattern that is RE2
// (Go's regexp accepts nothing else: no look-around, no back-references),
// bounded, and names no group but "model".
func compileEvent(e recipeEvent) (*regexp.Regexp, error) {
	if !eventKinds[e.Kind] {
		return nil, fmt.Errorf("kind: %q is not an event kind", e.Kind)
	}
	if e.Pattern == "" || len(e.Pattern) > maxPattern {
		return nil, fmt.Errorf("pattern: want 1 to %d bytes", maxPattern)
	}
	re, err := regexp.Compile(e.Pattern)
	if err != nil {
		var se *syntax.Error
		if errors.As(err, &se) {
			return nil, fmt.Errorf("pattern: not RE2: %s: %s", se.Code, strconv.Quote(se.Expr))
		}
		return nil, fmt.Errorf("pattern: %v", err)
	}
	for _, n := range re.SubexpNames() {
		if n != "" && n != "model" {
			return nil, fmt.Errorf("pattern: group %q: the only named group is \"model\"", n)
		}
	}
	return re, nil
}

func paths(ps []recipePath) ([]Path, error) {
	if len(ps) == 0 || len(ps) > maxPaths {
		return nil, fmt.Errorf("paths: want 1 to %d", maxPaths)
	}
	out := make([]Path, len(ps))
	for i, p := range ps {
		switch p.OS {
		case "", "linux", "darwin", "windows":
		default:
			return nil, fmt.Errorf("paths[%d].os: %q is not linux, darwin, windows or empty", i, p.OS)
		}
		if err := text(fmt.Sprintf("paths[%d].path", i), p.Path, maxText); err != nil {
			return nil, err
		}
		if !strings.HasPrefix(p.Path, "~/") && !strings.ContainsAny(p.Path[:1], `/$%`) {
			return nil, fmt.Errorf("paths[%d].path: %q does not start with ~/, /, $VAR or %%VAR%%", i, p.Path)
		}
		for _, part := range strings.Split(p.Path, "/") {
			if part == ".." {
				return nil, fmt.Errorf("paths[%d].path: %q has a .. component", i, p.Path)
			}
		}
		out[i] = Path(p)
	}
	return out, nil
}

// names checks a list of short names; required lists may not be empty.
func names(field string, list []string, required bool) error {
	switch {
	case required && len(list) == 0:
		return fmt.Errorf("%s: empty", field)
	case len(list) > maxNames:
		return fmt.Errorf("%s: more than %d", field, maxNames)
	}
	for i, n := range list {
		if err := text(fmt.Sprintf("%s[%d]", field, i), n, 128); err != nil {
			return err
		}
	}
	return nil
}

// text checks a non-empty, bounded string without control characters.
func text(field, s string, max int) error {
	switch {
	case s == "":
		return fmt.Errorf("%s: empty", field)
	case len(s) > max:
		return fmt.Errorf("%s: longer than %d bytes", field, max)
	case strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		return fmt.Errorf("%s: has a control character", field)
	}
	return nil
}

// oneLine keeps an error on one line whatever a recipe's strings hold.
func oneLine(s string) string {
	return strings.NewReplacer("\n", `\n`, "\r", `\r`).Replace(s)
}
