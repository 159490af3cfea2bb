package llamacpplog

import (
	"bytes"
	"math"
	"strconv"
	"strings"
	"time"
)

// line is one log line with its prefixes taken off.
type line struct {
	payload    string        // what the program printed
	wall       time.Time     // a wall-clock time written on the line
	elapsed    time.Duration // llama.cpp --log-timestamps: time since its log started
	hasElapsed bool
	slog       bool   // an Ollama slog line: payload is its msg
	raw        string // the whole slog line, for its attributes
}

// splitLine takes off, in order: ANSI colour codes, a leading RFC 3339
// timestamp (docker --timestamps and the like), llama.cpp's "M.SS.mmm.uuu"
// elapsed stamp and its one-letter level, or Ollama's slog header.
func splitLine(b []byte) line {
	if bytes.IndexByte(b, 0x1b) >= 0 {
		b = stripANSI(b)
	}
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	s := string(b)
	var l line
	if t, rest, ok := cutRFC3339(s); ok {
		l.wall, s = t, rest
	}
	if strings.HasPrefix(s, "time=") {
		return parseSlog(s, l)
	}
	if d, rest, ok := cutElapsed(s); ok {
		l.elapsed, l.hasElapsed, s = d, true, rest
	}
	if len(s) > 2 && s[1] == ' ' && strings.IndexByte("IWED", s[0]) >= 0 {
		s = s[2:] // llama.cpp's level letter (--log-prefix)
	}
	l.payload = s
	return l
}

// stripANSI drops CSI escape sequences (colours).
func stripANSI(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] != 0x1b {
			out = append(out, b[i])
			continue
		}
		if i+1 < len(b) && b[i+1] == '[' {
			i += 2
			for i < len(b) && (b[i] < 0x40 || b[i] > 0x7e) {
				i++
			}
		}
	}
	return out
}

// cutRFC3339 takes a leading RFC 3339 timestamp followed by a space.
func cutRFC3339(s string) (time.Time, string, bool) {
	if len(s) < 21 || s[4] != '-' || s[10] != 'T' || s[0] < '0' || s[0] > '9' {
		return time.Time{}, s, false
	}
	tok, rest, ok := strings.Cut(s, " ")
	if !ok || len(tok) > 40 {
		return time.Time{}, s, false
	}
	t, err := time.Parse(time.RFC3339, tok)
	if err != nil {
		return time.Time{}, s, false
	}
	return t, rest, true
}

// cutElapsed takes llama.cpp's common/log.cpp stamp "%d.%02d.%03d.%03d "
// (minutes, seconds, milliseconds, microseconds since the log started).
func cutElapsed(s string) (time.Duration, string, bool) {
	if s == "" || s[0] < '0' || s[0] > '9' {
		return 0, s, false
	}
	tok, rest, ok := strings.Cut(s, " ")
	if !ok || len(tok) < 12 || len(tok) > 24 {
		return 0, s, false
	}
	parts := strings.Split(tok, ".")
	if len(parts) != 4 || len(parts[1]) != 2 || len(parts[2]) != 3 || len(parts[3]) != 3 {
		return 0, s, false
	}
	var n [4]int64
	for i, p := range parts {
		if p == "" || len(p) > 12 {
			return 0, s, false
		}
		for _, c := range p {
			if c < '0' || c > '9' {
				return 0, s, false
			}
		}
		n[i], _ = strconv.ParseInt(p, 10, 64)
	}
	d := time.Duration(n[0])*time.Minute + time.Duration(n[1])*time.Second +
		time.Duration(n[2])*time.Millisecond + time.Duration(n[3])*time.Microsecond
	return d, rest, true
}

// parseSlog reads the header of a Go slog text line as Ollama writes it
// (logutil.NewLogger): time=... level=... source=... msg=...
func parseSlog(s string, l line) line {
	l.slog, l.raw = true, s
	if v, ok := attr(s, "time"); ok {
		if t, err := time.Parse(time.RFC3339, v); err == nil {
			l.wall = t
		}
	}
	l.payload, _ = attr(s, "msg")
	return l
}

// attr finds key=value in a logfmt line; quoted values are unquoted.
func attr(s, key string) (string, bool) {
	for s != "" {
		s = strings.TrimLeft(s, " ")
		eq := strings.IndexByte(s, '=')
		if eq < 0 {
			return "", false
		}
		k := s[:eq]
		if strings.IndexByte(k, ' ') >= 0 { // a stray word; skip it
			s = s[strings.IndexByte(k, ' ')+1:]
			continue
		}
		s = s[eq+1:]
		var v string
		if strings.HasPrefix(s, `"`) {
			end := 1
			for end < len(s) && s[end] != '"' {
				if s[end] == '\\' {
					end++
				}
				end++
			}
			if end >= len(s) {
				end = len(s) - 1
			}
			quoted := s[:end+1]
			s = s[end+1:]
			if u, err := strconv.Unquote(quoted); err == nil {
				v = u
			} else {
				v = strings.Trim(quoted, `"`)
			}
		} else {
			sp := strings.IndexByte(s, ' ')
			if sp < 0 {
				sp = len(s)
			}
			v, s = s[:sp], s[sp:]
		}
		if k == key {
			return v, true
		}
	}
	return "", false
}

// units are the size suffixes llama.cpp (MiB) and Ollama's HumanBytes2
// (B, KiB, MiB, GiB, TiB) print.
var units = map[string]float64{"B": 1, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30, "TiB": 1 << 40}

// parseSize reads "604.15 MiB" (leading spaces allowed) and returns the
// bytes and what follows the unit.
func parseSize(s string) (uint64, string, bool) {
	s = strings.TrimLeft(s, " ")
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	if i == 0 || i > 20 {
		return 0, s, false
	}
	v, err := strconv.ParseFloat(s[:i], 64)
	if err != nil {
		return 0, s, false
	}
	rest := strings.TrimLeft(s[i:], " ")
	j := 0
	for j < len(rest) && (rest[j] >= 'A' && rest[j] <= 'Z' || rest[j] >= 'a' && rest[j] <= 'z') {
		j++
	}
	mult, ok := units[rest[:j]]
	if !ok {
		return 0, s, false
	}
	b := v * mult
	if b < 0 || b >= math.MaxUint64/2 {
		return 0, s, false
	}
	return uint64(math.Round(b)), rest[j:], true
}

// clip bounds a string kept from a log.
func clip(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// StripANSI returns b without its CSI escape sequences (colours): engines
// that colour their log prefixes (vLLM's worker tags) are read through it.
func StripANSI(b []byte) []byte { return stripANSI(b) }

// CutRFC3339 takes a leading RFC 3339 timestamp and the space after it
// (docker --timestamps and the like), returning the rest of s.
func CutRFC3339(s string) (time.Time, string, bool) { return cutRFC3339(s) }
