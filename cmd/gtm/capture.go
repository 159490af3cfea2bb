package main

import (
	"errors"
	"fmt"
	"github.com/gputaskman/gtm/app/capture"
	"io"

	"github.com/gputaskman/gtm/internal/safefile"
)

// loadCapture reads a capture (gtm record) or one --json snapshot. Show
// its warnings once, with warnCapture.
func loadCapture(path string) (*capture.Capture, error) {
	f, _, err := safefile.Open(path, capture.MaxBytes) // a FIFO is refused, not waited on
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return nil, errors.New("is a directory")
	}
	return capture.Decode(f)
}

// warnCapture shows a capture's warnings (a cut last line, values out of
// range), one line each after prefix.
func warnCapture(w io.Writer, prefix string, warnings []string) {
	for _, msg := range warnings {
		fmt.Fprintf(w, "%s: %s\n", prefix, msg)
	}
}
