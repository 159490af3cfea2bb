package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/gputaskman/gtm/app"
)

// Inspector is the pane that explains one process: who it is, each
// counter with its provenance, the runtimes and models found with their
// evidence, an LLM's memory as a bar against the measured VRAM, its
// server's live state, app-adapter state and notes, plus the actions a
// user may take on it (copy the command line, open a model's folder, end
// the process, unload its model), each behind a confirmation where it
// changes anything.
//
// Use it from the Fyne goroutine:
//
//	insp := ui.NewInspector(win, actions.NewSystem()) // app/actions; nil: no actions
//	insp.SetLive(false)                              // when replaying a capture
//	split.Trailing = insp.CanvasObject()
//	insp.Show(snap, &snap.Processes[i])             // on each refresh and selection
//	insp.Show(snap, nil)                            // nothing selected
//
// Show redraws only what changed: the same process with the same readings
// redraws nothing.
type Inspector struct {
	win  fyne.Window
	act  Actions
	live bool

	title   *widget.Label
	buttons *fyne.Container
	copyBtn *widget.Button
	endBtn  *widget.Button
	unload  *widget.Button
	why     *widget.Label // why an action is unavailable
	top     *fyne.Container
	body    *fyne.Container
	themed  *container.ThemeOverride // compact rows for the body
	scroll  *container.Scroll
	root    *fyne.Container

	proc    *app.Process // the process shown (a copy)
	view    view
	shown   bool
	blocks  []*sectionBlock
	pending dialog.Dialog // the open confirmation, for tests
	endKey  string        // the process endErr was checked for
	endErr  error
}

// NewInspector builds the pane. win parents its dialogs; act performs its
// actions (nil hides the buttons that act outside the window).
func NewInspector(win fyne.Window, act Actions) *Inspector {
	i := &Inspector{win: win, act: act, live: true}
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
	i.scroll = container.NewVScroll(i.themed)
	i.top = container.NewVBox(i.title, i.buttons, i.why)
	i.root = container.NewBorder(i.top, nil, nil, nil, i.scroll)
	i.Show(nil, nil)
	return i
}

// CanvasObject is the pane to place in the window.
func (i *Inspector) CanvasObject() fyne.CanvasObject { return i.root }

// SetLive says whether the snapshots shown are live (true, the default)
// or replayed from a capture, where ending a process or unloading a model
// would act on whatever holds that PID or port now.
func (i *Inspector) SetLive(live bool) {
	if i.live != live {
		i.live = live
		i.updateActions()
	}
}

// Show explains process p of snapshot snap (p nil: nothing selected).
// Call it on the Fyne goroutine; it keeps a copy of p.
func (i *Inspector) Show(snap *app.Snapshot, p *app.Process) {
	if p == nil {
		if i.proc == nil && i.shown {
			return
		}
		i.proc, i.shown = nil, true
		i.view = view{}
		i.title.SetText("Select a process to inspect it.")
		i.body.Objects = nil
		i.blocks = nil
		i.themed.Refresh()
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
	v := buildView(snap, p)
	i.updateActions()
	if viewEqual(v, i.view) {
		return
	}
	if i.title.Text != v.Title {
		i.title.SetText(v.Title)
	}
	if sameShape(v, i.view) {
		for k, s := range v.Sections {
			i.blocks[k].update(s)
		}
	} else {
		i.blocks = i.blocks[:0]
		objs := make([]fyne.CanvasObject, 0, len(v.Sections))
		for _, s := range v.Sections {
			b := newSectionBlock(s, i.openFolder)
			i.blocks = append(i.blocks, b)
			objs = append(objs, b.root)
		}
		i.body.Objects = objs
		// Apply the compact theme to the new widgets, then lay them out
		// again: the first layout ran with the default sizes.
		i.themed.Refresh()
		i.body.Refresh()
	}
	i.view = v
}

func sameStart(a, b *app.Process) bool {
	if a.StartTime == nil || b.StartTime == nil {
		return a.StartTime == b.StartTime
	}
	return a.StartTime.Equal(*b.StartTime)
}

// sectionBlock is one rendered section; its labels are updated in place
// while the section keeps its shape.
type sectionBlock struct {
	root    *fyne.Container
	title   *widget.Label
	caption *widget.Label
	bar     *LLMBar
	folder  *widget.Button
	dir     string
	keys    []*widget.Label
	values  []*widget.Label
}

func newSectionBlock(s section, open func(dir string)) *sectionBlock {
	b := &sectionBlock{dir: s.Folder}
	b.title = widget.NewLabel(s.Title)
	b.title.TextStyle = fyne.TextStyle{Bold: true}
	head := []fyne.CanvasObject{b.title}
	if s.Folder != "" && open != nil {
		b.folder = widget.NewButton("Open folder", func() { open(b.dir) })
		head = append(head, layout.NewSpacer(), b.folder)
	}
	objs := []fyne.CanvasObject{widget.NewSeparator(), container.NewHBox(head...)}
	if s.Caption != "" {
		b.caption = widget.NewLabel(s.Caption)
		b.caption.Wrapping = fyne.TextWrapWord
		b.caption.Importance = widget.LowImportance
		objs = append(objs, b.caption)
	}
	if s.Bar != nil {
		b.bar = NewLLMBar()
		b.bar.model = *s.Bar
		objs = append(objs, container.NewPadded(b.bar))
	}
	form := container.New(kvLayout{maxKey: 170})
	for _, r := range s.Rows {
		k := widget.NewLabel(r.Key)
		k.Importance = widget.LowImportance
		k.Truncation = fyne.TextTruncateEllipsis
		v := widget.NewLabel(r.Value)
		v.Wrapping = fyne.TextWrapWord
		v.Selectable = true
		b.keys = append(b.keys, k)
		b.values = append(b.values, v)
		form.Add(k)
		form.Add(v)
	}
	objs = append(objs, form)
	b.root = container.NewVBox(objs...)
	return b
}

// update sets new texts into a block of the same shape.
func (b *sectionBlock) update(s section) {
	set := func(l *widget.Label, t string) {
		if l != nil && l.Text != t {
			l.SetText(t)
		}
	}
	set(b.title, s.Title)
	set(b.caption, s.Caption)
	b.dir = s.Folder
	if b.bar != nil && s.Bar != nil && !s.Bar.equal(&b.bar.model) {
		b.bar.model = *s.Bar
		b.bar.Refresh()
	}
	for k, r := range s.Rows {
		set(b.keys[k], r.Key)
		set(b.values[k], r.Value)
	}
}

// sameShape reports whether b can be shown by updating a's widgets.
func sameShape(a, b view) bool {
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

func viewEqual(a, b view) bool {
	if a.Title != b.Title || !sameShape(a, b) {
		return false
	}
	for k := range a.Sections {
		x, y := a.Sections[k], b.Sections[k]
		if x.Title != y.Title || x.Caption != y.Caption || x.Folder != y.Folder {
			return false
		}
		if x.Bar != nil && !x.Bar.equal(y.Bar) {
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
