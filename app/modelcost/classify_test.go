package modelcost_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gputaskman/gtm/app/modelcost"
)

func TestClassify(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"m.gguf", "w.safetensors", "model.safetensors.index.json", "blob"} {
		must(t, os.WriteFile(filepath.Join(dir, f), nil, 0o644))
	}
	t.Chdir(dir)
	const gguf, st = modelcost.FormatGGUF, modelcost.FormatSafetensors
	for _, tc := range []struct {
		arg, format, hub string
	}{
		{dir, st, ""},
		{"m.gguf", gguf, ""},
		{"blob", gguf, ""}, // an Ollama blob has no extension: GGUF's parser decides
		{"w.safetensors", st, ""},
		{"model.safetensors.index.json", st, ""},
		{"acme/tiny-llm", st, "acme/tiny-llm"}, // no such path: a hub id
		{"acme/tiny-llm@main", st, "acme/tiny-llm@main"},
		{"acme/x.safetensors", st, "acme/x.safetensors"},   // an id before a missing file's name
		{"acme/x.GGUF", gguf, ""},                          // a missing GGUF file, not an id
		{"missing.safetensors", st, "missing.safetensors"}, // a bare name is an id too
		{"no/such/w.safetensors", st, ""},                  // no id: hfmodel says it is missing
		{"no/such/file", gguf, ""},
	} {
		got := modelcost.Classify(tc.arg)
		if got.Arg != tc.arg || got.Format != tc.format || got.HubID != tc.hub {
			t.Errorf("Classify(%q) = %+v, want %s hub %q", tc.arg, got, tc.format, tc.hub)
		}
	}
}
