package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// HelpMarkdown explains what gtm's numbers are and what they cannot
// tell. It is the text of the help dialog (ShowHelp).
const HelpMarkdown = `## How sure is each number?

gtm never reads GPU memory. It puts together what the driver and the operating system count with
evidence about each process, and every number says which kind it is:

- **measured**: a driver or OS counter (NVML, /proc, Windows GPU counters). Totals add these only.
- **inferred** (marked ` + "`*`" + `): a measured size whose *owner* was matched by evidence, for example a WSL
  virtual machine's memory tied to the Linux process that holds the model. Shown and sorted, never added into a total.
- **guessed** (marked ` + "`?`" + `): an owner chosen among several candidates by weaker evidence. Treat it as a lead.
- **estimated**: arithmetic from a model file's header (weights, KV cache for the context size in use).
- **reported**: what a runtime says about itself: a llama.cpp load log, a server's API (slots, n_ctx, tokens/s).
- **n/a**: nothing could be read. Unknown is never shown as 0; a measured 0 is shown as 0.

## Presence is not residency

A loaded library (libcuda, ggml-cuda, a Direct3D DLL) proves the process *can* use the GPU, not that it
does. A mapped model file or a -m argument proves the file is *there*, not that its tensors sit in VRAM.
A model is **confirmed** when two sources agree and one of them is the server's API or the file mapped
into the process; a **candidate** was only found among installed files and nothing proves it is loaded.

## How can it know what's inside?

- *How full and busy is the card?* Device counters from the driver: measured.
- *Which process holds memory?* The driver's per-process accounting: measured, but it is bookkeeping,
  not a map of who owns which buffer.
- *Which runtime?* The libraries mapped into the process: presence only.
- *Which model?* Mapped files, launch arguments, model stores (for friendly names) and server APIs.
- *Weights, KV cache, compute buffers?* Load logs and server state (reported) or header math (estimated).
  What the measured size holds beyond these parts is shown as **other / unknown**, so an estimate never
  hides a gap; when the parts add up to more than the measurement, gtm says so instead of showing a negative.
- *Which tensor, texture or kernel?* Not visible from outside the process: use Nsight, PIX or the runtime's
  own instrumentation.

## DWM and double counting (Windows)

Windows charges memory shared between processes to each of them: one window surface can appear against
its application, csrss.exe and dwm.exe at once. Adding those rows counts it several times, so DWM can look
like it holds most of the card. gtm prefers the Local / Non-local usage counters, which share less, and keeps
the adapter's total as the reference. When the rows still add up to more than the card, the category bar is
scaled to fit, says so, and its legend keeps the raw values.

## Trend

The Trend column is an **inference** over each process's measured VRAM of the last 10 minutes (a robust
slope, Theil–Sen): *steady*; *warm-up* (memory rose in a few steps, or rose and levelled: an allocator
reserving its pool, a model loading); a rate such as *+1.17 GiB/min* for **steady growth**: rising for 45 s
or more, spread over many readings and still rising: a leak suspect; *release*. It says n/a under 30 s of
readings. Under the VRAM bar, gtm says when the card would be full at a steady growth's rate (within an
hour), and a dashed line on the VRAM charts marks where the growth began. The selected process's own VRAM
is charted in the process pane. The tray can notify leak suspects and cards filling up.

## Power

The card's power is **measured** (its energy counter over the refresh where it has one, else the power
sensor). Its **idle floor** is the lowest power seen while no process used an engine, learned and kept;
idle is never given to a process. The rest, the active power, is split among the processes by their
share of engine time: the Power column and the process pane's energy are **estimates**, with an error
bar (±) that widens when utilisation samples are missing. Under MIG or MPS shares do not hold: n/a.

## Spill

Spill is system RAM the GPU can reach (Windows' non-local memory). It can be pinned buffers allocated on
purpose, so it does not prove the model overflowed VRAM. A large spill beside a nearly full card is a hint of
fallback and slower inference; the counter cannot say why it was allocated.

## Paged

Paged is an estimate: committed memory minus what is resident locally and non-locally, never below 0. It is
not a trace of evictions nor a page-file reading. It needs Windows' counters; on Linux it is n/a.

## Other readings

*Mem activity* is the share of time the memory controller was busy, not bandwidth in GB/s.
On Linux the driver gives per-process memory and engine use (NVML for NVIDIA, DRM fdinfo for AMD and Intel);
a process in another PID namespace shows as H:PID and cannot be inspected from here. Runtime logs describe allocations at load time, not what is resident now.

## Keys

Up/Down select and inspect · s sort · c charts · a top/all · p pause · y copy snapshot (redacted) · ? help · Escape close · q quit
`

// ShowHelp opens the help over win: a scrollable explanation of what is
// measured, inferred, guessed, estimated or unavailable. Escape, "?" or
// the Close button close it; so does calling the returned function (safe
// to call more than once, e.g. from the window's own Escape binding).
func ShowHelp(win fyne.Window) (close func()) {
	text := widget.NewRichTextFromMarkdown(HelpMarkdown)
	text.Wrapping = fyne.TextWrapWord
	scroll := container.NewVScroll(text)
	keys := newKeyCatcher(scroll)
	d := dialog.NewCustom("What the numbers mean  (Escape closes)", "Close", container.NewStack(keys, scroll), win)
	closed := false
	close = func() {
		if !closed {
			closed = true
			d.Hide()
		}
	}
	d.SetOnClosed(func() {
		closed = true
		if c := win.Canvas(); c.Focused() == keys {
			c.Unfocus()
		}
	})
	keys.onClose, keys.questionCloses = close, true
	size := win.Canvas().Size()
	// Lines of about 100 characters read best: no wider than 900.
	d.Resize(fyne.NewSize(min(max(size.Width*0.8, 480), 900), max(size.Height*0.85, 360)))
	d.Show()
	win.Canvas().Focus(keys)
	return close
}

// keyCatcher takes the keyboard while a dialog is open: Escape (and "?",
// for the help) closes it; with a scroll, arrows and Page keys scroll.
// It draws nothing.
type keyCatcher struct {
	widget.BaseWidget
	scroll         *container.Scroll
	onClose        func()
	questionCloses bool // "?" toggles the help off
}

func newKeyCatcher(s *container.Scroll) *keyCatcher {
	k := &keyCatcher{scroll: s}
	k.ExtendBaseWidget(k)
	return k
}

func (k *keyCatcher) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewWithoutLayout())
}

// FocusGained is part of fyne.Focusable.
func (k *keyCatcher) FocusGained() {}

// FocusLost is part of fyne.Focusable.
func (k *keyCatcher) FocusLost() {}

// TypedRune is part of fyne.Focusable: "?" toggles the help off.
func (k *keyCatcher) TypedRune(r rune) {
	if r == '?' && k.questionCloses && k.onClose != nil {
		k.onClose()
	}
}

// TypedKey is part of fyne.Focusable.
func (k *keyCatcher) TypedKey(e *fyne.KeyEvent) {
	if e.Name == fyne.KeyEscape {
		if k.onClose != nil {
			k.onClose()
		}
		return
	}
	if k.scroll == nil {
		return
	}
	step := float32(40)
	page := k.scroll.Size().Height * 0.9
	off := k.scroll.Offset
	switch e.Name {
	case fyne.KeyDown:
		off.Y += step
	case fyne.KeyUp:
		off.Y -= step
	case fyne.KeyPageDown, fyne.KeySpace:
		off.Y += page
	case fyne.KeyPageUp:
		off.Y -= page
	case fyne.KeyHome:
		off.Y = 0
	case fyne.KeyEnd:
		off.Y = k.scroll.Content.MinSize().Height
	default:
		return
	}
	k.scroll.ScrollToOffset(off)
}
