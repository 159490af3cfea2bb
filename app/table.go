package app

import (
	"github.com/gputaskman/gtm/app/escape"
	"io"
	"strings"
	"unicode/utf8"
)

// Colours for text tables. They are applied after padding, so columns stay
// aligned whether or not colour is on.
const (
	colourNone  = ""
	colourRed   = "\x1b[31m"
	colourGreen = "\x1b[32m"
	colourDim   = "\x1b[2m"
	colourBold  = "\x1b[1m"
	colourReset = "\x1b[0m"
)

// cell is one table cell: its text and an optional colour.
type cell struct {
	text   string
	colour string
	right  bool // right-aligned (numbers)
}

// textTable renders rows as aligned columns separated by two spaces. A row
// with one cell is a free line (a heading or a note) that takes no part in
// the column widths.
type textTable struct {
	rows   [][]cell
	indent string
}

func (t *textTable) add(cells ...cell) { t.rows = append(t.rows, cells) }

func (t *textTable) write(w io.Writer, colour bool) error {
	var widths []int
	for _, r := range t.rows {
		if len(r) < 2 {
			continue
		}
		for i, c := range r {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			if n := utf8.RuneCountInString(c.text); n > widths[i] {
				widths[i] = n
			}
		}
	}
	var b strings.Builder
	for _, r := range t.rows {
		b.WriteString(t.indent)
		if len(r) < 2 {
			for _, c := range r {
				writeCell(&b, c.text, c.colour, colour)
			}
			b.WriteString("\n")
			continue
		}
		line := strings.Builder{}
		for i, c := range r {
			pad := widths[i] - utf8.RuneCountInString(c.text)
			if i > 0 {
				line.WriteString("  ")
			}
			if c.right {
				line.WriteString(strings.Repeat(" ", pad))
			}
			writeCell(&line, c.text, c.colour, colour)
			if !c.right && i < len(r)-1 {
				line.WriteString(strings.Repeat(" ", pad))
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeCell(b *strings.Builder, text, c string, colour bool) {
	if colour && c != colourNone && text != "" {
		b.WriteString(c)
		b.WriteString(text)
		b.WriteString(colourReset)
		return
	}
	b.WriteString(text)
}

func plain(s string) cell { return cell{text: safeText(s)} }
func num(s string) cell   { return cell{text: s, right: true} }

// safeText escapes what a terminal would interpret (escape.Text): names
// come from processes and files.
func safeText(s string) string { return escape.Text(s) }
