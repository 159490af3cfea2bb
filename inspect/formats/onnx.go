package formats

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/gputaskman/gtm/inspect/onnx"
	"github.com/gputaskman/gtm/internal/safefile"
)

// onnxFormat: a protobuf has no magic worth checking, so the extension
// decides.
var onnxFormat = format{name: ONNX, noun: "an ONNX model", exts: []string{".onnx"}, read: readONNX}

// readONNX: parameters and weight bytes are the initializers' exact sums.
func readONNX(ctx context.Context, _ *safefile.Access, r io.ReaderAt, size int64, _ string) (Facts, error) {
	m, err := onnx.ParseContext(ctx, r, size)
	if err != nil {
		return Facts{}, err
	}
	f := Facts{Parameters: ptr(m.Parameters), Weights: ptr(m.InitializerBytes + m.ExternalBytes)}
	if m.UncountedInitializers > 0 {
		f.Weights = nil // some weights have no known size: not a total
	}
	var ops []string
	for _, o := range m.Opsets {
		d := o.Domain
		if d == "" {
			d = "ai.onnx"
		}
		ops = append(ops, fmt.Sprintf("%s %d", d, o.Version))
	}
	detail := fmt.Sprintf("ONNX IR %d, opset %s, %d initializers, %d nodes", m.IRVersion, strings.Join(ops, ", "), m.Initializers, m.Nodes)
	if m.Producer != "" {
		detail += ", made by " + strings.TrimSpace(m.Producer+" "+m.ProducerVersion)
	}
	if m.ExternalData {
		detail += fmt.Sprintf(", weights in %d external file(s)", len(m.ExternalFiles))
	}
	f.Detail = &detail
	return f, nil
}
