package modelargs

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
)

func TestFormat(t *testing.T) {
	dir := t.TempDir()
	st := make([]byte, 8)
	binary.LittleEndian.PutUint64(st, 64)
	st = append(st, `{"__metadata__":{}}`...)
	files := []struct {
		name string
		data string
		want string
	}{
		{"model.gguf", "GGUF\x03\x00\x00\x00rest", FormatGGUF},
		{"sha256-" + "ab12", "GGUF\x03\x00\x00\x00", FormatGGUF}, // an Ollama blob: no extension
		{"lfs-pointer.gguf", "version https://git-lfs.github.com/spec/v1\n", ""},
		{"model.safetensors", string(st), FormatSafetensors},
		{"tensor-blob", string(st), FormatSafetensors},
		{"bad.safetensors", "\xff\xff\xff\xff\xff\xff\xff\xff{", ""},
		{"ckpt.pt", "PK\x03\x04rest", FormatPyTorch},
		{"pytorch_model.bin", "PK\x03\x04rest", FormatPyTorch},
		{"old.pth", "\x80\x02}q\x00", FormatPyTorch},
		{"ggml-base.en.bin", "lmgg\x00\x00", ""},
		{"archive.zip", "PK\x03\x04", ""},
		{"model.onnx", "\x08\x07\x12\x07pytorch", FormatONNX},
		{"model.engine", "ftrt", FormatTensorRT},
		{"model.PLAN", "", FormatTensorRT},
		{"empty.gguf", "", ""},
		{"short", "GG", ""},
	}
	for _, f := range files {
		p := filepath.Join(dir, f.name)
		if err := os.WriteFile(p, []byte(f.data), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := Format(p); got != f.want {
			t.Errorf("%s: %q, want %q", f.name, got, f.want)
		}
	}
	if got := Format(filepath.Join(dir, "missing.gguf")); got != "" {
		t.Errorf("missing file: %q", got)
	}
	if got := Format(dir); got != "" {
		t.Errorf("folder: %q", got)
	}
	if got := formatByExt("/other/user/x.GGUF"); got != FormatGGUF {
		t.Errorf("by extension: %q", got)
	}
}
