package redact

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gputaskman/gtm/app/redact/redacttest"
	"github.com/gputaskman/gtm/app/report"

	"github.com/gputaskman/gtm/internal/schema"
)

// decoded is s as its JSON decodes.
func decoded(t *testing.T, s *schema.Snapshot) any {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestRedactionIsAProperty: for every shape a private path takes, a
// snapshot whose every string field holds it (redacttest.Rich finds the
// fields by reflection, so a field added later is covered) comes out of
// Snapshot with no string that holds a separator or a directory of that
// path: every path is cut to its base name, the working directory is gone.
// No field is exempt.
func TestRedactionIsAProperty(t *testing.T) {
	for _, p := range redacttest.Paths {
		in := redacttest.Rich(p.Value)
		filled := 0
		for _, f := range redacttest.Strings(decoded(t, in)) {
			if f.Value == p.Value {
				filled++
			}
		}
		if filled < 60 {
			t.Fatalf("the rich fixture fills only %d strings with %q", filled, p.Value)
		}
		out := Snapshot(in)
		for _, f := range redacttest.Strings(decoded(t, out)) {
			if leaks := p.Leaks(f.Value); len(leaks) > 0 || strings.ContainsAny(f.Value, `/\`) {
				t.Errorf("%q: redacted %s = %q", p.Value, f.Path, f.Value)
			}
		}
		if got := out.Processes[0]; got.Cwd != nil || got.Cmdline != nil {
			t.Errorf("%q: redacted cwd %v, cmdline %q; want both null (/proc/PID/cwd is its user's alone)", p.Value, strOf(got.Cwd), got.Cmdline)
		}
		// The text report (--once --redact) shows what the redacted
		// snapshot holds, no more.
		var text bytes.Buffer
		if err := report.WriteText(&text, out); err != nil {
			t.Fatal(err)
		}
		if leaks := p.Leaks(text.String()); len(leaks) > 0 {
			t.Errorf("%q: the redacted text report holds %v:\n%s", p.Value, leaks, text.String())
		}
	}
}

// TestRedactionIsIdempotent: redacting a redacted snapshot changes
// nothing, so a server may redact whatever it is handed, whatever the
// snapshot says of itself.
func TestRedactionIsIdempotent(t *testing.T) {
	for _, p := range append(redacttest.Paths, redacttest.Path{Value: "Qwen/Qwen3-8B"}) {
		once := Snapshot(redacttest.Rich(p.Value))
		a, _ := json.Marshal(once)
		b, _ := json.Marshal(Snapshot(once))
		if !bytes.Equal(a, b) {
			t.Errorf("%q: redacting twice differs:\n%s\n%s", p.Value, a, b)
		}
	}
}

// servedSnapshot is a vLLM API process and its worker serving model id,
// loaded from modelPath.
func servedSnapshot(id, modelPath string) *schema.Snapshot {
	s := func(v string) *string { return &v }
	dev := 0
	llm := func(role string) *schema.LLM {
		return &schema.LLM{Server: s("vllm"), Role: s(role), ModelID: s(id), ModelIDSource: s("api"), APIModel: s(id), APIModels: []string{id}}
	}
	procs := []schema.Process{
		{PID: 10, PIDLabel: "10", Name: s("vllm"), User: s("daemon"), Cwd: s("/home/daemon"), DeviceIndex: &dev, LLM: llm("api"),
			Models: []schema.Model{{Path: modelPath, Name: s(id), Role: "model", Evidence: []string{"api"}}}},
		{PID: 11, PIDLabel: "11", Name: s("VLLM::Worker_TP0"), User: s("daemon"), DeviceIndex: &dev, LLM: llm("worker")},
	}
	procs[1].LLM.APIPID = &procs[0].PID
	return &schema.Snapshot{Processes: procs, ServedModels: []schema.ServedModel{{Server: "vllm", Model: s(id), APIPID: &procs[0].PID}}}
}

// TestRedactModelIDs: a model id that is a path is cut to its base name
// in every field that names the model (llm.model_id, llm.api_model,
// llm.api_models, models[].name, served_models[].model); so is an
// "org/name" id that the process's own model files show is a folder named
// relative to its working directory. An HF id stays.
func TestRedactModelIDs(t *testing.T) {
	for _, c := range []struct{ id, path, want string }{
		{"/home/daemon/acme-secret-project/model", "/home/daemon/acme-secret-project/model", "model"},
		{"~/acme-secret-project/model", "/home/daemon/acme-secret-project/model", "model"},
		{"./acme-secret-project/model", "/home/daemon/acme-secret-project/model", "model"},
		{`D:\acme-secret-project\model`, `D:\acme-secret-project\model`, "model"},
		{`\\nas\acme-secret-project\model`, `\\nas\acme-secret-project\model`, "model"},
		{"acme-secret-project/checkpoints/model", "/home/daemon/acme-secret-project/checkpoints/model", "model"},
		// vllm serve acme-secret-project/model, run in /home/daemon
		{"acme-secret-project/model", "/home/daemon/acme-secret-project/model", "model"},
		{"acme-secret-project/model", "/home/daemon/acme-secret-project/model/model-00001-of-00002.safetensors", "model"},
		// an HF id, from the hub cache
		{"Qwen/Qwen3-8B", "/home/daemon/.cache/huggingface/hub/models--Qwen--Qwen3-8B/snapshots/0123abc", "Qwen/Qwen3-8B"},
		{"Qwen3-8B", "/models/Qwen3-8B", "Qwen3-8B"},
	} {
		out := Snapshot(servedSnapshot(c.id, c.path))
		api := out.Processes[0]
		for what, got := range map[string]*string{
			"llm.model_id": api.LLM.ModelID, "llm.api_model": api.LLM.APIModel, "models[0].name": api.Models[0].Name,
			"worker llm.model_id": out.Processes[1].LLM.ModelID, "served_models[0].model": out.ServedModels[0].Model,
		} {
			if got == nil || *got != c.want {
				t.Errorf("%q: redacted %s = %v, want %q", c.id, what, strOf(got), c.want)
			}
		}
		if got := api.LLM.APIModels; len(got) != 1 || got[0] != c.want {
			t.Errorf("%q: redacted llm.api_models = %q, want [%q]", c.id, got, c.want)
		}
	}
}

func strOf(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

// TestIsPath is the rule that tells a path from a model's registry name.
func TestIsPath(t *testing.T) {
	for in, want := range map[string]bool{
		"/x/y": true, "/x": true, "~": true, "~/m": true, "./m": true, "../m": true, `.\m`: true, `..\m`: true,
		`D:\a`: true, "D:/a": true, `\\srv\share\m`: true, `models\m.gguf`: true, "a/b/c": true,
		"org/repo": false, "qwen3:14b": false, "word": false, "Qwen/Qwen3-8B": false, "http://127.0.0.1:8080/a/b": false,
		"file:///x/y": true, "": false, ".": false, "hf.co/bartowski/Foo-GGUF:Q4_K_M": true,
		"00://h/a/b": true, "a/http://h/x": true, "https://h": false,
	} {
		if got := IsPath(in); got != want {
			t.Errorf("IsPath(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestKindsNameRealFields: every field fields.go gives a kind exists and
// holds strings; a renamed field would otherwise fall back to free text
// unnoticed (a command line cut word by word instead of dropped).
func TestKindsNameRealFields(t *testing.T) {
	for typ, fields := range kinds {
		for name := range fields {
			f, ok := typ.FieldByName(name)
			if !ok || !f.IsExported() {
				t.Errorf("%s has no exported field %s", typ, name)
				continue
			}
			ft := f.Type
			for ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice {
				ft = ft.Elem()
			}
			if ft.Kind() != reflect.String {
				t.Errorf("%s.%s holds %s, not strings", typ, name, f.Type)
			}
		}
	}
}

// FuzzSnapshot: a private path with anything around it, in every string
// of a snapshot, leaves no trace of its directories once redacted, and
// redacting again changes nothing.
func FuzzSnapshot(f *testing.F) {
	for _, p := range redacttest.Paths {
		f.Add("", p.Value)
	}
	f.Add("probe http://127.0.0.1:8080", "")
	f.Add(`--model="`, `" -c 4096`)
	f.Add("http://x", ":tag")
	f.Fuzz(func(t *testing.T, prefix, suffix string) {
		const private = "/home/victim/" + redacttest.Marker + "/model"
		if !utf8.ValidString(prefix+suffix) || strings.Contains(prefix+suffix, "acme") || strings.Contains(prefix+suffix, "victim") {
			return // JSON would change it, or it names what the check looks for
		}
		value := prefix + private + suffix
		once := Snapshot(redacttest.Rich(value))
		for _, f := range redacttest.Strings(decoded(t, once)) {
			if strings.Contains(f.Value, redacttest.Marker) || strings.Contains(f.Value, "victim") {
				t.Fatalf("%q: redacted %s = %q", value, f.Path, f.Value)
			}
		}
		a, _ := json.Marshal(once)
		b, _ := json.Marshal(Snapshot(once))
		if !bytes.Equal(a, b) {
			t.Fatalf("%q: redacting twice differs:\n%s\n%s", value, a, b)
		}
	})
}
