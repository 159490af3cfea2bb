//go:build !linux

package opens

import "fmt"

type sysTracer struct{}

func (sysTracer) close() error { return nil }

// Start fails outside Linux: only fanotify reports the opens of files a
// process reads and closes.
func Start(Options) (*Tracer, error) {
	return nil, fmt.Errorf("%w: file-open tracing needs Linux's fanotify", ErrUnsupported)
}
