package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/gputaskman/gtm/internal/schema"
	"github.com/gputaskman/gtm/ui/tray"
)

// Shell is the window as the desktop app drives it: a banner above the
// window that explains a machine without GPU readings and labels the
// recorded demo, updates kept (history only, no drawing) while the window
// is hidden in the tray, and the switch between this machine and the demo.
// Every method runs on the Fyne goroutine.
type Shell struct {
	W *MainWindow
	// OnDemo is called when the banner's button asks to enter (true) or
	// leave the recorded demo; nil hides the offer.
	OnDemo func(on bool)

	banner     *fyne.Container
	bannerText *widget.Label
	bannerBtn  *widget.Button

	hidden  bool
	pending *schema.Snapshot // latest snapshot recorded while hidden
	demo    bool
	last    *schema.Snapshot
}

// NewShell puts the banner above the window's content.
func NewShell(w *MainWindow) *Shell {
	sh := &Shell{W: w}
	sh.bannerText = widget.NewLabel("")
	sh.bannerText.Wrapping = fyne.TextWrapWord
	sh.bannerText.TextStyle.Bold = true
	sh.bannerText.Importance = widget.WarningImportance
	sh.bannerBtn = widget.NewButton("", func() {
		if sh.OnDemo != nil {
			sh.OnDemo(!sh.demo)
		}
	})
	sh.bannerBtn.Importance = widget.HighImportance
	sh.banner = container.NewBorder(nil, widget.NewSeparator(), nil, container.NewCenter(sh.bannerBtn), sh.bannerText)
	sh.banner.Hide()
	w.Window.SetContent(container.NewBorder(sh.banner, nil, nil, nil, w.Window.Content()))
	return sh
}

// Update shows a snapshot, or only records it in the history while the
// window is hidden.
func (sh *Shell) Update(s *schema.Snapshot) {
	if s == nil {
		return
	}
	sh.last = s
	if sh.hidden {
		if s != sh.pending && s != sh.W.snap {
			sh.W.history.Add(s)
			sh.pending = s
		}
		return
	}
	sh.W.Update(s)
	sh.updateBanner(s)
}

// SetHidden says whether the window is hidden; showing it draws the latest
// snapshot recorded meanwhile.
func (sh *Shell) SetHidden(hidden bool) {
	if sh.hidden == hidden {
		return
	}
	sh.hidden = hidden
	if !hidden && sh.pending != nil {
		p := sh.pending
		sh.pending = nil
		sh.W.show(p)
		sh.updateBanner(p)
	}
}

// EnterDemo shows a recorded capture instead of this machine: actions on
// processes are withdrawn (those PIDs are not this machine's), the title
// and the banner say so, and the history starts from the capture.
func (sh *Shell) EnterDemo(tl Timeline) {
	sh.demo = true
	sh.pending = nil
	sh.W.pane.SetLive(false)
	sh.W.TitleNote = " — recorded demo"
	sh.W.setPausedState(sh.W.paused)
	sh.W.SetTimeline(tl)
	sh.updateBanner(sh.W.snap)
}

// LeaveDemo goes back to this machine (actions on its processes offered
// again): the history is cleared and the next snapshot is this machine's.
func (sh *Shell) LeaveDemo() {
	sh.demo = false
	sh.pending = nil
	sh.W.SetTimeline(nil)
	sh.W.history.Reset()
	sh.W.snap = nil
	sh.W.pane.SetLive(true)
	sh.W.TitleNote = ""
	sh.W.setPausedState(false)
	sh.banner.Hide()
}

// updateBanner labels the demo, or explains a machine without GPU
// readings and offers the demo.
func (sh *Shell) updateBanner(s *schema.Snapshot) {
	switch {
	case sh.demo || (s != nil && s.Demo):
		text := tray.DemoBanner + ". The GPUs, processes and models are a recording made elsewhere."
		if s != nil && s.Synthetic {
			text = tray.DemoBanner + ". The GPUs, processes and models are a synthetic capture, built from documented driver behaviour."
		}
		setLabel(sh.bannerText, text)
		sh.bannerBtn.SetText("Leave the demo")
		sh.showBanner(true)
	case s != nil && len(s.Devices) == 0 && sh.OnDemo != nil:
		setLabel(sh.bannerText, "No GPU readings on this machine: "+tray.NoGPUReason(s)+
			". Look around a recorded demo of gtm instead (labelled; nothing in it is from this machine).")
		sh.bannerBtn.SetText("Show the recorded demo")
		sh.showBanner(true)
	default:
		if sh.banner.Visible() {
			sh.banner.Hide()
		}
	}
}

func (sh *Shell) showBanner(button bool) {
	if button && sh.OnDemo != nil {
		sh.bannerBtn.Show()
	} else {
		sh.bannerBtn.Hide()
	}
	if !sh.banner.Visible() {
		sh.banner.Show()
	}
}

func setLabel(l *widget.Label, s string) {
	if l.Text != s {
		l.SetText(s)
	}
}

// BannerText is the banner's text, "" when it is hidden (for tests).
func (sh *Shell) BannerText() string {
	if !sh.banner.Visible() {
		return ""
	}
	return sh.bannerText.Text
}

// BannerButton is the banner's button label, "" when none is shown.
func (sh *Shell) BannerButton() string {
	if !sh.banner.Visible() || !sh.bannerBtn.Visible() {
		return ""
	}
	return sh.bannerBtn.Text
}

// TapBanner presses the banner's button (for tests).
func (sh *Shell) TapBanner() { sh.bannerBtn.OnTapped() }

// SelectPID selects process pid in the table (on its GPU, showing every
// row if it is not among the top ones) so the process pane explains it. It
// reports whether the process is in the snapshot shown.
func (sh *Shell) SelectPID(pid int) bool {
	m := sh.W
	if m.snap == nil {
		return false
	}
	var target *schema.Process
	for i := range m.snap.Processes {
		p := &m.snap.Processes[i]
		if p.PID == pid && (target == nil || larger(p.VRAMBytes, target.VRAMBytes)) {
			target = p
		}
	}
	if target == nil {
		return false
	}
	if target.DeviceIndex != nil {
		m.selectDevice(*target.DeviceIndex)
	}
	find := func() int {
		for i := range m.table.rows {
			if m.table.rows[i].p.PID == pid {
				return i
			}
		}
		return -1
	}
	i := find()
	if i < 0 && !m.table.showAll {
		m.table.toggleAll()
		m.updateStatus()
		i = find()
	}
	if i < 0 {
		return false
	}
	m.table.selectRow(i)
	return true
}

func larger(a, b *uint64) bool { return a != nil && (b == nil || *a > *b) }
