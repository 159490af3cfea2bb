package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/gputaskman/gtm/app"
)

// detailPane is the side pane for the selected process: its identity,
// counters, models, LLM memory and notes as plain text.
type detailPane struct {
	root  fyne.CanvasObject
	title *widget.Label
	body  *widget.Label
}

func newDetailPane() *detailPane {
	d := &detailPane{title: widget.NewLabel("No process selected"), body: widget.NewLabel("Click a row, or press Up/Down, to inspect a process.")}
	d.title.TextStyle.Bold = true
	d.title.Truncation = fyne.TextTruncateEllipsis
	d.body.Wrapping = fyne.TextWrapWord
	d.root = container.NewBorder(d.title, nil, nil, nil, container.NewVScroll(d.body))
	return d
}

// show describes p (nil: nothing selected).
func (d *detailPane) show(p *app.Process) {
	if p == nil {
		d.set("No process selected", "Click a row, or press Up/Down, to inspect a process.")
		return
	}
	title := fmt.Sprintf("%s · PID %s", app.FormatString(p.Name), p.PIDLabel)
	var b strings.Builder
	fmt.Fprintf(&b, "User %s\nCommand line %s\n", app.FormatString(p.User), app.CommandLine(p.Cmdline))
	fmt.Fprintf(&b, "VRAM %s (measured by the driver)\n", app.FormatBytes(p.VRAMBytes))
	if p.VRAMInferredBytes != nil {
		fmt.Fprintf(&b, "VRAM %s inferred (%s)\n", app.FormatBytes(p.VRAMInferredBytes), app.FormatString(p.VRAMInferredBy))
	}
	fmt.Fprintf(&b, "GPU %s · SM %s · encoder %s · decoder %s\n", app.FormatPercent(p.GPUUtilPercent),
		app.FormatPercent(p.SMUtilPercent), app.FormatPercent(p.EncoderUtilPercent), app.FormatPercent(p.DecoderUtilPercent))
	for _, rt := range p.Runtimes {
		fmt.Fprintf(&b, "Runtime %s %s (a library proves presence, not GPU work)\n", rt.Name, rt.Detail)
	}
	for _, m := range p.Models {
		state := "loaded"
		if m.Candidate {
			state = "candidate, not proven loaded"
		} else if m.Confirmed {
			state = "confirmed"
		}
		fmt.Fprintf(&b, "Model %s (%s; evidence %s)\n", m.Path, state, strings.Join(m.Evidence, ", "))
	}
	if p.LLM != nil {
		fmt.Fprintf(&b, "LLM memory: %s\n", app.LLMSummary(p.LLM))
	}
	for _, n := range p.Notes {
		fmt.Fprintf(&b, "Note: %s\n", n)
	}
	d.set(title, strings.TrimSpace(b.String()))
}

func (d *detailPane) set(title, body string) {
	if d.title.Text != title {
		d.title.SetText(title)
	}
	if d.body.Text != body {
		d.body.SetText(body)
	}
}
