package formats

import (
	"context"
	"io"

	"github.com/gputaskman/gtm/inspect/parsecache"
	"github.com/gputaskman/gtm/internal/safefile"
)

// Facts are what a model's header says of it: the header facts of
// inspect's Model, nil where the header does not say.
type Facts struct {
	Kind           *string
	Architecture   *string
	Quantization   *string
	Layers         *uint32
	Parameters     *uint64 // exact where the header says
	TrainedContext *uint64
	// Weights are the bytes of the weights the header records: exact
	// for the file, an estimate of memory.
	Weights *uint64
	Detail  *string
	// HeaderError says why the header could not be read, or why what was
	// read is not all (a safetensors shard that could not be read).
	HeaderError *string
}

// failed is the Facts of a header that could not be read.
func failed(err error) Facts {
	msg := err.Error()
	return Facts{HeaderError: &msg}
}

// Caches keep each format's parses between scans, per file version and
// reading user; an inspector keeps one of each.
type Caches struct {
	GGUF  *HeaderCache
	HF    *HFCache
	Files *FileCache
}

// readFunc reads a single file's facts from r, the size bytes of the file
// at path, as acc may read it (a format may look beside the file:
// TensorRT-LLM's config.json). It stops once ctx ends; what it keeps goes
// through gtm's parse budget (its reader's). A nil error is a header
// read, whatever it said.
type readFunc func(ctx context.Context, acc *safefile.Access, r io.ReaderAt, size int64, path string) (Facts, error)

// FileCache keeps the facts of single-file formats (ONNX, PyTorch,
// TensorRT) per file version, reading user and format, like HeaderCache
// (a failure or a timeout included): a file one user may read is never
// described for another. The zero value is ready to use.
type FileCache struct {
	c parsecache.Cache[fileKey, Facts]
}

type fileKey struct {
	v      parsecache.Version
	uid    int64 // -1: gtm's own rights
	format string
}

// get describes the file at path in format f, as acc may read it.
func (c *FileCache) get(acc *safefile.Access, path string, f *format) Facts {
	fh, fi, err := acc.Open(path, 0)
	if err != nil {
		return failed(err)
	}
	k := fileKey{v: parsecache.VersionOf(path, fi), uid: -1, format: f.name}
	if acc != nil && acc.Cred != nil {
		k.uid = int64(acc.Cred.UID)
	}
	facts, err := c.c.Get(k, fh, func(ctx context.Context) (Facts, error) {
		return f.read(ctx, acc, fh, fi.Size(), path)
	})
	if err != nil {
		return failed(err)
	}
	return facts
}

func ptr[T any](v T) *T { return &v }
