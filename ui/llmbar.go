package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/gputaskman/gtm/app/report"
	"github.com/gputaskman/gtm/internal/schema"
)

// LLMBar draws an LLM process's memory as a stacked bar against its
// measured VRAM: weights, KV cache, compute, output and other/unknown, each
// marked reported, estimated or inferred, with a legend that lists every
// part (n/a when unknown). The parts are set beside the measurement, never
// added into it: "other/unknown" is what the measurement holds beyond the
// known parts, so an estimate never hides a gap. When the parts add up to
// more than the measurement the bar is drawn at the parts' scale with a
// line where the measurement ends, and says so. Its renderer is in
// llmbar_render.go.
type LLMBar struct {
	widget.BaseWidget
	model report.Bar // what the bar shows: compared to skip redraws
}

// NewLLMBar returns an empty bar; give it a breakdown with SetBreakdown.
func NewLLMBar() *LLMBar {
	b := &LLMBar{}
	b.ExtendBaseWidget(b)
	return b
}

// SetBreakdown shows measured VRAM (nil: not measured) and its parts.
// Nothing is redrawn when they did not change.
func (b *LLMBar) SetBreakdown(measured *uint64, br *schema.Breakdown) {
	m := report.NewBar(measured, br)
	if m.Equal(&b.model) {
		return
	}
	b.model = *m
	b.Refresh()
}

// CreateRenderer is part of fyne.Widget.
func (b *LLMBar) CreateRenderer() fyne.WidgetRenderer { return newBarRenderer(b) }

// Part colours: distinct in light and dark themes; other/unknown is grey.
var (
	colorWeights = color.NRGBA{R: 0x4c, G: 0x78, B: 0xa8, A: 0xff}
	colorKV      = color.NRGBA{R: 0xf5, G: 0x85, B: 0x18, A: 0xff}
	colorCompute = color.NRGBA{R: 0x54, G: 0xa2, B: 0x4b, A: 0xff}
	colorOutput  = color.NRGBA{R: 0xb2, G: 0x79, B: 0xa2, A: 0xff}
	colorActiv   = color.NRGBA{R: 0xee, G: 0xca, B: 0x3b, A: 0xff}
	colorGraphs  = color.NRGBA{R: 0x76, G: 0xb7, B: 0xb2, A: 0xff}
	colorOther   = color.NRGBA{R: 0x9d, G: 0x9d, B: 0x9d, A: 0xff}
	colorOver    = color.NRGBA{R: 0xe4, G: 0x57, B: 0x56, A: 0xff}
)

// partColor is a part's colour, by its name.
func partColor(name string) color.NRGBA {
	switch name {
	case "weights":
		return colorWeights
	case "KV cache":
		return colorKV
	case "compute":
		return colorCompute
	case "output":
		return colorOutput
	case "activations":
		return colorActiv
	case "CUDA graphs":
		return colorGraphs
	}
	return colorOther
}
