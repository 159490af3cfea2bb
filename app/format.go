package app

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/gputaskman/gtm/app/escape"
)

// NA is how text and the GUI show a reading that could not be taken.
const NA = "n/a"

// FormatBytes shows a byte count in binary units (GiB, MiB, KiB), or n/a.
func FormatBytes(b *uint64) string {
	if b == nil {
		return NA
	}
	return formatBytes(*b)
}

func formatBytes(v uint64) string {
	const (
		kib = 1 << 10
		mib = 1 << 20
		gib = 1 << 30
	)
	switch {
	case v >= gib:
		return fmt.Sprintf("%.2f GiB", float64(v)/gib)
	case v >= mib:
		return fmt.Sprintf("%.1f MiB", float64(v)/mib)
	case v >= kib:
		return fmt.Sprintf("%.1f KiB", float64(v)/kib)
	default:
		return fmt.Sprintf("%d B", v)
	}
}

// FormatRate shows bytes per second, or n/a.
func FormatRate(b *uint64) string {
	if b == nil {
		return NA
	}
	return formatBytes(*b) + "/s"
}

// FormatPercent shows a percentage with no decimals, or n/a.
func FormatPercent(v *float64) string {
	if v == nil {
		return NA
	}
	return formatFloat(*v, 0) + "%"
}

// FormatUnit shows a reading with its unit ("62 °C"), or n/a.
func FormatUnit(v *float64, unit string) string {
	if v == nil {
		return NA
	}
	if *v == math.Trunc(*v) && math.Abs(*v) < maxPlain {
		return strconv.FormatInt(int64(*v), 10) + " " + unit
	}
	return formatFloat(*v, 1) + " " + unit
}

// maxPlain is the largest magnitude shown digit by digit. A reading that
// large is a broken counter or an edited file; shown as 1e+308 it cannot
// fill a screen with 309 digits.
const maxPlain = 1e9

// formatFloat shows v with prec decimals, or in e-notation when it is not
// a plain reading (huge, NaN, infinite).
func formatFloat(v float64, prec int) string {
	if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) >= maxPlain {
		return strconv.FormatFloat(v, 'g', 3, 64)
	}
	return strconv.FormatFloat(v, 'f', prec, 64)
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

// Text escapes one string for text output (escape.Text).
func Text(s string) string { return escape.Text(s) }
