// Package formats is gtm's registry of model file formats. Each format is
// one entry, in its own file here over its reader package, listed once in
// registry: its name (a Model's "format"), how a file is recognised (its
// extensions, its magic bytes) and how its header is described (Facts),
// through a parse cache kept per file version (parsecache) whose parses
// share gtm's parse budget (parsebudget). Nothing is loaded: only headers
// are read.
package formats

import (
	"errors"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gputaskman/gtm/internal/safefile"
)

// Model file formats, as a Model's format names them (docs/json.md).
const (
	GGUF        = "gguf"
	Safetensors = "safetensors"
	ONNX        = "onnx"
	TensorRT    = "tensorrt"
	PyTorch     = "pytorch"
)

// format is one model file format: how a file is recognised and how its
// header is described.
type format struct {
	name string
	// noun says what a file of the format is, for a person: "an ONNX
	// model" (gtm model names a file it does not size).
	noun string
	// exts name the format alone (lower case, with the dot): enough for
	// a file that may not be read, or a command line's bare argument.
	exts []string
	// maybe are extensions worth reading the magic bytes of that name no
	// format alone (a ".bin" may be a PyTorch checkpoint or anything).
	maybe []string
	// magic says whether a file's first bytes (HeadLen of them, fewer for
	// a short file) are this format's; ext is the file's extension, lower
	// case. nil: the format has no magic worth checking and exts decide.
	magic func(head []byte, ext string) bool
	// read describes a single file from its header alone, through the
	// per-file-version cache (FileCache).
	read readFunc
	// describe, for a format whose parses other estimates reuse or that
	// spans files, describes the model at path through its own cache.
	describe func(c Caches, acc *safefile.Access, path string) Facts
}

// registry is every model file format gtm reads, one line each. Magic
// bytes are asked before extensions, so the order only matters between
// formats whose magic bytes could both match.
var registry = []*format{
	&ggufFormat,
	&safetensorsFormat,
	&pytorchFormat,
	&onnxFormat,
	&tensorRTFormat,
}

// HeadLen is how much of a file Detect needs: enough for every format's
// magic (safetensors' 8-byte header length and its '{').
const HeadLen = 9

// Detect tells a file's format from its name and first bytes (HeadLen of
// them, fewer for a short file), or "" when it is none of the known ones.
// Magic bytes win over the name, so an Ollama blob (no extension) is
// found to be GGUF, and a ".gguf" that is really a Git LFS pointer is not.
func Detect(name string, head []byte) string {
	ext := strings.ToLower(filepath.Ext(name))
	for _, f := range registry {
		if f.magic != nil && f.magic(head, ext) {
			return f.name
		}
	}
	for _, f := range registry {
		if f.magic == nil && slices.Contains(f.exts, ext) {
			return f.name
		}
	}
	return ""
}

// ByName is the format a file's extension alone names, for a file that
// may not be read; "" for none.
func ByName(name string) string {
	ext := strings.ToLower(filepath.Ext(name))
	for _, f := range registry {
		if slices.Contains(f.exts, ext) {
			return f.name
		}
	}
	return ""
}

// IsModelExt says whether a file with this extension (lower case, with
// the dot) is worth a look at its first bytes.
func IsModelExt(ext string) bool {
	for _, f := range registry {
		if slices.Contains(f.exts, ext) || slices.Contains(f.maybe, ext) {
			return true
		}
	}
	return false
}

// Of tells a file's format from its first bytes, read as acc may. A file
// acc's user may not read gets the format its name suggests and the
// reason it was not read; a missing file, or one that is not a regular
// file (a FIFO is refused, not waited on), has no format.
func Of(acc *safefile.Access, path string) (string, error) {
	f, _, err := acc.Open(path, 0)
	if errors.Is(err, fs.ErrPermission) {
		return ByName(path), err
	}
	if err != nil {
		return "", nil
	}
	defer f.Close()
	head := make([]byte, HeadLen)
	n, _ := io.ReadFull(f, head)
	return Detect(path, head[:n]), nil
}

// Noun says what a file of format name is ("an ONNX model"), or "a file
// of no known model format" for "" or an unknown name.
func Noun(name string) string {
	for _, f := range registry {
		if f.name == name {
			return f.noun
		}
	}
	return "a file of no known model format"
}

// Describe reads what the header of the model at path (a file, or for
// safetensors a model folder) says, read as acc may, through c's caches.
// A format gtm does not read has no facts.
func Describe(c Caches, acc *safefile.Access, path, name string) Facts {
	i := slices.IndexFunc(registry, func(f *format) bool { return f.name == name })
	switch {
	case i < 0:
		return Facts{}
	case registry[i].read != nil:
		return c.Files.get(acc, path, registry[i])
	}
	return registry[i].describe(c, acc, path)
}
