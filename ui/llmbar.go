package ui

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/gputaskman/gtm/app/report"
	"github.com/gputaskman/gtm/inspect"
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
	model barModel
}

// NewLLMBar returns an empty bar; give it a breakdown with SetBreakdown.
func NewLLMBar() *LLMBar {
	b := &LLMBar{}
	b.ExtendBaseWidget(b)
	return b
}

// SetBreakdown shows measured VRAM (nil: not measured) and its parts.
// Nothing is redrawn when they did not change.
func (b *LLMBar) SetBreakdown(measured *uint64, br *inspect.Breakdown) {
	m := newBarModel(measured, br)
	if m.equal(&b.model) {
		return
	}
	b.model = *m
	b.Refresh()
}

// CreateRenderer is part of fyne.Widget.
func (b *LLMBar) CreateRenderer() fyne.WidgetRenderer { return newBarRenderer(b) }

// barPart is one entry of the bar and its legend.
type barPart struct {
	Name string
	// Known is false for a part nobody reported or estimated (n/a).
	Known bool
	Bytes uint64
	// Source is reported, estimated or inferred; From is log, api, gguf.
	Source, From string
	Color        color.NRGBA
}

// barModel is what the bar shows: plain data, compared to skip redraws.
type barModel struct {
	Measured *uint64
	Parts    []barPart // weights, KV, compute, output, other: always five
	// Scale is the byte count the full width stands for: the
	// measurement, or the parts' sum when that is larger or nothing was
	// measured.
	Scale uint64
	// Exceeded: the known parts add up to more than the measurement.
	Exceeded bool
	Known    uint64 // sum of the known parts (without other)
}

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

func newBarModel(measured *uint64, br *inspect.Breakdown) *barModel {
	m := &barModel{Measured: measured}
	if br == nil {
		br = &inspect.Breakdown{}
	}
	add := func(name string, p *inspect.Part, c color.NRGBA) {
		bp := barPart{Name: name, Color: c}
		if p != nil {
			bp.Known, bp.Bytes, bp.Source, bp.From = true, p.Bytes, p.Source, p.From
			m.Known += p.Bytes
		}
		m.Parts = append(m.Parts, bp)
	}
	add("weights", br.Weights, colorWeights)
	add("KV cache", br.KVCache, colorKV)
	add("compute", br.Compute, colorCompute)
	add("output", br.Output, colorOutput)
	if br.Activations != nil { // PyTorch engines only: llama.cpp's bar keeps its four parts
		add("activations", br.Activations, colorActiv)
	}
	if br.CUDAGraphs != nil {
		add("CUDA graphs", br.CUDAGraphs, colorGraphs)
	}

	// Other/unknown: the measurement minus the known parts, computed here
	// from the same two numbers the snapshot's remainder came from, so
	// the bar never shows a gap the text does not, and never a negative.
	other := barPart{Name: "other / unknown", Color: colorOther, Source: "inferred", From: "VRAM minus parts"}
	switch {
	case measured == nil:
		m.Scale = m.Known
		other.From = "VRAM not measured"
	case m.Known > *measured:
		m.Exceeded = true
		m.Scale = m.Known
		other.From = "the parts exceed VRAM"
	default:
		other.Known, other.Bytes = true, *measured-m.Known
		m.Scale = *measured
	}
	m.Parts = append(m.Parts, other)
	return m
}

func (m *barModel) equal(o *barModel) bool {
	if (m.Measured == nil) != (o.Measured == nil) || (m.Measured != nil && *m.Measured != *o.Measured) ||
		m.Scale != o.Scale || m.Exceeded != o.Exceeded || len(m.Parts) != len(o.Parts) {
		return false
	}
	for i := range m.Parts {
		if m.Parts[i] != o.Parts[i] {
			return false
		}
	}
	return true
}

// caption says what the bar's full width stands for.
func (m *barModel) caption() string {
	switch {
	case m.Measured == nil:
		return "VRAM not measured: the parts at their own scale"
	case m.Exceeded:
		return fmt.Sprintf("parts exceed the measured %s by %s (red line)",
			report.FormatBytes(m.Measured), mib(m.Known-*m.Measured))
	}
	return "full width: measured VRAM " + report.FormatBytes(m.Measured)
}

// legendSize is a part's size, or n/a.
func (p barPart) legendSize() string {
	if !p.Known {
		return report.NA
	}
	return mib(p.Bytes)
}

// legendSource is a part's provenance, or nothing for an unknown part.
func (p barPart) legendSource() string {
	if !p.Known {
		if p.Source == "inferred" {
			return p.From // why there is no remainder
		}
		return "no log, API or estimate"
	}
	return fmt.Sprintf("%s (%s)", p.Source, p.From)
}
