// Package ui is gtm's Fyne front end. It renders schema.Snapshot values and
// never reads /proc or the driver itself, so a replayed snapshot renders
// exactly like a live one.
package ui

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/gputaskman/gtm/app/history"
	"github.com/gputaskman/gtm/app/redact"
	"github.com/gputaskman/gtm/internal/schema"
)

// Title is the window's title; " (paused)" is added while paused.
const Title = "gtm — GPU task manager"

// Options configure the window.
type Options struct {
	// Interval is the refresh interval; the history keeps
	// history.DefaultSpan of samples at it.
	Interval time.Duration
	// Actions performs the process pane's actions on processes (end, unload,
	// open folder); nil offers none (replays, tests).
	Actions Actions
	// Replay says the snapshots are not of this machine now, so actions on
	// PIDs and ports are not offered.
	Replay bool
}

// MainWindow is gtm's window: the device header with the system beside it,
// the history charts, the process table and the process pane, a status
// line and, when replaying a capture, a timeline. Every method runs on the
// Fyne goroutine (use fyne.Do from others).
type MainWindow struct {
	Window fyne.Window

	// OnPause is called when the user pauses or resumes collection (`p`).
	OnPause func(paused bool)
	// OnQuit is called for `q` and Ctrl+Q; nil quits the app.
	OnQuit func()
	// TitleNote is added to the window title (" — recorded demo").
	TitleNote string

	history *history.History
	snap    *schema.Snapshot
	device  int

	header    *Header
	charts    *chartsPanel
	table     *ProcessTable
	pane      *ProcessPane
	status    *canvas.Text
	activity  *canvas.Text
	timeline  *timelineBar
	spanLabel *widget.Label
	help      func() // closes the open help; nil when none is open

	paused, collecting bool
	rowsBuf            []procRow
}

// NewMainWindow builds the window; call Update with each snapshot.
func NewMainWindow(a fyne.App, opts Options) *MainWindow {
	if opts.Interval <= 0 {
		opts.Interval = time.Second
	}
	m := &MainWindow{Window: a.NewWindow(Title), history: history.New(history.DefaultSpan, opts.Interval), device: -1}
	m.header = newHeader()
	m.header.OnSelectDevice = m.selectDevice
	m.charts = newChartsPanel()
	m.table = newProcessTable()
	m.pane = NewProcessPane(m.Window, opts.Actions)
	m.pane.SetLive(!opts.Replay)
	m.table.OnSelected = func(p *schema.Process) { m.showPane(p) }
	m.status = canvas.NewText("Collecting…", theme.Color(theme.ColorNameForeground))
	m.status.TextSize = theme.TextSize() * 0.9
	m.activity = canvas.NewText("collecting…  ", theme.Color(theme.ColorNamePrimary))
	m.activity.TextStyle.Bold = true
	m.activity.TextSize = theme.TextSize() * 0.9
	keys := canvas.NewText("Up/Down select · s sort · c charts · a top/all · p pause · y copy snapshot · ? help · q quit", theme.Color(theme.ColorNamePlaceHolder))
	keys.TextSize = theme.TextSize() * 0.85
	m.timeline = newTimelineBar(m)

	m.spanLabel = widget.NewLabel("")
	chartsBar := container.NewHBox(boldText("History"), m.spanLabel, layout.NewSpacer(), m.charts.pick)
	chartsArea := container.NewBorder(chartsBar, nil, nil, nil, m.charts.root)
	// Charts above the table on the left; the process pane takes the whole
	// height on the right, so an LLM's breakdown fits without scrolling.
	left := container.NewVSplit(chartsArea, m.table.table)
	left.Offset = 0.40
	middle := container.NewHSplit(left, m.pane.CanvasObject())
	middle.Offset = 0.70
	copySnap := widget.NewButtonWithIcon("Copy snapshot", theme.ContentCopyIcon(), m.CopySnapshot)
	copySnap.Importance = widget.LowImportance
	statusBar := container.NewHBox(m.status, layout.NewSpacer(), m.activity, keys, copySnap)
	bottom := container.NewVBox(m.timeline.root, widget.NewSeparator(), statusBar)
	top := container.NewVBox(m.header.root, widget.NewSeparator())
	m.Window.SetContent(container.NewPadded(container.NewBorder(top, bottom, nil, nil, middle)))
	m.Window.Resize(fyne.NewSize(1360, 880))
	m.bindKeys()
	return m
}

func boldText(s string) *canvas.Text {
	t := canvas.NewText(s, theme.Color(theme.ColorNameForeground))
	t.TextStyle.Bold = true
	return t
}

func (m *MainWindow) bindKeys() {
	c := m.Window.Canvas()
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) { m.TypedKey(ev.Name) })
	c.SetOnTypedRune(m.TypedRune)
	quit := func(fyne.Shortcut) { m.quit() }
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyQ, Modifier: fyne.KeyModifierControl}, quit)
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyQ, Modifier: fyne.KeyModifierShortcutDefault}, quit)
}

// TypedKey handles Up/Down (select and inspect), Escape (close help) and,
// when replaying, Home/End/Left/Right (move along the capture).
func (m *MainWindow) TypedKey(k fyne.KeyName) {
	switch k {
	case fyne.KeyUp:
		m.table.move(-1)
	case fyne.KeyDown:
		m.table.move(1)
	case fyne.KeyEscape:
		m.closeHelp()
	case fyne.KeyHome, fyne.KeyEnd, fyne.KeyLeft, fyne.KeyRight:
		// Replay: first, last, one back, one on.
		if tl := m.timeline.tl; tl != nil {
			to := map[fyne.KeyName]int{fyne.KeyHome: 0, fyne.KeyEnd: tl.Len() - 1,
				fyne.KeyLeft: tl.Position() - 1, fyne.KeyRight: tl.Position() + 1}[k]
			m.timeline.seek(max(0, min(to, tl.Len()-1)))
		}
	}
}

// TypedRune handles the letter keys: s sort, c charts, a top/all, p pause,
// ? help, q quit.
func (m *MainWindow) TypedRune(r rune) {
	switch r {
	case 's':
		m.table.cycleSort()
		m.updateStatus()
	case 'c':
		m.charts.cycle()
	case 'a':
		m.table.toggleAll()
		m.updateStatus()
	case 'p':
		m.SetPaused(!m.paused)
	case '?':
		m.showHelp()
	case 'q':
		m.quit()
	case 'y':
		m.CopySnapshot()
	}
}

// CopySnapshot puts the snapshot on screen on the clipboard as gtm --json
// would write it, redacted (command lines dropped, paths cut to file
// names, users and host replaced), so it is safe to paste into a bug
// report.
func (m *MainWindow) CopySnapshot() {
	if m.snap == nil {
		return
	}
	var b bytes.Buffer
	if err := redact.Snapshot(m.snap).WriteJSON(&b); err != nil {
		return
	}
	fyne.CurrentApp().Clipboard().SetContent(b.String())
	m.status.Text = "Snapshot copied to the clipboard (redacted: no command lines or working directories, paths cut to file names, users and host replaced)"
	m.status.Refresh()
}

func (m *MainWindow) quit() {
	if m.OnQuit != nil {
		m.OnQuit()
		return
	}
	fyne.CurrentApp().Quit()
}

// SetPaused pauses or resumes: collection (through OnPause) or, when
// replaying, the timeline. The title says paused.
func (m *MainWindow) SetPaused(p bool) {
	if m.timeline.tl != nil {
		m.timeline.setPlaying(!p)
		return
	}
	m.setPausedState(p)
	if m.OnPause != nil {
		m.OnPause(p)
	}
}

func (m *MainWindow) setPausedState(p bool) {
	m.paused = p
	title := Title + m.TitleNote
	if p {
		title += " (paused)"
	}
	m.Window.SetTitle(title)
	m.updateActivity()
}

// Paused reports whether the window is paused.
func (m *MainWindow) Paused() bool { return m.paused }

// SetCollecting says a collection is taking long ("collecting…"); the next
// Update clears it.
func (m *MainWindow) SetCollecting(on bool) {
	if m.collecting != on {
		m.collecting = on
		m.updateActivity()
	}
}

func (m *MainWindow) updateActivity() {
	text := ""
	switch {
	case m.paused:
		text = "paused  "
	case m.collecting || m.snap == nil:
		text = "collecting…  "
	}
	setText(m.activity, text)
}

func (m *MainWindow) showHelp() {
	if m.HelpShown() {
		return
	}
	m.help = ShowHelp(m.Window)
}

func (m *MainWindow) closeHelp() {
	if m.help != nil {
		m.help()
		m.help = nil
	}
}

// HelpShown reports whether the help is open.
func (m *MainWindow) HelpShown() bool {
	if m.help == nil {
		return false
	}
	for _, o := range m.Window.Canvas().Overlays().List() {
		if o.Visible() {
			return true
		}
	}
	m.help = nil // closed by its own button or key
	return false
}

// Update shows a snapshot and records it in the history. The same snapshot
// again (a still replay) changes nothing and draws nothing.
func (m *MainWindow) Update(s *schema.Snapshot) {
	if s == nil {
		return
	}
	m.collecting = false
	if s == m.snap {
		m.updateActivity()
		return
	}
	if tl := m.timeline.tl; tl != nil {
		// A replay that went back (looped, or seeks while playing) fills
		// the charts again from the capture.
		if m.snap != nil && s.TakenAt.Before(m.snap.TakenAt) {
			m.timeline.jump(tl.Position())
			m.timeline.sync()
			return
		}
	}
	m.history.Add(s)
	m.show(s)
	m.timeline.sync()
}

// show renders s (already in the history).
func (m *MainWindow) show(s *schema.Snapshot) {
	m.snap = s
	if !hasDevice(s, m.device) {
		m.device = -1
		if len(s.Devices) > 0 {
			m.device = s.Devices[0].Index
		}
	}
	m.header.update(s, m.device)
	if m.header.relayout {
		m.header.relayout = false
		m.Window.Content().Refresh()
	}
	span := m.charts.update(m.history, m.device, s.TakenAt, growthSince(s, m.device))
	if t := spanText(span); m.spanLabel.Text != t {
		m.spanLabel.SetText(t)
	}
	m.table.setRows(m.buildRows(s))
	if !m.table.userChose && len(m.table.rows) > 0 && m.table.selectedIndex() != 0 {
		// Until someone picks a process, the process pane explains the top
		// row (the largest by VRAM unless sorted otherwise).
		m.table.selectRow(0)
	}
	if p := m.table.selectedProcess(); p != nil {
		m.showPane(p)
	}
	m.updateStatus()
	m.updateActivity()
}

// showPane explains p in the process pane, with its own VRAM chart.
func (m *MainWindow) showPane(p *schema.Process) {
	m.pane.Show(m.snap, p)
	if m.snap == nil {
		return
	}
	end := m.snap.TakenAt
	m.pane.SetHistory(m.history.ProcessVRAM(p), end, chartSpan(m.history, m.device, end), gapAfter(m.history.Interval()))
	var since time.Time
	if p != nil {
		since = trendSince(p.VRAMTrend)
	}
	m.pane.vram.SetMarker(since)
}

// growthSince is when device dev's steady growth began in s (zero: it is
// not growing steadily).
func growthSince(s *schema.Snapshot, dev int) time.Time {
	for _, d := range s.Devices {
		if d.Index == dev {
			return trendSince(d.VRAMTrend)
		}
	}
	return time.Time{}
}

// trendSince is when a steady growth began; zero for any other trend.
func trendSince(t *schema.Trend) time.Time {
	if t == nil || t.Shape != "steady growth" || t.Since == nil {
		return time.Time{}
	}
	return *t.Since
}

// spanText says what the charts cover.
func spanText(span time.Duration) string {
	return fmt.Sprintf("last %s · a blank is no reading, 0 sits on the baseline", formatSpan(span))
}

func formatSpan(d time.Duration) string {
	if d%time.Minute == 0 {
		return fmt.Sprintf("%d min", int(d.Minutes()))
	}
	if d < time.Minute {
		return fmt.Sprintf("%d s", int(d.Seconds()))
	}
	return fmt.Sprintf("%d min %02d s", int(d.Minutes()), int(d.Seconds())%60)
}

func hasDevice(s *schema.Snapshot, dev int) bool {
	for _, d := range s.Devices {
		if d.Index == dev {
			return true
		}
	}
	return false
}

func (m *MainWindow) selectDevice(dev int) {
	if dev == m.device || m.snap == nil {
		return
	}
	m.device = dev
	m.show(m.snap)
}

// buildRows makes the table rows of the shown device.
func (m *MainWindow) buildRows(s *schema.Snapshot) []procRow {
	rows := m.rowsBuf[:0]
	linux := s.Host.OS == "linux"
	for i := range s.Processes {
		p := &s.Processes[i]
		if p.DeviceIndex != nil && *p.DeviceIndex != m.device {
			continue
		}
		r := procRow{p: p, linuxRow: linux && !strings.HasPrefix(p.PIDLabel, "W:")}
		if p.DeviceIndex != nil {
			r.idle, r.idleOK = m.history.IdleFor(*p.DeviceIndex, p.PID, s.TakenAt)
		}
		rows = append(rows, r)
	}
	m.rowsBuf = rows
	// The table keeps its own copy to sort; rows point into s.
	return rows
}

func (m *MainWindow) updateStatus() {
	if m.snap == nil {
		return
	}
	n := len(m.table.all)
	shown := fmt.Sprintf("%d processes", n)
	if !m.table.showAll && n > topN {
		shown = fmt.Sprintf("top %d of %d processes by VRAM (a: all)", topN, n)
	} else if m.table.showAll && n > topN {
		shown = fmt.Sprintf("all %d processes (a: top %d)", n, topN)
	}
	order := columnTitles[m.table.sortCol]
	setText(m.status, fmt.Sprintf("%s · sorted by %s · %s · %s", shown, order,
		hostLabel(m.snap.Host), m.snap.TakenAt.Local().Format("15:04:05")))
}

// Snapshot is the snapshot shown.
func (m *MainWindow) Snapshot() *schema.Snapshot { return m.snap }

// Rows returns the table's visible rows' cells (for tests and
// accessibility).
func (m *MainWindow) Rows() [][]string {
	out := make([][]string, len(m.table.rows))
	for i := range m.table.rows {
		cells := make([]string, numCols)
		for c := range cells {
			cells[c] = m.table.rows[i].cell(c)
		}
		out[i] = cells
	}
	return out
}

// Selected is the selected process, or nil.
func (m *MainWindow) Selected() *schema.Process { return m.table.selectedProcess() }

// DeviceText returns the device header's title, identity and VRAM line.
func (m *MainWindow) DeviceText() string {
	parts := []string{m.header.title.Text, m.header.ident.Text, strings.TrimSpace(m.header.vramText.Text)}
	for i, t := range m.header.tiles {
		parts = append(parts, tileNames[i]+" "+t.value.Text)
	}
	if m.header.failed.Visible() {
		parts = append(parts, m.header.failed.Text)
	}
	return strings.Join(parts, "\n")
}

// StatusText returns the status line's text.
func (m *MainWindow) StatusText() string { return m.status.Text }
