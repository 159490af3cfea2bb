package modelcost

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/gputaskman/gtm/app/escape"
	"github.com/gputaskman/gtm/app/report"
)

// WriteText writes the report for a terminal: every string the file chose
// is escaped.
func (r *GGUFReport) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", escape.Text(filepath.Base(r.File)))
	fmt.Fprintf(&b, "  Kind          %s (%s)\n", escape.Text(r.Kind), escape.Text(r.KindReason))
	if r.KindLabel != nil {
		fmt.Fprintf(&b, "  Hint          %s\n", escape.Text(*r.KindLabel))
	}
	fmt.Fprintf(&b, "  Architecture  %s   Quantization %s   Layers %d   Parameters %s\n",
		textOr(r.Architecture), textOr(r.Quantization), r.Layers, report.FormatCount(r.Parameters))
	if r.TrainedContext != nil {
		fmt.Fprintf(&b, "  Trained ctx   %d\n", *r.TrainedContext)
	}
	kvLayout := "one unified KV cache"
	if r.KVStreams > 1 {
		kvLayout = fmt.Sprintf("%d KV streams of %d cells", r.KVStreams, r.NCtxSeq)
	}
	fmt.Fprintf(&b, "\nEstimated as llama-%s loads it: n_ctx %d (allocated %d), %d parallel, %s, KV cache %s/%s, n_batch %d, n_ubatch %d\n",
		r.Preset, r.NCtx, r.NCtxAlloc, r.Parallel, kvLayout, r.CacheTypeK, r.CacheTypeV, r.NBatch, r.NUbatch)
	r.writeSizes(&b)
	r.writeFit(&b)
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "  * %s\n", escape.Text(n))
	}
	_, err := io.WriteString(w, escape.Lines(b.String())) // GGUF strings are the file's choice
	return err
}

// writeSizes writes the estimate's parts, each split between GPU and host.
func (r *GGUFReport) writeSizes(b *strings.Builder) {
	mib := func(v uint64) string { return fmt.Sprintf("%.2f MiB", float64(v)/(1<<20)) }
	fmt.Fprintf(b, "  Offload       %s\n", r.Offload)
	fmt.Fprintf(b, "  Weights       %s   (GPU %s, host %s)\n", mib(r.WeightsBytes), mib(r.WeightsGPUBytes), mib(r.WeightsCPUBytes))
	kv := mib(r.KVBytes) + fmt.Sprintf("   (GPU %s, host %s)", mib(r.KVGPUBytes), mib(r.KVCPUBytes))
	if r.SWALayers > 0 {
		per := ""
		if r.KVStreams > 1 {
			per = " per stream"
		}
		kv += fmt.Sprintf("\n                %d of %d layers use a sliding window of %d cells%s; full-context upper bound %s",
			r.SWALayers, r.KVLayers, r.SWACells/max(r.KVStreams, 1), per, mib(r.KVBytesFullContext))
	}
	fmt.Fprintf(b, "  KV cache      %s\n", kv)
	if r.RecurrentBytes > 0 {
		fmt.Fprintf(b, "  Recurrent     %s (state, not a KV cache)\n", mib(r.RecurrentBytes))
	}
	fmt.Fprintf(b, "  Output        %s (host)\n", mib(r.OutputBytes))
	b.WriteString("  Compute       n/a (not estimated: depends on the backend's graph)\n")
	fmt.Fprintf(b, "  Total         %s, plus compute buffers\n", mib(r.WeightsBytes+r.KVBytes+r.RecurrentBytes+r.OutputBytes))
}

func (r *GGUFReport) writeFit(b *strings.Builder) {
	f := r.Fit
	switch {
	case f == nil:
		b.WriteString("  Fit           n/a (no GPU readable here)\n")
	case f.Fits:
		fmt.Fprintf(b, "  Fit           fits on GPU %d with %s to spare (compute buffers not counted)\n", f.GPU, gib(f.FreeBytes-f.NeedBytes))
	default:
		fmt.Fprintf(b, "  Fit           needs %s more than is free on GPU %d\n", gib(f.NeedBytes-f.FreeBytes), f.GPU)
	}
}
