package canvas_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
)

// Text keeps its last measured size; each property the size depends on
// must measure it again.
func TestText_MinSizeFollowsChanges(t *testing.T) {
	test.NewTempApp(t)
	txt := canvas.NewText("1", nil)
	measure := func() fyne.Size {
		s, _ := fyne.CurrentApp().Driver().RenderedTextSize(txt.Text, txt.TextSize, txt.TextStyle, txt.FontSource)
		return s
	}
	assert.Equal(t, measure(), txt.MinSize())
	first, size0 := txt.MinSize(), txt.TextSize
	for _, change := range []func(){
		func() { txt.Text = "1234567" },
		func() { txt.TextSize = 31 },
		func() { txt.TextStyle = fyne.TextStyle{Bold: true} },
		func() { txt.Text, txt.TextSize, txt.TextStyle, txt.FontSource = "1", size0, fyne.TextStyle{}, nil },
	} {
		change()
		assert.Equal(t, measure(), txt.MinSize())
	}
	assert.Equal(t, first, txt.MinSize())
}
