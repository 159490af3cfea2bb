package tray

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
)

// IconSize is the tray icon's side in pixels; hosts scale it down.
const IconSize = 64

// Level colours: readable on light and dark panels alike.
var levelColors = map[Level]color.NRGBA{
	LevelUnknown:  {0x9e, 0x9e, 0x9e, 0xff},
	LevelNormal:   {0x43, 0xa0, 0x47, 0xff},
	LevelHigh:     {0xff, 0xa0, 0x00, 0xff},
	LevelCritical: {0xe5, 0x39, 0x35, 0xff},
}

var (
	outline = color.NRGBA{0x26, 0x32, 0x38, 0xff}
	cavity  = color.NRGBA{0xec, 0xef, 0xf1, 0xff}
)

// DrawIcon draws the tray glyph: a graphics card whose memory bay fills
// from the left with the VRAM percentage, in the level's colour. An
// unknown reading draws an empty grey card with a dash, never a 0 % bar.
func DrawIcon(k IconKey) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, IconSize, IconSize))
	fill := func(r image.Rectangle, c color.Color) {
		draw.Draw(img, r, &image.Uniform{c}, image.Point{}, draw.Src)
	}
	level := k.Level
	if !k.Known {
		level = LevelUnknown
	}
	col := levelColors[level]

	// Card body with a dark outline, and the bracket on its left.
	fill(image.Rect(2, 10, 62, 50), outline)
	fill(image.Rect(0, 6, 4, 58), outline)
	// Edge connector (the "gold fingers") below the body.
	for x := 14; x < 50; x += 6 {
		fill(image.Rect(x, 50, x+4, 57), outline)
	}
	// Memory bay: light cavity, filled from the left by use.
	bay := image.Rect(7, 15, 57, 45)
	fill(bay, cavity)
	if k.Known {
		p := min(max(k.Percent, 0), 100)
		w := (bay.Dx()*p + 50) / 100
		if p > 0 && w == 0 {
			w = 1 // any use at all shows
		}
		fill(image.Rect(bay.Min.X, bay.Min.Y, bay.Min.X+w, bay.Max.Y), col)
	} else {
		fill(image.Rect(20, 28, 44, 32), col)
	}
	// A coloured strip along the top edge keeps the level visible even
	// when the bay is nearly empty.
	fill(image.Rect(7, 11, 57, 13), col)
	return img
}

// IconPNG is DrawIcon encoded as PNG, the form tray hosts take.
func IconPNG(k IconKey) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, DrawIcon(k)); err != nil {
		panic(err) // encoding an in-memory NRGBA cannot fail
	}
	return b.Bytes()
}
