package painter

import (
	"testing"

	"github.com/go-text/typesetting/fontscan"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// parsed reports whether res's font has been parsed (its tables are kept).
func parsed(res fyne.Resource) bool {
	c := res.Content()
	_, ok := parsedFonts.Load(fontBytes{first: &c[0], n: len(c)})
	return ok
}

// TestFallbackParsedOnlyForItsRunes: a fallback font is parsed only for a
// rune its character map has, and the fallbacks keep their order.
func TestFallbackParsedOnlyForItsRunes(t *testing.T) {
	emoji, symbol := theme.DefaultEmojiFont(), theme.DefaultSymbolFont()
	if emoji == nil {
		t.Skip("built with -tags no_emoji")
	}
	ClearFontCache()
	defer ClearFontCache()
	newFaces := func() *dynamicFontMap {
		d := lookupFaces(theme.DefaultTextFont(), theme.DefaultTextFont(), []fyne.Resource{emoji, symbol},
			fontscan.SansSerif, fyne.TextStyle{})
		d.langPending = false // no system font in a test
		return d
	}

	d := newFaces()
	f := d.ResolveFace('↓') // the symbol font's, not the emoji font's
	if parsed(emoji) {
		t.Error("the emoji font was parsed for an arrow it does not have")
	}
	if !parsed(symbol) || f != d.fallbacks[1].face {
		t.Fatalf("'↓' did not resolve to the symbol font")
	}
	if f := d.ResolveFace('😀'); !parsed(emoji) || f != d.fallbacks[0].face {
		t.Fatalf("'😀' did not resolve to the emoji font")
	}

	// A rune both fallbacks have resolves to the first, as when every
	// fallback was parsed up front.
	both := rune(0)
	for r := rune(0x2190); r < 0x2800 && both == 0; r++ {
		_, inEmoji := d.fallbacks[0].face.NominalGlyph(r)
		_, inSymbol := d.fallbacks[1].face.NominalGlyph(r)
		if inEmoji && inSymbol {
			both = r
		}
	}
	if both == 0 {
		t.Fatal("no rune found in both fallback fonts")
	}
	ClearFontCache()
	d = newFaces()
	if d.ResolveFace('↓'); !parsed(symbol) || parsed(emoji) {
		t.Fatal("'↓' should parse the symbol font alone")
	}
	if f := d.ResolveFace(both); f != d.fallbacks[0].face {
		t.Errorf("%q resolved to the second fallback; the first has it", both)
	}
}
