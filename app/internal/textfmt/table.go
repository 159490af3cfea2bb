// Package textfmt holds the text helpers the reports share: aligned,
// optionally coloured tables and the plain number, time and plural forms.
package textfmt

import (
	"io"
	"strings"
	"unicode/utf8"

	"github.com/gputaskman/gtm/app/escape"
)

// Colours for text tables. They are applied after padding, so columns stay
// aligned whether or not colour is on.
const (
	ColourNone  = ""
	ColourRed   = "\x1b[31m"
	ColourGreen = "\x1b[32m"
	ColourDim   = "\x1b[2m"
	ColourBold  = "\x1b[1m"
	colourReset = "\x1b[0m"
)

// Cell is one table cell: its text and an optional colour.
type Cell struct {
	Text   string
	Colour string
	Right  bool // right-aligned (numbers)
}

// Table renders rows as aligned columns separated by two spaces. A row
// with one Cell is a free line (a heading or a note) that takes no part in
// the column widths.
type Table struct {
	rows [][]Cell
	// Indent starts every line.
	Indent string
}

// Add appends a row.
func (t *Table) Add(cells ...Cell) { t.rows = append(t.rows, cells) }

// Write renders the table, coloured when colour is true.
func (t *Table) Write(w io.Writer, colour bool) error {
	var widths []int
	for _, r := range t.rows {
		if len(r) < 2 {
			continue
		}
		for i, c := range r {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			if n := utf8.RuneCountInString(c.Text); n > widths[i] {
				widths[i] = n
			}
		}
	}
	var b strings.Builder
	for _, r := range t.rows {
		b.WriteString(t.Indent)
		if len(r) < 2 {
			for _, c := range r {
				writeCell(&b, c.Text, c.Colour, colour)
			}
			b.WriteString("\n")
			continue
		}
		line := strings.Builder{}
		for i, c := range r {
			pad := widths[i] - utf8.RuneCountInString(c.Text)
			if i > 0 {
				line.WriteString("  ")
			}
			if c.Right {
				line.WriteString(strings.Repeat(" ", pad))
			}
			writeCell(&line, c.Text, c.Colour, colour)
			if !c.Right && i < len(r)-1 {
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
	if colour && c != ColourNone && text != "" {
		b.WriteString(c)
		b.WriteString(text)
		b.WriteString(colourReset)
		return
	}
	b.WriteString(text)
}

// Plain is a left-aligned cell of text from anywhere, escaped
// (escape.Text): names come from processes and files.
func Plain(s string) Cell { return Cell{Text: escape.Text(s)} }

// Num is a right-aligned cell of a number gtm formatted itself.
func Num(s string) Cell { return Cell{Text: s, Right: true} }
