package inspect

import (
	"github.com/gputaskman/gtm/inspect/formats"
	"github.com/gputaskman/gtm/internal/safefile"
	"github.com/gputaskman/gtm/internal/schema"
)

// HeaderCache keeps parsed GGUF headers, one per file version: the GGUF
// format's cache (formats.HeaderCache), which the LLM breakdown also
// reads.
type HeaderCache = formats.HeaderCache

// NewHeaderCache returns an empty cache.
func NewHeaderCache() *HeaderCache { return formats.NewHeaderCache() }

// describeHeader fills a model's facts from its own header or directory,
// as its format's registry entry reads it; a header that cannot be read
// says why. Weights are an estimate of memory from the format's header.
func (in *Inspector) describeHeader(acc *safefile.Access, out *schema.Model, path, format string) {
	f := formats.Describe(formats.Caches{GGUF: in.Headers, HF: &in.hf, Files: &in.files}, acc, path, format)
	out.Kind, out.Architecture, out.Quantization = f.Kind, f.Architecture, f.Quantization
	out.Layers, out.Parameters, out.TrainedContext = f.Layers, f.Parameters, f.TrainedContext
	out.FormatDetail, out.HeaderError = f.Detail, f.HeaderError
	if f.Weights != nil {
		out.Weights = &schema.Amount{Bytes: *f.Weights, Source: "estimated", From: format}
	}
}
