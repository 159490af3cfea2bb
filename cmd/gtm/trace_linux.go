package main

import (
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/gputaskman/gtm/inspect"
	"github.com/gputaskman/gtm/inspect/opens"
)

// startOpenTrace watches the model stores, the HF cache, the home
// directories and the usual model folders, plus extra, with fanotify.
func startOpenTrace(procRoot string, extra []string) (inspect.OpenTrace, func(), error) {
	home, _ := os.UserHomeDir()
	t, err := opens.Start(opens.Options{Paths: append(opens.DefaultPaths(home, os.Getenv), extra...)})
	if err != nil {
		return nil, nil, err
	}
	return &openTrace{t: t, procRoot: procRoot}, func() { _ = t.Close() }, nil
}

// openTrace adapts the tracer to the inspector, and forgets the openers
// that exited (at most every forgetEvery: a stat per traced process).
type openTrace struct {
	t        *opens.Tracer
	procRoot string

	mu       sync.Mutex
	forgotAt time.Time
}

const forgetEvery = 10 * time.Second

func (o *openTrace) Opened(pid int) []inspect.FileOpen {
	o.forget()
	var out []inspect.FileOpen
	for _, x := range o.t.Opened(pid) {
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
		o.t.Forget(func(pid int) bool {
			_, err := os.Stat(filepath.Join(o.procRoot, strconv.Itoa(pid)))
			return err == nil
		})
	}
}
