package safetensors

import (
	"context"
	"fmt"
	"io"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// scanner reads the JSON header from the file through a fixed buffer, one
// token at a time: strict JSON (RFC 8259), every string checked as UTF-8
// as it passes, nothing kept but the current string. Memory is the buffer
// and one string, whatever the header's size. It checks ctx at every
// refill, so a cancelled parse stops within one buffer's work.
type scanner struct {
	ctx   context.Context
	r     io.ReaderAt
	start int64 // file offset of the header's first byte
	end   int64 // file offset just past the header
	off   int64 // file offset of buf[n]: the next byte to read
	buf   []byte
	i, n  int    // buf[i:n] is read but not consumed
	str   []byte // the last string read, decoded
}

const (
	scanBufSize = 64 << 10
	maxDepth    = 64 // nesting of a skipped value (real headers nest 3 deep)
)

func newScanner(ctx context.Context, r io.ReaderAt, start, length int64) *scanner {
	return &scanner{ctx: ctx, r: r, start: start, end: start + length, off: start,
		buf: make([]byte, min(length, scanBufSize))}
}

// reset goes back to the header's first byte (a second pass).
func (s *scanner) reset() { s.off, s.i, s.n = s.start, 0, 0 }

// pos is the header offset of the next unconsumed byte, for messages.
func (s *scanner) pos() int64 { return s.off - int64(s.n-s.i) - s.start }

// errSyntax is a JSON error at the current position.
func (s *scanner) errSyntax(format string, args ...any) error {
	return errf("header JSON: "+format+" at byte %d", append(args, s.pos())...)
}

// ensure makes at least k (<= len(buf)) bytes available, or all that are
// left in the header; it reports how many are.
func (s *scanner) ensure(k int) (int, error) {
	if s.n-s.i >= k || s.off >= s.end {
		return s.n - s.i, nil
	}
	if err := s.ctx.Err(); err != nil {
		return 0, fmt.Errorf("safetensors: parse stopped at header byte %d: %w", s.pos(), err)
	}
	copy(s.buf, s.buf[s.i:s.n])
	s.n -= s.i
	s.i = 0
	want := min(int64(len(s.buf)-s.n), s.end-s.off)
	got, err := s.r.ReadAt(s.buf[s.n:s.n+int(want)], s.off)
	if int64(got) < want {
		if err == nil || err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return 0, fmt.Errorf("safetensors: reading the header at byte %d: %v", s.off-s.start, err)
	}
	s.n += got
	s.off += int64(got)
	return s.n - s.i, nil
}

// peek returns the next byte without consuming it; ok is false at the
// header's end.
func (s *scanner) peek() (c byte, ok bool, err error) {
	if s.i == s.n {
		if _, err := s.ensure(1); err != nil {
			return 0, false, err
		}
		if s.i == s.n {
			return 0, false, nil
		}
	}
	return s.buf[s.i], true, nil
}

// next skips white space and returns the next byte, not consumed.
func (s *scanner) next() (byte, error) {
	for {
		c, ok, err := s.peek()
		if err != nil {
			return 0, err
		}
		if !ok {
			return 0, s.errSyntax("unexpected end")
		}
		switch c {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return c, nil
		}
	}
}

// atEnd reports whether only white space is left.
func (s *scanner) atEnd() (bool, error) {
	for {
		c, ok, err := s.peek()
		if err != nil || !ok {
			return !ok, err
		}
		switch c {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return false, nil
		}
	}
}

// expect consumes the byte c after white space.
func (s *scanner) expect(c byte, what string) error {
	got, err := s.next()
	if err != nil {
		return err
	}
	if got != c {
		return s.errSyntax("%s expected, found %s", what, quoteByte(got))
	}
	s.i++
	return nil
}

// more reads what follows a member or element: true after ',', false
// after close.
func (s *scanner) more(close byte) (bool, error) {
	c, err := s.next()
	if err != nil {
		return false, err
	}
	switch c {
	case ',':
		s.i++
		return true, nil
	case close:
		s.i++
		return false, nil
	}
	return false, s.errSyntax("',' or '%c' expected, found %s", close, quoteByte(c))
}

// open consumes '{' or '[' and reports whether the container is empty
// (its close consumed too).
func (s *scanner) open(c, close byte, what string) (empty bool, err error) {
	if err := s.expect(c, what); err != nil {
		return false, err
	}
	got, err := s.next()
	if err != nil {
		return false, err
	}
	if got == close {
		s.i++
		return true, nil
	}
	return false, nil
}

// null consumes a null if one is next.
func (s *scanner) null() (bool, error) {
	c, err := s.next()
	if err != nil || c != 'n' {
		return false, err
	}
	return true, s.word("null")
}

func (s *scanner) word(w string) error {
	if got, err := s.ensure(len(w)); err != nil {
		return err
	} else if got < len(w) || string(s.buf[s.i:s.i+len(w)]) != w {
		return s.errSyntax("invalid literal")
	}
	s.i += len(w)
	return nil
}

// readString reads a string into s.str, decoded, keeping at most limit bytes
// (cut on a rune boundary); the rest is still read and checked. over
// says whether it was cut.
func (s *scanner) readString(limit int) (over bool, err error) {
	if err := s.expect('"', "string"); err != nil {
		return false, err
	}
	s.str = s.str[:0]
	// keep appends b while it fits; ascii may be cut anywhere, a rune not.
	keep := func(b []byte, ascii bool) {
		if over {
			return
		}
		if room := limit - len(s.str); len(b) > room {
			over = true
			if !ascii {
				return
			}
			b = b[:room]
		}
		s.str = append(s.str, b...)
	}
	var rb [utf8.UTFMax]byte
	for {
		// the plain ASCII run, straight from the buffer
		j := s.i
		for j < s.n {
			c := s.buf[j]
			if c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
				break
			}
			j++
		}
		keep(s.buf[s.i:j], true)
		s.i = j
		avail, err := s.ensure(utf8.UTFMax)
		if err != nil {
			return over, err
		}
		if avail == 0 {
			return over, s.errSyntax("unterminated string")
		}
		switch c := s.buf[s.i]; {
		case c == '"':
			s.i++
			return over, nil
		case c == '\\':
			r, err := s.escape()
			if err != nil {
				return over, err
			}
			keep(rb[:utf8.EncodeRune(rb[:], r)], false)
		case c < 0x20:
			return over, s.errSyntax("control character %#x in a string", c)
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(s.buf[s.i:s.n])
			if r == utf8.RuneError && size <= 1 {
				return over, s.errSyntax("invalid UTF-8 in a string")
			}
			keep(s.buf[s.i:s.i+size], false)
			s.i += size
		}
	}
}

// escape decodes one escape sequence as encoding/json does: a \u
// surrogate pair is one rune, a lone surrogate U+FFFD.
func (s *scanner) escape() (rune, error) {
	if _, err := s.ensure(2); err != nil {
		return 0, err
	}
	if s.n-s.i < 2 {
		return 0, s.errSyntax("unterminated string")
	}
	c := s.buf[s.i+1]
	s.i += 2
	switch c {
	case '"', '\\', '/':
		return rune(c), nil
	case 'b':
		return '\b', nil
	case 'f':
		return '\f', nil
	case 'n':
		return '\n', nil
	case 'r':
		return '\r', nil
	case 't':
		return '\t', nil
	case 'u':
		r, err := s.hex4()
		if err != nil || !utf16.IsSurrogate(r) {
			return r, err
		}
		if got, err := s.ensure(6); err != nil {
			return 0, err
		} else if got >= 6 && s.buf[s.i] == '\\' && s.buf[s.i+1] == 'u' {
			if r2, ok := hex(s.buf[s.i+2 : s.i+6]); ok {
				if d := utf16.DecodeRune(r, r2); d != unicode.ReplacementChar {
					s.i += 6
					return d, nil
				}
			}
		}
		return unicode.ReplacementChar, nil
	}
	return 0, s.errSyntax("invalid escape: %s after a backslash", quoteByte(c))
}

func (s *scanner) hex4() (rune, error) {
	if got, err := s.ensure(4); err != nil {
		return 0, err
	} else if got < 4 {
		return 0, s.errSyntax("unterminated \\u escape")
	}
	r, ok := hex(s.buf[s.i : s.i+4])
	if !ok {
		return 0, s.errSyntax("invalid \\u escape")
	}
	s.i += 4
	return r, nil
}

func hex(b []byte) (rune, bool) {
	var r rune
	for _, c := range b {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// uint reads a JSON number that must be an unsigned integer (no sign,
// fraction or exponent) fitting 64 bits.
func (s *scanner) uint() (uint64, error) {
	c, err := s.next()
	if err != nil {
		return 0, err
	}
	if c < '0' || c > '9' {
		if c == '-' {
			return 0, s.errSyntax("negative number")
		}
		return 0, s.errSyntax("unsigned integer expected, found %s", quoteByte(c))
	}
	var v uint64
	digits := 0
	for {
		c, ok, err := s.peek()
		if err != nil {
			return 0, err
		}
		if !ok || c < '0' || c > '9' {
			if ok && (c == '.' || c == 'e' || c == 'E') {
				return 0, s.errSyntax("unsigned integer expected, found a fraction or exponent")
			}
			return v, nil
		}
		if digits == 1 && v == 0 {
			return 0, s.errSyntax("number with a leading zero")
		}
		if v > (1<<64-1-uint64(c-'0'))/10 {
			return 0, s.errSyntax("number over 64 bits")
		}
		v = v*10 + uint64(c-'0')
		digits++
		s.i++
	}
}

// skipValue reads one JSON value of any kind and keeps nothing of it.
func (s *scanner) skipValue(depth int) error {
	if depth > maxDepth {
		return s.errSyntax("values nested deeper than %d", maxDepth)
	}
	c, err := s.next()
	if err != nil {
		return err
	}
	switch {
	case c == '{':
		empty, err := s.open('{', '}', "object")
		if err != nil || empty {
			return err
		}
		for {
			if _, err := s.readString(0); err != nil {
				return err
			}
			if err := s.expect(':', "':'"); err != nil {
				return err
			}
			if err := s.skipValue(depth + 1); err != nil {
				return err
			}
			if more, err := s.more('}'); err != nil || !more {
				return err
			}
		}
	case c == '[':
		empty, err := s.open('[', ']', "array")
		if err != nil || empty {
			return err
		}
		for {
			if err := s.skipValue(depth + 1); err != nil {
				return err
			}
			if more, err := s.more(']'); err != nil || !more {
				return err
			}
		}
	case c == '"':
		_, err := s.readString(0)
		return err
	case c == 'n':
		return s.word("null")
	case c == 't':
		return s.word("true")
	case c == 'f':
		return s.word("false")
	case c == '-' || (c >= '0' && c <= '9'):
		return s.skipNumber()
	}
	return s.errSyntax("value expected, found %s", quoteByte(c))
}

// skipNumber checks a number against JSON's grammar:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (s *scanner) skipNumber() error {
	digits := func() (int, error) {
		n := 0
		for {
			c, ok, err := s.peek()
			if err != nil || !ok || c < '0' || c > '9' {
				return n, err
			}
			s.i++
			n++
		}
	}
	optional := func(set string) (bool, error) {
		c, ok, err := s.peek()
		if err != nil || !ok {
			return false, err
		}
		for i := 0; i < len(set); i++ {
			if c == set[i] {
				s.i++
				return true, nil
			}
		}
		return false, nil
	}
	if _, err := optional("-"); err != nil {
		return err
	}
	if zero, err := optional("0"); err != nil {
		return err
	} else if !zero {
		if n, err := digits(); err != nil || n == 0 {
			return orSyntax(err, s, "invalid number")
		}
	}
	if dot, err := optional("."); err != nil {
		return err
	} else if dot {
		if n, err := digits(); err != nil || n == 0 {
			return orSyntax(err, s, "invalid number")
		}
	}
	if exp, err := optional("eE"); err != nil {
		return err
	} else if exp {
		if _, err := optional("+-"); err != nil {
			return err
		}
		if n, err := digits(); err != nil || n == 0 {
			return orSyntax(err, s, "invalid number")
		}
	}
	return nil
}

func orSyntax(err error, s *scanner, msg string) error {
	if err != nil {
		return err
	}
	return s.errSyntax("%s", msg)
}

func quoteByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return fmt.Sprintf("'%c'", c)
	}
	return fmt.Sprintf("byte %#x", c)
}
