package ui

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/gputaskman/gtm/app/report"

	"github.com/gputaskman/gtm/internal/schema"
)

// Segment names of the VRAM bar, in the order they are drawn.
const (
	segNotAttributed = "not attributed"
	segFree          = "free"
)

var barCategories = []string{schema.CategoryAI, schema.CategoryGraphics, schema.CategoryBrowser,
	schema.CategoryCompositor, schema.CategoryVideo, schema.CategoryOther, segNotAttributed, segFree}

var barColors = map[string]color.NRGBA{
	schema.CategoryAI:         {0xa3, 0x71, 0xf7, 0xff},
	schema.CategoryGraphics:   {0xf5, 0x9e, 0x0b, 0xff},
	schema.CategoryBrowser:    {0x3d, 0x8b, 0xfd, 0xff},
	schema.CategoryCompositor: {0x14, 0xb8, 0xa6, 0xff},
	schema.CategoryVideo:      {0x22, 0xc5, 0x5e, 0xff},
	schema.CategoryOther:      {0x94, 0xa3, 0xb8, 0xff},
	segNotAttributed:          {0x64, 0x74, 0x8b, 0xff},
	segFree:                   {0x80, 0x80, 0x80, 0x30},
}

// vramSplit is a device's VRAM by category: each listed process's measured
// bytes under its category (uninspected and "decision?" processes count as
// other), what the driver says is used but no process row holds ("not
// attributed"), and free. Raw holds the real values for the legend; Drawn
// the widths, which differ from Raw only when normalised.
type vramSplit struct {
	Raw, Drawn [8]uint64
	Known      bool // the adapter's total is known
	Total      uint64
	Normalised bool
	Note       string
}

func splitVRAM(s *schema.Snapshot, dev int) vramSplit {
	var v vramSplit
	var d *struct{ used, total *uint64 }
	for i := range s.Devices {
		if s.Devices[i].Index == dev {
			d = &struct{ used, total *uint64 }{s.Devices[i].MemoryUsedBytes, s.Devices[i].MemoryTotalBytes}
		}
	}
	if d == nil || d.total == nil || *d.total == 0 {
		return v
	}
	v.Known, v.Total = true, *d.total
	var listed uint64
	for i := range s.Processes {
		p := &s.Processes[i]
		if !p.OnDevice(dev) || p.VRAMBytes == nil {
			continue
		}
		v.Raw[categoryIndex(p.Category)] += *p.VRAMBytes
		listed += *p.VRAMBytes
	}
	if d.used != nil {
		if *d.used > listed {
			v.Raw[6] = *d.used - listed
		}
		if *d.total > *d.used {
			v.Raw[7] = *d.total - *d.used
		}
	}
	v.Drawn = v.Raw
	// The processes' share of the bar is what the card says is in use
	// (its total when that is unknown). Shared surfaces counted against
	// several processes can add up to more: then the process segments are
	// scaled to fit, the legend stays raw, and the bar says so.
	room, what := v.Total, "the card's "+report.FormatBytes(&v.Total)+" total"
	if d.used != nil {
		room, what = *d.used, report.FormatBytes(d.used)+" the card reports in use"
	}
	if listed > room {
		v.Normalised = true
		f := float64(room) / float64(listed)
		for i := 0; i < 6; i++ {
			v.Drawn[i] = uint64(float64(v.Raw[i]) * f)
		}
		v.Note = fmt.Sprintf("Bar normalised: processes add up to %s, more than %s (shared memory counted more than once). Legend values are raw.",
			report.FormatBytes(&listed), what)
	}
	return v
}

func categoryIndex(c *string) int {
	if c != nil {
		for i, name := range barCategories[:5] {
			if *c == name {
				return i
			}
		}
	}
	return 5
}

// VRAMBar draws a vramSplit as a stacked bar with a legend of raw values.
type VRAMBar struct {
	widget.BaseWidget
	split vramSplit
}

// NewVRAMBar makes an empty bar.
func NewVRAMBar() *VRAMBar {
	b := &VRAMBar{}
	b.ExtendBaseWidget(b)
	return b
}

// set shows a split; it reports whether the bar's height changed (the
// normalisation note came or went).
func (b *VRAMBar) set(v vramSplit) bool {
	if v == b.split {
		return false
	}
	taller := (v.Note == "") != (b.split.Note == "")
	b.split = v
	b.Refresh()
	return taller
}

// Legend returns the legend's entries ("AI 6.00 GiB"), for tests.
func (b *VRAMBar) Legend() []string {
	var out []string
	for i, name := range barCategories {
		if b.split.Raw[i] > 0 {
			out = append(out, name+" "+report.FormatBytes(&b.split.Raw[i]))
		}
	}
	return out
}

// CreateRenderer implements fyne.Widget.
func (b *VRAMBar) CreateRenderer() fyne.WidgetRenderer {
	r := &vramBarRenderer{b: b, track: canvas.NewRectangle(color.Transparent)}
	r.track.CornerRadius = 3
	r.objs = append(r.objs, r.track)
	for i, name := range barCategories {
		r.segs[i] = canvas.NewRectangle(barColors[name])
		r.swatches[i] = canvas.NewRectangle(barColors[name]) // square: rounded ones cost llvmpipe more
		r.labels[i] = canvas.NewText("", color.Black)
		r.objs = append(r.objs, r.segs[i], r.swatches[i], r.labels[i])
	}
	r.note = canvas.NewText("", color.Black)
	r.objs = append(r.objs, r.note)
	r.Refresh()
	return r
}

type vramBarRenderer struct {
	b        *VRAMBar
	track    *canvas.Rectangle
	segs     [8]*canvas.Rectangle
	swatches [8]*canvas.Rectangle
	labels   [8]*canvas.Text
	note     *canvas.Text
	objs     []fyne.CanvasObject
}

const vramBarHeight = 16

func (r *vramBarRenderer) Layout(s fyne.Size) {
	r.track.Resize(fyne.NewSize(s.Width, vramBarHeight))
	v := r.b.split
	x := float32(0)
	for i := range r.segs {
		w := float32(0)
		if v.Total > 0 {
			w = s.Width * float32(float64(v.Drawn[i])/float64(v.Total))
		}
		r.segs[i].Move(fyne.NewPos(x, 0))
		r.segs[i].Resize(fyne.NewSize(w, vramBarHeight))
		r.segs[i].Hidden = w <= 0 // Fyne still draws an empty rectangle's soft edge
		x += w
	}
	// Legend: swatch + text, flowing onto further lines as needed.
	lx, ly := float32(0), float32(vramBarHeight+4)
	lineH := r.labels[0].MinSize().Height
	for i := range r.labels {
		if !r.labels[i].Visible() {
			continue
		}
		w := 14 + r.labels[i].MinSize().Width + 14
		if lx > 0 && lx+w > s.Width {
			lx, ly = 0, ly+lineH
		}
		r.swatches[i].Move(fyne.NewPos(lx, ly+lineH/2-5))
		r.swatches[i].Resize(fyne.NewSize(10, 10))
		r.labels[i].Move(fyne.NewPos(lx+14, ly))
		r.labels[i].Resize(r.labels[i].MinSize())
		lx += w
	}
	if r.note.Visible() {
		r.note.Move(fyne.NewPos(0, ly+lineH))
		r.note.Resize(r.note.MinSize())
	}
}

func (r *vramBarRenderer) MinSize() fyne.Size {
	lineH := r.labels[0].MinSize().Height
	h := float32(vramBarHeight+4) + lineH
	if r.note.Visible() {
		h += r.note.MinSize().Height
	}
	return fyne.NewSize(200, h)
}

func (r *vramBarRenderer) Refresh() {
	th := r.b.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	fg := th.Color(theme.ColorNameForeground, v)
	size := th.Size(theme.SizeNameText) * 0.9
	r.track.FillColor = th.Color(theme.ColorNameInputBackground, v)
	r.track.StrokeColor = th.Color(theme.ColorNameSeparator, v)
	r.track.StrokeWidth = 1
	split := r.b.split
	for i, name := range barCategories {
		r.labels[i].Color = fg
		r.labels[i].TextSize = size
		if split.Raw[i] == 0 {
			r.labels[i].Hide()
			r.swatches[i].Hide()
			continue
		}
		r.labels[i].Text = name + " " + report.FormatBytes(&split.Raw[i])
		r.labels[i].Show()
		r.swatches[i].Show()
	}
	r.note.Text = split.Note
	r.note.TextSize = size * 0.95
	r.note.Color = th.Color(theme.ColorNameWarning, v)
	r.note.Hidden = split.Note == ""
	r.Layout(r.b.Size())
	canvas.Refresh(r.b)
}

func (r *vramBarRenderer) Objects() []fyne.CanvasObject { return r.objs }
func (r *vramBarRenderer) Destroy()                     {}
