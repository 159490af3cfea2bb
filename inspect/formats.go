package inspect

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"github.com/gputaskman/gtm/inspect/modelargs"
	"github.com/gputaskman/gtm/inspect/onnx"
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
// HeaderCache: a file one user may read is never described for another.
type formatCache struct {
	mu      sync.Mutex
	entries map[formatKey]formatFacts
}

type formatKey struct {
	id  fileID
	uid int64
}

// get describes the file at path in format, as acc may read it.
func (c *formatCache) get(acc *safefile.Access, path, format string) formatFacts {
	fh, fi, err := acc.Open(path, 0)
	if err != nil {
		return formatFacts{err: err}
	}
	k := formatKey{id: statID(path, fi), uid: -1}
	if acc != nil && acc.Cred != nil {
		k.uid = int64(acc.Cred.UID)
	}
	c.mu.Lock()
	if f, ok := c.entries[k]; ok {
		c.mu.Unlock()
		fh.Close()
		return f
	}
	c.mu.Unlock()
	var f formatFacts
	err = safefile.Within(safefile.DefaultTimeout, func() error {
		defer fh.Close()
		f = readFormat(acc, fh, fi.Size(), path, format)
		return nil
	})
	if errors.Is(err, safefile.ErrTimeout) {
		return formatFacts{err: err} // not cached: asked again later
	}
	c.mu.Lock()
	if c.entries == nil || len(c.entries) >= maxHeaders {
		c.entries = map[formatKey]formatFacts{}
	}
	c.entries[k] = f
	c.mu.Unlock()
	return f
}

type readerAt interface {
	ReadAt(p []byte, off int64) (int, error)
}

func readFormat(acc *safefile.Access, r readerAt, size int64, path, format string) formatFacts {
	u := func(v uint64) *uint64 { return &v }
	switch format {
	case modelargs.FormatONNX:
		m, err := onnx.Parse(r, size)
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
		c, err := torchzip.Parse(r, size)
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
