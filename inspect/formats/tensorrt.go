package formats

import (
	"context"
	"fmt"
	"io"
	"path/filepath"

	"github.com/gputaskman/gtm/inspect/trtllm"
	"github.com/gputaskman/gtm/internal/safefile"
)

// tensorRTFormat: gtm checks no magic in an engine's plan, so the
// extension decides.
var tensorRTFormat = format{name: TensorRT, noun: "a TensorRT engine", exts: []string{".engine", ".plan"}, read: readTensorRT}

// readTensorRT: the engine holds the weights, so its size is theirs (a
// file size); a TensorRT-LLM engine folder's config.json adds the rest.
func readTensorRT(_ context.Context, acc *safefile.Access, _ io.ReaderAt, size int64, path string) (Facts, error) {
	f := Facts{Weights: ptr(uint64(size)), Detail: ptr("TensorRT engine")}
	dir := filepath.Dir(path)
	if !trtllm.IsEngineDir(acc, dir) {
		return f, nil
	}
	e, err := trtllm.ReadDir(acc, dir)
	if err != nil {
		return f, nil // the engine is still there: its config only adds detail
	}
	if e.Architecture != "" {
		f.Architecture = ptr(e.Architecture)
	}
	if e.Layers > 0 {
		f.Layers = ptr(uint32(e.Layers))
	}
	if e.MaxSeqLen > 0 {
		f.TrainedContext = ptr(uint64(e.MaxSeqLen))
	}
	f.Detail = ptr(fmt.Sprintf("TensorRT-LLM engine, %s, %d rank(s) (tp %d, pp %d), max batch %d", e.DType, len(e.Ranks), e.TPSize, e.PPSize, e.MaxBatchSize))
	return f, nil
}
