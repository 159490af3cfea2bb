//go:build !linux

package opens

// Only fanotify reports the opens of files a process reads and closes, so
// there is no Start here: callers elsewhere answer ErrUnsupported.
type sysTracer struct{}

func (sysTracer) close() error { return nil }
