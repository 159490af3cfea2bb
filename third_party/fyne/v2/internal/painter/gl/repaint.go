package gl

import (
	"fmt"
	"image/color"
	"math"
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/internal"
	"fyne.io/fyne/v2/internal/cache"
	"fyne.io/fyne/v2/theme"
)

// A window that changes a few numbers a second used to be painted whole
// every time: with software GL that is most of what such a window costs.
// Repaint compares what the walk of the canvas found this time with what
// it drew last time, and paints again only the parts of the frame whose
// objects changed, moved, appeared or went away. Each part is cleared and
// every object that may touch it is drawn again, in order and under the
// part as a scissor, so inside a part the pixels are those a whole paint
// gives. This needs the back buffer to still hold the last frame, which
// keptFrame finds out; where it does not, frames are painted whole as
// before.

// DrawItem is one object of a frame as the canvas walk found it: its
// absolute position and the clip it is drawn under (nil: none).
type DrawItem struct {
	Obj  fyne.CanvasObject
	Pos  fyne.Position
	Clip *internal.ClipItem
}

// Drawable reports whether the painter draws anything for obj itself
// (containers and widgets are drawn through their objects).
func Drawable(obj fyne.CanvasObject) bool {
	switch obj.(type) {
	case *canvas.Rectangle, *canvas.Text, *canvas.Raster, *canvas.Image, *canvas.Line, *canvas.Circle,
		*canvas.LinearGradient, *canvas.RadialGradient, *canvas.Blur, *canvas.RegularPolygon,
		*canvas.ArbitraryPolygon, *canvas.Arc, *canvas.BezierCurve, *canvas.Shader, *canvas.Ellipse:
		return true
	}
	return false
}

// FramePainter paints a whole frame from the objects a canvas walk found.
type FramePainter interface {
	// PaintFrame paints items (in drawing order) on a frame of the given
	// canvas size and framebuffer pixels, keeping what it needs in r.
	PaintFrame(r *Repaint, items []DrawItem, frame fyne.Size, fbWidth, fbHeight int)
}

var _ FramePainter = (*painter)(nil)

// Repaint is what a window keeps between frames; its zero value is ready.
type Repaint struct {
	kept       keptFrame // whether the back buffer holds the last frame
	last, next map[fyne.CanvasObject]drawn
	valid      bool // last describes the last frame painted
	w, h       int
	scale      float32
	background [4]uint32
	damage     []pixRect
	scratch    []pixRect
	exts       []pixRect // per item: the pixels it may touch
	scissors   []pixRect // per item: its clip's scissor box
	checkA     []uint8
	checkB     []uint8
}

// drawn is what a frame drew of one object.
type drawn struct {
	key    drawKey
	ext    pixRect           // the pixels it may touch
	before fyne.CanvasObject // the object drawn just before it
}

// pixRect is a rectangle of framebuffer pixels in GL's orientation (y
// grows upwards), x1 and y1 excluded.
type pixRect struct{ x0, y0, x1, y1 int32 }

func (r pixRect) empty() bool { return r.x0 >= r.x1 || r.y0 >= r.y1 }

func (r pixRect) area() int64 {
	if r.empty() {
		return 0
	}
	return int64(r.x1-r.x0) * int64(r.y1-r.y0)
}

func (r pixRect) intersect(o pixRect) pixRect {
	return pixRect{max(r.x0, o.x0), max(r.y0, o.y0), min(r.x1, o.x1), min(r.y1, o.y1)}
}

func (r pixRect) union(o pixRect) pixRect {
	if r.empty() {
		return o
	}
	if o.empty() {
		return r
	}
	return pixRect{min(r.x0, o.x0), min(r.y0, o.y0), max(r.x1, o.x1), max(r.y1, o.y1)}
}

// drawKey is everything about an object that shows in its pixels. Two
// frames that find the same key for an object draw it the same.
type drawKey struct {
	kind    uint8
	pos     fyne.Position
	size    fyne.Size
	scissor pixRect // the clip as the painter sets it; empty: none
	colors  [3][4]uint32
	values  [12]float32
	text    string
	style   fyne.TextStyle
	renewed bool // its texture is made anew: what it shows may have changed
}

const (
	kindRect uint8 = iota + 1
	kindText
	kindRaster
	kindImage
	kindLine
	kindCircle
	kindLinear
	kindRadial
	kindOther // drawn, but not compared: always painted again
)

func rgba(c color.Color) [4]uint32 {
	if c == nil {
		return [4]uint32{}
	}
	r, g, b, a := c.RGBA()
	return [4]uint32{r, g, b, a}
}

func hasShadow(s canvas.Shadow) bool {
	return s.Color != nil && rgba(s.Color)[3] != 0
}

func shadowValues(s canvas.Shadow) [5]float32 {
	return [5]float32{s.BlurRadius, s.Spread, s.Offset.X, s.Offset.Y, float32(s.Variant)}
}

// renewed reports whether obj's texture is gone (freed by a refresh):
// drawing makes it again, from what may be new content.
func (p *painter) renewed(obj fyne.CanvasObject) bool {
	_, ok := cache.GetTexture(obj)
	return !ok
}

// box is the part of the canvas an object may draw in: at pos, of size,
// and pad canvas units around.
type box struct {
	pos  fyne.Position
	size fyne.Size
	pad  float32
}

// describe works out an item's key, the box it may draw in and whether
// it may draw anywhere in its clip (whole: shadows, shapes not compared).
func (p *painter) describe(it *DrawItem, scissor pixRect) (k drawKey, b box, whole, blur bool) {
	obj := it.Obj
	k.pos, k.size, k.scissor = it.Pos, obj.Size(), scissor
	b = box{pos: it.Pos, size: k.size, pad: 2}
	switch o := obj.(type) {
	case *canvas.Rectangle:
		k.kind = kindRect
		k.colors[0], k.colors[1] = rgba(o.FillColor), rgba(o.StrokeColor)
		k.values = [12]float32{o.StrokeWidth, o.CornerRadius, o.Aspect, o.TopLeftCornerRadius,
			o.TopRightCornerRadius, o.BottomLeftCornerRadius, o.BottomRightCornerRadius}
		b.pad += o.StrokeWidth
		if hasShadow(o.Shadow) {
			k.colors[2] = rgba(o.Shadow.Color)
			s := shadowValues(o.Shadow)
			copy(k.values[7:], s[:])
			whole = true
		}
	case *canvas.Text:
		k.kind = kindText
		k.colors[0] = rgba(o.Color)
		k.text, k.style = o.Text, o.TextStyle
		k.values[0], k.values[1] = o.TextSize, float32(o.Alignment)
		if o.FontSource != nil {
			k.text += "\x00" + o.FontSource.Name()
		}
		// Drawn at its measured size, aligned in its bounds (see
		// drawText), with room for italics and descenders.
		min := o.MinSize()
		drawnAt := it.Pos
		switch o.Alignment {
		case fyne.TextAlignTrailing:
			drawnAt.X += k.size.Width - min.Width
		case fyne.TextAlignCenter:
			drawnAt.X += (k.size.Width - min.Width) / 2
		}
		if k.size.Height > min.Height {
			drawnAt.Y += (k.size.Height - min.Height) / 2
		}
		b = box{pos: drawnAt, size: min, pad: min.Height/4 + 2} // a text draws only there
	case *canvas.Raster:
		k.kind = kindRaster
		k.values[0], k.values[1] = float32(o.Translucency), float32(o.ScaleMode)
		k.renewed = p.renewed(o)
	case *canvas.Image:
		k.kind = kindImage
		k.values = [12]float32{float32(o.Translucency), float32(o.FillMode), float32(o.ScaleMode), o.CornerRadius}
		k.text = o.File
		if o.Resource != nil {
			k.text += "\x00" + o.Resource.Name()
		}
		k.renewed = p.renewed(o)
		whole = o.FillMode == canvas.ImageFillOriginal
	case *canvas.Line:
		k.kind = kindLine
		k.colors[0] = rgba(o.StrokeColor)
		k.values = [12]float32{o.StrokeWidth, o.Position1.X, o.Position1.Y, o.Position2.X, o.Position2.Y}
		b.pad += o.StrokeWidth
	case *canvas.Circle:
		k.kind = kindCircle
		k.colors[0], k.colors[1] = rgba(o.FillColor), rgba(o.StrokeColor)
		k.values = [12]float32{o.StrokeWidth, o.Position1.X, o.Position1.Y, o.Position2.X, o.Position2.Y}
		b.pad += o.StrokeWidth
		if hasShadow(o.Shadow) {
			k.colors[2] = rgba(o.Shadow.Color)
			s := shadowValues(o.Shadow)
			copy(k.values[7:], s[:])
			whole = true
		}
	case *canvas.LinearGradient:
		k.kind = kindLinear
		k.colors[0], k.colors[1] = rgba(o.StartColor), rgba(o.EndColor)
		k.values[0] = float32(o.Angle)
		k.renewed = p.renewed(o)
	case *canvas.RadialGradient:
		k.kind = kindRadial
		k.colors[0], k.colors[1] = rgba(o.StartColor), rgba(o.EndColor)
		k.values[0], k.values[1] = float32(o.CenterOffsetX), float32(o.CenterOffsetY)
		k.renewed = p.renewed(o)
	case *canvas.Blur:
		blur = true
	default:
		k.kind = kindOther
		whole = true
	}
	return k, b, whole, blur
}

// scissorOf is the scissor box StartClipping sets for a clip, or the
// whole frame for none.
func (p *painter) scissorOf(clip *internal.ClipItem, fb pixRect) pixRect {
	if clip == nil {
		return fb
	}
	pos, size := clip.Rect()
	x := int32(p.textureScale(pos.X))
	y := int32(p.textureScale(p.canvas.Size().Height - pos.Y - size.Height))
	w := max(0, int32(p.textureScale(size.Width)))
	h := max(0, int32(p.textureScale(size.Height)))
	return pixRect{x, y, x + w, y + h}
}

// extent is the pixels an object at pos of size may touch, pad canvas
// units around it, limited to its scissor.
func extent(pos fyne.Position, size fyne.Size, pad float32, frame fyne.Size, fb, scissor pixRect) pixRect {
	if frame.Width <= 0 || frame.Height <= 0 {
		return pixRect{}
	}
	sx := float64(fb.x1) / float64(frame.Width)
	sy := float64(fb.y1) / float64(frame.Height)
	p := float64(pad)
	x0 := math.Floor((float64(pos.X)-p)*sx) - 1
	x1 := math.Ceil((float64(pos.X+size.Width)+p)*sx) + 1
	top := math.Floor((float64(pos.Y)-p)*sy) - 1
	bottom := math.Ceil((float64(pos.Y+size.Height)+p)*sy) + 1
	r := pixRect{
		x0: int32(max(-1, min(x0, float64(fb.x1)+1))),
		x1: int32(max(-1, min(x1, float64(fb.x1)+1))),
		y0: int32(max(-1, min(float64(fb.y1)-bottom, float64(fb.y1)+1))),
		y1: int32(max(-1, min(float64(fb.y1)-top, float64(fb.y1)+1))),
	}
	return r.intersect(scissor).intersect(fb)
}

// repaintCheck, from FYNE_REPAINT_CHECK=1, paints every frame whole as
// well and reports on standard error any pixel that differs from the
// partly repainted frame (a test hook, slow).
var repaintCheck = os.Getenv("FYNE_REPAINT_CHECK") == "1"

// PaintFrame paints the frame, again only where it changed when it can.
func (p *painter) PaintFrame(r *Repaint, items []DrawItem, frame fyne.Size, fbWidth, fbHeight int) {
	fb := pixRect{0, 0, int32(fbWidth), int32(fbHeight)}
	if frame.Width <= 0 || frame.Height <= 0 || fb.empty() {
		p.Clear()
		r.valid = false
		return
	}
	bg := rgba(theme.Color(theme.ColorNameBackground))
	full := !r.kept.kept(p, fbWidth, fbHeight) || !r.valid || r.w != fbWidth || r.h != fbHeight ||
		r.scale != p.pixScale || r.background != bg
	r.w, r.h, r.scale, r.background = fbWidth, fbHeight, p.pixScale, bg

	if r.next == nil {
		r.last, r.next = map[fyne.CanvasObject]drawn{}, map[fyne.CanvasObject]drawn{}
	}
	clear(r.next)
	r.damage = r.damage[:0]
	r.exts, r.scissors = r.exts[:0], r.scissors[:0]
	var before fyne.CanvasObject
	var lastClip *internal.ClipItem
	scissor := fb
	for i := range items {
		it := &items[i]
		if it.Clip != lastClip || i == 0 {
			lastClip, scissor = it.Clip, p.scissorOf(it.Clip, fb)
		}
		key, b, whole, blur := p.describe(it, scissor)
		if blur {
			full = true // a blur reads what is under it
		}
		ext := scissor.intersect(fb)
		if !whole {
			ext = extent(b.pos, b.size, b.pad, frame, fb, scissor)
		}
		if _, twice := r.next[it.Obj]; twice {
			full = true
		}
		r.exts, r.scissors = append(r.exts, ext), append(r.scissors, scissor)
		now := drawn{key: key, ext: ext, before: before}
		r.next[it.Obj] = now
		before = it.Obj
		if full {
			continue
		}
		old, ok := r.last[it.Obj]
		switch {
		case !ok || key.kind == kindOther || key.renewed:
			r.damage = append(r.damage, ext)
		case old != now:
			r.damage = append(r.damage, old.ext, ext)
		}
	}
	if !full {
		for obj, old := range r.last {
			if _, ok := r.next[obj]; !ok {
				r.damage = append(r.damage, old.ext)
			}
		}
		r.damage, r.scratch = mergeDamage(r.damage, r.scratch)
		var area int64
		for _, d := range r.damage {
			area += d.area()
		}
		// Painting most of the frame in parts costs more than at once.
		full = area*10 > fb.area()*6
	}
	r.last, r.next = r.next, r.last
	r.valid = true

	if full {
		p.paintAll(items, frame)
	} else {
		for _, d := range r.damage {
			p.paintPart(items, r.exts, r.scissors, frame, d)
		}
	}
	p.ctx.Disable(scissorTest)
	if repaintCheck && !full {
		r.check(p, items, frame, fb)
	}
	r.kept.leaveMark(p, fbWidth, fbHeight)
	p.logError()
}

// paintAll paints every item, as a canvas paint always did.
func (p *painter) paintAll(items []DrawItem, frame fyne.Size) {
	p.ctx.Disable(scissorTest)
	p.Clear()
	var clip *internal.ClipItem
	for i := range items {
		it := &items[i]
		if it.Clip != clip {
			clip = it.Clip
			if clip != nil {
				p.StartClipping(clip.Rect())
			} else {
				p.StopClipping()
			}
		}
		p.Paint(it.Obj, it.Pos, frame, it.Clip)
	}
}

// paintPart clears part d of the frame and draws in it every item that
// may touch it.
func (p *painter) paintPart(items []DrawItem, exts, scissors []pixRect, frame fyne.Size, d pixRect) {
	p.setScissor(d)
	p.ctx.Enable(scissorTest)
	p.Clear()
	current := d
	for i := range items {
		it := &items[i]
		if exts[i].intersect(d).empty() {
			continue
		}
		s := scissors[i].intersect(d)
		if s != current {
			current = s
			p.setScissor(s)
		}
		p.Paint(it.Obj, it.Pos, frame, it.Clip)
	}
}

func (p *painter) setScissor(r pixRect) {
	p.ctx.Scissor(r.x0, r.y0, max(0, r.x1-r.x0), max(0, r.y1-r.y0))
}

// mergeDamage joins overlapping parts, and parts whose joined box wastes
// little, so each pixel is painted once and there are few parts.
func mergeDamage(in, scratch []pixRect) (out, spare []pixRect) {
	out = scratch[:0]
	for _, d := range in {
		if !d.empty() {
			out = append(out, d)
		}
	}
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(out); i++ {
			for j := i + 1; j < len(out); j++ {
				u := out[i].union(out[j])
				if !out[i].intersect(out[j]).empty() || u.area() <= out[i].area()+out[j].area()+1024 {
					out[i] = u
					out[j] = out[len(out)-1]
					out = out[:len(out)-1]
					merged = true
					j = i
				}
			}
		}
	}
	// Many small parts cost a pass over the items each: join the pair
	// that wastes least until there are few.
	for len(out) > 16 {
		bi, bj, best := 0, 1, int64(math.MaxInt64)
		for i := range out {
			for j := i + 1; j < len(out); j++ {
				if w := out[i].union(out[j]).area() - out[i].area() - out[j].area(); w < best {
					bi, bj, best = i, j, w
				}
			}
		}
		out[bi] = out[bi].union(out[bj])
		out[bj] = out[len(out)-1]
		out = out[:len(out)-1]
	}
	return out, in[:0]
}

// check paints the frame whole over the partly repainted one and reports
// the pixels that differ.
func (r *Repaint) check(p *painter, items []DrawItem, frame fyne.Size, fb pixRect) {
	n := int(fb.area()) * 4
	if cap(r.checkA) < n {
		r.checkA, r.checkB = make([]uint8, n), make([]uint8, n)
	}
	a, b := r.checkA[:n], r.checkB[:n]
	p.ctx.ReadPixels(0, 0, int(fb.x1), int(fb.y1), colorFormatRGBA, unsignedByte, a)
	p.paintAll(items, frame)
	p.ctx.Disable(scissorTest)
	p.ctx.ReadPixels(0, 0, int(fb.x1), int(fb.y1), colorFormatRGBA, unsignedByte, b)
	diff, first := 0, -1
	for i := 4; i < n; i += 4 { // pixel 0 holds the frame count
		if a[i] != b[i] || a[i+1] != b[i+1] || a[i+2] != b[i+2] {
			diff++
			if first < 0 {
				first = i / 4
			}
		}
	}
	var area int64
	for _, d := range r.damage {
		area += d.area()
	}
	if diff == 0 {
		fmt.Fprintf(os.Stderr, "fyne repaint check: same pixels (%d parts, %.1f%% of the frame): %v\n", len(r.damage), 100*float64(area)/float64(fb.area()), r.damage)
		return
	}
	x, y := first%int(fb.x1), int(fb.y1)-1-first/int(fb.x1)
	fmt.Fprintf(os.Stderr, "fyne repaint check: %d pixels differ, the first at (%d, %d) from the top left; parts %v\n", diff, x, y, r.damage)
}
