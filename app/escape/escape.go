// Package escape makes strings that processes, files and servers chose
// safe to print on a terminal: control characters, bidirectional-text
// overrides and invalid UTF-8 are shown as visible escapes (\x1b, \n,
// \u202e, \xff) instead of being interpreted. JSON output never goes
// through it: JSON keeps strings exact.
//
// Text writes every such string through Text; a whole report made of
// escaped fields may also go through Lines, which keeps the report's own
// line breaks and tabs and escapes everything else the same way, as a
// second line of defence for a field that was missed.
package escape

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Text returns s with every character that could move the cursor, change
// the terminal's state, reorder text or forge a line shown as an escape.
// Printable text, including non-ASCII letters, is unchanged.
func Text(s string) string { return escape(s, false) }

// Lines is Text for a whole report: newlines and tabs are kept (they are
// the report's layout), everything else is escaped as Text does.
func Lines(s string) string { return escape(s, true) }

func escape(s string, keepLayout bool) string {
	if clean(s, keepLayout) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case keepLayout && (r == '\n' || r == '\t'):
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case unsafeRune(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// clean is the fast path: plain ASCII with no control characters.
func clean(s string, keepLayout bool) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 || c == 0x7f || c < 0x20 && !(keepLayout && (c == '\n' || c == '\t')) {
			return false
		}
	}
	return true
}

// unsafeRune: C1 controls (0x9b is a one-byte CSI on some terminals),
// format characters (bidi overrides and isolates, zero-width joiners,
// the byte-order mark) and the Unicode line and paragraph separators.
func unsafeRune(r rune) bool {
	return r >= 0x80 && r <= 0x9f || unicode.Is(unicode.Cf, r) || r == 0x2028 || r == 0x2029
}
