package modelcost

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/gputaskman/gtm/app/escape"
	"github.com/gputaskman/gtm/app/report"
)

// WriteText writes the report for a terminal: every string the files
// chose is escaped.
func (r *SafetensorsReport) WriteText(w io.Writer) error {
	var b strings.Builder
	name := filepath.Base(r.Dir)
	if r.HubID != nil {
		name = *r.HubID
	} else if len(r.Files) == 1 && !strings.HasSuffix(r.Path, string(filepath.Separator)) {
		name = filepath.Base(r.Path)
	}
	fmt.Fprintf(&b, "%s\n", escape.Text(name))
	fmt.Fprintf(&b, "  Kind          %s (%s)\n", r.Kind, escape.Text(r.KindReason))
	if r.Pipeline != nil {
		fmt.Fprintf(&b, "  Pipeline      %s\n", escape.Text(*r.Pipeline))
	}
	if r.Architecture != nil || r.ModelType != nil {
		fmt.Fprintf(&b, "  Architecture  %s   model_type %s   torch_dtype %s\n", textOr(r.Architecture), textOr(r.ModelType), textOr(r.TorchDType))
	}
	r.writeWeights(&b)
	if r.Layers != nil {
		r.writeAttention(&b)
	}
	r.writeFit(&b)
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "  * %s\n", escape.Text(n))
	}
	_, err := io.WriteString(w, escape.Lines(b.String())) // names and notes are the files' choice
	return err
}

// writeWeights writes the exact sums: in all, per dtype, per component.
func (r *SafetensorsReport) writeWeights(b *strings.Builder) {
	exact := "exact, from the safetensors headers"
	if !r.Complete {
		exact = "from the safetensors headers read: INCOMPLETE, see the notes"
	}
	fmt.Fprintf(b, "  Weights       %s, %s parameters, %d tensors in %d file(s) (%s)\n",
		gib(r.WeightsBytes), report.FormatCount(r.Parameters), r.Tensors, len(r.Files), exact)
	var dts []string
	for _, d := range r.DTypes {
		dts = append(dts, fmt.Sprintf("%s %s (%d tensors)", escape.Text(d.Name), gib(d.Bytes), d.Tensors))
	}
	if len(dts) > 0 {
		fmt.Fprintf(b, "  DTypes        %s\n", strings.Join(dts, ", "))
	}
	for _, c := range r.Components {
		inc := ""
		if !c.Complete {
			inc = ", incomplete"
		}
		fmt.Fprintf(b, "    %-12s %s, %s parameters (%s%s)\n", escape.Text(c.Name), gib(c.WeightsBytes), report.FormatCount(c.Parameters), escape.Text(c.Class), inc)
	}
}

// writeAttention writes config.json's attention shape and the KV cache
// estimated from it.
func (r *SafetensorsReport) writeAttention(b *strings.Builder) {
	b.WriteString("\nFrom config.json; KV cache estimated as vLLM sizes it:\n")
	n := func(p *int) string {
		if p == nil {
			return "n/a"
		}
		return fmt.Sprint(*p)
	}
	fmt.Fprintf(b, "  Layers        %s (%s with a KV cache)   heads %s, KV heads %s, head dim %s\n",
		n(r.Layers), n(r.AttentionLayers), n(r.Heads), n(r.KVHeads), n(r.HeadDim))
	if r.SlidingWindow != nil {
		fmt.Fprintf(b, "  Sliding       %s of %s layers use a window of %d tokens\n", n(r.SlidingLayers), n(r.AttentionLayers), *r.SlidingWindow)
	}
	if r.MLA != nil {
		fmt.Fprintf(b, "  MLA           one latent per token and layer: kv_lora_rank %d + qk_rope_head_dim %d\n", r.MLA.KVLoraRank, r.MLA.QKRopeHeadDim)
	}
	if r.MambaLayers != nil {
		fmt.Fprintf(b, "  State         %d layers keep a fixed-size state per request (Mamba / linear attention)\n", *r.MambaLayers)
	}
	if r.KVBytesPerToken != nil {
		fmt.Fprintf(b, "  KV cache      %.1f KiB per token slot (%s", float64(*r.KVBytesPerToken)/1024, escape.Text(r.KVCacheDType))
		if r.TensorParallelSize > 1 {
			fmt.Fprintf(b, ", one GPU of %d", r.TensorParallelSize)
		}
		b.WriteString(")")
		if r.Ctx != nil {
			fmt.Fprintf(b, "; one request of %d tokens reserves %s", *r.Ctx, gib(*r.KVBytes))
		}
		b.WriteString(" (estimated)\n")
		for _, g := range r.KVGroups {
			w := ""
			if g.Window != nil {
				w = fmt.Sprintf(" window %d,", *g.Window)
			}
			fmt.Fprintf(b, "    group %-8s%s %d layers, %d tokens a block, %d bytes a page\n", g.Kind, w, g.Layers, g.BlockSize, g.PageBytes)
		}
		fmt.Fprintf(b, "  Rules         %s, max_num_batched_tokens %d\n", r.VLLMRules, r.MaxNumBatchedTokens)
	}
}

func (r *SafetensorsReport) writeFit(b *strings.Builder) {
	f := r.Fit
	if f == nil {
		b.WriteString("  Fit           n/a (no GPU readable here)\n")
		return
	}
	fmt.Fprintf(b, "  Fit           GPU %d: %.2f × %s = %s for vLLM", f.GPU, f.GPUMemoryUtilization, gib(f.TotalBytes), gib(f.BudgetBytes))
	switch {
	case !f.WeightsFit:
		fmt.Fprintf(b, "; the weights alone need %s more\n", gib(f.WeightsBytes-f.BudgetBytes))
	case f.KVBlocks != nil:
		fmt.Fprintf(b, "; after the weights %s of KV cache: %d blocks, %.2f requests of %d tokens at once, \"GPU KV cache size: %d tokens\"\n",
			gib(f.KVBudgetBytes), *f.KVBlocks, *f.MaxConcurrency, *r.Ctx, *f.KVCacheSizeTokens)
		b.WriteString("                (an upper bound: vLLM also reserves the activation peak and non-torch memory, which only its log reports)\n")
	default:
		fmt.Fprintf(b, "; after the weights %s\n", gib(f.KVBudgetBytes))
	}
}
