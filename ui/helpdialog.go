package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// showHelp opens the explanation of the counters; onClosed runs when it
// closes by its button. The returned value closes it (Escape).
func showHelp(w fyne.Window, onClosed func()) interface{ Hide() } {
	text := widget.NewLabel(helpText)
	text.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustom("What gtm measures", "Close", text, w)
	d.SetOnClosed(onClosed)
	d.Resize(fyne.NewSize(640, 420))
	d.Show()
	return d
}

const helpText = `Measured: read from the driver or the OS (VRAM, GPU %, clocks, temperature, power). Inferred (*): a size whose owner was matched by evidence. Guessed (?): an owner picked by a heuristic. Estimated: computed from a model file's header. Reported: what a runtime's log or API said. n/a: no reading — never the same as 0.

A library, a mapped file or a file name proves presence, not that anything is resident on the GPU.
Memory activity is the driver's memory-controller activity, not bandwidth.
Spill and Paged are Windows counters; on Linux they stay blank.`
