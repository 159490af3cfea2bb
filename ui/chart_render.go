package ui

import (
	"image"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
)

// chartRenderer draws a Chart with the same few canvas objects whatever
// the number of samples: a frame of four hairlines, three texts and one
// raster for the plot, whose image is reused between refreshes (no
// allocation per frame). The frame is not filled: Fyne repaints the whole
// window on every change, and with software GL a frame's cost grows with
// the area drawn, so the eight charts' cards were a quarter of it. The
// plot paints its own background instead, at no extra cost.
type chartRenderer struct {
	c      *Chart
	frame  [4]*canvas.Rectangle // top, bottom, left, right
	title  *canvas.Text
	value  *canvas.Text
	scale  *canvas.Text
	plot   *canvas.Raster
	img    *image.RGBA
	ys     []int
	objs   []fyne.CanvasObject
	bg, fg color.Color
	plotBg color.NRGBA
}

const chartPad = 6

func newChartRenderer(c *Chart) *chartRenderer {
	r := &chartRenderer{c: c}
	for i := range r.frame {
		r.frame[i] = canvas.NewRectangle(color.Transparent)
	}
	r.title = canvas.NewText(c.title, theme.Color(theme.ColorNameForeground))
	r.title.TextStyle.Bold = true
	r.value = canvas.NewText(c.value, c.color)
	r.value.TextStyle.Bold = true
	r.value.Alignment = fyne.TextAlignTrailing
	r.scale = canvas.NewText(c.scale, theme.Color(theme.ColorNamePlaceHolder))
	r.plot = canvas.NewRaster(r.draw)
	r.plot.ScaleMode = canvas.ImageScalePixels
	r.objs = []fyne.CanvasObject{r.frame[0], r.frame[1], r.frame[2], r.frame[3], r.plot, r.title, r.value, r.scale}
	r.applyTheme()
	return r
}

func (r *chartRenderer) applyTheme() {
	th := r.c.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	for _, f := range r.frame {
		f.FillColor = th.Color(theme.ColorNameSeparator, v)
	}
	r.plotBg = toNRGBA(th.Color(theme.ColorNameInputBackground, v))
	r.title.Color = th.Color(theme.ColorNameForeground, v)
	r.scale.Color = th.Color(theme.ColorNamePlaceHolder, v)
	r.fg = th.Color(theme.ColorNameSeparator, v)
	size := th.Size(theme.SizeNameText)
	r.title.TextSize = size * 0.95
	r.value.TextSize = size * 0.95
	r.scale.TextSize = size * 0.8
	if r.c.large {
		r.title.TextSize = size * 1.2
		r.value.TextSize = size * 1.2
	}
}

func (r *chartRenderer) Layout(s fyne.Size) {
	const hair = 1
	r.frame[0].Move(fyne.NewPos(0, 0))
	r.frame[0].Resize(fyne.NewSize(s.Width, hair))
	r.frame[1].Move(fyne.NewPos(0, s.Height-hair))
	r.frame[1].Resize(fyne.NewSize(s.Width, hair))
	r.frame[2].Move(fyne.NewPos(0, 0))
	r.frame[2].Resize(fyne.NewSize(hair, s.Height))
	r.frame[3].Move(fyne.NewPos(s.Width-hair, 0))
	r.frame[3].Resize(fyne.NewSize(hair, s.Height))
	th := r.title.MinSize()
	r.title.Move(fyne.NewPos(chartPad, chartPad-2))
	r.title.Resize(th)
	r.value.Move(fyne.NewPos(chartPad, chartPad-2))
	r.value.Resize(fyne.NewSize(s.Width-2*chartPad, th.Height))
	sh := r.scale.MinSize()
	r.scale.Move(fyne.NewPos(chartPad, s.Height-sh.Height-chartPad+3))
	r.scale.Resize(sh)
	top := chartPad - 2 + th.Height + 2
	bottom := s.Height - sh.Height - chartPad + 2
	r.plot.Move(fyne.NewPos(chartPad, top))
	r.plot.Resize(fyne.NewSize(max(s.Width-2*chartPad, 1), max(bottom-top, 1)))
}

func (r *chartRenderer) MinSize() fyne.Size {
	th := r.title.MinSize()
	sh := r.scale.MinSize()
	return fyne.NewSize(180, th.Height+sh.Height+2*chartPad+40)
}

func (r *chartRenderer) Refresh() {
	r.applyTheme()
	r.title.Text = r.c.title
	r.value.Text = r.c.value
	r.value.Color = r.c.color
	r.scale.Text = r.c.scale
	for _, f := range r.frame {
		f.Refresh()
	}
	r.title.Refresh()
	r.value.Refresh()
	r.scale.Refresh()
	r.plot.Refresh()
}

func (r *chartRenderer) Objects() []fyne.CanvasObject { return r.objs }
func (r *chartRenderer) Destroy()                     {}

// draw paints the plot at pixel size w×h: faint quarter grid lines, the
// area under the line, and the line itself; columns without a reading
// stay empty.
func (r *chartRenderer) draw(w, h int) image.Image {
	if r.img == nil || r.img.Bounds().Dx() != w || r.img.Bounds().Dy() != h {
		r.img = image.NewRGBA(image.Rect(0, 0, w, h))
	}
	img := r.img
	fillRGBA(img, r.plotBg)
	grid := toNRGBA(r.fg)
	grid.A = 0x60
	for q := 1; q < 4; q++ {
		y := q * (h - 1) / 4
		for x := 0; x < w; x += 3 {
			blend(img, x, y, grid)
		}
	}
	c := r.c
	r.ys = plotColumns(c.series, c.end, c.span, c.gapAfter, w, h, r.ys)
	line := c.color
	fill := c.color
	fill.A = 0x38
	thick := 1
	if h > 120 {
		thick = 2
	}
	for x, y := range r.ys {
		if y < 0 {
			continue
		}
		for yy := y + 1; yy < h; yy++ {
			blend(img, x, yy, fill)
		}
		lo, hi := y, y
		if x > 0 && r.ys[x-1] >= 0 {
			lo, hi = min(lo, r.ys[x-1]), max(hi, r.ys[x-1])
		}
		for yy := lo - thick + 1; yy <= hi; yy++ {
			if yy >= 0 && yy < h {
				img.SetRGBA(x, yy, color.RGBA(line))
			}
		}
	}
	return img
}

// fillRGBA paints every pixel of img with c (opaque colours as they are,
// others premultiplied).
func fillRGBA(img *image.RGBA, c color.NRGBA) {
	a := uint32(c.A)
	px := [4]uint8{uint8(uint32(c.R) * a / 255), uint8(uint32(c.G) * a / 255), uint8(uint32(c.B) * a / 255), c.A}
	for i := 0; i < len(img.Pix); i += 4 {
		copy(img.Pix[i:i+4], px[:])
	}
}

// blend draws c over the pixel at x, y (alpha compositing, premultiplied
// destination).
func blend(img *image.RGBA, x, y int, c color.NRGBA) {
	i := img.PixOffset(x, y)
	p := img.Pix[i : i+4 : i+4]
	a := uint32(c.A)
	na := 255 - a
	p[0] = uint8((uint32(c.R)*a + uint32(p[0])*na) / 255)
	p[1] = uint8((uint32(c.G)*a + uint32(p[1])*na) / 255)
	p[2] = uint8((uint32(c.B)*a + uint32(p[2])*na) / 255)
	p[3] = uint8(a + uint32(p[3])*na/255)
}

func toNRGBA(c color.Color) color.NRGBA {
	return color.NRGBAModel.Convert(c).(color.NRGBA)
}
