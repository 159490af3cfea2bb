package formats

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOf(t *testing.T) {
	dir := t.TempDir()
	st := make([]byte, 8)
	binary.LittleEndian.PutUint64(st, 64)
	st = append(st, `{"__metadata__":{}}`...)
	files := []struct {
		name string
		data string
		want string
	}{
		{"model.gguf", "GGUF\x03\x00\x00\x00rest", GGUF},
		{"sha256-" + "ab12", "GGUF\x03\x00\x00\x00", GGUF}, // an Ollama blob: no extension
		{"lfs-pointer.gguf", "version https://git-lfs.github.com/spec/v1\n", ""},
		{"model.safetensors", string(st), Safetensors},
		{"tensor-blob", string(st), Safetensors},
		{"bad.safetensors", "\xff\xff\xff\xff\xff\xff\xff\xff{", ""},
		{"ckpt.pt", "PK\x03\x04rest", PyTorch},
		{"pytorch_model.bin", "PK\x03\x04rest", PyTorch},
		{"old.pth", "\x80\x02}q\x00", PyTorch},
		{"old.bin", "\x80\x02}q\x00", ""}, // a pickle named .bin is no checkpoint gtm knows
		{"ggml-base.en.bin", "lmgg\x00\x00", ""},
		{"archive.zip", "PK\x03\x04", ""},
		{"model.onnx", "\x08\x07\x12\x07pytorch", ONNX},
		{"blob.onnx", "GGUF\x03\x00\x00\x00", GGUF}, // magic bytes win over the name
		{"model.engine", "ftrt", TensorRT},
		{"model.PLAN", "", TensorRT},
		{"empty.gguf", "", ""},
		{"short", "GG", ""},
	}
	for _, f := range files {
		p := filepath.Join(dir, f.name)
		if err := os.WriteFile(p, []byte(f.data), 0o644); err != nil {
			t.Fatal(err)
		}
		if got, err := Of(nil, p); got != f.want || err != nil {
			t.Errorf("%s: %q, %v; want %q", f.name, got, err, f.want)
		}
	}
	if got, err := Of(nil, filepath.Join(dir, "missing.gguf")); got != "" || err != nil {
		t.Errorf("missing file: %q, %v", got, err)
	}
	if got, err := Of(nil, dir); got != "" || err != nil {
		t.Errorf("folder: %q, %v", got, err)
	}
	for name, want := range map[string]string{"/other/user/x.GGUF": GGUF, "x.pth": PyTorch, "x.plan": TensorRT,
		"pytorch_model.bin": "", "x.safetensors": Safetensors, "x.onnx": ONNX, "x": ""} {
		if got := ByName(name); got != want {
			t.Errorf("by name %s: %q, want %q", name, got, want)
		}
	}
}

// Every entry of the registry keeps the promises detection relies on.
func TestRegistry(t *testing.T) {
	names, exts := map[string]bool{}, map[string]string{}
	for _, f := range registry {
		if f.name == "" || names[f.name] {
			t.Errorf("format %q: empty or listed twice", f.name)
		}
		names[f.name] = true
		if (f.read == nil) == (f.describe == nil) {
			t.Errorf("%s: wants read or describe, not both or neither", f.name)
		}
		if f.magic == nil && len(f.exts) == 0 {
			t.Errorf("%s: neither magic nor extensions: nothing would find it", f.name)
		}
		for _, e := range append(append([]string(nil), f.exts...), f.maybe...) {
			if !strings.HasPrefix(e, ".") || strings.ToLower(e) != e {
				t.Errorf("%s: extension %q is not lower case with its dot", f.name, e)
			}
			if other, ok := exts[e]; ok {
				t.Errorf("%s: extension %s is %s's too", f.name, e, other)
			}
			exts[e] = f.name
			if !IsModelExt(e) {
				t.Errorf("%s: %s is not a model extension", f.name, e)
			}
		}
		if f.magic != nil {
			for n := 0; n <= HeadLen; n++ {
				f.magic(make([]byte, n), "") // short heads never panic
			}
		}
	}
	if d := Describe(Caches{}, nil, "/no/such", "mlx"); d != (Facts{}) {
		t.Errorf("a format gtm does not read: %+v", d)
	}
}

// TestNoun: every format says what its files are, so gtm model can name
// a file it does not size.
func TestNoun(t *testing.T) {
	for _, f := range registry {
		if n := Noun(f.name); !strings.HasPrefix(n, "a ") && !strings.HasPrefix(n, "an ") {
			t.Errorf("%s: noun %q", f.name, n)
		}
	}
	if got := Noun(ONNX); got != "an ONNX model" {
		t.Errorf("Noun(ONNX) = %q", got)
	}
	if got := Noun(""); got != "a file of no known model format" {
		t.Errorf("Noun(\"\") = %q", got)
	}
}
