// Package jsonscan reads JSON from a file as a stream of tokens through a
// fixed buffer, for parsers of files other processes name (a safetensors
// header, a sharded model's index): strict JSON (RFC 8259), every string
// checked as UTF-8 as it passes, nothing kept but the current string. Its
// memory is the buffer and one string, whatever the document's size, and
// it checks its context at every refill, so a cancelled parse stops within
// one buffer's work.
//
// It is a tokenizer, not a decoder: the caller walks the grammar it
// expects (Open, String, More, Skip...) and keeps what it needs.
package jsonscan

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// Scanner reads one JSON document lying at [start, start+length) of a
// file.
type Scanner struct {
	ctx   context.Context
	r     io.ReaderAt
	start int64 // file offset of the document's first byte
	end   int64 // file offset just past it
	off   int64 // file offset of buf[n]: the next byte to read
	buf   []byte
	i, n  int    // buf[i:n] is read but not consumed
	str   []byte // the last string read, decoded
}

// BufSize is the read buffer's size (less for a shorter document).
const BufSize = 64 << 10

// maxDepth bounds the nesting of a skipped value (real model files nest
// 3 deep).
const maxDepth = 64

// New returns a scanner of the document at [start, start+length) of r.
func New(ctx context.Context, r io.ReaderAt, start, length int64) *Scanner {
	return &Scanner{ctx: ctx, r: r, start: start, end: start + length, off: start,
		buf: make([]byte, min(length, BufSize))}
}

// Error is why a scan failed: the document is not JSON (Syntax), a read
// failed, or the scan was stopped (Err is the context's error).
type Error struct {
	Offset int64  // in the document
	Syntax bool   // the document's fault
	Msg    string // what, one line
	Err    error  // the read's or the context's error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s at byte %d: %v", e.Msg, e.Offset, e.Err)
	}
	return fmt.Sprintf("%s at byte %d", e.Msg, e.Offset)
}

func (e *Error) Unwrap() error { return e.Err }

// Reset goes back to the document's first byte (a second pass).
func (s *Scanner) Reset() { s.off, s.i, s.n = s.start, 0, 0 }

// Pos is the document offset of the next unconsumed byte.
func (s *Scanner) Pos() int64 { return s.off - int64(s.n-s.i) - s.start }

// Str is the last string ReadString read, decoded; valid until the next
// ReadString.
func (s *Scanner) Str() []byte { return s.str }

// Errorf is a syntax error at the current position, for the caller's own
// grammar ("a dtype is a string").
func (s *Scanner) Errorf(format string, args ...any) error {
	return &Error{Offset: s.Pos(), Syntax: true, Msg: fmt.Sprintf(format, args...)}
}

// ensure makes at least k (<= len(buf)) bytes available, or all that are
// left in the header; it reports how many are.
func (s *Scanner) ensure(k int) (int, error) {
	if s.n-s.i >= k || s.off >= s.end {
		return s.n - s.i, nil
	}
	if err := s.ctx.Err(); err != nil {
		return 0, &Error{Offset: s.Pos(), Msg: "parse stopped", Err: err}
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
		return 0, &Error{Offset: s.off - s.start, Msg: "read failed", Err: err}
	}
	s.n += got
	s.off += int64(got)
	return s.n - s.i, nil
}

// peek returns the next byte without consuming it; ok is false at the
// header's end.
func (s *Scanner) peek() (c byte, ok bool, err error) {
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

// Next skips white space and returns the next byte, not consumed.
func (s *Scanner) Next() (byte, error) {
	for {
		c, ok, err := s.peek()
		if err != nil {
			return 0, err
		}
		if !ok {
			return 0, s.Errorf("unexpected end")
		}
		switch c {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return c, nil
		}
	}
}

// AtEnd reports whether only white space is left.
func (s *Scanner) AtEnd() (bool, error) {
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

// Expect consumes the byte c after white space.
func (s *Scanner) Expect(c byte, what string) error {
	got, err := s.Next()
	if err != nil {
		return err
	}
	if got != c {
		return s.Errorf("%s expected, found %s", what, quoteByte(got))
	}
	s.i++
	return nil
}

// More reads what follows a member or element: true after ',', false
// after close.
func (s *Scanner) More(close byte) (bool, error) {
	c, err := s.Next()
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
	return false, s.Errorf("',' or '%c' expected, found %s", close, quoteByte(c))
}

// Open consumes '{' or '[' and reports whether the container is empty
// (its close consumed too).
func (s *Scanner) Open(c, close byte, what string) (empty bool, err error) {
	if err := s.Expect(c, what); err != nil {
		return false, err
	}
	got, err := s.Next()
	if err != nil {
		return false, err
	}
	if got == close {
		s.i++
		return true, nil
	}
	return false, nil
}

// Null consumes a null if one is next.
func (s *Scanner) Null() (bool, error) {
	c, err := s.Next()
	if err != nil || c != 'n' {
		return false, err
	}
	return true, s.word("null")
}

func (s *Scanner) word(w string) error {
	if got, err := s.ensure(len(w)); err != nil {
		return err
	} else if got < len(w) || string(s.buf[s.i:s.i+len(w)]) != w {
		return s.Errorf("invalid literal")
	}
	s.i += len(w)
	return nil
}

// ReadString reads a string into Str, decoded, keeping at most limit bytes
// (cut on a rune boundary); the rest is still read and checked. over
// says whether it was cut.
func (s *Scanner) ReadString(limit int) (over bool, err error) {
	if err := s.Expect('"', "string"); err != nil {
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
			return over, s.Errorf("unterminated string")
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
			return over, s.Errorf("control character %#x in a string", c)
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(s.buf[s.i:s.n])
			if r == utf8.RuneError && size <= 1 {
				return over, s.Errorf("invalid UTF-8 in a string")
			}
			keep(s.buf[s.i:s.i+size], false)
			s.i += size
		}
	}
}

// escape decodes one escape sequence as encoding/json does: a \u
// surrogate pair is one rune, a lone surrogate U+FFFD.
func (s *Scanner) escape() (rune, error) {
	if _, err := s.ensure(2); err != nil {
		return 0, err
	}
	if s.n-s.i < 2 {
		return 0, s.Errorf("unterminated string")
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
	return 0, s.Errorf("invalid escape: %s after a backslash", quoteByte(c))
}

func (s *Scanner) hex4() (rune, error) {
	if got, err := s.ensure(4); err != nil {
		return 0, err
	} else if got < 4 {
		return 0, s.Errorf("unterminated \\u escape")
	}
	r, ok := hex(s.buf[s.i : s.i+4])
	if !ok {
		return 0, s.Errorf("invalid \\u escape")
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

// Uint reads a JSON number that must be an unsigned integer (no sign,
// fraction or exponent) fitting 64 bits.
func (s *Scanner) Uint() (uint64, error) {
	c, err := s.Next()
	if err != nil {
		return 0, err
	}
	if c < '0' || c > '9' {
		if c == '-' {
			return 0, s.Errorf("negative number")
		}
		return 0, s.Errorf("unsigned integer expected, found %s", quoteByte(c))
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
				return 0, s.Errorf("unsigned integer expected, found a fraction or exponent")
			}
			return v, nil
		}
		if digits == 1 && v == 0 {
			return 0, s.Errorf("number with a leading zero")
		}
		if v > (1<<64-1-uint64(c-'0'))/10 {
			return 0, s.Errorf("number over 64 bits")
		}
		v = v*10 + uint64(c-'0')
		digits++
		s.i++
	}
}

// Skip reads one JSON value of any kind and keeps nothing of it.
func (s *Scanner) Skip() error { return s.skipValue(0) }

func (s *Scanner) skipValue(depth int) error {
	if depth > maxDepth {
		return s.Errorf("values nested deeper than %d", maxDepth)
	}
	c, err := s.Next()
	if err != nil {
		return err
	}
	switch {
	case c == '{':
		empty, err := s.Open('{', '}', "object")
		if err != nil || empty {
			return err
		}
		for {
			if _, err := s.ReadString(0); err != nil {
				return err
			}
			if err := s.Expect(':', "':'"); err != nil {
				return err
			}
			if err := s.skipValue(depth + 1); err != nil {
				return err
			}
			if more, err := s.More('}'); err != nil || !more {
				return err
			}
		}
	case c == '[':
		empty, err := s.Open('[', ']', "array")
		if err != nil || empty {
			return err
		}
		for {
			if err := s.skipValue(depth + 1); err != nil {
				return err
			}
			if more, err := s.More(']'); err != nil || !more {
				return err
			}
		}
	case c == '"':
		_, err := s.ReadString(0)
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
	return s.Errorf("value expected, found %s", quoteByte(c))
}

// skipNumber checks a number against JSON's grammar:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (s *Scanner) skipNumber() error {
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

func orSyntax(err error, s *Scanner, msg string) error {
	if err != nil {
		return err
	}
	return s.Errorf("%s", msg)
}

func quoteByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return fmt.Sprintf("'%c'", c)
	}
	return fmt.Sprintf("byte %#x", c)
}

// Object reads an object, calling member with each key (cut to keyLimit
// bytes; valid until the next read) once its ':' is read; member must
// read the value.
func (s *Scanner) Object(keyLimit int, member func(key []byte) error) error {
	empty, err := s.Open('{', '}', "object")
	if err != nil || empty {
		return err
	}
	for {
		if _, err := s.ReadString(keyLimit); err != nil {
			return err
		}
		if err := s.Expect(':', "':'"); err != nil {
			return err
		}
		if err := member(s.str); err != nil {
			return err
		}
		if more, err := s.More('}'); err != nil || !more {
			return err
		}
	}
}

// Count counts the values inside doc's objects and arrays (members and
// elements) down to depth levels below the top (1: the top level's own),
// for a caller about to decode doc with encoding/json, whose cost is per
// value: a map entry or a slice element for each. Counting keeps nothing.
func Count(doc []byte, depth int) (int, error) {
	s := New(context.Background(), bytes.NewReader(doc), 0, int64(len(doc)))
	n := 0
	if err := s.count(depth, &n); err != nil {
		return n, err
	}
	if end, err := s.AtEnd(); err != nil || !end {
		if err == nil {
			err = s.Errorf("data after the value")
		}
		return n, err
	}
	return n, nil
}

func (s *Scanner) count(depth int, n *int) error {
	c, err := s.Next()
	if err != nil {
		return err
	}
	if depth == 0 || (c != '{' && c != '[') {
		return s.Skip()
	}
	close := byte('}')
	if c == '[' {
		close = ']'
	}
	empty, err := s.Open(c, close, "value")
	if err != nil || empty {
		return err
	}
	for {
		if c == '{' {
			if _, err := s.ReadString(0); err != nil {
				return err
			}
			if err := s.Expect(':', "':'"); err != nil {
				return err
			}
		}
		*n++
		if err := s.count(depth-1, n); err != nil {
			return err
		}
		if more, err := s.More(close); err != nil || !more {
			return err
		}
	}
}
