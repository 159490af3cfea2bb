package servers

import (
	"bytes"
	"math"
	"strconv"
	"strings"
)

// Sample is one line of Prometheus text: name{labels} value.
type Sample struct {
	Name   string
	Labels map[string]string // nil when the line has none
	Value  float64           // may be NaN or ±Inf, as sent
}

// maxSamples bounds the work on a hostile body; real servers send hundreds.
const maxSamples = 100_000

// ParsePrometheus reads the Prometheus text exposition format: comments,
// name{label="value",...} value [timestamp]. It is lenient: a line it cannot
// read is skipped and counted in bad, so one odd metric never hides the rest.
// Values may be NaN, +Inf, -Inf, and the nan/inf/-nan that C++ streams print.
func ParsePrometheus(text []byte) (samples []Sample, bad int) {
	for len(text) > 0 {
		line := text
		if i := bytes.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = nil
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		if len(samples) >= maxSamples {
			bad++
			continue
		}
		s, ok := parseSampleLine(string(line))
		if !ok {
			bad++
			continue
		}
		samples = append(samples, s)
	}
	return samples, bad
}

func parseSampleLine(line string) (Sample, bool) {
	var s Sample
	n := 0
	for n < len(line) && isNameByte(line[n], n == 0, true) {
		n++
	}
	if n == 0 {
		return s, false
	}
	s.Name, line = line[:n], strings.TrimLeft(line[n:], " \t")
	if strings.HasPrefix(line, "{") {
		var ok bool
		if s.Labels, line, ok = parseLabels(line[1:]); !ok {
			return s, false
		}
	}
	fields := strings.Fields(line)
	if len(fields) < 1 || len(fields) > 2 {
		return s, false // no value, or junk after the timestamp
	}
	v, ok := parseValue(fields[0])
	if !ok {
		return s, false
	}
	s.Value = v
	return s, true
}

// parseLabels reads `k="v",...}` and returns what follows the brace.
func parseLabels(in string) (map[string]string, string, bool) {
	var labels map[string]string
	for {
		in = strings.TrimLeft(in, " \t")
		if strings.HasPrefix(in, "}") {
			return labels, in[1:], true
		}
		n := 0
		for n < len(in) && isNameByte(in[n], n == 0, false) {
			n++
		}
		if n == 0 {
			return nil, "", false
		}
		key := in[:n]
		in = strings.TrimLeft(in[n:], " \t")
		if !strings.HasPrefix(in, "=") {
			return nil, "", false
		}
		in = strings.TrimLeft(in[1:], " \t")
		if !strings.HasPrefix(in, `"`) {
			return nil, "", false
		}
		val, rest, ok := unquote(in[1:])
		if !ok {
			return nil, "", false
		}
		if labels == nil {
			labels = map[string]string{}
		}
		labels[key] = val
		in = strings.TrimLeft(rest, " \t")
		if strings.HasPrefix(in, ",") {
			in = in[1:]
		} else if !strings.HasPrefix(in, "}") {
			return nil, "", false
		}
	}
}

// unquote reads a label value up to its closing quote. Escapes are \\, \"
// and \n; any other backslash is kept as written, as Prometheus does.
func unquote(in string) (string, string, bool) {
	var b strings.Builder
	for i := 0; i < len(in); i++ {
		switch c := in[i]; c {
		case '"':
			return b.String(), in[i+1:], true
		case '\\':
			if i+1 == len(in) {
				return "", "", false
			}
			i++
			switch in[i] {
			case 'n':
				b.WriteByte('\n')
			case '\\', '"':
				b.WriteByte(in[i])
			default:
				b.WriteByte('\\')
				b.WriteByte(in[i])
			}
		default:
			b.WriteByte(c)
		}
	}
	return "", "", false
}

func isNameByte(c byte, first, colon bool) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_':
		return true
	case c == ':':
		return colon
	case c >= '0' && c <= '9':
		return !first
	}
	return false
}

func parseValue(s string) (float64, bool) {
	switch strings.ToLower(strings.TrimLeft(s, "+-")) {
	case "nan":
		return math.NaN(), true // C++ prints -nan for some NaNs
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !isRangeErr(err) {
		return 0, false
	}
	return f, true // a range error still gives ±Inf or 0, the value meant
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// metrics is a parsed body with the lookups the probes need. Several label
// sets of one name (vLLM engines, models) are combined; NaN and ±Inf
// samples are skipped, as they carry no usable value.
type metrics []Sample

// sum adds every finite sample of name: right for counts and counters.
func (m metrics) sum(name string) (float64, bool) {
	var t float64
	found := false
	for _, s := range m {
		if s.Name == name && !math.IsNaN(s.Value) && !math.IsInf(s.Value, 0) {
			t += s.Value
			found = true
		}
	}
	return t, found && !math.IsInf(t, 0)
}

// firstRanks keeps the samples of tensor- and pipeline-parallel rank 0
// (or with no such label): the ranks of one engine repeat its figures.
func (m metrics) firstRanks() metrics {
	out := make(metrics, 0, len(m))
	for _, s := range m {
		if tp, pp := s.Labels["tp_rank"], s.Labels["pp_rank"]; (tp == "" || tp == "0") && (pp == "" || pp == "0") {
			out = append(out, s)
		}
	}
	return out
}

// max is the largest finite sample of name: right for usage ratios.
func (m metrics) max(name string) (float64, bool) {
	v, found := 0.0, false
	for _, s := range m {
		if s.Name == name && !math.IsNaN(s.Value) && !math.IsInf(s.Value, 0) && (!found || s.Value > v) {
			v, found = s.Value, true
		}
	}
	return v, found
}

func (m metrics) has(prefix string) bool {
	for _, s := range m {
		if strings.HasPrefix(s.Name, prefix) {
			return true
		}
	}
	return false
}

// hasMetric tells whether a /metrics body has a sample named with prefix:
// how a server's exposition says whose it is.
func hasMetric(body []byte, prefix string) bool {
	m, _ := ParsePrometheus(body)
	return metrics(m).has(prefix)
}

// floatOf and countOf turn a lookup into the nil-when-unknown fields.
func floatOf(v float64, ok bool) *float64 {
	if !ok {
		return nil
	}
	return &v
}

func countOf(v float64, ok bool) *int64 {
	if !ok || v < 0 || v >= 1<<63 {
		return nil
	}
	n := int64(math.Round(v))
	return &n
}
