package main

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	flag "github.com/spf13/pflag"

	"github.com/gputaskman/gtm/inspect/gguf"
)

const modelUsage = `gtm model — what a GGUF model will cost before you load it.

Usage:
  gtm model FILE.gguf [flags]

Reads only the file's header (never its weights) and estimates what
llama.cpp allocates: the weights, and the KV cache for the context you ask
for. Estimates, not measurements; compute buffers are not included.

Flags:
`

// modelReport is gtm model's JSON: the header facts and the estimate for
// the options given. Every byte figure here is estimated from the header.
type modelReport struct {
	File               string   `json:"file"`
	Source             string   `json:"source"`
	Name               *string  `json:"name"`
	Architecture       *string  `json:"architecture"`
	Kind               string   `json:"kind"`
	KindReason         string   `json:"kind_reason"`
	KindHint           *string  `json:"kind_hint"`
	KindLabel          *string  `json:"kind_label"`
	Quantization       *string  `json:"quantization"`
	Layers             uint32   `json:"layers"`
	Parameters         uint64   `json:"parameters"`
	TrainedContext     *uint64  `json:"trained_context"`
	NCtx               uint64   `json:"n_ctx"`
	Parallel           uint64   `json:"parallel"`
	NUbatch            uint64   `json:"n_ubatch"`
	CacheTypeK         string   `json:"cache_type_k"`
	CacheTypeV         string   `json:"cache_type_v"`
	WeightsBytes       uint64   `json:"weights_bytes"`
	KVBytes            uint64   `json:"kv_bytes"`
	KVBytesFullContext uint64   `json:"kv_bytes_full_context"`
	KVLayers           int      `json:"kv_layers"`
	KVCells            uint64   `json:"kv_cells"`
	SWALayers          int      `json:"swa_layers"`
	SWACells           uint64   `json:"swa_cells"`
	RecurrentBytes     uint64   `json:"recurrent_state_bytes"`
	Notes              []string `json:"notes"`
}

func runModel(args []string, e env) int {
	var (
		o      gguf.Options
		asJSON bool
	)
	fs := flag.NewFlagSet("gtm model", flag.ContinueOnError)
	fs.IntVarP(&o.NCtx, "ctx", "c", 0, "context size in `tokens`, as llama.cpp's -c (default: the model's trained context)")
	fs.IntVar(&o.Parallel, "parallel", 1, "`N` parallel sequences (server slots), as -np")
	fs.StringVar(&o.CacheTypeK, "cache-type-k", "f16", "K cache `type`: f32, f16, bf16, q8_0, q4_0, q4_1, iq4_nl, q5_0, q5_1")
	fs.StringVar(&o.CacheTypeV, "cache-type-v", "f16", "V cache `type` (same values)")
	fs.IntVar(&o.NUbatch, "ubatch", 512, "physical batch size in `tokens`, as -ub (sizes sliding-window caches)")
	fs.BoolVar(&o.SWAFull, "swa-full", false, "give sliding-window layers the full context, as --swa-full")
	fs.BoolVar(&asJSON, "json", false, "print JSON")
	if code, done := parseSubcommand(fs, args, e, modelUsage, "one model file"); done {
		return code
	}
	for _, ct := range []struct{ flag, val string }{{"--cache-type-k", o.CacheTypeK}, {"--cache-type-v", o.CacheTypeV}} {
		if _, err := gguf.ParseCacheType(ct.val); err != nil {
			fmt.Fprintf(e.stderr, "gtm model: %s %q is not a cache type llama.cpp knows (f32, f16, bf16, q8_0, q4_0, q4_1, iq4_nl, q5_0, q5_1)\n", ct.flag, ct.val)
			return exitUsage
		}
	}
	if o.NCtx < 0 || o.Parallel < 1 || o.NUbatch < 1 {
		fmt.Fprintln(e.stderr, "gtm model: --ctx must be 0 or more, --parallel and --ubatch 1 or more")
		return exitUsage
	}

	path := fs.Arg(0)
	f, err := gguf.ParseFile(path)
	if err != nil {
		fmt.Fprintf(e.stderr, "gtm model: %s: %v\n", path, oneLine(err))
		return exitRuntime
	}
	est, err := f.Estimate(o)
	if err != nil {
		fmt.Fprintf(e.stderr, "gtm model: %s: %v\n", path, oneLine(err))
		return exitRuntime
	}
	r := newModelReport(path, f, est)
	if asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(r)
	} else {
		err = writeModelText(e.stdout, r)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "gtm model: writing output: %v\n", err)
		return exitRuntime
	}
	return exitOK
}

func newModelReport(path string, f *gguf.File, est gguf.Estimate) modelReport {
	opt := func(s string) *string {
		if s == "" {
			return nil
		}
		return &s
	}
	r := modelReport{
		File: path, Source: "estimated", Name: opt(f.Name), Architecture: opt(f.Architecture),
		Kind: string(f.Kind), KindReason: f.KindReason, Quantization: opt(f.Quantization),
		Layers: f.BlockCount, Parameters: f.ParamCount,
		NCtx: est.NCtx, Parallel: est.Parallel, NUbatch: est.NUbatch,
		CacheTypeK: strings.ToLower(est.CacheTypeK.String()), CacheTypeV: strings.ToLower(est.CacheTypeV.String()),
		WeightsBytes: est.Weights, KVBytes: est.KV, KVBytesFullContext: est.KVFull,
		KVLayers: est.KVLayers, KVCells: est.KVCells, SWALayers: est.SWALayers, SWACells: est.SWACells,
		RecurrentBytes: est.RecurrentState, Notes: est.Notes,
	}
	if r.Notes == nil {
		r.Notes = []string{}
	}
	if f.ContextLength > 0 {
		c := f.ContextLength
		r.TrainedContext = &c
	}
	if hint, label := gguf.KindHint(path); hint != "" {
		r.KindHint, r.KindLabel = &hint, &label
	}
	return r
}

func writeModelText(w io.Writer, r modelReport) error {
	var b strings.Builder
	mib := func(v uint64) string { return fmt.Sprintf("%.2f MiB", float64(v)/(1<<20)) }
	str := func(s *string) string {
		if s == nil {
			return "n/a"
		}
		return *s
	}
	fmt.Fprintf(&b, "%s\n", filepath.Base(r.File))
	fmt.Fprintf(&b, "  Kind          %s (%s)\n", r.Kind, r.KindReason)
	if r.KindLabel != nil {
		fmt.Fprintf(&b, "  Hint          %s\n", *r.KindLabel)
	}
	fmt.Fprintf(&b, "  Architecture  %s   Quantization %s   Layers %d   Parameters %s\n",
		str(r.Architecture), str(r.Quantization), r.Layers, humanCount(r.Parameters))
	if r.TrainedContext != nil {
		fmt.Fprintf(&b, "  Trained ctx   %d\n", *r.TrainedContext)
	}
	fmt.Fprintf(&b, "\nEstimated for n_ctx %d, %d parallel, KV cache %s/%s, n_ubatch %d:\n",
		r.NCtx, r.Parallel, r.CacheTypeK, r.CacheTypeV, r.NUbatch)
	fmt.Fprintf(&b, "  Weights       %s\n", mib(r.WeightsBytes))
	kv := mib(r.KVBytes)
	if r.SWALayers > 0 {
		kv += fmt.Sprintf("   (%d of %d layers use a sliding window of %d cells; full-context upper bound %s)",
			r.SWALayers, r.KVLayers, r.SWACells, mib(r.KVBytesFullContext))
	}
	fmt.Fprintf(&b, "  KV cache      %s\n", kv)
	if r.RecurrentBytes > 0 {
		fmt.Fprintf(&b, "  Recurrent     %s (state, not a KV cache)\n", mib(r.RecurrentBytes))
	}
	fmt.Fprintf(&b, "  Total         %s, plus compute buffers (not estimated)\n", mib(r.WeightsBytes+r.KVBytes+r.RecurrentBytes))
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "  * %s\n", n)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func humanCount(n uint64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.2f B", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1f M", float64(n)/1e6)
	default:
		return fmt.Sprint(n)
	}
}

// oneLine keeps an error to one line, for terminals and scripts.
func oneLine(err error) string {
	return strings.ReplaceAll(strings.TrimSpace(err.Error()), "\n", " ")
}
