package servers

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestAbilities holds every registered server to what its optional
// abilities promise their callers, so a new server's file is checked
// without a line here.
func TestAbilities(t *testing.T) {
	engines := map[string]string{}
	for _, s := range All() {
		if l, ok := s.(LogEngine); ok {
			if other, dup := engines[l.LogEngine()]; dup || l.LogEngine() == "" || ByLogEngine(l.LogEngine()) != s {
				t.Errorf("%s: log engine %q (also %q's)", s.Name(), l.LogEngine(), other)
			}
			engines[l.LogEngine()] = s.Name()
		}
		if m, ok := s.(MemoryFlag); ok && !strings.HasPrefix(m.MemoryFlag(), "--") {
			t.Errorf("%s: memory flag %q", s.Name(), m.MemoryFlag())
		}
		if sl, ok := s.(SharedLog); ok {
			for _, p := range append(sl.SharedLogs("/home/u"), sl.SharedLogs("")...) {
				if !filepath.IsAbs(p) {
					t.Errorf("%s: shared log %q is not absolute", s.Name(), p)
				}
			}
		}
		if u, ok := s.(Unloader); ok {
			checkUnloader(t, s.Name(), u)
		}
	}
	if ByLogEngine("") != nil || ByLogEngine("nope") != nil {
		t.Error("a server for no log engine")
	}
	if !IsLlamaCpp(Lookup(NameLlamaServer)) || IsLlamaCpp(Lookup(NameOllama)) || IsLlamaCpp(nil) {
		t.Error("IsLlamaCpp")
	}
}

// checkUnloader: a request for a model names it in a JSON body; no model,
// no request.
func checkUnloader(t *testing.T, name string, u Unloader) {
	t.Helper()
	if _, err := u.Unload(""); err == nil {
		t.Errorf("%s: an unload request for no model", name)
	}
	r, err := u.Unload("a-model:1b")
	var body map[string]any
	if err != nil || r.Method == "" || !strings.HasPrefix(r.Path, "/") || json.Unmarshal(r.Body, &body) != nil || !strings.Contains(string(r.Body), `"a-model:1b"`) || u.Title() == "" {
		t.Errorf("%s: unload request %+v (%s), %v", name, r, r.Body, err)
	}
}
