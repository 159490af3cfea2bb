package main

import (
	"time"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/inspect"
	"github.com/gputaskman/gtm/inspect/opens"
)

// startOpenTrace runs the Kernel-File trace session (every volume: the
// paths are not needed); the collector's process starts are creation
// times, which the tracer keys as FILETIMEs.
func startOpenTrace(backend.ProcessSource, string, []string) (inspect.OpenTrace, func(), error) {
	t, err := opens.Start(opens.Options{})
	if err != nil {
		return nil, nil, err
	}
	return &openTrace{t: t, ticks: filetime, startOf: opens.ProcessStart}, func() { _ = t.Close() }, nil
}

// filetime is start as a FILETIME (100 ns since 1601), the inverse of the
// Windows process source's time.Unix(0, Filetime.Nanoseconds()).
func filetime(start time.Time) (uint64, bool) {
	const epoch = 116444736000000000 // 1601 to 1970 in 100 ns
	ns := start.UnixNano()
	if start.IsZero() || ns < 0 {
		return 0, false
	}
	return uint64(ns/100) + epoch, true
}
