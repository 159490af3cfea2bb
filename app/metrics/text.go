package metrics

import (
	"bytes"
	"math"
	"strconv"
	"strings"
)

// textContentType is Prometheus's text exposition format, version 0.0.4,
// which every Prometheus version scrapes.
const textContentType = "text/plain; version=0.0.4; charset=utf-8; escaping=underscores"

// writeText writes families in the text exposition format, byte for byte
// as client_golang's expfmt does (the tests compare the two): a HELP and a
// TYPE line per family, then one line per series with its labels in name
// order, no timestamps.
func writeText(b *bytes.Buffer, fams []*family) {
	for _, f := range fams {
		d := f.d
		b.WriteString("# HELP ")
		b.WriteString(d.name)
		b.WriteByte(' ')
		helpEscaper.WriteString(b, d.help)
		b.WriteString("\n# TYPE ")
		b.WriteString(d.name)
		if d.counter {
			b.WriteString(" counter\n")
		} else {
			b.WriteString(" gauge\n")
		}
		for _, s := range f.series {
			b.WriteString(d.name)
			if len(s.labels) > 0 {
				b.WriteByte('{')
				for i, j := range d.order {
					if i > 0 {
						b.WriteByte(',')
					}
					b.WriteString(d.labels[j])
					b.WriteString(`="`)
					labelEscaper.WriteString(b, s.labels[i])
					b.WriteByte('"')
				}
				b.WriteByte('}')
			}
			b.WriteByte(' ')
			writeFloat(b, s.value)
			b.WriteByte('\n')
		}
	}
}

var (
	helpEscaper  = strings.NewReplacer(`\`, `\\`, "\n", `\n`)
	labelEscaper = strings.NewReplacer(`\`, `\\`, "\n", `\n`, `"`, `\"`)
)

// writeFloat writes v as the exposition format does: the shortest form
// that reads back the same, and NaN, +Inf, -Inf by name.
func writeFloat(b *bytes.Buffer, v float64) {
	switch {
	case v == 1:
		b.WriteByte('1')
	case v == 0:
		b.WriteByte('0')
	case v == -1:
		b.WriteString("-1")
	case math.IsNaN(v):
		b.WriteString("NaN")
	case math.IsInf(v, +1):
		b.WriteString("+Inf")
	case math.IsInf(v, -1):
		b.WriteString("-Inf")
	default:
		var num [32]byte
		b.Write(strconv.AppendFloat(num[:0], v, 'g', -1, 64))
	}
}
