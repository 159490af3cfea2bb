// Package modelcost is `gtm model`: what a model will cost before it is
// loaded, read from its headers and never its weights (docs/model.md).
//
// A GGUF file is sized as llama.cpp allocates it (weights, KV cache,
// output buffer, split between GPU and host); a Hugging Face safetensors
// model by its exact header sums, with the KV cache sized as vLLM pages
// it. Every byte figure in a GGUF report is estimated; a safetensors
// report's weights are exact, its KV cache estimated. GPU memory is
// measured by the caller and handed in (GPUMemory), so this package reads
// files and does arithmetic, nothing else.
package modelcost

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/gputaskman/gtm/app/escape"
	"github.com/gputaskman/gtm/inspect/formats"
	"github.com/gputaskman/gtm/inspect/hfmodel"
)

// The formats gtm model reads.
const (
	FormatGGUF        = formats.GGUF
	FormatSafetensors = formats.Safetensors
)

// Target is what gtm model was asked about and how it will be read.
type Target struct {
	Arg string // as given: a path or a hub id
	// Format is FormatGGUF or FormatSafetensors, or the format of a model
	// file gtm model does not size (formats.ONNX ...; see Sized).
	Format string
	HubID  string // set when Arg is a hub id (no such path exists)
}

// Classify decides how to read arg; it is the one place that does. A
// folder, a .safetensors file or an index is a Hugging Face model, and so
// is an ORG/NAME that names no path (a hub id). A file whose first bytes
// (or, unreadable, its name) are another model format's keeps that format
// (Sized refuses it); anything else is read as GGUF, whose parser says
// when it is not.
func Classify(arg string) Target {
	t := Target{Arg: arg, Format: FormatGGUF}
	hfName := strings.HasSuffix(arg, ".safetensors") || strings.HasSuffix(arg, ".safetensors.index.json")
	fi, err := os.Stat(arg)
	switch {
	case err == nil && fi.IsDir():
		t.Format = FormatSafetensors
	case err == nil:
		if hfName {
			t.Format = FormatSafetensors
		} else if f := otherFormat(arg); f != "" {
			t.Format = f
		}
	case errors.Is(err, fs.ErrNotExist) && hfmodel.IsHubID(arg) && !strings.HasSuffix(strings.ToLower(arg), ".gguf"):
		t.Format, t.HubID = FormatSafetensors, arg
	case hfName:
		t.Format = FormatSafetensors // missing or unreadable: hfmodel says why
	}
	return t
}

// otherFormat is the format of the file at path when it is a model format
// gtm model does not size (ONNX, PyTorch, TensorRT), else "".
func otherFormat(path string) string {
	f, _ := formats.Of(nil, path) // gtm's own rights: the user named this file
	switch f {
	case "", formats.GGUF, formats.Safetensors:
		return ""
	}
	return f
}

// Sized is nil when gtm model sizes t's format, else a one-line error
// naming what the file is and what gtm model sizes.
func (t Target) Sized() error {
	if t.Format == FormatGGUF || t.Format == FormatSafetensors {
		return nil
	}
	return fmt.Errorf("%s is %s; gtm model sizes GGUF and safetensors models only", t.Arg, formats.Noun(t.Format))
}

// GPUMemory reads GPU n's total and free memory now (measured by the
// driver); ok is false when that GPU cannot be read. A nil GPUMemory
// reads none.
type GPUMemory func(n int) (total, free uint64, ok bool)

func (m GPUMemory) read(n int) (total, free uint64, ok bool) {
	if m == nil {
		return 0, 0, false
	}
	return m(n)
}

// Report is either report: the text for a terminal, the JSON for scripts
// (docs/model.md).
type Report interface {
	WriteText(w io.Writer) error
	WriteJSON(w io.Writer) error
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// gib shows a size to the MiB below 1 GiB, else to a tenth of a GiB.
func gib(v uint64) string {
	if v < 1<<30 {
		return fmt.Sprintf("%.0f MiB", float64(v)/(1<<20))
	}
	return fmt.Sprintf("%.1f GiB", float64(v)/(1<<30))
}

// optString is s, or nil (JSON null) when the file did not say.
func optString(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// textOr is *s escaped for a terminal, or n/a when unknown.
func textOr(s *string) string {
	if s == nil {
		return "n/a"
	}
	return escape.Text(*s)
}
