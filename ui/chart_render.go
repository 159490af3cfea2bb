package ui

import (
	"image"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
)

// chartRenderer draws a Chart with the same four canvas objects whatever
// the number of samples: three texts and one raster for the plot, whose
// image is reused between refreshes (no allocation per frame). The plot
// paints its own background and its box's border: Fyne repaints the whole
// window on every change, and with software GL each object drawn costs,
// more so rectangles than their area suggests. Filled cards were a quarter
// of the window's area, and the four hairlines that replaced them a third
// of its rectangles (32 draws a frame for eight charts).
type chartRenderer struct {
	c      *Chart
	title  *canvas.Text
	value  *canvas.Text
	scale  *canvas.Text
	plot   *canvas.Raster
	img    *image.RGBA
	ys     []int
	box    plotBox
	objs   []fyne.CanvasObject
	fg     color.Color
	plotBg color.NRGBA
}

const chartPad = 6

func newChartRenderer(c *Chart) *chartRenderer {
	r := &chartRenderer{c: c}
	r.title = canvas.NewText(c.title, theme.Color(theme.ColorNameForeground))
	r.title.TextStyle.Bold = true
	r.value = canvas.NewText(c.value, c.color)
	r.value.TextStyle.Bold = true
	r.value.Alignment = fyne.TextAlignTrailing
	r.scale = canvas.NewText(c.scale, theme.Color(theme.ColorNamePlaceHolder))
	r.plot = canvas.NewRaster(r.draw)
	r.plot.ScaleMode = canvas.ImageScalePixels
	r.objs = []fyne.CanvasObject{r.plot, r.title, r.value, r.scale}
	r.applyTheme()
	return r
}

func (r *chartRenderer) applyTheme() {
	th := r.c.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
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
	r.title.Refresh()
	r.value.Refresh()
	r.scale.Refresh()
	r.plot.Refresh()
}

func (r *chartRenderer) Objects() []fyne.CanvasObject { return r.objs }
func (r *chartRenderer) Destroy()                     {}

// draw paints the plot at pixel size w×h: its box (background and a
// one-pixel border), faint quarter grid lines, the area under the line,
// and the line itself, which may cover the border at 0 and 100 %; columns
// without a reading stay empty.
//
// It runs for all eight charts on every refresh, so it fills the area
// under the line with a lookup of the box's few colours instead of
// blending each pixel.
func (r *chartRenderer) draw(w, h int) image.Image {
	if r.img == nil || r.img.Bounds().Dx() != w || r.img.Bounds().Dy() != h {
		r.img = image.NewRGBA(image.Rect(0, 0, w, h))
	}
	img := r.img
	c := r.c
	fill := c.color
	fill.A = 0x38
	fg := toNRGBA(r.fg)
	r.box.prepare(r.plotBg, fg, fill)
	paintEmptyPlot(img, r.plotBg, fg)
	r.ys = plotColumns(c.series, c.end, c.span, c.gapAfter, w, h, r.ys)
	line := [4]uint8{c.color.R, c.color.G, c.color.B, c.color.A}
	thick := 1
	if h > 120 {
		thick = 2
	}
	stride := img.Stride
	for x, y := range r.ys {
		if y < 0 {
			continue
		}
		for i := (y+1)*stride + 4*x; i < len(img.Pix); i += stride {
			px := (*[4]uint8)(img.Pix[i : i+4])
			*px = r.box.filled(*px)
		}
		lo, hi := y, y
		if x > 0 && r.ys[x-1] >= 0 {
			lo, hi = min(lo, r.ys[x-1]), max(hi, r.ys[x-1])
		}
		for yy := max(lo-thick+1, 0); yy <= hi && yy < h; yy++ {
			i := yy*stride + 4*x
			*(*[4]uint8)(img.Pix[i : i+4]) = line
		}
	}
	paintMarker(img, c)
	return img
}

// markerColor is the dashed line where a trend began: amber, as warnings.
var markerColor = color.NRGBA{0xf5, 0x9e, 0x0b, 0xd0}

// paintMarker draws c's marker, when it falls in the plot, as a dashed
// vertical line.
func paintMarker(img *image.RGBA, c *Chart) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	start := c.end.Add(-c.span)
	if c.marker.IsZero() || c.span <= 0 || w < 2 || c.marker.Before(start) || c.marker.After(c.end) {
		return
	}
	x := int(float64(c.marker.Sub(start)) / float64(c.span) * float64(w-1))
	for y := 0; y < h; y++ {
		if y%6 < 4 {
			blend(img, x, y, markerColor)
		}
	}
}

// plotBox maps the few colours of a chart's empty plot (background,
// border, grid) to what they become under the area's fill, for one theme
// and fill colour.
type plotBox struct {
	bg, fg, fill color.NRGBA
	// under maps a pixel of the box to the same pixel with the fill
	// blended over it.
	under [][2][4]uint8
}

func (b *plotBox) prepare(bg, fg, fill color.NRGBA) {
	if b.bg != bg || b.fg != fg || b.fill != fill {
		*b = plotBox{bg: bg, fg: fg, fill: fill}
	}
}

// filled returns px with the fill blended over it.
func (b *plotBox) filled(px [4]uint8) [4]uint8 {
	for _, u := range b.under {
		if u[0] == px {
			return u[1]
		}
	}
	out := blendPixel(px, b.fill)
	if len(b.under) < 16 {
		b.under = append(b.under, [2][4]uint8{px, out})
	}
	return out
}

// paintEmptyPlot paints the plot's box: the background, a one-pixel
// border and faint quarter grid lines.
func paintEmptyPlot(img *image.RGBA, bg, fg color.NRGBA) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	fillRGBA(img, bg)
	border := fg
	border.A = 0xff
	for x := 0; x < w; x++ {
		blend(img, x, 0, border)
		blend(img, x, h-1, border)
	}
	for y := 0; y < h; y++ {
		blend(img, 0, y, border)
		blend(img, w-1, y, border)
	}
	grid := fg
	grid.A = 0x60
	for q := 1; q < 4; q++ {
		y := q * (h - 1) / 4
		for x := 0; x < w; x += 3 {
			blend(img, x, y, grid)
		}
	}
}

// fillRGBA paints every pixel of img with c (opaque colours as they are,
// others premultiplied). img's pixels must be contiguous (a whole image,
// not a part of a wider one).
func fillRGBA(img *image.RGBA, c color.NRGBA) {
	if len(img.Pix) < 4 {
		return
	}
	a := uint32(c.A)
	img.Pix[0], img.Pix[1], img.Pix[2], img.Pix[3] = uint8(uint32(c.R)*a/255), uint8(uint32(c.G)*a/255), uint8(uint32(c.B)*a/255), c.A
	for n := 4; n < len(img.Pix); n *= 2 {
		copy(img.Pix[n:], img.Pix[:n])
	}
}

// blend draws c over the pixel at x, y (alpha compositing, premultiplied
// destination).
func blend(img *image.RGBA, x, y int, c color.NRGBA) {
	i := img.PixOffset(x, y)
	p := (*[4]uint8)(img.Pix[i : i+4])
	*p = blendPixel(*p, c)
}

// blendPixel is c drawn over the premultiplied pixel p.
func blendPixel(p [4]uint8, c color.NRGBA) [4]uint8 {
	a := uint32(c.A)
	na := 255 - a
	return [4]uint8{
		uint8((uint32(c.R)*a + uint32(p[0])*na) / 255),
		uint8((uint32(c.G)*a + uint32(p[1])*na) / 255),
		uint8((uint32(c.B)*a + uint32(p[2])*na) / 255),
		uint8(a + uint32(p[3])*na/255),
	}
}

func toNRGBA(c color.Color) color.NRGBA {
	return color.NRGBAModel.Convert(c).(color.NRGBA)
}
