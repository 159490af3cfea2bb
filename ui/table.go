package ui

import (
	"image/color"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/gputaskman/gtm/internal/schema"
)

// topN is how many processes "top" shows (the largest by VRAM).
const topN = 15

// ProcessTable is the sortable process list. Cells are formatted only when
// they are on screen; a selected row is highlighted across all columns and
// follows its PID when the rows are re-sorted or refreshed.
type ProcessTable struct {
	table *widget.Table

	all     []procRow // every procRow of the device, unsorted
	rows    []procRow // what is shown, sorted
	sortCol int
	reverse bool
	showAll bool

	selected rowKey
	hasSel   bool
	// userChose is set once someone clicks a row or presses Up/Down;
	// until then the window keeps the top row selected.
	userChose  bool
	OnSelected func(p *schema.Process) // nil p: nothing selected

	selColor color.Color
	// raw is each cell object's text before fitting it to the column, so
	// an unchanged cell is neither measured nor redrawn.
	raw map[*canvas.Text]rawCell
}

type rawCell struct {
	text string
	col  int
}

func newProcessTable() *ProcessTable {
	t := &ProcessTable{sortCol: colVRAM, raw: map[*canvas.Text]rawCell{}}
	t.table = widget.NewTableWithHeaders(
		func() (int, int) { return len(t.rows), numCols },
		newTableCell,
		t.updateCell)
	t.table.ShowHeaderColumn = false
	t.table.CreateHeader = func() fyne.CanvasObject { return newHeaderCell(t) }
	t.table.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		if id.Col < 0 || id.Col >= numCols {
			return
		}
		o.(*headerCell).set(id.Col, t.headerTitle(id.Col))
	}
	t.table.OnSelected = func(id widget.TableCellID) {
		t.table.UnselectAll() // the whole row is highlighted instead
		if id.Row >= 0 && id.Row < len(t.rows) {
			t.userChose = true
			t.selectRow(id.Row)
		}
		// Keys belong to the window, not to the table's own cursor.
		if c := fyne.CurrentApp().Driver().CanvasForObject(t.table); c != nil {
			c.Unfocus()
		}
	}
	for i, w := range columnWidths {
		t.table.SetColumnWidth(i, max(w, headingWidth(i)))
	}
	return t
}

// headingWidth is what column col's heading needs with a sort arrow: a
// right-aligned heading wider than its column spills into the one before.
func headingWidth(col int) float32 {
	s := fyne.MeasureText(columnTitles[col]+" ↓", theme.TextSize(), fyne.TextStyle{Bold: true})
	return s.Width + 2*theme.InnerPadding()
}

func (t *ProcessTable) headerTitle(col int) string {
	s := columnTitles[col]
	if col == t.sortCol {
		up := !t.reverse
		if col == colName || col == colUser || col == colCategory || col == colRuntime || col == colModel || col == colPod || col == colPID {
			up = !up
		}
		if up {
			s += " ↓"
		} else {
			s += " ↑"
		}
	}
	return s
}

// setRows replaces the rows (the device's processes) and re-sorts,
// keeping the selection on its PID.
func (t *ProcessTable) setRows(all []procRow) {
	t.all = all
	t.rebuild()
}

func (t *ProcessTable) rebuild() {
	t.rows = t.rows[:0]
	if t.showAll || len(t.all) <= topN {
		t.rows = append(t.rows, t.all...)
	} else {
		// Top: the largest by VRAM, then shown in the chosen order.
		t.rows = append(t.rows, t.all...)
		sortRows(t.rows, colVRAM, false)
		t.rows = t.rows[:topN]
	}
	sortRows(t.rows, t.sortCol, t.reverse)
	if t.hasSel && t.selectedIndex() < 0 {
		// The selected process left (or is not in top): keep the key, so
		// it is selected again if it comes back, but tell the process pane.
		if t.OnSelected != nil {
			t.OnSelected(nil)
		}
	}
	t.table.Refresh()
}

func (t *ProcessTable) selectedIndex() int {
	if !t.hasSel {
		return -1
	}
	for i := range t.rows {
		if t.rows[i].key() == t.selected {
			return i
		}
	}
	return -1
}

func (t *ProcessTable) selectRow(i int) {
	if i < 0 || i >= len(t.rows) {
		return
	}
	t.selected, t.hasSel = t.rows[i].key(), true
	t.table.ScrollTo(widget.TableCellID{Row: i, Col: 0})
	t.table.Refresh()
	if t.OnSelected != nil {
		t.OnSelected(t.rows[i].p)
	}
}

// move selects the row delta rows away (Up/Down); with nothing selected
// it selects the first row.
func (t *ProcessTable) move(delta int) {
	t.userChose = true
	i := t.selectedIndex()
	if i < 0 {
		t.selectRow(0)
		return
	}
	t.selectRow(max(0, min(len(t.rows)-1, i+delta)))
}

// sortBy sorts by a column; choosing the sorted column again reverses it.
func (t *ProcessTable) sortBy(col int) {
	if col == t.sortCol {
		t.reverse = !t.reverse
	} else {
		t.sortCol, t.reverse = col, false
	}
	t.rebuild()
}

// cycleSort steps through VRAM, GPU %, spill, paged and name (`s`).
func (t *ProcessTable) cycleSort() {
	i := slices.Index(sortCycle, t.sortCol)
	t.sortCol, t.reverse = sortCycle[(i+1)%len(sortCycle)], false
	t.rebuild()
}

func (t *ProcessTable) toggleAll() {
	t.showAll = !t.showAll
	t.rebuild()
}

// selectedProcess is the selected row's process, or nil.
func (t *ProcessTable) selectedProcess() *schema.Process {
	if i := t.selectedIndex(); i >= 0 {
		return t.rows[i].p
	}
	return nil
}

// tableCell is a background rectangle (the row highlight) under a text:
// two canvas objects, far cheaper to refresh than a Label.
func newTableCell() fyne.CanvasObject {
	bg := canvas.NewRectangle(color.Transparent)
	bg.Hide()
	txt := canvas.NewText("", theme.Color(theme.ColorNameForeground))
	return container.NewStack(bg, container.New(&cellPad{}, txt))
}

// cellPad insets the text like a Label and aligns it.
type cellPad struct{}

func (cellPad) MinSize(objs []fyne.CanvasObject) fyne.Size {
	s := objs[0].MinSize()
	return fyne.NewSize(s.Width+2*theme.InnerPadding(), s.Height+2)
}

func (cellPad) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	t := objs[0].(*canvas.Text)
	ms := t.MinSize()
	pad := theme.InnerPadding()
	x := pad
	if t.Alignment == fyne.TextAlignTrailing {
		x = size.Width - pad - ms.Width
	}
	t.Move(fyne.NewPos(x, (size.Height-ms.Height)/2))
	t.Resize(ms)
}

func (t *ProcessTable) updateCell(id widget.TableCellID, o fyne.CanvasObject) {
	stack := o.(*fyne.Container)
	bg := stack.Objects[0].(*canvas.Rectangle)
	txt := stack.Objects[1].(*fyne.Container).Objects[0].(*canvas.Text)
	var text string
	var fill color.Color = color.Transparent
	if id.Row >= 0 && id.Row < len(t.rows) {
		r := &t.rows[id.Row]
		raw := r.cell(id.Col)
		if len(t.raw) > 4096 {
			clear(t.raw) // cell objects the table dropped; rebuilt as needed
		}
		if old, ok := t.raw[txt]; ok && old == (rawCell{raw, id.Col}) {
			text = txt.Text
		} else {
			text = fitText(raw, columnWidths[id.Col]-2*theme.InnerPadding(), txt.TextSize, txt.TextStyle)
			t.raw[txt] = rawCell{raw, id.Col}
		}
		if t.hasSel && r.key() == t.selected {
			if t.selColor == nil {
				t.selColor = theme.Color(theme.ColorNameSelection)
			}
			fill = t.selColor
		}
	} else {
		delete(t.raw, txt)
	}
	align := fyne.TextAlignLeading
	if numericCols[id.Col] {
		align = fyne.TextAlignTrailing
	}
	if txt.Text != text || txt.Alignment != align {
		txt.Text, txt.Alignment = text, align
		stack.Objects[1].(*fyne.Container).Refresh()
	}
	if bg.FillColor != fill {
		bg.FillColor = fill
		// Only the selected row's backgrounds are drawn at all.
		bg.Hidden = fill == color.Transparent
		bg.Refresh()
	}
}

// fitText cuts s to width with an ellipsis.
func fitText(s string, width, size float32, style fyne.TextStyle) string {
	if fyne.MeasureText(s, size, style).Width <= width {
		return s
	}
	r := []rune(s)
	lo, hi := 0, len(r)
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if fyne.MeasureText(string(r[:mid])+"…", size, style).Width <= width {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return string(r[:lo]) + "…"
}

// headerCell is a column heading that sorts the table when clicked. It
// draws one canvas.Text: the table refreshes every heading on each update,
// and a Label's truncation would shape its text each time.
type headerCell struct {
	widget.BaseWidget
	t    *ProcessTable
	col  int
	text *canvas.Text
}

func newHeaderCell(t *ProcessTable) fyne.CanvasObject {
	h := &headerCell{t: t, col: -1, text: canvas.NewText("", theme.Color(theme.ColorNameForeground))}
	h.text.TextStyle.Bold = true
	h.ExtendBaseWidget(h)
	return h
}

func (h *headerCell) set(col int, title string) {
	h.col = col
	align := fyne.TextAlignLeading
	if numericCols[col] {
		align = fyne.TextAlignTrailing
	}
	if h.text.Text != title || h.text.Alignment != align {
		h.text.Text, h.text.Alignment = title, align
		h.Refresh()
	}
}

// Tapped sorts by this column.
func (h *headerCell) Tapped(*fyne.PointEvent) {
	if h.col >= 0 {
		h.t.sortBy(h.col)
	}
}

// CreateRenderer implements fyne.Widget.
func (h *headerCell) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.New(&cellPad{}, h.text))
}

// MinSize is a heading's height with the same padding as a Label, so
// the header row looks like the rest of Fyne.
func (h *headerCell) MinSize() fyne.Size {
	s := h.text.MinSize()
	return fyne.NewSize(s.Width+2*theme.InnerPadding(), s.Height+2*theme.InnerPadding())
}
