package ui

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/gputaskman/gtm/app/history"
	"github.com/gputaskman/gtm/app/report"
	"github.com/gputaskman/gtm/internal/schema"
)

// ProcessPane is the pane that explains one process: who it is, each
// counter with its provenance, the runtimes and models found with their
// evidence, an LLM's memory as a bar against the measured VRAM, its
// server's live state, app-adapter state and notes, plus the actions a
// user may take on it (copy the command line, open a model's folder, end
// the process, unload its model), each behind a confirmation where it
// changes anything.
//
// Use it from the Fyne goroutine:
//
//	pane := ui.NewProcessPane(win, actions.NewSystem()) // app/actions; nil: no actions
//	insp.SetLive(false)                              // when replaying a capture
//	split.Trailing = insp.CanvasObject()
//	insp.Show(snap, &snap.Processes[i])             // on each refresh and selection
//	insp.Show(snap, nil)                            // nothing selected
//
// Show redraws only what changed: the same process with the same readings
// redraws nothing.
//
// The pane's content is built in two steps: report.ProcessDetail turns one
// snapshot row into plain data (sections of rows, the LLM bar's parts),
// the same data `gtm inspect` prints, and the ProcessPane lays that data out.
// A replayed snapshot renders exactly like a live one, and comparing two
// details tells the pane whether anything needs redrawing.
type ProcessPane struct {
	win  fyne.Window
	act  Actions
	live bool

	title   *widget.Label
	buttons *fyne.Container
	copyBtn *widget.Button
	endBtn  *widget.Button
	unload  *widget.Button
	why     *widget.Label // why an action is unavailable
	// vram charts the selected process's own measured VRAM (SetHistory).
	vram   *Chart
	top    *fyne.Container
	body   *fyne.Container
	themed *container.ThemeOverride // compact rows for the body
	scroll *container.Scroll
	root   *fyne.Container

	proc    *schema.Process // the process shown (a copy)
	view    report.Detail
	shown   bool
	blocks  []*sectionBlock // the sections shown: the first of pool
	pool    []*sectionBlock // every block made so far (see reshape)
	pending dialog.Dialog   // the open confirmation, for tests
	endKey  string          // the process endErr was checked for
	endErr  error
}

// NewProcessPane builds the pane. win parents its dialogs; act performs its
// actions (nil hides the buttons that act outside the window).
func NewProcessPane(win fyne.Window, act Actions) *ProcessPane {
	i := &ProcessPane{win: win, act: act, live: true}
	i.title = widget.NewLabel("Select a process to inspect it.")
	i.title.TextStyle = fyne.TextStyle{Bold: true}
	i.title.Truncation = fyne.TextTruncateEllipsis
	i.copyBtn = widget.NewButton("Copy command line", i.copyCommandLine)
	i.endBtn = widget.NewButton("End process…", i.confirmEnd)
	i.unload = widget.NewButton("Unload model…", i.confirmUnload)
	i.why = widget.NewLabel("")
	i.why.Importance = widget.LowImportance
	i.why.Wrapping = fyne.TextWrapWord
	i.buttons = container.NewHBox(i.copyBtn, i.endBtn, i.unload)
	i.body = container.NewVBox()
	i.themed = container.NewThemeOverride(i.body, compactTheme{})
	i.scroll = container.NewVScroll(newThemeBarrier(i.themed, i.body))
	i.vram = NewChart(history.MetricVRAM)
	i.vram.SetTitle("VRAM of this process")
	i.vram.Hide()
	i.top = container.NewVBox(i.title, i.buttons, i.why, i.vram)
	i.root = container.NewBorder(i.top, nil, nil, nil, i.scroll)
	i.Show(nil, nil)
	return i
}

// CanvasObject is the pane to place in the window.
func (i *ProcessPane) CanvasObject() fyne.CanvasObject { return i.root }

// SetLive says whether the snapshots shown are live (true, the default)
// or replayed from a capture, where ending a process or unloading a model
// would act on whatever holds that PID or port now.
func (i *ProcessPane) SetLive(live bool) {
	if i.live != live {
		i.live = live
		i.updateActions()
	}
}

// Show explains process p of snapshot snap (p nil: nothing selected).
// Call it on the Fyne goroutine; it keeps a copy of p.
func (i *ProcessPane) Show(snap *schema.Snapshot, p *schema.Process) {
	if p == nil {
		if i.proc == nil && i.shown {
			return
		}
		i.proc, i.shown = nil, true
		i.view = report.Detail{}
		i.title.SetText("Select a process to inspect it.")
		i.body.Objects = nil
		i.blocks = nil
		i.body.Refresh()
		i.updateActions()
		return
	}
	cp := *p
	// Another process starts at the top; the same one keeps its place
	// while its readings change.
	other := i.proc == nil || i.proc.PIDLabel != p.PIDLabel || !sameStart(i.proc, p)
	i.proc, i.shown = &cp, true
	if other && i.scroll.Offset.Y != 0 {
		i.scroll.ScrollToTop()
	}
	v := report.ProcessDetail(snap, p)
	i.updateActions()
	if viewEqual(v, i.view) {
		return
	}
	if i.title.Text != v.Title {
		i.title.SetText(v.Title)
	}
	if sameShape(v, i.view) {
		for k, sec := range v.Sections {
			i.blocks[k].fill(sec)
		}
	} else {
		i.reshape(v)
	}
	i.view = v
}

// SetHistory charts the shown process's VRAM samples (history.ProcessVRAM)
// up to end, over span; with no samples the chart hides.
func (i *ProcessPane) SetHistory(s history.Series, end time.Time, span, gap time.Duration) {
	if i.proc == nil || s.Len() == 0 {
		if !i.vram.Hidden {
			i.vram.Hide()
			i.root.Refresh() // the top shrinks: lay the pane out again
		}
		return
	}
	i.vram.SetSeries(s, end, span, gap)
	if i.vram.Hidden {
		i.vram.Show()
		i.root.Refresh()
	}
}

func sameStart(a, b *schema.Process) bool {
	if a.StartTime == nil || b.StartTime == nil {
		return a.StartTime == b.StartTime
	}
	return a.StartTime.Equal(*b.StartTime)
}

// reshape shows a view whose sections differ in number or shape from the
// last one. The pane's widgets come from a pool that only grows: blocks and
// rows not needed are hidden, not dropped. New widgets need the pane's
// compact theme, and giving it means refreshing the theme override, which
// stock Fyne answers with a new theme scope whose fonts it parses again and
// keeps for good (~7 MB). Reusing the pool, the override is refreshed only
// when the pane grows past anything it showed before, a few times a
// session; otherwise only the body is laid out again.
func (i *ProcessPane) reshape(v report.Detail) {
	grew := false
	for len(i.pool) < len(v.Sections) {
		i.pool = append(i.pool, newSectionBlock(i.openFolder))
		grew = true
	}
	objs := make([]fyne.CanvasObject, len(v.Sections))
	for k, sec := range v.Sections {
		if i.pool[k].fill(sec) {
			grew = true
		}
		objs[k] = i.pool[k].root
	}
	i.blocks = i.pool[:len(v.Sections)]
	i.body.Objects = objs
	if grew {
		// Theme the new widgets, then lay them out again: the first
		// layout ran with the default sizes.
		i.themed.Refresh()
	}
	i.body.Refresh()
}

// sectionBlock is one rendered section: a title (with an optional "Open
// folder" button), an optional caption and LLM bar, and key/value rows.
// Its widgets are reused for whatever section it shows next.
type sectionBlock struct {
	root    *fyne.Container
	title   *widget.Label
	caption *widget.Label
	bar     *LLMBar
	barBox  *fyne.Container
	folder  *widget.Button
	open    func(dir string)
	dir     string
	form    *fyne.Container
	keys    []*widget.Label
	values  []*widget.Label
}

func newSectionBlock(open func(dir string)) *sectionBlock {
	b := &sectionBlock{open: open}
	b.title = widget.NewLabel("")
	b.title.TextStyle = fyne.TextStyle{Bold: true}
	b.folder = widget.NewButton("Open folder", func() { b.open(b.dir) })
	b.folder.Hide()
	b.caption = widget.NewLabel("")
	b.caption.Wrapping = fyne.TextWrapWord
	b.caption.Importance = widget.LowImportance
	b.caption.Hide()
	b.bar = NewLLMBar()
	b.barBox = container.NewPadded(b.bar)
	b.barBox.Hide()
	b.form = container.New(kvLayout{maxKey: 170})
	head := container.NewHBox(b.title, layout.NewSpacer(), b.folder)
	b.root = container.NewVBox(widget.NewSeparator(), head, b.caption, b.barBox, b.form)
	return b
}

// fill shows s in the block, updating only what changed. It reports
// whether it had to make rows the block never had.
func (b *sectionBlock) fill(s report.Section) (grew bool) {
	set := func(l *widget.Label, t string) {
		if l.Text != t {
			l.SetText(t)
		}
	}
	show := func(o fyne.CanvasObject, on bool) {
		if on && !o.Visible() {
			o.Show()
		} else if !on && o.Visible() {
			o.Hide()
		}
	}
	set(b.title, s.Title)
	b.dir = s.Folder
	show(b.folder, s.Folder != "" && b.open != nil)
	set(b.caption, s.Caption)
	show(b.caption, s.Caption != "")
	if s.Bar != nil && !s.Bar.Equal(&b.bar.model) {
		b.bar.model = *s.Bar
		b.bar.Refresh()
	}
	show(b.barBox, s.Bar != nil)
	for len(b.keys) < len(s.Rows) {
		k := widget.NewLabel("")
		k.Importance = widget.LowImportance
		k.Truncation = fyne.TextTruncateEllipsis
		v := widget.NewLabel("")
		v.Wrapping = fyne.TextWrapWord
		v.Selectable = true
		b.keys = append(b.keys, k)
		b.values = append(b.values, v)
		b.form.Add(k)
		b.form.Add(v)
		grew = true
	}
	for k := range b.keys {
		on := k < len(s.Rows)
		if on {
			set(b.keys[k], s.Rows[k].Label)
			set(b.values[k], s.Rows[k].Text())
		}
		show(b.keys[k], on)
		show(b.values[k], on)
	}
	return grew
}

// sameShape reports whether b can be shown by updating a's widgets.
func sameShape(a, b report.Detail) bool {
	if len(a.Sections) != len(b.Sections) {
		return false
	}
	for k := range a.Sections {
		x, y := a.Sections[k], b.Sections[k]
		if len(x.Rows) != len(y.Rows) || (x.Caption == "") != (y.Caption == "") ||
			(x.Bar == nil) != (y.Bar == nil) || (x.Folder == "") != (y.Folder == "") {
			return false
		}
	}
	return true
}

func viewEqual(a, b report.Detail) bool {
	if a.Title != b.Title || !sameShape(a, b) {
		return false
	}
	for k := range a.Sections {
		x, y := a.Sections[k], b.Sections[k]
		if x.Title != y.Title || x.Caption != y.Caption || x.Folder != y.Folder {
			return false
		}
		if !x.Bar.Equal(y.Bar) {
			return false
		}
		for r := range x.Rows {
			if x.Rows[r] != y.Rows[r] {
				return false
			}
		}
	}
	return true
}

// compactTheme is the app's theme with tighter padding, so the pane's
// many short rows fit on a screen. It asks the app for its theme on each
// call, so light/dark changes still apply.
type compactTheme struct{}

func (compactTheme) base() fyne.Theme { return fyne.CurrentApp().Settings().Theme() }

func (t compactTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	return t.base().Color(n, v)
}
func (t compactTheme) Font(s fyne.TextStyle) fyne.Resource     { return t.base().Font(s) }
func (t compactTheme) Icon(n fyne.ThemeIconName) fyne.Resource { return t.base().Icon(n) }
func (t compactTheme) Size(n fyne.ThemeSizeName) float32 {
	switch n {
	case theme.SizeNameInnerPadding:
		return 3
	case theme.SizeNamePadding:
		return 3
	}
	return t.base().Size(n)
}

// themeBarrier holds the pane's theme override and stops refreshes that
// come from above (a window or container refresh reaches every child) at
// it: it refreshes the body, not the override. Stock Fyne answers each
// refresh of an override with a new theme scope, for which it parses the
// fonts again and keeps them (~7 MB each time); the override is refreshed
// only on purpose, when the pane has new widgets to theme (reshape).
type themeBarrier struct {
	widget.BaseWidget
	over *container.ThemeOverride
	body fyne.CanvasObject
}

func newThemeBarrier(over *container.ThemeOverride, body fyne.CanvasObject) *themeBarrier {
	b := &themeBarrier{over: over, body: body}
	b.ExtendBaseWidget(b)
	return b
}

// Refresh is part of fyne.Widget: the body's widgets draw again, under
// the theme scope they already have.
func (b *themeBarrier) Refresh() { b.body.Refresh() }

// CreateRenderer is part of fyne.Widget.
func (b *themeBarrier) CreateRenderer() fyne.WidgetRenderer { return barrierRenderer{b} }

type barrierRenderer struct{ b *themeBarrier }

func (r barrierRenderer) Layout(s fyne.Size)           { r.b.over.Resize(s) }
func (r barrierRenderer) MinSize() fyne.Size           { return r.b.over.MinSize() }
func (r barrierRenderer) Refresh()                     {}
func (r barrierRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.b.over} }
func (r barrierRenderer) Destroy()                     {}
