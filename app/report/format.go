// Package report renders snapshots as text: the --once report, the
// process table's cells shared with the GUI, `gtm inspect`'s detail, and
// the formatting of readings (unknown is n/a).
package report

import (
	"math"
	"strconv"
	"strings"

	"github.com/gputaskman/gtm/app/escape"
	"github.com/gputaskman/gtm/app/internal/textfmt"
)

// NA is how text and the GUI show a reading that could not be taken.
const NA = "n/a"

// FormatBytes shows a byte count in binary units (GiB, MiB, KiB), or n/a.
func FormatBytes(b *uint64) string {
	if b == nil {
		return NA
	}
	return textfmt.Bytes(*b)
}

// FormatRate shows bytes per second, or n/a.
func FormatRate(b *uint64) string {
	if b == nil {
		return NA
	}
	return textfmt.Bytes(*b) + "/s"
}

// FormatPercent shows a percentage with no decimals, or n/a.
func FormatPercent(v *float64) string {
	if v == nil {
		return NA
	}
	return textfmt.Float(*v, 0) + "%"
}

// FormatUnit shows a reading with its unit ("62 °C"), or n/a.
func FormatUnit(v *float64, unit string) string {
	if v == nil {
		return NA
	}
	if *v == math.Trunc(*v) && math.Abs(*v) < textfmt.MaxPlain {
		return strconv.FormatInt(int64(*v), 10) + " " + unit
	}
	return textfmt.Float(*v, 1) + " " + unit
}

// FormatString shows a string for text output, escaped (escape.Text: no
// control characters or bidi overrides reach the terminal), or n/a.
func FormatString(s *string) string {
	if s == nil || *s == "" {
		return NA
	}
	return escape.Text(*s)
}

// CommandLine joins argv for display, each argument escaped, or n/a when
// unreadable.
func CommandLine(argv []string) string {
	if argv == nil {
		return NA
	}
	out := make([]string, len(argv))
	for i, a := range argv {
		out[i] = escape.Text(a)
	}
	return strings.Join(out, " ")
}
