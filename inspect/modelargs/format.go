package modelargs

import (
	"encoding/binary"
	"errors"
	"io"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/gputaskman/gtm/inspect/safefile"
)

// Model file formats.
const (
	FormatGGUF        = "gguf"
	FormatSafetensors = "safetensors"
	FormatONNX        = "onnx"
	FormatTensorRT    = "tensorrt"
	FormatPyTorch     = "pytorch"
)

// headLen is how much of a file Format reads: the 8-byte magic or
// safetensors header length, and one byte to see the header's '{'.
const headLen = 9

// Format tells a model file's format from its first bytes and its name, or
// "" when it is none of the known ones. Magic bytes win over the name, so
// an Ollama blob (no extension) is found to be GGUF, and a ".gguf" that is
// really a Git LFS pointer is not. When the file may not be read (another
// user's), the extension alone decides; a missing file has no format.
func Format(path string) string {
	f, _, err := safefile.Open(path, 0) // a FIFO is refused, not waited on
	if errors.Is(err, fs.ErrPermission) {
		return FormatByName(path)
	}
	if err != nil {
		return ""
	}
	defer f.Close()
	return FormatFile(f, path)
}

// FormatFile is Format on a file already opened (and checked to be a
// regular file): name is its path, for the extension.
func FormatFile(f io.Reader, name string) string {
	head := make([]byte, headLen)
	n, _ := io.ReadFull(f, head)
	return DetectFormat(name, head[:n])
}

// FormatByName is the format a file's extension alone suggests, for a
// file that may not be read.
func FormatByName(name string) string { return formatByExt(name) }

// DetectFormat is Format on bytes already read: name is the file's name,
// head its first bytes (at least 9 for safetensors).
func DetectFormat(name string, head []byte) string {
	ext := strings.ToLower(filepath.Ext(name))
	switch {
	case len(head) >= 4 && string(head[:4]) == "GGUF":
		return FormatGGUF
	case isSafetensors(head):
		return FormatSafetensors
	case len(head) >= 4 && string(head[:4]) == "PK\x03\x04" && (isTorchExt(ext) || ext == ".bin"):
		return FormatPyTorch // torch.save's zip format
	case len(head) >= 2 && head[0] == 0x80 && head[1] >= 2 && head[1] <= 5 && isTorchExt(ext):
		return FormatPyTorch // the older plain pickle format
	case ext == ".onnx":
		return FormatONNX // a protobuf has no magic worth checking
	case ext == ".engine" || ext == ".plan":
		return FormatTensorRT
	}
	return ""
}

// isSafetensors: a little-endian header length within the format's 100 MB
// limit, then the JSON header's opening brace.
func isSafetensors(head []byte) bool {
	if len(head) < 9 {
		return false
	}
	n := binary.LittleEndian.Uint64(head[:8])
	return n >= 2 && n <= 100<<20 && head[8] == '{'
}

func isTorchExt(ext string) bool { return ext == ".pt" || ext == ".pth" || ext == ".ckpt" }

func formatByExt(name string) string {
	switch ext := strings.ToLower(filepath.Ext(name)); {
	case ext == ".gguf":
		return FormatGGUF
	case ext == ".safetensors":
		return FormatSafetensors
	case ext == ".onnx":
		return FormatONNX
	case ext == ".engine" || ext == ".plan":
		return FormatTensorRT
	case isTorchExt(ext):
		return FormatPyTorch
	}
	return ""
}
