package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// kvLayout lays out key/value pairs (objects alternate key, value) in two
// columns with no gap between rows: the labels' own padding spaces them. A
// pair whose key is hidden takes no room.
// The key column is as wide as the widest key, up to maxKey; values get
// the rest and wrap.
type kvLayout struct{ maxKey float32 }

func (l kvLayout) keyWidth(objs []fyne.CanvasObject) float32 {
	w := float32(0)
	for i := 0; i+1 < len(objs); i += 2 {
		if objs[i].Visible() {
			w = max(w, fullWidth(objs[i]))
		}
	}
	return min(w, l.maxKey)
}

// Layout is part of fyne.Layout.
func (l kvLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	kw := l.keyWidth(objs)
	y := float32(0)
	for i := 0; i+1 < len(objs); i += 2 {
		k, v := objs[i], objs[i+1]
		if !k.Visible() {
			continue // a row the section does not use now
		}
		// A wrapping value's height depends on its width: size it
		// first, then ask.
		v.Resize(fyne.NewSize(size.Width-kw, v.MinSize().Height))
		h := max(k.MinSize().Height, v.MinSize().Height)
		k.Move(fyne.NewPos(0, y))
		k.Resize(fyne.NewSize(kw, h))
		v.Move(fyne.NewPos(kw, y))
		v.Resize(fyne.NewSize(size.Width-kw, h))
		y += h
	}
}

// MinSize is part of fyne.Layout.
func (l kvLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	kw := l.keyWidth(objs)
	var w, h float32
	for i := 0; i+1 < len(objs); i += 2 {
		if !objs[i].Visible() {
			continue
		}
		k, v := objs[i].MinSize(), objs[i+1].MinSize()
		w = max(w, kw+v.Width)
		h += max(k.Height, v.Height)
	}
	return fyne.NewSize(w, h)
}

// fullWidth is the width o needs to show all its text: a truncating
// label's MinSize is only its ellipsis.
func fullWidth(o fyne.CanvasObject) float32 {
	l, ok := o.(*widget.Label)
	if !ok || l.Truncation == fyne.TextTruncateOff {
		return o.MinSize().Width
	}
	pad := theme.SizeForWidget(theme.SizeNameInnerPadding, l)
	size := theme.SizeForWidget(theme.SizeNameText, l)
	// The label pads its rich text, which pads its text again.
	return fyne.MeasureText(l.Text, size, l.TextStyle).Width + 4*pad
}
