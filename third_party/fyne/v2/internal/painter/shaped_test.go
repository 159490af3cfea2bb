package painter

import (
	"image"
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"github.com/go-text/typesetting/font"
)

// textFaces is a face map of the bundled text font alone.
func textFaces(t testing.TB) *dynamicFontMap {
	f := loadMeasureFont(theme.DefaultTextFont())
	if f == nil {
		t.Fatal("bundled font did not load")
	}
	return &dynamicFontMap{faces: []*font.Face{f}}
}

// A string measured and then drawn is shaped once, and draws the same
// pixels as when it is shaped for the drawing.
func TestWalkStringReusesShaping(t *testing.T) {
	const s = "7.24 GiB · measured"
	var faces *dynamicFontMap
	draw := func() *image.RGBA {
		img := image.NewRGBA(image.Rect(0, 0, 200, 30))
		DrawStringCached(img, s, color.White, faces, 14, 1, fyne.TextStyle{}, 0)
		return img
	}
	faces = textFaces(t)
	fresh := draw()
	faces = textFaces(t) // a new face map: nothing kept for it

	before := shapeCalls
	size, _ := MeasureString(faces, s, 14, fyne.TextStyle{})
	if shapeCalls == before {
		t.Fatal("measuring shaped nothing")
	}
	measured := shapeCalls
	again := draw()
	if shapeCalls != measured {
		t.Errorf("drawing a measured string shaped it again (%d shapes)", shapeCalls-measured)
	}
	if string(again.Pix) != string(fresh.Pix) {
		t.Error("a string drawn from the measurement's shaping differs from one shaped to draw")
	}
	if size2, _ := MeasureString(faces, s, 14, fyne.TextStyle{}); size2 != size {
		t.Errorf("size from the kept shaping %v, shaped %v", size2, size)
	}
	// Other sizes and styles are shaped on their own.
	MeasureString(faces, s, 15, fyne.TextStyle{})
	if shapeCalls == measured {
		t.Error("another size reused the shaping")
	}
}

func TestShapedStringsBounded(t *testing.T) {
	faces := textFaces(t)
	for i := 0; i < 3*maxShapedStrings; i++ {
		MeasureString(faces, string(rune('a'+i%26))+string(rune('A'+i/26%26))+"x", 14, fyne.TextStyle{})
	}
	runBufferMut.Lock()
	n, order := len(shapedStrings), len(shapedOrder)
	runBufferMut.Unlock()
	if n > maxShapedStrings || order != n {
		t.Errorf("kept %d shaped strings (%d in order), at most %d", n, order, maxShapedStrings)
	}
}
