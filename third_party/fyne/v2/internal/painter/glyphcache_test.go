package painter

import (
	"image"
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
)

// drawBoth draws s with the renderer and from the glyph cache, each on its
// own white image.
func drawBoth(t *testing.T, s string, size, scale float32, style fyne.TextStyle, offset int) (plain, cached *image.NRGBA) {
	t.Helper()
	face := CachedFontFace(style, nil, nil)
	plain = image.NewNRGBA(image.Rect(0, 0, 400, 80))
	cached = image.NewNRGBA(plain.Rect)
	for _, img := range []*image.NRGBA{plain, cached} {
		for i := range img.Pix {
			img.Pix[i] = 255
		}
	}
	ink := color.NRGBA{R: 20, G: 40, B: 200, A: 255}
	DrawStringOffset(plain, s, ink, face.Fonts, size, scale, style, offset)
	DrawStringCached(cached, s, ink, face.Fonts, size, scale, style, offset)
	return plain, cached
}

// inked counts the pixels that are not white.
func inked(img *image.NRGBA) int {
	n := 0
	for i := 0; i < len(img.Pix); i += 4 {
		if img.Pix[i] != 255 || img.Pix[i+1] != 255 || img.Pix[i+2] != 255 {
			n++
		}
	}
	return n
}

func TestDrawStringCachedLooksLikeRenderer(t *testing.T) {
	for name, tt := range map[string]struct {
		s      string
		size   float32
		scale  float32
		style  fyne.TextStyle
		offset int
	}{
		"regular":     {"410.0 MiB · 27 W / 450 W", 14, 1, fyne.TextStyle{}, 0},
		"bold scaled": {"GPU 0 · NVIDIA GeForce RTX 4090", 16, 1.5, fyne.TextStyle{Bold: true}, 0},
		"italic":      {"Hello, world!", 20, 1, fyne.TextStyle{Italic: true}, 0},
		"offset":      {"a clipped text that starts off the left", 14, 1, fyne.TextStyle{}, 30},
	} {
		t.Run(name, func(t *testing.T) {
			plain, cached := drawBoth(t, tt.s, tt.size, tt.scale, tt.style, tt.offset)
			if inked(plain) == 0 {
				t.Fatal("the renderer drew nothing")
			}
			// Glyphs sit within an eighth of a pixel of the renderer's: the
			// same ink, in the same place, differing only at anti-aliased
			// edges (a glyph a pixel off would differ by up to 255 levels).
			far := 0
			for i := range plain.Pix {
				if d := int(plain.Pix[i]) - int(cached.Pix[i]); d > 96 || d < -96 {
					far++
				}
			}
			if far > 0 {
				t.Errorf("%d channel values differ by more than 96 of 255", far)
			}
			inkP, xP, yP := ink(plain)
			inkC, xC, yC := ink(cached)
			if r := inkC / inkP; r < 0.98 || r > 1.02 {
				t.Errorf("cached text has %.3f times the renderer's ink", r)
			}
			if dx, dy := xC-xP, yC-yP; dx < -0.125 || dx > 0.125 || dy < -0.125 || dy > 0.125 {
				t.Errorf("cached text's ink is centred (%+.3f, %+.3f) px from the renderer's", dx, dy)
			}
		})
	}
}

// ink sums how far each pixel's blue-free channels are from white, and
// where that ink's centre is.
func ink(img *image.NRGBA) (total, cx, cy float64) {
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
			i := img.PixOffset(x, y)
			v := float64(255-int(img.Pix[i])) + float64(255-int(img.Pix[i+1]))
			total += v
			cx += v * float64(x)
			cy += v * float64(y)
		}
	}
	return total, cx / total, cy / total
}

func TestDrawStringCachedReusesGlyphs(t *testing.T) {
	glyphs.Lock()
	clear(glyphs.masks)
	glyphs.Unlock()
	face := CachedFontFace(fyne.TextStyle{}, nil, nil)
	img := image.NewNRGBA(image.Rect(0, 0, 200, 40))

	DrawStringCached(img, "0123456789", color.Black, face.Fonts, 14, 1, fyne.TextStyle{}, 0)
	glyphs.Lock()
	first := len(glyphs.masks)
	glyphs.Unlock()
	if first == 0 {
		t.Fatal("nothing was cached")
	}
	DrawStringCached(img, "0123456789", color.Black, face.Fonts, 14, 1, fyne.TextStyle{}, 0)
	glyphs.Lock()
	again := len(glyphs.masks)
	glyphs.Unlock()
	if again != first {
		t.Errorf("drawing the same string again cached %d more glyphs", again-first)
	}
	DrawStringCached(img, "0123456789", color.Black, face.Fonts, 15, 1, fyne.TextStyle{}, 0)
	glyphs.Lock()
	other := len(glyphs.masks)
	glyphs.Unlock()
	if other <= again {
		t.Error("another size reused the first size's glyphs")
	}
}

func TestGlyphCacheIsBounded(t *testing.T) {
	face := CachedFontFace(fyne.TextStyle{}, nil, nil)
	img := image.NewNRGBA(image.Rect(0, 0, 200, 40))
	for size := float32(8); size < 8+float32(maxCachedGlyphs)/8; size += 0.25 {
		DrawStringCached(img, "abcdefghij", color.Black, face.Fonts, size, 1, fyne.TextStyle{}, 0)
	}
	glyphs.Lock()
	n := len(glyphs.masks)
	glyphs.Unlock()
	if n > maxCachedGlyphs+64 {
		t.Errorf("%d glyphs cached, want at most about %d", n, maxCachedGlyphs)
	}
}

func BenchmarkDrawString(b *testing.B) {
	face := CachedFontFace(fyne.TextStyle{}, nil, nil)
	img := image.NewRGBA(image.Rect(0, 0, 200, 24)) // as the GL painter's text textures
	texts := []string{"410.0 MiB", "27 W / 450 W", "210 · 405 · 1185 MHz", "1.6 MiB/s / 805.0 KiB/s"}
	for _, draw := range []struct {
		name string
		fn   func(int)
	}{
		{"renderer", func(i int) {
			DrawStringOffset(img, texts[i%len(texts)], color.White, face.Fonts, 14, 1, fyne.TextStyle{}, 0)
		}},
		{"cached", func(i int) {
			DrawStringCached(img, texts[i%len(texts)], color.White, face.Fonts, 14, 1, fyne.TextStyle{}, 0)
		}},
	} {
		b.Run(draw.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				draw.fn(i)
			}
		})
	}
}
