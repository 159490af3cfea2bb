package inspect

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/gputaskman/gtm/inspect/modelargs"
	"github.com/gputaskman/gtm/inspect/onnx"
	"github.com/gputaskman/gtm/inspect/parsecache"
	"github.com/gputaskman/gtm/inspect/safefile"
	"github.com/gputaskman/gtm/inspect/torchzip"
	"github.com/gputaskman/gtm/inspect/trtllm"
)

// formatFacts are what an ONNX model, a PyTorch checkpoint or a TensorRT
// engine says of itself, read without loading it.
type formatFacts struct {
	params  *uint64 // exact (ONNX initializers); unknown for PyTorch and TensorRT
	weights *uint64 // exact bytes of the weights in the file: ONNX initializers, torch storages, the engine file
	arch    string
	layers  uint32
	ctx     uint64
	detail  string
	err     error
}

// formatCache keeps each file version's facts per reading user, like
// HeaderCache (a failure or a timeout included): a file one user may
// read is never described for another.
type formatCache struct {
	c parsecache.Cache[formatKey, formatFacts]
}

type formatKey struct {
	v   parsecache.Version
	uid int64
}

// get describes the file at path in format, as acc may read it.
func (c *formatCache) get(acc *safefile.Access, path, format string) formatFacts {
	fh, fi, err := acc.Open(path, 0)
	if err != nil {
		return formatFacts{err: err}
	}
	k := formatKey{v: parsecache.VersionOf(path, fi), uid: -1}
	if acc != nil && acc.Cred != nil {
		k.uid = int64(acc.Cred.UID)
	}
	f, err := c.c.Get(k, fh, func(ctx context.Context) (formatFacts, error) {
		f := readFormat(ctx, acc, fh, fi.Size(), path, format)
		return f, f.err
	})
	if err != nil {
		return formatFacts{err: err}
	}
	return f
}

type readerAt interface {
	ReadAt(p []byte, off int64) (int, error)
}

func readFormat(ctx context.Context, acc *safefile.Access, r readerAt, size int64, path, format string) formatFacts {
	u := func(v uint64) *uint64 { return &v }
	switch format {
	case modelargs.FormatONNX:
		m, err := onnx.ParseContext(ctx, r, size)
		if err != nil {
			return formatFacts{err: err}
		}
		f := formatFacts{params: u(m.Parameters), weights: u(m.InitializerBytes + m.ExternalBytes)}
		if m.UncountedInitializers > 0 {
			f.weights = nil // some weights have no known size: not a total
		}
		var ops []string
		for _, o := range m.Opsets {
			d := o.Domain
			if d == "" {
				d = "ai.onnx"
			}
			ops = append(ops, fmt.Sprintf("%s %d", d, o.Version))
		}
		f.detail = fmt.Sprintf("ONNX IR %d, opset %s, %d initializers, %d nodes", m.IRVersion, strings.Join(ops, ", "), m.Initializers, m.Nodes)
		if m.Producer != "" {
			f.detail += ", made by " + strings.TrimSpace(m.Producer+" "+m.ProducerVersion)
		}
		if m.ExternalData {
			f.detail += fmt.Sprintf(", weights in %d external file(s)", len(m.ExternalFiles))
		}
		return f
	case modelargs.FormatPyTorch:
		c, err := torchzip.ParseContext(ctx, r, size)
		if err != nil {
			return formatFacts{err: err}
		}
		if c.Legacy {
			return formatFacts{detail: "legacy pickle checkpoint: not read (gtm never unpickles)"}
		}
		f := formatFacts{weights: u(c.StorageBytes),
			detail: fmt.Sprintf("torch.save archive, %d tensor storages (parameters unknown: their dtypes are in the pickle, never read)", c.Storages)}
		if c.TorchScript {
			f.detail = "TorchScript " + f.detail
		}
		return f
	case modelargs.FormatTensorRT:
		// the engine holds the weights: its size is theirs (a file size)
		f := formatFacts{weights: u(uint64(size)), detail: "TensorRT engine"}
		dir := filepath.Dir(path)
		if !trtllm.IsEngineDir(acc, dir) {
			return f
		}
		e, err := trtllm.ReadDir(acc, dir)
		if err != nil {
			return f
		}
		f.arch = e.Architecture
		if e.Layers > 0 {
			f.layers = uint32(e.Layers)
		}
		if e.MaxSeqLen > 0 {
			f.ctx = uint64(e.MaxSeqLen)
		}
		f.detail = fmt.Sprintf("TensorRT-LLM engine, %s, %d rank(s) (tp %d, pp %d), max batch %d", e.DType, len(e.Ranks), e.TPSize, e.PPSize, e.MaxBatchSize)
		return f
	}
	return formatFacts{}
}

// describeFormat fills a model's facts from an ONNX, PyTorch or TensorRT
// file: weights as the file's exact bytes (as memory, an estimate).
func describeFormat(out *Model, f formatFacts, format string) {
	if f.err != nil {
		msg := f.err.Error()
		out.HeaderError = &msg
		return
	}
	out.Parameters = f.params
	if f.weights != nil {
		out.Weights = &Amount{Bytes: *f.weights, Source: "estimated", From: format}
	}
	if f.arch != "" {
		a := f.arch
		out.Architecture = &a
	}
	if f.layers > 0 {
		l := f.layers
		out.Layers = &l
	}
	if f.ctx > 0 {
		c := f.ctx
		out.TrainedContext = &c
	}
	if f.detail != "" {
		d := f.detail
		out.FormatDetail = &d
	}
}
