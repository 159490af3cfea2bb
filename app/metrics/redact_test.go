package metrics

import (
	"encoding/json"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/app/redact"
	"github.com/gputaskman/gtm/app/redact/redacttest"
	"github.com/gputaskman/gtm/internal/schema"
)

// served returns what e's handler answers on path.
func served(t *testing.T, e *Exporter, path string, full bool) string {
	t.Helper()
	rec := httptest.NewRecorder()
	e.Handler(Options{FullSnapshot: full}).ServeHTTP(rec, localRequest(path))
	if rec.Code != 200 {
		t.Fatalf("%s: %d", path, rec.Code)
	}
	return rec.Body.String()
}

// labelRe finds a label pair of the text exposition; values escape \ and ".
var labelRe = regexp.MustCompile(`(\w+)="((?:[^"\\]|\\.)*)"`)

// labelValues are the label values of an exposition, by label name.
func labelValues(exposition string) map[string][]string {
	out := map[string][]string{}
	for _, m := range labelRe.FindAllStringSubmatch(exposition, -1) {
		v := strings.NewReplacer(`\\`, `\`, `\"`, `"`, `\n`, "\n").Replace(m[2])
		out[m[1]] = append(out[m[1]], v)
	}
	return out
}

// TestServedRedactionIsAProperty: from a snapshot whose every string holds
// a private path (redacttest.Rich), nothing gtm serve answers holds a
// directory of it: with --redact neither /metrics nor /snapshot.json; by
// default /snapshot.json is redacted, and /metrics carries no path in any
// label (only names /proc shows everyone, such as a process's comm) and no
// directory in its model labels.
func TestServedRedactionIsAProperty(t *testing.T) {
	for _, p := range redacttest.Paths {
		redacted := New()
		redacted.Update(redact.Snapshot(redacttest.Rich(p.Value)), 0)
		plain := New()
		plain.Update(redacttest.Rich(p.Value), 0)

		body := served(t, redacted, "/metrics", false)
		if len(labelValues(body)["model"]) == 0 {
			t.Fatalf("%q: no model series to check:\n%s", p.Value, body)
		}
		if leaks := p.Leaks(body); len(leaks) > 0 {
			t.Errorf("%q: serve --redact's /metrics holds %v:\n%s", p.Value, leaks, body)
		}
		for _, e := range []*Exporter{redacted, plain} {
			var v any
			if err := json.Unmarshal([]byte(served(t, e, "/snapshot.json", false)), &v); err != nil {
				t.Fatal(err)
			}
			for _, f := range redacttest.Strings(v) {
				if leaks := p.Leaks(f.Value); len(leaks) > 0 || strings.ContainsAny(f.Value, `/\`) {
					t.Errorf("%q: /snapshot.json's %s = %q", p.Value, f.Path, f.Value)
				}
			}
		}
		for name, values := range labelValues(served(t, plain, "/metrics", false)) {
			for _, v := range values {
				if redact.IsPath(v) || name == "model" && len(p.Leaks(v)) > 0 {
					t.Errorf("%q: default /metrics label %s=%q", p.Value, name, v)
				}
			}
		}
	}
}

// TestSnapshotJSONRedactsWhatSaysItIsRedacted: a snapshot that says it is
// redacted (a capture an older gtm's --redact wrote, which kept model ids
// whole, served with --replay) is redacted again by default.
func TestSnapshotJSONRedactsWhatSaysItIsRedacted(t *testing.T) {
	s := fixture()
	s.Redacted = true
	p := &s.Processes[0]
	p.LLM.ModelID = sp("/home/daemon/acme-secret-project/model")
	p.Cwd = sp("/home/daemon/acme-secret-project")
	e := New()
	e.Update(s, 0)
	body := served(t, e, "/snapshot.json", false)
	if strings.Contains(body, "acme-secret-project") {
		t.Errorf("/snapshot.json serves a snapshot that says it is redacted as it is:\n%s", body)
	}
	var got schema.Snapshot
	if err := json.Unmarshal([]byte(body), &got); err != nil || got.Processes[0].LLM.ModelID == nil || *got.Processes[0].LLM.ModelID != "model" {
		t.Errorf("served model_id %v (%v), want \"model\"", got.Processes[0].LLM.ModelID, err)
	}
}

// TestModelLabelCutsPaths: the model label is an HF id or a store's name
// as it is; a model id that is a path, or a folder named relative to the
// server's working directory (its model file shows it), is cut to its
// base name; so is a Windows path on any platform.
func TestModelLabelCutsPaths(t *testing.T) {
	for _, c := range []struct{ id, path, want string }{
		{"Qwen/Qwen3-8B", "/root/.cache/huggingface/hub/models--Qwen--Qwen3-8B/snapshots/abc", "Qwen/Qwen3-8B"},
		{"/home/daemon/acme-secret-project/model", "/home/daemon/acme-secret-project/model", "model"},
		{"./acme-secret-project/model", "/home/daemon/acme-secret-project/model", "model"},
		{"acme-secret-project/model", "/home/daemon/acme-secret-project/model", "model"},
		{`C:\Users\daemon\acme-secret-project\model`, `C:\Users\daemon\acme-secret-project\model`, "model"},
	} {
		p := fixture().Processes[0]
		p.LLM.ModelID = sp(c.id)
		p.Models[0].Path = c.path
		if got := ModelLabel(&p); got != c.want {
			t.Errorf("ModelLabel(model_id %q) = %q, want %q", c.id, got, c.want)
		}
	}
}
