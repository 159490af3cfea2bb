// Package apps holds read-only recipes ("adapters") for desktop apps that
// run models on the GPU: where an app keeps its settings, which setting
// names the selected model, where its log is and which log messages mark
// model events. A recipe is data: a JSON file, the built-in ones embedded
// from recipes/ and a user's own read from UserDir (recipe.go, load.go).
//
// What an adapter finds is evidence, never a measurement: settings prove
// what is selected, not what is loaded, and a log is timestamped history;
// only events written after the process started describe it. Log message
// text is never kept: a line either matches an event pattern, giving a
// kind and at most a model id, or is dropped (transcripts and other user
// text included).
package apps

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/gputaskman/gtm/inspect/llamacpplog"
	"github.com/gputaskman/gtm/internal/safefile"
)

// EventKind is what a log line says happened to a model.
type EventKind string

const (
	EventLoadStart   EventKind = "load_start"
	EventLoad        EventKind = "load" // loaded
	EventLoadFailed  EventKind = "load_failed"
	EventUnload      EventKind = "unload"
	EventStreamStart EventKind = "stream_start"
	EventPreview     EventKind = "preview"
)

// EventPattern marks one kind of event. Expr is matched against the log
// message alone (after the line's time and level); a group named "model",
// when it matches a plausible model id, names the model. A recipe's
// patterns are compiled and checked when it is loaded.
type EventPattern struct {
	Kind EventKind
	Expr string
}

// Path is a file location on one OS ("linux", "darwin", "windows"; ""
// for all). "~" is the home folder; $VAR, ${VAR} and %VAR% are environment
// variables. A path whose variable is unset, or that is not absolute, is
// skipped. Write it with forward slashes.
type Path struct {
	OS, Path string
}

// LineFormat splits a log line into the time written on it and its
// message; ok is false for lines it does not recognise (continuations of
// multi-line messages, garbage).
type LineFormat func(line []byte) (t time.Time, msg []byte, ok bool)

// Adapter is one app's recipe.
type Adapter struct {
	Name          string
	ProcNames     []string // executable base names, case-insensitive, ".exe" ignored
	ExeContains   []string // lower case; when set, the executable's path (with /) must contain one
	SettingsPaths []Path   // the first that exists is read
	SelectedModel []string // JSON keys leading to the selected model id in the settings file
	ModelFromPath bool     // the setting is a model file's path: its last name is the id
	LogPaths      []Path   // the first that exists is read
	LogFormat     LineFormat
	Events        []EventPattern

	compiled sync.Once
	res      []*regexp.Regexp // Events' Expr, compiled
}

// patterns are the adapter's event patterns, compiled once.
func (a *Adapter) patterns() []*regexp.Regexp {
	a.compiled.Do(func() {
		if a.res != nil {
			return // compiled when the recipe was loaded
		}
		for _, p := range a.Events {
			a.res = append(a.res, regexp.MustCompile(p.Expr))
		}
	})
	return a.res
}

// Event is one model event from the log.
type Event struct {
	Time  time.Time // as written on the line
	Kind  EventKind
	Model string // "" when the line names no model
	Fresh bool   // written after the process started
}

// Findings are what an adapter read.
type Findings struct {
	App           string
	SelectedModel string // what the settings select: proof of selection only, not of a load
	SettingsPath  string
	LogPath       string
	Events        []Event // model events in the log's tail, oldest first, at most MaxEvents
	Fresh         bool    // some event was written after the process started
	Notes         []string
}

// Latest is the newest event written after the process started.
func (f Findings) Latest() (Event, bool) {
	for i := len(f.Events) - 1; i >= 0; i-- {
		if f.Events[i].Fresh {
			return f.Events[i], true
		}
	}
	return Event{}, false
}

// Limits on what is read and kept.
const (
	MaxEvents   = 64      // newest kept
	maxSettings = 1 << 20 // settings files larger than this are not read
	maxModelID  = 128
)

// Detect returns the adapter for a process, by its name or its
// executable's base name, or nil: a user's recipes first, then the
// built-in ones.
func Detect(procName, exe string) *Adapter {
	for _, a := range Recipes() {
		if a.Match(procName, exe) {
			return a
		}
	}
	return nil
}

// Match reports whether the process looks like this app.
func (a *Adapter) Match(procName, exe string) bool {
	norm := func(s string) string {
		if i := strings.LastIndexAny(s, `/\`); i >= 0 {
			s = s[i+1:]
		}
		s = strings.ToLower(s)
		return strings.TrimSuffix(s, ".exe")
	}
	p, e := norm(procName), norm(exe)
	named := false
	for _, n := range a.ProcNames {
		if n = strings.ToLower(n); n != "" && (n == p || n == e) {
			named = true
		}
	}
	if !named || len(a.ExeContains) == 0 {
		return named
	}
	path := strings.ToLower(strings.ReplaceAll(exe, `\`, "/"))
	for _, frag := range a.ExeContains {
		if strings.Contains(path, frag) {
			return true
		}
	}
	return false
}

// Read reads the app's settings and the tail of its log for the process
// started at since. home and env stand for the user's home folder and
// environment (os.Getenv), so tests can point them at fake trees. Missing
// files are not errors: they leave fields empty, with a note.
func (a *Adapter) Read(home string, env func(string) string, since time.Time) (Findings, error) {
	return a.read(runtime.GOOS, nil, home, env, since)
}

// ReadAs is Read opening files with acc: the app process's rights, so its
// settings and log are read only if its user could read them.
func (a *Adapter) ReadAs(acc *safefile.Access, home string, env func(string) string, since time.Time) (Findings, error) {
	return a.read(runtime.GOOS, acc, home, env, since)
}

func (a *Adapter) read(goos string, acc *safefile.Access, home string, env func(string) string, since time.Time) (Findings, error) {
	open := func(p string) (*os.File, fs.FileInfo, error) { return acc.Open(p, 0) }
	f := Findings{App: a.Name}
	if env == nil {
		env = func(string) string { return "" }
	}
	var errs []error
	if p, denied := firstFile(acc, Candidates(a.SettingsPaths, goos, home, env)); p != "" {
		f.SettingsPath = p
		model, err := a.readSettings(open, p)
		if err != nil {
			errs = append(errs, err)
		}
		f.SelectedModel = model
	} else if len(a.SettingsPaths) > 0 {
		f.Notes = append(f.Notes, notFound("settings", denied))
	}
	if p, denied := firstFile(acc, Candidates(a.LogPaths, goos, home, env)); p != "" {
		f.LogPath = p
		events, mod, err := a.readLog(open, p)
		if err != nil {
			errs = append(errs, err)
		}
		floor := since.Add(-llamacpplog.ClockSlack)
		if mod.Before(floor) {
			f.Notes = append(f.Notes, "log last written before the process started: its events are history")
		}
		f.Events = make([]Event, len(events))
		for i, e := range events {
			e.Fresh = !e.Time.Before(floor) && !mod.Before(floor)
			f.Fresh = f.Fresh || e.Fresh
			f.Events[i] = e
		}
	} else if len(a.LogPaths) > 0 {
		f.Notes = append(f.Notes, notFound("log", denied))
	}
	return f, errors.Join(errs...)
}

// ParseLog reads log text and returns its model events, oldest first, at
// most MaxEvents (the newest). Lines longer than llamacpplog.MaxLine are
// skipped; nothing but the event kind, time and model id is kept.
func (a *Adapter) ParseLog(r io.Reader) []Event {
	var ring []Event
	llamacpplog.ScanLines(r, func(line []byte, _ int64) { ring = a.addEvent(ring, line) })
	return ring
}

func (a *Adapter) addEvent(ring []Event, line []byte) []Event {
	e, ok := a.event(line)
	if !ok {
		return ring
	}
	if len(ring) == MaxEvents {
		copy(ring, ring[1:])
		ring = ring[:MaxEvents-1]
	}
	return append(ring, e)
}

// event matches one line against the adapter's patterns.
func (a *Adapter) event(line []byte) (Event, bool) {
	if a.LogFormat == nil {
		return Event{}, false
	}
	t, msg, ok := a.LogFormat(line)
	if !ok {
		return Event{}, false
	}
	for k, re := range a.patterns() {
		m := re.FindSubmatch(msg)
		if m == nil {
			continue
		}
		e := Event{Time: t, Kind: a.Events[k].Kind}
		if i := re.SubexpIndex("model"); i > 0 && ValidModelID(string(m[i])) {
			e.Model = string(m[i])
		}
		return e, true
	}
	return Event{}, false
}

var modelIDRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._:+/-]*$`) })

// ValidModelID accepts the short identifiers apps give models
// ("parakeet-tdt-0.6b-v3", "large-v3-turbo"), nothing that reads like text.
func ValidModelID(s string) bool {
	return len(s) <= maxModelID && modelIDRe().MatchString(s)
}

// readLog returns the model events in the log's tail, cached by the
// file's size and modification time.
func (a *Adapter) readLog(open llamacpplog.Opener, path string) ([]Event, time.Time, error) {
	v, mod, err := cache.get("log\x00"+a.Name+"\x00"+path, path, open, func(f *os.File, fi os.FileInfo) (any, error) {
		var ring []Event
		same := func(string) (*os.File, fs.FileInfo, error) { return f, fi, nil } // ReadTailWith closes it
		_, err := llamacpplog.ReadTailWith(same, path, llamacpplog.MaxTail, func(line []byte, _ int64) {
			ring = a.addEvent(ring, line)
		})
		return ring, err
	})
	events, _ := v.([]Event)
	return events, mod, err
}

// readSettings returns the selected model id from the settings file,
// cached by size and modification time. Only that one value is kept.
func (a *Adapter) readSettings(open llamacpplog.Opener, path string) (string, error) {
	v, _, err := cache.get("settings\x00"+a.Name+"\x00"+path, path, open, func(f *os.File, _ os.FileInfo) (any, error) {
		defer f.Close()
		return a.selected(f, path)
	})
	s, _ := v.(string)
	return s, err
}

func (a *Adapter) selected(fh *os.File, path string) (string, error) {
	fi, err := fh.Stat()
	if err != nil {
		return "", err
	}
	if !fi.Mode().IsRegular() || fi.Size() > maxSettings {
		return "", errors.New(path + ": not a regular file of at most 1 MiB")
	}
	data, err := safefile.ReadAll(fh, path, maxSettings, safefile.DefaultTimeout)
	if err != nil {
		return "", err
	}
	cur := json.RawMessage(data)
	for _, key := range a.SelectedModel {
		var obj map[string]json.RawMessage
		if json.Unmarshal(cur, &obj) != nil {
			return "", errors.New(path + ": not the expected JSON")
		}
		if cur = obj[key]; cur == nil {
			return "", nil // not set
		}
	}
	var s string
	if json.Unmarshal(cur, &s) != nil {
		return "", nil
	}
	if a.ModelFromPath {
		s = s[strings.LastIndexAny(s, `/\`)+1:]
	}
	if !ValidModelID(s) {
		return "", nil
	}
	return s, nil
}

// Candidates expands paths for one OS, in order, dropping those that
// cannot be formed (an unset variable, no home) or are not absolute.
func Candidates(paths []Path, goos, home string, env func(string) string) []string {
	var out []string
	for _, p := range paths {
		if p.OS != "" && p.OS != goos {
			continue
		}
		s, ok := expand(p.Path, home, env)
		if !ok {
			continue
		}
		if goos == "windows" {
			s = strings.ReplaceAll(s, "/", `\`)
			if len(s) < 3 || !(s[1] == ':' && s[2] == '\\' || strings.HasPrefix(s, `\\`)) {
				continue
			}
		} else if !strings.HasPrefix(s, "/") {
			continue
		}
		out = append(out, s)
	}
	return out
}

// oldestLogTime is earlier than any log line an app really wrote.
var oldestLogTime = time.Date(1970, 1, 2, 0, 0, 0, 0, time.UTC)

var varRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\$\{(\w+)\}|\$(\w+)|%(\w+)%`) })

func expand(p, home string, env func(string) string) (string, bool) {
	if p == "~" || strings.HasPrefix(p, "~/") {
		if home == "" {
			return "", false
		}
		p = strings.TrimSuffix(home, "/") + p[1:]
	}
	ok := true
	p = varRe().ReplaceAllStringFunc(p, func(m string) string {
		name := strings.Trim(m, "${}%")
		v := env(name)
		if v == "" {
			ok = false
		}
		return strings.TrimRight(v, `/\`)
	})
	return p, ok
}

// firstFile returns the first candidate that is a regular file, as acc
// sees it, or else the first reason one could not be reached for the
// process's user (nil when none exists at all).
func firstFile(acc *safefile.Access, cands []string) (string, error) {
	var denied error
	for _, c := range cands {
		fi, err := acc.Stat(filepath.Clean(c))
		if err == nil && fi.Mode().IsRegular() {
			return c, nil
		}
		if denied == nil && errors.Is(err, fs.ErrPermission) {
			denied = err
		}
	}
	return "", denied
}

func notFound(what string, denied error) string {
	if denied != nil {
		return what + " file not read: " + denied.Error()
	}
	return "no " + what + " file found"
}

// TauriLog reads tauri-plugin-log's default line format:
// "[2025-06-01][12:34:56][target][LEVEL] message", the time in UTC (the
// plugin's default timezone strategy). With a timezone strategy set, the
// plugin writes the level before the target; both orders are read.
func TauriLog(line []byte) (time.Time, []byte, bool) {
	// [YYYY-MM-DD][HH:MM:SS]
	if len(line) < 24 || line[0] != '[' || line[11] != ']' || line[12] != '[' || line[21] != ']' {
		return time.Time{}, nil, false
	}
	t, err := time.ParseInLocation("2006-01-02 15:04:05", string(line[1:11])+" "+string(line[13:21]), time.UTC)
	if err != nil || t.Before(oldestLogTime) {
		return time.Time{}, nil, false // no app wrote this line; a zero date would read as "unknown time"
	}
	rest := line[22:]
	for range 2 { // [target][LEVEL] or [LEVEL][target]
		if len(rest) == 0 || rest[0] != '[' {
			return time.Time{}, nil, false
		}
		end := bytes.IndexByte(rest, ']')
		if end < 0 {
			return time.Time{}, nil, false
		}
		rest = rest[end+1:]
	}
	if len(rest) == 0 || rest[0] != ' ' {
		return time.Time{}, nil, false
	}
	msg := rest[1:]
	for len(msg) > 0 && (msg[len(msg)-1] == '\n' || msg[len(msg)-1] == '\r') {
		msg = msg[:len(msg)-1]
	}
	return t, msg, true
}
