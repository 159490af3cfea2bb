package main

import (
	"errors"
	"os"
	"time"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/inspect"
	"github.com/gputaskman/gtm/inspect/opens"
)

// startDater is a process source that can say which /proc start (clock
// ticks after boot) a start time it gave stands for: the trace keys
// openers by those ticks, exact where btime-dated times are not.
type startDater interface {
	StartTicks(start time.Time) (uint64, bool)
}

// startOpenTrace watches the model stores, the HF cache, the home
// directories and the usual model folders, plus extra, with fanotify;
// procs dated the processes the trace is asked about.
func startOpenTrace(procs backend.ProcessSource, procRoot string, extra []string) (inspect.OpenTrace, func(), error) {
	dater, ok := procs.(startDater)
	if !ok {
		return nil, nil, errors.New("file-open tracing needs processes dated by /proc")
	}
	home, _ := os.UserHomeDir()
	t, err := opens.Start(opens.Options{Paths: append(opens.DefaultPaths(home, os.Getenv), extra...)})
	if err != nil {
		return nil, nil, err
	}
	startOf := func(pid int) (uint64, bool) { return opens.StartTicks(procRoot, pid) }
	return &openTrace{t: t, ticks: dater.StartTicks, startOf: startOf}, func() { _ = t.Close() }, nil
}
