package gguf

import (
	"errors"

	"github.com/gputaskman/gtm/internal/binread"
)

// Classes of parse failure; every error Parse returns wraps one of them,
// so callers can tell a damaged download (ErrTruncated) from a file that is
// simply not GGUF (ErrNotGGUF) with errors.Is. The shared ones are
// binread's, the same values every binary parser of gtm's wraps.
var (
	ErrNotGGUF     = errors.New("not a GGUF file")
	ErrUnsupported = errors.New("unsupported GGUF")
	ErrTruncated   = binread.ErrTruncated
	ErrInvalid     = binread.ErrInvalid
	ErrTooLarge    = binread.ErrTooLarge
	// ErrRead wraps a failure of the underlying io.ReaderAt (not a format
	// problem).
	ErrRead = binread.ErrRead
)

// Error is a parse failure: one line, "gguf: <class>: <where>: <what>".
type Error = binread.Error

func newErr(class error, format string, args ...any) *Error {
	return binread.Errorf("gguf", class, format, args...)
}
