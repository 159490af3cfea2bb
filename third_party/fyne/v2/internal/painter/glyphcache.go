package painter

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/font/opentype"
	"github.com/go-text/typesetting/shaping"
	"golang.org/x/image/vector"
)

// Rasterising a string used to fetch and scale every glyph's outline and
// fill the whole string's coverage afresh: a window whose readings change
// every second spent most of its text time (and most of its garbage) on
// glyphs it had drawn the second before. The cache keeps each glyph's
// coverage mask per face, size and quarter-pixel position, so a changed
// string is drawn by compositing masks.

// glyphSubpixels is how many horizontal positions per pixel a glyph is
// rasterised at; pen positions are rounded to the nearest.
const glyphSubpixels = 4

// maxCachedGlyphs bounds the cache (about 300 bytes a glyph); when it is
// full it starts again, which also lets go of faces no longer used.
const maxCachedGlyphs = 4096

type glyphKey struct {
	face *font.Face
	gid  font.GID
	size float32 // pixels per em
	sub  uint8   // horizontal sub-pixel position, in 1/glyphSubpixels
}

type glyphMask struct {
	mask   *image.Alpha // nil for a glyph with no outline (a space)
	offset image.Point  // of the mask's top left from the pen's whole pixel
}

var glyphs = struct {
	sync.Mutex
	masks  map[glyphKey]glyphMask
	raster vector.Rasterizer
}{masks: make(map[glyphKey]glyphMask)}

// drawCachedRun draws a shaped run's glyphs at the pen position (x, y) the
// way render.Renderer.DrawShapedRunAt does, from cached masks. It reports
// false, having drawn nothing, when a glyph is not an outline (a bitmap or
// SVG emoji): the caller then uses the renderer.
func drawCachedRun(run shaping.Output, dst draw.Image, x, y float32, col color.Color, fontSize, pixScale float32) bool {
	if pixScale == 0 {
		pixScale = 1
	}
	size := fontSize * pixScale
	scale := size / float32(run.Face.Upem())
	src := image.NewUniform(col)

	glyphs.Lock()
	defer glyphs.Unlock()
	if len(glyphs.masks) >= maxCachedGlyphs {
		clear(glyphs.masks)
	}
	for _, g := range run.Glyphs {
		if glyphCached(run.Face, g.GlyphID, size) {
			continue
		}
		if _, ok := run.Face.GlyphData(g.GlyphID).(font.GlyphOutline); !ok {
			return false
		}
	}
	for _, g := range run.Glyphs {
		gx := x + fixed266ToFloat32(g.XOffset)*pixScale
		gy := y - fixed266ToFloat32(g.YOffset)*pixScale
		x += fixed266ToFloat32(g.Advance) * pixScale

		whole := float32(math.Floor(float64(gx)))
		sub := int(math.Round(float64((gx - whole) * glyphSubpixels)))
		if sub == glyphSubpixels {
			whole++
			sub = 0
		}
		wholeY := float32(math.Round(float64(gy)))
		key := glyphKey{face: run.Face, gid: g.GlyphID, size: size, sub: uint8(sub)}
		m, ok := glyphs.masks[key]
		if !ok {
			m = rasterGlyph(run.Face, g.GlyphID, scale, float32(sub)/glyphSubpixels)
			glyphs.masks[key] = m
		}
		if m.mask == nil {
			continue
		}
		at := image.Pt(int(whole), int(wholeY)).Add(m.offset)
		r := m.mask.Rect.Sub(m.mask.Rect.Min).Add(at)
		draw.DrawMask(dst, r, src, image.Point{}, m.mask, m.mask.Rect.Min, draw.Over)
	}
	return true
}

// glyphCached says whether any sub-pixel position of the glyph is cached
// (only outlines are), saving the outline lookup for glyphs already seen.
func glyphCached(face *font.Face, gid font.GID, size float32) bool {
	for sub := uint8(0); sub < glyphSubpixels; sub++ {
		if _, ok := glyphs.masks[glyphKey{face: face, gid: gid, size: size, sub: sub}]; ok {
			return true
		}
	}
	return false
}

// rasterGlyph fills a glyph's outline, scaled from font units and shifted
// right by dx pixels, into a mask just big enough for it.
func rasterGlyph(face *font.Face, gid font.GID, scale, dx float32) glyphMask {
	outline, ok := face.GlyphData(gid).(font.GlyphOutline)
	if !ok || len(outline.Segments) == 0 {
		return glyphMask{}
	}
	minX, minY := float32(math.Inf(1)), float32(math.Inf(1))
	maxX, maxY := float32(math.Inf(-1)), float32(math.Inf(-1))
	for _, s := range outline.Segments {
		for _, p := range s.ArgsSlice() {
			px, py := p.X*scale+dx, -p.Y*scale
			minX, maxX = min(minX, px), max(maxX, px)
			minY, maxY = min(minY, py), max(maxY, py)
		}
	}
	x0, y0 := int(math.Floor(float64(minX))), int(math.Floor(float64(minY)))
	x1, y1 := int(math.Ceil(float64(maxX))), int(math.Ceil(float64(maxY)))
	w, h := x1-x0, y1-y0
	if w <= 0 || h <= 0 {
		return glyphMask{}
	}
	ox, oy := float32(x0), float32(y0)
	pt := func(p opentype.SegmentPoint) (float32, float32) { return p.X*scale + dx - ox, -p.Y*scale - oy }

	r := &glyphs.raster
	r.Reset(w, h)
	for _, s := range outline.Segments {
		switch s.Op {
		case opentype.SegmentOpMoveTo:
			r.MoveTo(pt(s.Args[0]))
		case opentype.SegmentOpLineTo:
			r.LineTo(pt(s.Args[0]))
		case opentype.SegmentOpQuadTo:
			bx, by := pt(s.Args[0])
			cx, cy := pt(s.Args[1])
			r.QuadTo(bx, by, cx, cy)
		case opentype.SegmentOpCubeTo:
			bx, by := pt(s.Args[0])
			cx, cy := pt(s.Args[1])
			dx, dy := pt(s.Args[2])
			r.CubeTo(bx, by, cx, cy, dx, dy)
		}
	}
	r.ClosePath()
	mask := image.NewAlpha(image.Rect(0, 0, w, h))
	r.Draw(mask, mask.Bounds(), image.Opaque, image.Point{})
	return glyphMask{mask: mask, offset: image.Pt(x0, y0)}
}
