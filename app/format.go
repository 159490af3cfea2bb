package app

import (
	"fmt"
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
	return fmt.Sprintf("%.0f%%", *v)
}

// FormatUnit shows a reading with its unit ("62 °C"), or n/a.
func FormatUnit(v *float64, unit string) string {
	if v == nil {
		return NA
	}
	if *v == float64(int64(*v)) {
		return fmt.Sprintf("%d %s", int64(*v), unit)
	}
	return fmt.Sprintf("%.1f %s", *v, unit)
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
