package gl

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

func TestMergeDamageJoinsOverlapsAndKeepsDistantParts(t *testing.T) {
	in := []pixRect{
		{0, 0, 10, 10}, {5, 5, 20, 20}, // overlap: one part
		{500, 500, 510, 510}, // far away: its own part
		{30, 30, 30, 40},     // empty: dropped
	}
	out, _ := mergeDamage(in, nil)
	if len(out) != 2 {
		t.Fatalf("parts = %v, want 2", out)
	}
	if out[0] != (pixRect{0, 0, 20, 20}) && out[1] != (pixRect{0, 0, 20, 20}) {
		t.Errorf("parts = %v, want the overlapping two joined as {0 0 20 20}", out)
	}
}

func TestMergeDamageKeepsFewParts(t *testing.T) {
	var in []pixRect
	for i := int32(0); i < 40; i++ {
		in = append(in, pixRect{i * 100, 0, i*100 + 10, 10})
	}
	out, _ := mergeDamage(in, nil)
	if len(out) > 16 {
		t.Fatalf("%d parts, want at most 16", len(out))
	}
	// Every damaged pixel is still inside a part.
	for _, d := range in {
		covered := false
		for _, o := range out {
			if o.intersect(d) == d {
				covered = true
			}
		}
		if !covered {
			t.Errorf("%v is in no part of %v", d, out)
		}
	}
}

func TestExtentIsPaddedAndLimitedToTheScissor(t *testing.T) {
	fb := pixRect{0, 0, 200, 100}
	frame := fyne.NewSize(200, 100)
	// A 10x10 object at (20, 30) from the top left, padded by 2: in GL's
	// orientation y runs from 100-30-10-2 up to 100-30+2, plus a pixel.
	got := extent(fyne.NewPos(20, 30), fyne.NewSize(10, 10), 2, frame, fb, fb)
	want := pixRect{17, 57, 33, 73}
	if got != want {
		t.Errorf("extent = %v, want %v", got, want)
	}
	clip := pixRect{0, 0, 25, 100}
	if got := extent(fyne.NewPos(20, 30), fyne.NewSize(10, 10), 2, frame, fb, clip); got.x1 != 25 {
		t.Errorf("clipped extent = %v, want it to end at the clip (x 25)", got)
	}
}

func TestDescribeSeesWhatShows(t *testing.T) {
	p := &painter{pixScale: 1, texScale: 1}
	r := canvas.NewRectangle(color.NRGBA{R: 10, A: 255})
	r.Resize(fyne.NewSize(10, 10))
	it := &DrawItem{Obj: r, Pos: fyne.NewPos(1, 1)}
	k1, _, _, _ := p.describe(it, pixRect{})
	k2, _, _, _ := p.describe(it, pixRect{})
	if k1 != k2 {
		t.Fatal("the same rectangle described twice differs")
	}
	r.FillColor = color.NRGBA{G: 10, A: 255}
	if k3, _, _, _ := p.describe(it, pixRect{}); k3 == k1 {
		t.Error("a new fill colour is not seen")
	}
	it.Pos = fyne.NewPos(2, 1)
	if k4, _, _, _ := p.describe(it, pixRect{}); k4.pos == k1.pos {
		t.Error("a move is not seen")
	}
	r.Shadow = canvas.Shadow{Color: color.Black, BlurRadius: 4}
	if _, _, whole, _ := p.describe(it, pixRect{}); !whole {
		t.Error("a shadow may draw anywhere in the clip, but describe bounds it")
	}
}
