package textfmt

import (
	"fmt"
	"math"
	"strconv"
	"time"
)

// Bytes shows a byte count in binary units (GiB, MiB, KiB).
func Bytes(v uint64) string {
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

// MaxPlain is the largest magnitude shown digit by digit. A reading that
// large is a broken counter or an edited file; shown as 1e+308 it cannot
// fill a screen with 309 digits.
const MaxPlain = 1e9

// Float shows v with prec decimals, or in e-notation when it is not a
// plain reading (huge, NaN, infinite).
func Float(v float64, prec int) string {
	if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) >= MaxPlain {
		return strconv.FormatFloat(v, 'g', 3, 64)
	}
	return strconv.FormatFloat(v, 'f', prec, 64)
}

// TrimFloat shows a whole number without decimals, others with one.
func TrimFloat(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < MaxPlain {
		return strconv.FormatInt(int64(v), 10)
	}
	return Float(v, 1)
}

// Stamp shows a time in UTC to the second.
func Stamp(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05 UTC") }

// Elapsed shows a span of seconds rounded to the second ("1m30s").
func Elapsed(sec float64) string {
	if sec < 0 {
		return "-" + time.Duration(-sec*float64(time.Second)).Round(time.Second).String()
	}
	return time.Duration(sec * float64(time.Second)).Round(time.Second).String()
}

// Plural picks one or many by n.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
