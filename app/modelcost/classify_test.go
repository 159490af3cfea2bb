package modelcost_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gputaskman/gtm/app/modelcost"
	"github.com/gputaskman/gtm/inspect/formats"
)

func TestClassify(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{"m.gguf": "", "w.safetensors": "", "model.safetensors.index.json": "", "blob": "",
		"m.onnx": "\x08\x07\x12\x07pytorch", "ckpt.pt": "PK\x03\x04rest", "pytorch_model.bin": "PK\x03\x04rest",
		"model.plan": "ftrt", "gguf.onnx": "GGUF\x03\x00\x00\x00", "archive.zip": "PK\x03\x04"}
	for f, data := range files {
		must(t, os.WriteFile(filepath.Join(dir, f), []byte(data), 0o644))
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
		// model files of formats gtm model does not size keep their format
		{"m.onnx", formats.ONNX, ""},
		{"ckpt.pt", formats.PyTorch, ""},
		{"pytorch_model.bin", formats.PyTorch, ""}, // a torch.save zip by its magic
		{"model.plan", formats.TensorRT, ""},
		{"gguf.onnx", gguf, ""},   // magic bytes win over the name
		{"archive.zip", gguf, ""}, // a zip is no checkpoint by its name: GGUF's parser decides
	} {
		got := modelcost.Classify(tc.arg)
		if got.Arg != tc.arg || got.Format != tc.format || got.HubID != tc.hub {
			t.Errorf("Classify(%q) = %+v, want %s hub %q", tc.arg, got, tc.format, tc.hub)
		}
	}
}

// TestSized: gtm model refuses a model file it does not size in one line
// that says what the file is and what it does size.
func TestSized(t *testing.T) {
	for _, tc := range []struct {
		t    modelcost.Target
		want string // "" for sized
	}{
		{modelcost.Target{Arg: "m.gguf", Format: modelcost.FormatGGUF}, ""},
		{modelcost.Target{Arg: "Qwen/Qwen3-8B", Format: modelcost.FormatSafetensors, HubID: "Qwen/Qwen3-8B"}, ""},
		{modelcost.Target{Arg: "m.onnx", Format: formats.ONNX}, "m.onnx is an ONNX model; gtm model sizes GGUF and safetensors models only"},
		{modelcost.Target{Arg: "ckpt.pt", Format: formats.PyTorch}, "ckpt.pt is a PyTorch checkpoint; gtm model sizes GGUF and safetensors models only"},
		{modelcost.Target{Arg: "x.engine", Format: formats.TensorRT}, "x.engine is a TensorRT engine; gtm model sizes GGUF and safetensors models only"},
	} {
		err := tc.t.Sized()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v, want sized", tc.t.Arg, err)
		case tc.want != "" && (err == nil || err.Error() != tc.want):
			t.Errorf("%s: %v, want %q", tc.t.Arg, err, tc.want)
		}
	}
}
