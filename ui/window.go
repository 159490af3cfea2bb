// Package ui is gtm's Fyne front end. It renders app.Snapshot values and
// never reads /proc or the driver itself, so a replayed snapshot renders
// exactly like a live one.
package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/gputaskman/gtm/app"
)

// Column widths in the process table, in ProcessColumns order.
var columnWidths = []float32{80, 80, 40, 90, 55, 55, 55, 55, 120, 105, 140, 315}

// MainWindow is the first, minimal gtm window: a header line per device and
// the process table.
type MainWindow struct {
	Window fyne.Window

	root    *fyne.Container
	devices *widget.Label
	status  *widget.Label
	table   *widget.Table
	rows    [][]string
}

// NewMainWindow builds the window; call Update with each new snapshot (on
// the Fyne goroutine, e.g. through fyne.Do).
func NewMainWindow(a fyne.App) *MainWindow {
	m := &MainWindow{Window: a.NewWindow("gtm — GPU task manager")}
	m.devices = widget.NewLabel("Collecting…")
	m.status = widget.NewLabel("")
	m.status.Wrapping = fyne.TextWrapWord
	m.status.Importance = widget.LowImportance

	m.table = widget.NewTableWithHeaders(
		func() (int, int) { return len(m.rows), len(app.ProcessColumns) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(id widget.TableCellID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			if id.Row < len(m.rows) && id.Col < len(m.rows[id.Row]) {
				l.SetText(m.rows[id.Row][id.Col])
			} else {
				l.SetText("")
			}
		})
	m.table.ShowHeaderColumn = false
	m.table.CreateHeader = func() fyne.CanvasObject {
		l := widget.NewLabel("")
		l.TextStyle = fyne.TextStyle{Bold: true}
		return l
	}
	m.table.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		if id.Row < 0 && id.Col >= 0 && id.Col < len(app.ProcessColumns) {
			o.(*widget.Label).SetText(app.ProcessColumns[id.Col])
		}
	}
	for i, w := range columnWidths {
		m.table.SetColumnWidth(i, w)
	}

	top := container.NewVBox(m.devices, widget.NewSeparator())
	m.root = container.NewBorder(top, m.status, nil, nil, m.table)
	m.Window.SetContent(m.root)
	m.Window.Resize(fyne.NewSize(1260, 560))
	return m
}

// Update shows a snapshot.
func (m *MainWindow) Update(s *app.Snapshot) {
	if msg := s.NoGPUMessage(); msg != "" {
		m.devices.SetText(msg)
	} else {
		lines := make([]string, 0, len(s.Devices))
		for _, d := range s.Devices {
			line := app.DeviceHeader(d)
			if sum, ok := s.MeasuredVRAM(d.Index); ok {
				line += fmt.Sprintf("\n  Listed processes hold %s (measured)", app.FormatBytes(&sum))
			}
			lines = append(lines, line)
		}
		m.devices.SetText(strings.Join(lines, "\n"))
	}
	m.rows = m.rows[:0]
	for _, p := range s.Processes {
		m.rows = append(m.rows, app.ProcessCells(p))
	}
	m.table.Refresh()
	m.status.SetText(statusLine(s))
	// The header and status change height with the number of devices
	// and notes; lay the window out again.
	m.root.Refresh()
}

// Rows returns the table's current cells (for tests and accessibility).
func (m *MainWindow) Rows() [][]string { return m.rows }

// DeviceText returns the device header's text.
func (m *MainWindow) DeviceText() string { return m.devices.Text }

// StatusText returns the status line's text.
func (m *MainWindow) StatusText() string { return m.status.Text }

// statusLine says when and where the snapshot was taken, then lists every
// process note and failed source, one per line.
func statusLine(s *app.Snapshot) string {
	lines := []string{fmt.Sprintf("%d processes · %s · updated %s",
		len(s.Processes), hostLabel(s.Host), s.TakenAt.Local().Format("15:04:05"))}
	for _, p := range s.Processes {
		if p.LLM != nil {
			lines = append(lines, fmt.Sprintf("%s LLM memory: %s", p.PIDLabel, app.LLMSummary(p.LLM)))
		}
	}
	for _, p := range s.Processes {
		for _, n := range p.Notes {
			lines = append(lines, fmt.Sprintf("%s: %s", p.PIDLabel, n))
		}
	}
	for _, src := range s.Sources {
		if !src.OK {
			lines = append(lines, fmt.Sprintf("%s: %s", src.Name, app.FormatString(src.Error)))
		}
	}
	return strings.Join(lines, "\n")
}

func hostLabel(h app.Host) string {
	return fmt.Sprintf("%s (%s, %s)", app.FormatString(h.Hostname), h.OS, h.Mode)
}
