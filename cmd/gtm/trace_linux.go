package main

import (
	"errors"
	"os"
	"sync"
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
	return &openTrace{t: t, procRoot: procRoot, ticks: dater.StartTicks}, func() { _ = t.Close() }, nil
}

// openTrace adapts the tracer to the inspector, and forgets the openers
// that exited (at most every forgetEvery: a stat per traced process).
type openTrace struct {
	t        *opens.Tracer
	procRoot string
	ticks    func(time.Time) (uint64, bool)

	mu       sync.Mutex
	forgotAt time.Time
}

const forgetEvery = 10 * time.Second

func (o *openTrace) Opened(k inspect.Key) []inspect.FileOpen {
	o.forget()
	start, ok := o.ticks(k.Start)
	if !ok {
		return nil // no start the collector gave: no opener matches
	}
	var out []inspect.FileOpen
	for _, x := range o.t.Opened(opens.Proc{PID: k.PID, Start: start}) {
		out = append(out, inspect.FileOpen{Path: x.Path, At: x.At})
	}
	return out
}

func (o *openTrace) forget() {
	o.mu.Lock()
	due := time.Since(o.forgotAt) >= forgetEvery
	if due {
		o.forgotAt = time.Now()
	}
	o.mu.Unlock()
	if due {
		o.t.Forget(func(p opens.Proc) bool {
			start, ok := opens.StartTicks(o.procRoot, p.PID)
			return ok && start == p.Start
		})
	}
}
