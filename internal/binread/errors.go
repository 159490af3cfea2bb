// Package binread is the one bounded reader under gtm's binary parsers
// (GGUF, ONNX, PyTorch's zip directory, the CRI's protobuf answers): a
// read-ahead window over an io.ReaderAt that never reads past its end,
// base-128 varints with overflow checks, and the error classes every
// parser's errors wrap, so errors.Is(err, binread.ErrTruncated) holds for
// a damaged download whichever format it is.
//
// A parser keeps its own bounds (a header limit, an enclosing message's
// end) and its own words for them; the window is the last line: a read
// outside [0, end) is refused, not made.
package binread

import (
	"errors"
	"fmt"
)

// Classes of failure. A parser's errors wrap one of them, one of its own
// (gguf.ErrNotGGUF), a context's error (a parse stopped) or the parse
// budget's.
var (
	// ErrTruncated: the data ends inside a field.
	ErrTruncated = errors.New("truncated")
	// ErrInvalid: a field breaks the format (a bad value, or a length
	// past its enclosing record's end).
	ErrInvalid = errors.New("invalid")
	// ErrTooLarge: within the data, but past a limit the parser sets.
	ErrTooLarge = errors.New("too large")
	// ErrRead: the underlying reader failed; not the data's fault.
	ErrRead = errors.New("read error")
)

// Error is a parse failure, one line: "<format>: <class>: <msg>".
type Error struct {
	Format string // the parser's name ("gguf"); "" for binread's own, until In places it
	Class  error  // what kind of failure: errors.Is tests it
	Msg    string // where and what, without the class
}

func (e *Error) Error() string {
	s := e.Class.Error() + ": " + e.Msg
	if e.Format != "" {
		s = e.Format + ": " + s
	}
	return s
}

func (e *Error) Unwrap() error { return e.Class }

// Errorf is an *Error of format and class with a message made as
// fmt.Sprintf makes it.
func Errorf(format string, class error, msg string, args ...any) *Error {
	return &Error{Format: format, Class: class, Msg: fmt.Sprintf(msg, args...)}
}

// In places an error of this package's (a window's read, a varint) in a
// parser: its format's name in front, and where it was reading before
// the message. Any other error comes back as it is.
func In(err error, format, where string) error {
	var e *Error
	if !errors.As(err, &e) || e.Format != "" {
		return err
	}
	return &Error{Format: format, Class: e.Class, Msg: where + ": " + e.Msg}
}
