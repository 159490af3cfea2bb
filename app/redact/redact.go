// Package redact makes a snapshot safe to post publicly (--redact),
// and safe to serve to every local user (gtm serve's /snapshot.json): no
// command lines or working directories, paths cut to base names, user and
// host names replaced. Masking secrets in what gtm shows anyway is
// app/secrets' job.
//
// Redaction is a property of the whole snapshot, not a list of fields:
// every string is free text, whose paths are cut, unless fields.go says
// it is something else (a path, a model's name, a user, a name /proc
// shows everyone). A field added to the snapshot later is redacted as
// free text until someone says otherwise (docs/design.md, safety rule
// 12).
package redact

import (
	"encoding/json"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/gputaskman/gtm/app/secrets"
	"github.com/gputaskman/gtm/internal/schema"
)

// Redaction placeholders. User names become user1, user2, … in order of
// first appearance, so distinct users stay distinct within one snapshot.
const (
	hostName = "host"
	userName = "user"
)

// Snapshot returns a copy of s that is safe to post publicly: command
// lines and working directories are dropped (null), every path is cut to
// its base name (a model id that is a path too), user names become user1,
// user2, … and the host name becomes "host". Free text (notes, errors,
// any string not known to be something else) has its paths cut, secrets
// masked and the user and host names replaced too. Process, pod and model
// names are kept: they are what a capture is for, and still deserve a
// look before posting. s is not changed. Redacting a redacted snapshot
// changes nothing.
func Snapshot(s *schema.Snapshot) *schema.Snapshot {
	if s == nil {
		return nil
	}
	out := deepCopy(s)
	r := newRedactor(out)
	out.Redacted = true
	r.walk(reflect.ValueOf(out).Elem(), asText)
	return out
}

// deepCopy copies a snapshot through its own JSON, which is by definition
// everything a snapshot carries (argv, the unredacted command line kept for
// the inspector, is unexported and so dropped).
func deepCopy(s *schema.Snapshot) *schema.Snapshot {
	b, err := json.Marshal(s)
	if err != nil {
		return &schema.Snapshot{SchemaVersion: s.SchemaVersion, Tool: s.Tool, TakenAt: s.TakenAt}
	}
	var out schema.Snapshot
	if err := json.Unmarshal(b, &out); err != nil {
		return &schema.Snapshot{SchemaVersion: s.SchemaVersion, Tool: s.Tool, TakenAt: s.TakenAt}
	}
	return &out
}

type redactor struct {
	users map[string]string // real name → user1, user2, …
	// words are the names replaced in free text, longest first so that
	// "alice-admin" goes before "alice".
	words []string
	host  string
	cut   cutter
}

// systemUsers are account names that say nothing about a person; they are
// still replaced in the user field but not hunted for in free text, where
// "root" is an ordinary word.
var systemUsers = map[string]bool{"root": true, "nobody": true}

// maxSpaced bounds the paths with a space cut whole from free text: a
// snapshot of many such paths costs no more than this many to scan for.
const maxSpaced = 256

func newRedactor(s *schema.Snapshot) *redactor {
	r := &redactor{users: map[string]string{}, cut: cutter{folders: map[string]bool{}}}
	add := func(name string) {
		if name == "" || r.users[name] != "" {
			return
		}
		r.users[name] = userName + strconv.Itoa(len(r.users)+1)
	}
	for _, p := range s.Processes {
		if p.User != nil {
			add(*p.User)
		}
	}
	// A home directory names its user even when no process row does.
	spaced := map[string]bool{}
	for i := range s.Processes {
		p := &s.Processes[i]
		paths := processPaths(p)
		for _, path := range paths {
			if u := homeOwner(path); u != "" {
				add(u)
			}
			if len(spaced) < maxSpaced && strings.ContainsAny(path, " \t") && IsPath(path) {
				spaced[path] = true
			}
		}
		for _, name := range modelNames(p) {
			if namesFolder(name, paths) {
				r.cut.folders[name] = true
			}
		}
	}
	r.cut.spaced = spacedReplacer(spaced)
	for name := range r.users {
		if len(name) >= 3 && !systemUsers[name] {
			r.words = append(r.words, name)
		}
	}
	if s.Host.Hostname != nil && len(*s.Host.Hostname) >= 2 {
		r.host = *s.Host.Hostname
		r.words = append(r.words, r.host)
	}
	sortLongestFirst(r.words)
	return r
}

func sortLongestFirst(list []string) {
	sort.Slice(list, func(i, j int) bool {
		if len(list[i]) != len(list[j]) {
			return len(list[i]) > len(list[j])
		}
		return list[i] < list[j]
	})
}

// spacedReplacer cuts the given paths, which hold a space, to their base
// names wherever free text quotes them; nil when there are none.
func spacedReplacer(paths map[string]bool) *strings.Replacer {
	if len(paths) == 0 {
		return nil
	}
	list := make([]string, 0, len(paths))
	for p := range paths {
		list = append(list, p)
	}
	sortLongestFirst(list) // a Replacer tries its pairs in order
	pairs := make([]string, 0, 2*len(list))
	for _, p := range list {
		pairs = append(pairs, p, BaseName(p))
	}
	return strings.NewReplacer(pairs...)
}

// processPaths are the paths a process row carries: its path fields,
// command line arguments, and model names that are paths.
func processPaths(p *schema.Process) []string {
	var out []string
	add := func(s *string) {
		if s != nil {
			out = append(out, *s)
		}
	}
	add(p.Exe)
	add(p.Cwd)
	for _, m := range p.Models {
		out = append(out, m.Path)
	}
	if p.LLM != nil {
		add(p.LLM.LogPath)
	}
	if p.App != nil {
		add(p.App.SettingsPath)
		add(p.App.LogPath)
	}
	for _, name := range modelNames(p) {
		if IsPath(name) {
			out = append(out, name)
		}
	}
	return append(out, p.Cmdline...)
}

// modelNames are the names a process row gives its models (the asModel
// fields of fields.go).
func modelNames(p *schema.Process) []string {
	var out []string
	add := func(s *string) {
		if s != nil {
			out = append(out, *s)
		}
	}
	for _, m := range p.Models {
		add(m.Name)
	}
	if l := p.LLM; l != nil {
		add(l.ModelID)
		add(l.APIModel)
		out = append(out, l.APIModels...)
	}
	if a := p.App; a != nil {
		add(a.SelectedModel)
		for _, e := range a.Events {
			add(e.Model)
		}
	}
	return out
}

// homeOwner returns the user a home-directory path names
// (/home/alice/..., /Users/alice/..., C:\Users\alice\...), or "".
func homeOwner(path string) string {
	p := strings.ReplaceAll(path, `\`, "/")
	for _, prefix := range []string{"/home/", "/Users/", "/users/", ":/Users/", ":/users/"} {
		i := strings.Index(p, prefix)
		if i < 0 || (prefix[0] == '/' && i != 0) {
			continue
		}
		rest := p[i+len(prefix):]
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			rest = rest[:j]
		}
		return rest
	}
	return ""
}

// walk redacts every string under v, as kind k says for v itself and as
// fields.go says for the fields of a struct.
func (r *redactor) walk(v reflect.Value, k kind) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(r.redact(v.String(), k))
	case reflect.Pointer, reflect.Slice, reflect.Map:
		if v.IsNil() {
			return
		}
		if k == asDropped {
			v.SetZero()
			return
		}
		switch v.Kind() {
		case reflect.Pointer:
			r.walk(v.Elem(), k)
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				r.walk(v.Index(i), k)
			}
		case reflect.Map:
			r.walkMap(v, k)
		}
	case reflect.Struct:
		for _, f := range plan(v.Type()) {
			r.walk(v.Field(f.index), f.kind)
		}
	}
}

// walkMap redacts a map's keys and values; none of the snapshot's types
// has a map yet, but one added later is covered too.
func (r *redactor) walkMap(v reflect.Value, k kind) {
	out := reflect.MakeMapWithSize(v.Type(), v.Len())
	it := v.MapRange()
	for it.Next() {
		key := reflect.New(v.Type().Key()).Elem()
		key.Set(it.Key())
		r.walk(key, k)
		val := reflect.New(v.Type().Elem()).Elem()
		val.Set(it.Value())
		r.walk(val, k)
		out.SetMapIndex(key, val)
	}
	v.Set(out)
}

// redact redacts one string of kind k.
func (r *redactor) redact(s string, k kind) string {
	switch k {
	case asPath:
		return r.words1(BaseName(s))
	case asModel:
		if IsPath(s) {
			return r.words1(BaseName(s))
		}
		return r.text(s)
	case asName:
		return r.cut.text(s)
	case asUser:
		if v, ok := r.users[s]; ok {
			return v
		}
		return s
	case asHost:
		return hostName
	case asDropped:
		return ""
	}
	return r.text(s)
}

// text redacts free text: each path in it becomes its base name, secrets
// (secrets.MaskString: NAME=value, URL credentials, auth headers) are masked,
// then user and host names are replaced.
func (r *redactor) text(s string) string {
	return r.words1(secrets.MaskString(r.cut.text(s)))
}

// words1 replaces user and host names in s.
func (r *redactor) words1(s string) string {
	for _, w := range r.words {
		if !strings.Contains(s, w) {
			continue
		}
		repl := hostName
		if v, ok := r.users[w]; ok {
			repl = v
		}
		s = strings.ReplaceAll(s, w, repl)
	}
	return s
}
