package report

import (
	"fmt"

	"github.com/gputaskman/gtm/internal/schema"
)

// Bar is an LLM process's memory set against its measured VRAM: each part
// with its provenance and the measured remainder (other/unknown). It is
// plain data: the window draws it as a stacked bar with a legend, and
// `gtm inspect` prints its caption and legend (Legend) as rows.
type Bar struct {
	Measured *uint64
	// Parts: weights, KV cache, compute, output, then activations and
	// CUDA graphs for a PyTorch engine, and other/unknown last.
	Parts []BarPart
	// Scale is the byte count the full width stands for: the
	// measurement, or the parts' sum when that is larger or nothing was
	// measured.
	Scale uint64
	// Exceeded: the known parts add up to more than the measurement.
	Exceeded bool
	Known    uint64 // sum of the known parts (without other)
}

// BarPart is one entry of the bar and its legend.
type BarPart struct {
	Name string
	// Known is false for a part nobody reported or estimated (n/a).
	Known bool
	Bytes uint64
	// Source is reported, estimated or inferred; From is log, api, gguf.
	Source, From string
}

// OtherPart names the remainder: what the measurement holds beyond the
// known parts.
const OtherPart = "other / unknown"

// NewBar sets the parts of br beside measured VRAM (nil: not measured).
func NewBar(measured *uint64, br *schema.Breakdown) *Bar {
	m := &Bar{Measured: measured}
	if br == nil {
		br = &schema.Breakdown{}
	}
	add := func(name string, p *schema.Part) {
		bp := BarPart{Name: name}
		if p != nil {
			bp.Known, bp.Bytes, bp.Source, bp.From = true, p.Bytes, p.Source, p.From
			m.Known += p.Bytes
		}
		m.Parts = append(m.Parts, bp)
	}
	add("weights", br.Weights)
	add("KV cache", br.KVCache)
	add("compute", br.Compute)
	add("output", br.Output)
	if br.Activations != nil { // PyTorch engines only: llama.cpp's bar keeps its four parts
		add("activations", br.Activations)
	}
	if br.CUDAGraphs != nil {
		add("CUDA graphs", br.CUDAGraphs)
	}

	// Other/unknown: the measurement minus the known parts, computed here
	// from the same two numbers the snapshot's remainder came from, so
	// the bar never shows a gap the text does not, and never a negative.
	other := BarPart{Name: OtherPart, Source: "inferred", From: "VRAM minus parts"}
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

// Equal reports whether m and o show the same; nil equals only nil.
func (m *Bar) Equal(o *Bar) bool {
	if m == nil || o == nil {
		return m == o
	}
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

// Caption says what the bar's full width stands for.
func (m *Bar) Caption() string {
	switch {
	case m.Measured == nil:
		return "VRAM not measured: the parts at their own scale"
	case m.Exceeded:
		return fmt.Sprintf("parts exceed the measured %s by %s (red line)",
			FormatBytes(m.Measured), formatMiB(m.Known-*m.Measured))
	}
	return "full width: measured VRAM " + FormatBytes(m.Measured)
}

// Legend is one row per part: its name, its size and its provenance.
func (m *Bar) Legend() []Row {
	rows := make([]Row, len(m.Parts))
	for i, p := range m.Parts {
		rows[i] = Row{Label: p.Name, Value: p.Size(), Prov: p.Provenance()}
	}
	return rows
}

// Size is a part's size, or n/a.
func (p BarPart) Size() string {
	if !p.Known {
		return NA
	}
	return formatMiB(p.Bytes)
}

// Provenance is where a part's size came from ("reported (log)"), or why
// it is unknown.
func (p BarPart) Provenance() string {
	if !p.Known {
		if p.Source == "inferred" {
			return p.From // why there is no remainder
		}
		return "no log, API or estimate"
	}
	return fmt.Sprintf("%s (%s)", p.Source, p.From)
}
