// Package anonymise makes a snapshot safe to post publicly (--redact):
// no command lines, paths cut to base names, user and host names
// replaced. Masking secrets in what gtm shows anyway is app/redact's job.
package anonymise

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"

	"github.com/gputaskman/gtm/app/redact"
	"github.com/gputaskman/gtm/app/snapshot"
)

// Redaction placeholders. User names become user1, user2, … in order of
// first appearance, so distinct users stay distinct within one snapshot.
const (
	hostName = "host"
	userName = "user"
)

// Snapshot returns a copy of s that is safe to post publicly: command lines
// are dropped (null), every path is reduced to its base name, user names
// become user1, user2, … and the host name becomes "host". Free text
// (notes, errors) has its paths reduced and the user and host names
// replaced too. Process and model names are kept: they are what a capture
// is for, and still deserve a look before posting. s is not changed.
func Snapshot(s *snapshot.Snapshot) *snapshot.Snapshot {
	if s == nil {
		return nil
	}
	out := deepCopy(s)
	r := newAnonymiser(out)
	out.Redacted = true
	if out.Host.Hostname != nil {
		out.Host.Hostname = sptr(hostName)
	}
	for i := range out.Sources {
		out.Sources[i].Error = r.textPtr(out.Sources[i].Error)
		out.Sources[i].Note = r.textPtr(out.Sources[i].Note)
	}
	if w := out.Host.WSL; w != nil {
		w.Reason = r.textPtr(w.Reason)
	}
	for i := range out.Processes {
		r.process(&out.Processes[i])
	}
	return out
}

// deepCopy copies a snapshot through its own JSON, which is by definition
// everything a snapshot carries (argv, the unredacted command line kept for
// the inspector, is unexported and so dropped).
func deepCopy(s *snapshot.Snapshot) *snapshot.Snapshot {
	b, err := json.Marshal(s)
	if err != nil {
		return &snapshot.Snapshot{SchemaVersion: s.SchemaVersion, Tool: s.Tool, TakenAt: s.TakenAt}
	}
	var out snapshot.Snapshot
	if err := json.Unmarshal(b, &out); err != nil {
		return &snapshot.Snapshot{SchemaVersion: s.SchemaVersion, Tool: s.Tool, TakenAt: s.TakenAt}
	}
	return &out
}

type anonymiser struct {
	users map[string]string // real name → user1, user2, …
	// words are the names replaced in free text, longest first so that
	// "alice-admin" goes before "alice".
	words []string
	host  string
}

// systemUsers are account names that say nothing about a person; they are
// still replaced in the user field but not hunted for in free text, where
// "root" is an ordinary word.
var systemUsers = map[string]bool{"root": true, "nobody": true}

func newAnonymiser(s *snapshot.Snapshot) *anonymiser {
	r := &anonymiser{users: map[string]string{}}
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
	for _, p := range s.Processes {
		for _, path := range processPaths(&p) {
			if u := homeOwner(path); u != "" {
				add(u)
			}
		}
	}
	for name := range r.users {
		if len(name) >= 3 && !systemUsers[name] {
			r.words = append(r.words, name)
		}
	}
	if s.Host.Hostname != nil && len(*s.Host.Hostname) >= 2 {
		r.host = *s.Host.Hostname
		r.words = append(r.words, r.host)
	}
	sort.Slice(r.words, func(i, j int) bool {
		if len(r.words[i]) != len(r.words[j]) {
			return len(r.words[i]) > len(r.words[j])
		}
		return r.words[i] < r.words[j]
	})
	return r
}

// processPaths are the paths a process row carries.
func processPaths(p *snapshot.Process) []string {
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
	return append(out, p.Cmdline...)
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

func (r *anonymiser) process(p *snapshot.Process) {
	p.Cmdline = nil
	p.Argv = nil
	if p.User != nil {
		if v, ok := r.users[*p.User]; ok {
			p.User = sptr(v)
		}
	}
	p.Exe = r.pathPtr(p.Exe)
	p.Cwd = r.pathPtr(p.Cwd)
	for i := range p.Runtimes {
		for j, lib := range p.Runtimes[i].Libraries {
			p.Runtimes[i].Libraries[j] = r.path(lib)
		}
	}
	for i := range p.Models {
		m := &p.Models[i]
		m.Path = r.path(m.Path)
		m.HeaderError = r.textPtr(m.HeaderError)
	}
	if l := p.LLM; l != nil {
		l.LogPath = r.pathPtr(l.LogPath)
		l.APIModel = r.textPtr(l.APIModel) // often the model's path
		l.Notes = r.texts(l.Notes)
	}
	p.Container = r.textPtr(p.Container)
	// Namespace, pod and container names are workload names, kept as
	// process names are; the pod UID identifies nothing outside the cluster.
	if a := p.App; a != nil {
		a.SettingsPath = r.pathPtr(a.SettingsPath)
		a.LogPath = r.pathPtr(a.LogPath)
		for i := range a.Events {
			a.Events[i].Model = r.textPtr(a.Events[i].Model)
		}
		a.Notes = r.texts(a.Notes)
	}
	p.Notes = r.texts(p.Notes)
}

// path reduces a path to its base name, then replaces names in it (a file
// can be named after its user).
func (r *anonymiser) path(s string) string { return r.words1(baseName(s)) }

func (r *anonymiser) pathPtr(s *string) *string {
	if s == nil {
		return nil
	}
	return sptr(r.path(*s))
}

// text redacts free text: each word that looks like a path becomes its base
// name, secrets (redact.String: NAME=value, URL credentials, auth headers)
// are masked, then user and host names are replaced.
func (r *anonymiser) text(s string) string {
	fields := strings.Fields(s)
	changed := false
	for i, f := range fields {
		core := strings.Trim(f, `"'(),;:`)
		if looksLikePath(core) {
			fields[i] = strings.Replace(f, core, baseName(core), 1)
			changed = true
		}
	}
	if changed {
		s = strings.Join(fields, " ")
	}
	return r.words1(redact.String(s))
}

func (r *anonymiser) textPtr(s *string) *string {
	if s == nil {
		return nil
	}
	return sptr(r.text(*s))
}

func (r *anonymiser) texts(list []string) []string {
	for i := range list {
		list[i] = r.text(list[i])
	}
	return list
}

// words1 replaces user and host names in s.
func (r *anonymiser) words1(s string) string {
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

// looksLikePath: absolute (/x, C:\x, \\server\x), home-relative (~/x) or
// explicitly relative (./x, ../x) with a separator in it.
func looksLikePath(s string) bool {
	if !strings.ContainsAny(s, `/\`) {
		return false
	}
	switch {
	case strings.HasPrefix(s, "/"), strings.HasPrefix(s, `\\`), strings.HasPrefix(s, "~"),
		strings.HasPrefix(s, "./"), strings.HasPrefix(s, "../"), strings.HasPrefix(s, `.\`):
		return true
	case len(s) >= 3 && s[1] == ':' && (s[2] == '\\' || s[2] == '/'):
		return true
	}
	return false
}

// baseName is the last element of a Unix or Windows path, whichever
// separator it uses; a path ending in a separator keeps its last name.
func baseName(p string) string {
	p = strings.TrimRight(p, `/\`)
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		p = p[i+1:]
	}
	if p == "" {
		return "/"
	}
	return p
}

func sptr(v string) *string { return &v }
