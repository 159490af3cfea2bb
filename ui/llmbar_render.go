package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"

	"github.com/gputaskman/gtm/app/report"
)

// barRenderer draws an LLMBar with a fixed set of canvas objects: one
// rectangle per part, a marker for the measurement, a caption, and one
// legend line (swatch, name, size, provenance) per part. Nothing is
// allocated per refresh.
type barRenderer struct {
	bar     *LLMBar
	track   *canvas.Rectangle
	segs    []*canvas.Rectangle
	marker  *canvas.Rectangle
	caption *canvas.Text
	swatch  []*canvas.Rectangle
	name    []*canvas.Text
	size    []*canvas.Text
	source  []*canvas.Text
	objects []fyne.CanvasObject
}

// maxBarParts: weights, KV, compute, output, activations, CUDA graphs
// and other.
const maxBarParts = 7

// lines is how many legend lines the bar shows: one per part.
func (r *barRenderer) lines() int { return min(len(r.bar.model.Parts), maxBarParts) }

const (
	barHeight  = 22
	swatchSize = 12
	legendLeft = swatchSize + 8
	columnGap  = 10
)

// columns returns the widths of the legend's name and size columns: the
// widest text in each, plus a gap.
func (r *barRenderer) columns() (name, size float32) {
	for i := range r.name {
		name = max(name, fyne.MeasureText(r.name[i].Text, r.name[i].TextSize, r.name[i].TextStyle).Width)
		size = max(size, fyne.MeasureText(r.size[i].Text, r.size[i].TextSize, r.size[i].TextStyle).Width)
	}
	return name + columnGap, size + columnGap
}

func newBarRenderer(b *LLMBar) *barRenderer {
	r := &barRenderer{bar: b}
	r.track = canvas.NewRectangle(color.Transparent)
	r.track.StrokeWidth = 1
	r.marker = canvas.NewRectangle(colorOver)
	r.caption = canvas.NewText("", color.Black)
	r.caption.TextSize = theme.CaptionTextSize()
	r.objects = append(r.objects, r.track)
	for i := 0; i < maxBarParts; i++ {
		seg := canvas.NewRectangle(color.Transparent)
		sw := canvas.NewRectangle(color.Transparent)
		r.segs = append(r.segs, seg)
		r.swatch = append(r.swatch, sw)
		r.name = append(r.name, canvas.NewText("", color.Black))
		r.size = append(r.size, canvas.NewText("", color.Black))
		src := canvas.NewText("", color.Black)
		src.TextSize = theme.CaptionTextSize()
		r.source = append(r.source, src)
		r.objects = append(r.objects, seg)
	}
	r.objects = append(r.objects, r.marker, r.caption)
	for i := 0; i < maxBarParts; i++ {
		r.objects = append(r.objects, r.swatch[i], r.name[i], r.size[i], r.source[i])
	}
	r.Refresh()
	return r
}

func (r *barRenderer) lineHeight() float32 {
	return fyne.MeasureText("Mg", theme.TextSize(), fyne.TextStyle{}).Height + 2
}

func (r *barRenderer) captionHeight() float32 {
	return fyne.MeasureText("Mg", theme.CaptionTextSize(), fyne.TextStyle{}).Height
}

// oneLine reports whether the legend's three columns fit side by side at
// width w; if not, each part's provenance goes on a line of its own.
func (r *barRenderer) oneLine(w float32) bool {
	need := float32(0)
	for _, t := range r.source {
		need = max(need, fyne.MeasureText(t.Text, t.TextSize, t.TextStyle).Width)
	}
	name, size := r.columns()
	return w >= legendLeft+name+size+need
}

// MinSize keeps the name and size columns readable; like a wrapping
// label, the height depends on the width the bar has now.
func (r *barRenderer) MinSize() fyne.Size {
	lines := float32(r.lines())
	if !r.oneLine(r.bar.Size().Width) {
		lines *= 2
	}
	h := barHeight + 2 + r.captionHeight() + 4 + lines*r.lineHeight()
	name, size := r.columns()
	return fyne.NewSize(legendLeft+name+size, h)
}

func (r *barRenderer) Layout(size fyne.Size) {
	m := &r.bar.model
	r.track.Move(fyne.NewPos(0, 0))
	r.track.Resize(fyne.NewSize(size.Width, barHeight))
	x := float32(0)
	for i, seg := range r.segs {
		w := float32(0)
		if i < len(m.Parts) && m.Parts[i].Known && m.Scale > 0 {
			w = float32(float64(m.Parts[i].Bytes) / float64(m.Scale) * float64(size.Width))
		}
		if x+w > size.Width { // float rounding only: parts never exceed the scale
			w = size.Width - x
		}
		seg.Move(fyne.NewPos(x, 0))
		seg.Resize(fyne.NewSize(w, barHeight))
		seg.Hidden = w <= 0 // Fyne still draws an empty rectangle's soft edge
		x += w
	}
	if m.Exceeded && m.Measured != nil && m.Scale > 0 {
		mx := float32(float64(*m.Measured) / float64(m.Scale) * float64(size.Width))
		r.marker.Move(fyne.NewPos(mx-1, -3))
		r.marker.Resize(fyne.NewSize(3, barHeight+6))
		r.marker.Show()
	} else {
		r.marker.Hide()
	}
	y := float32(barHeight + 2)
	r.caption.Move(fyne.NewPos(0, y))
	y += r.captionHeight() + 4
	lh := r.lineHeight()
	one := r.oneLine(size.Width)
	nameW, sizeW := r.columns()
	for i := range r.lines() {
		r.swatch[i].Move(fyne.NewPos(0, y+(lh-swatchSize)/2))
		r.swatch[i].Resize(fyne.NewSize(swatchSize, swatchSize))
		r.name[i].Move(fyne.NewPos(legendLeft, y))
		r.size[i].Move(fyne.NewPos(legendLeft+nameW, y))
		r.size[i].Resize(fyne.NewSize(sizeW-columnGap, lh))
		if one {
			// The smaller provenance text sits on the line's middle.
			r.source[i].Move(fyne.NewPos(legendLeft+nameW+sizeW, y+(lh-r.captionHeight())/2))
		} else {
			y += lh
			r.source[i].Move(fyne.NewPos(legendLeft, y))
		}
		y += lh
	}
}

// style paints a part: reported parts solid, estimated ones translucent
// with a solid outline, the inferred remainder grey; an unknown part's
// swatch is an empty outline.
func style(rect *canvas.Rectangle, p report.BarPart) {
	c := partColor(p.Name)
	switch {
	case !p.Known:
		rect.FillColor = color.Transparent
		rect.StrokeColor = c
		rect.StrokeWidth = 1
	case p.Source == "reported":
		rect.FillColor = c
		rect.StrokeWidth = 0
	default: // estimated, inferred
		fill := c
		fill.A = 0x66
		rect.FillColor = fill
		rect.StrokeColor = c
		rect.StrokeWidth = 1.5
	}
}

func (r *barRenderer) Refresh() {
	m := &r.bar.model
	fg := theme.Color(theme.ColorNameForeground)
	muted := theme.Color(theme.ColorNamePlaceHolder)
	r.track.StrokeColor = muted
	r.caption.Text = m.Caption()
	r.caption.Color = muted
	if m.Exceeded {
		r.caption.Color = colorOver
	}
	for i := range r.name {
		var p report.BarPart
		if i < len(m.Parts) {
			p = m.Parts[i]
		}
		style(r.segs[i], p)
		style(r.swatch[i], p)
		r.name[i].Text, r.name[i].Color = p.Name, fg
		r.size[i].Text, r.size[i].Color = p.Size(), fg
		r.source[i].Text, r.source[i].Color = p.Provenance(), muted
		// a slot beyond the model's parts (llama.cpp's bar has no
		// activations or CUDA graphs) shows nothing
		hide := i >= len(m.Parts)
		r.swatch[i].Hidden, r.name[i].Hidden, r.size[i].Hidden, r.source[i].Hidden = hide, hide, hide, hide
		// Right-aligned in their column so the figures line up; not a
		// monospace face, which would cost a font of its own (~4 MB).
		r.size[i].Alignment = fyne.TextAlignTrailing
	}
	r.Layout(r.bar.Size())
	canvas.Refresh(r.bar)
}

func (r *barRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *barRenderer) Destroy() {}
