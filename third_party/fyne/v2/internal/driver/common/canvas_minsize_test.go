package common

import (
	"image/color"
	"testing"

	"github.com/stretchr/testify/assert"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/test"
)

// minSizeCanvas is the least a Canvas needs for EnsureMinSize.
type minSizeCanvas struct {
	fyne.Canvas
	content fyne.CanvasObject
}

func (m *minSizeCanvas) Content() fyne.CanvasObject { return m.content }
func (m *minSizeCanvas) Size() fyne.Size            { return m.content.Size() }
func (m *minSizeCanvas) MinSize() fyne.Size         { return m.content.MinSize() }
func (m *minSizeCanvas) Resize(s fyne.Size)         { m.content.Resize(s) }
func (m *minSizeCanvas) Scale() float32             { return 1 }

// countingLayout is a VBox that counts its layouts; fixed, when set, is its
// MinSize whatever its children need.
type countingLayout struct {
	layouts int
	fixed   fyne.Size
}

func (l *countingLayout) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	l.layouts++
	layout.NewVBoxLayout().Layout(objs, s)
}

func (l *countingLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if !l.fixed.IsZero() {
		return l.fixed
	}
	return layout.NewVBoxLayout().MinSize(objs)
}

// Two children change in one pass: the first one's container grows (its
// parent must be laid out again, though the parent's own MinSize stays),
// the second one's does not. Fyne kept one "parent needing update" and the
// second change made it forget the first.
func TestEnsureMinSize_LaysOutEveryParentWhoseChildChanged(t *testing.T) {
	test.NewTempApp(t)
	grows := canvas.NewRectangle(color.Black)
	grows.SetMinSize(fyne.NewSize(10, 10))
	inner := canvas.NewRectangle(color.Black)
	inner.SetMinSize(fyne.NewSize(10, 10))
	first := &countingLayout{}
	second := &countingLayout{fixed: fyne.NewSize(50, 50)}
	root := &countingLayout{fixed: fyne.NewSize(200, 200)} // its own size does not change
	c1 := box(first, grows)
	c2 := box(second, inner)
	content := box(&countingLayout{fixed: fyne.NewSize(300, 300)}, box(root, c1, c2))
	content.Resize(fyne.NewSize(300, 300))

	c := &Canvas{}
	c.Initialize(&minSizeCanvas{content: content}, func() {})
	c.SetContentTreeAndFocusMgr(content)
	c.EnsureMinSize() // records every node's MinSize
	root.layouts = 0

	grows.SetMinSize(fyne.NewSize(10, 30))
	inner.SetMinSize(fyne.NewSize(10, 20))
	c.EnsureMinSize()

	assert.Equal(t, 1, root.layouts, "the root was not laid out after its first child grew")
	assert.Equal(t, float32(30), c1.Size().Height, "the grown child kept its old height")
}

// EnsureMinSize asks each object for its MinSize once: a container's
// MinSize is not worked out again for every ancestor.
func TestEnsureMinSize_MeasuresEachContainerOnce(t *testing.T) {
	test.NewTempApp(t)
	leaf := &measuredRect{Rectangle: canvas.NewRectangle(color.Black)}
	leaf.SetMinSize(fyne.NewSize(5, 5))
	var obj fyne.CanvasObject = leaf
	for range 8 {
		obj = box(&countingLayout{}, obj)
	}
	obj.Resize(fyne.NewSize(100, 100))
	c := &Canvas{}
	c.Initialize(&minSizeCanvas{content: obj}, func() {})
	c.SetContentTreeAndFocusMgr(obj)
	c.EnsureMinSize()
	leaf.calls = 0
	c.EnsureMinSize()
	assert.Equal(t, 2, leaf.calls, "a leaf under 8 containers is measured once for the window and once for itself")
}

type measuredRect struct {
	*canvas.Rectangle
	calls int
}

func (m *measuredRect) MinSize() fyne.Size {
	m.calls++
	return m.Rectangle.MinSize()
}

func box(l fyne.Layout, objs ...fyne.CanvasObject) *fyne.Container {
	return &fyne.Container{Layout: l, Objects: objs}
}
