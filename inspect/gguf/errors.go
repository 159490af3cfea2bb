package gguf

import (
	"errors"
	"fmt"
)

// Classes of parse failure; every error Parse returns wraps one of them,
// so callers can tell a damaged download (ErrTruncated) from a file that is
// simply not GGUF (ErrNotGGUF) with errors.Is.
var (
	ErrNotGGUF     = errors.New("not a GGUF file")
	ErrUnsupported = errors.New("unsupported GGUF")
	ErrTruncated   = errors.New("truncated")
	ErrInvalid     = errors.New("invalid")
	ErrTooLarge    = errors.New("too large")
)

// Error is a parse failure: one line, "gguf: <class>: <where>: <what>".
type Error struct {
	Class error  // one of the Err* values above
	Msg   string // where and what, without the class
}

func (e *Error) Error() string { return "gguf: " + e.Class.Error() + ": " + e.Msg }

func (e *Error) Unwrap() error { return e.Class }

func newErr(class error, format string, args ...any) *Error {
	return &Error{Class: class, Msg: fmt.Sprintf(format, args...)}
}
